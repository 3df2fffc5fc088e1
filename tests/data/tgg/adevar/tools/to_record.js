// Record writer (project code): replays a self-play JSON's turns from scratch in TGG's Adevar engine
// and writes the record text format of the shared harness, with Adevar's end-state sections.
// usage: node to_record.js game.json > record.txt   (fails, exit 1, if the replay disagrees or no winner)
const fs = require('fs');
const A = require('./adevar_lib');
const d = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
A.setOptions(d.options);
const g = A.newGame(); const log = [];
d.lines.forEach(l => { A.run(g, l); log.push(g.gameLogText); });
const s = A.snapshot(g);
if (JSON.stringify(s) !== JSON.stringify(d.end)) { console.error('replay differs from the self-play game'); process.exit(1); }
if (!s.winner) { console.error('no winner'); process.exit(1); }
if (globalThis.__badMove) { console.error('engine refused a turn'); process.exit(1); }
const out = [];
out.push('# variant: Adevar Pai Sho');
out.push('# game options: ' + (d.options.length ? d.options.join(',') : 'none (default rules)'));
out.push('# SYNTHETIC record: produced by scripted self-play (random + 1-ply greedy, seed ' + d.seed + ') driving the');
out.push('# The Garden Gate JavaScript rules engine, ' + A.T.sourceLabel() + ', run under Node.');
out.push('# It is NOT a human game. Every turn was drawn from the points the game page highlights (tests/data/tgg/adevar/tools).');
out.push('# plies: ' + d.lines.length);
out.push('# hidden tiles: HOST=' + d.hidden.HOST + ' GUEST=' + d.hidden.GUEST);
out.push('# result (engine): ' + s.winner + s.reason);
out.push('# format: one turn per line in TGG notation; lines starting with # are comments.');
d.lines.forEach(l => out.push(l));
out.push('# ---- engine game log, one entry per turn ----');
log.forEach(l => out.push('# ' + l));
out.push('# ---- final position: (x,y) ownerCode+tileCode ----');
s.board.forEach(l => out.push('# ' + l));
out.push('# ---- captured tiles (out of the game): ownerCode+tileCode ----');
out.push('# ' + s.captured);
out.push('# ---- Second Face tiles played: player codes ----');
out.push('# H: ' + s.secondFacesPlayed.HOST);
out.push('# G: ' + s.secondFacesPlayed.GUEST);
out.push('# ---- unplayed tiles at end ----');
out.push('# H: ' + s.piles.HOST);
out.push('# G: ' + s.piles.GUEST);
console.log(out.join('\n'));
