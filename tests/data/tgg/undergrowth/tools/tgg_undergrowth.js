// Undergrowth Pai Sho through The Garden Gate's engine (the bundle build.sh writes; no TGG code here).
// usage (TGG_BUNDLE_DIR set; TGG_LIB = path of the harness's tgg_lib.js):
//   node tgg_undergrowth.js selfplay SEED GREEDY PASS [Option,Option]  -> a record on stdout (exit 1: no end)
//   node tgg_undergrowth.js dump RECORD STEP                            -> JSON lines of TGG's legal choices
// TGG's engine plays whatever it is given; the legal points are those its page opens for a tile
// (setAllLegalPointsOpen, the "Possible Move" points). A turn is "nP.CODE(x,y)+CODE(x,y)" (the Host's
// first turn one tile), or "nP.-" (a pass, offered from the third turn of the game on).
const T = require(process.env.TGG_LIB || '/work/shared/tools/tgg/tgg_lib.js');
const fs = require('fs'); const path = require('path');
T.loadBundle('undergrowth');
let seed = 1;
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
function ns(p) { return new RowAndColumn(p.row, p.col).notationPointString; }
function mv(text) { return new UndergrowthNotationMove(text); }
function fresh() { globalThis.__badMove = 0; return new UndergrowthGameManager(null, true, true); }
function pile(g, player) { return g.tileManager.getTilePile(player); }
// The points TGG's page opens for each tile code the player holds: "CODE(x,y)".
function placements(g, player) {
  const out = [];
  const codes = [...new Set(pile(g, player).map(t => t.code))];
  for (const code of codes) {
    const tile = g.tileManager.peekTile(player, code);
    g.setAllLegalPointsOpen(player, tile, true);
    g.board.cells.forEach(r => r.forEach(p => { if (p.types.includes('Possible Move')) out.push(code + '(' + ns(p) + ')'); }));
    g.hidePossibleMovePoints(true);
  }
  return out.sort();
}
function central(choice) { const m = choice.match(/\((-?\d+),(-?\d+)\)/); return Math.abs(+m[1]) + Math.abs(+m[2]) <= 7; }
function choose(cands, greedy) {
  const good = cands.filter(central);
  const pool = good.length && rnd() < greedy ? good : cands;
  return pool[Math.floor(rnd() * pool.length)];
}
function snapshot(g) {
  const tiles = []; g.board.cells.forEach(r => r.forEach(p => { if (p.hasTile()) tiles.push('(' + ns(p) + ') ' + p.tile.ownerCode + p.tile.code); }));
  return tiles.sort();
}
function counts(g) { return { H: g.board.getNumberOfTilesTouchingCentralGardensForPlayer(HOST), G: g.board.getNumberOfTilesTouchingCentralGardensForPlayer(GUEST) }; }
function unplayed(g) { return { H: pile(g, HOST).map(t => t.code).sort().join(','), G: pile(g, GUEST).map(t => t.code).sort().join(',') }; }
// Play one recorded turn part by part (each part checked against TGG's open points first).
function playChecked(g, line, bad) {
  const [head, body] = line.split('.'); const player = head.endsWith('H') ? HOST : GUEST;
  if (body === '-') { g.runNotationMove(mv(line)); return; }
  body.split('+').forEach(part => {
    if (!placements(g, player).includes(part)) bad.push(line + ': ' + part);
    g.runNotationMove(mv(head + '.' + part));
  });
}
const cmd = process.argv[2];
if (cmd === 'selfplay') {
  seed = parseInt(process.argv[3]); const greedy = parseFloat(process.argv[4] || '0.7'); const passP = parseFloat(process.argv[5] || '0.02');
  ggOptions = process.argv[6] ? process.argv[6].split(',') : [];
  const g = fresh(); const lines = []; let num = 1, player = HOST;
  for (let t = 0; t < 200 && !g.getWinner(); t++) {
    const prefix = num + (player === HOST ? 'H' : 'G') + '.';
    const passAllowed = lines.length > 2;  // the page offers a pass once three turns are played
    const firsts = placements(g, player);
    let text;
    if (!firsts.length || (passAllowed && rnd() < passP)) {
      if (!passAllowed) { console.error('stuck before a pass is allowed'); process.exit(1); }
      text = '-'; g.runNotationMove(mv(prefix + text));
    } else {
      const a = choose(firsts, greedy); g.runNotationMove(mv(prefix + a)); text = a;
      if (lines.length > 0 && pile(g, player).length && !g.getWinner()) {
        const seconds = placements(g, player);
        if (seconds.length) { const b = choose(seconds, greedy); g.runNotationMove(mv(prefix + b)); text += '+' + b; }
      }
    }
    lines.push(prefix + text);
    if (player === HOST) { player = GUEST; } else { player = HOST; num++; }
  }
  if (!g.getWinner()) { console.error('no end for seed ' + seed); process.exit(1); }
  // replay: part by part with the legality check, and whole turns in a second game
  const r1 = fresh(); const bad = []; lines.forEach(l => playChecked(r1, l, bad));
  const r2 = fresh(); lines.forEach(l => r2.runNotationMove(mv(l)));
  const same = JSON.stringify(snapshot(r1)) === JSON.stringify(snapshot(g)) && JSON.stringify(snapshot(r2)) === JSON.stringify(snapshot(g));
  if (bad.length || !same || r2.getWinner() !== g.getWinner()) { console.error('replay differs', bad.slice(0, 3), same); process.exit(1); }
  const c = counts(r2), u = unplayed(r2), w = r2.getWinner();
  const out = ['# variant: Undergrowth Pai Sho', '# game options: ' + (ggOptions.length ? ggOptions.join(',') : 'none (default rules)'),
    '# SYNTHETIC record: produced by scripted self-play (random placements, central points preferred) driving the',
    '# The Garden Gate JavaScript rules engine, ' + T.sourceLabel() + ', run under Node.',
    '# It is NOT a human game. Made by tests/data/tgg/undergrowth/tools/tgg_undergrowth.js (see the README beside it).',
    '# plies: ' + lines.length,
    '# result (engine): ' + w + (w === 'BOTH players' ? ' tied' : ' won the game with more tiles touching the Central Gardens!') + ' Host Central Tiles: ' + c.H + ' Guest Central Tiles: ' + c.G,
    '# format: one move per line in TGG notation; lines starting with # are comments.'].concat(lines);
  out.push('# ---- final position: (x,y) ownerCode+tileCode ----'); snapshot(r2).forEach(t => out.push('# ' + t));
  out.push('# ---- unplayed tiles at end ----', '# H: ' + u.H, '# G: ' + u.G);
  console.log(out.join('\n'));
} else if (cmd === 'dump') {
  const { moves, options } = T.readRecord(fs.readFileSync(process.argv[3], 'utf8')); const step = parseInt(process.argv[4] || '1');
  ggOptions = options;
  const g = fresh();
  moves.forEach((l, i) => {
    const [head, body] = l.split('.'); const player = head.endsWith('H') ? HOST : GUEST;
    if (i % step === 0 && !g.getWinner()) {
      const d = { record: path.basename(process.argv[3]), ply: i, player, first: placements(g, player), pass: i > 2, played: l };
      if (body !== '-' && i > 0) {
        const parts = body.split('+'); g.runNotationMove(mv(head + '.' + parts[0]));
        d.second = pile(g, player).length ? placements(g, player) : [];
        if (parts[1]) g.runNotationMove(mv(head + '.' + parts[1]));
      } else g.runNotationMove(mv(l));
      console.log(JSON.stringify(d));
    } else g.runNotationMove(mv(l));
  });
} else { console.error('usage: selfplay SEED GREEDY PASS [Options] | dump RECORD STEP'); process.exit(2); }
