// The project's own driver for The Garden Gate's Vagabond engine (loaded at run time from the bundle
// /work/shared/tools/tgg/build.sh writes; no TGG code here).  Subcommands:
//   selfplay SEED GREEDY OPTIONS RECORD_OUT DUMP_OUT STEP [LOTUS_AFTER]
//       scripted self-play: every turn is drawn from the engine's own list of legal turns (the
//       enumeration its AI helper makes, run on the real game so tile flags are current); a share
//       GREEDY of the turns takes the best one-ply score, the rest are random.  Writes the record
//       (paisho's record text format) and, every STEP-th ply, one JSON line with the sorted legal turns.
//       The scripted players deploy their White Lotus only from ply LOTUS_AFTER on (default 0), for
//       longer games (the engine's list is dumped whole either way).
//   legal RECORD STEP   the legal-turn dump along an existing record, JSON lines on stdout.
// OPTIONS: TGG option ids joined by "," or "-" for none.  Same arguments, same game.
const path = require('path');
const T = require(process.env.TGG_LIB || '/work/shared/tools/tgg/tgg_lib.js');
T.loadBundle('vagabond');

let seed = 1;
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }

// Path search at doubled move distance is exponential; memoise it while one position is enumerated
// (the board does not change during an enumeration, so the answers are the engine's own).
const origPath = VagabondBoard.prototype.pathFound;
let pathCache = null;
VagabondBoard.prototype.pathFound = function (a, b, n, tile) {
  if (!pathCache || !a || !b) return origPath.call(this, a, b, n, tile);
  const k = a.row + ',' + a.col + ',' + b.row + ',' + b.col + ',' + n + tile.code + tile.ownerCode;
  let v = pathCache.get(k);
  if (v === undefined) { v = origPath.call(this, a, b, n, tile); pathCache.set(k, v); }
  return v;
};
const helper = new VagabondRandomAIv1().aiHelp;
function legalTurns(game, player, moveNum) {
  pathCache = new Map();
  helper.moveNum = moveNum;
  const moves = helper.getAllPossibleMoves(game, player).map(m => m.fullMoveText);
  pathCache = null;
  game.hidePossibleMovePoints(true);
  return moves;
}
function body(text) { return text.slice(text.indexOf('.') + 1); }
function ns(p) { return new RowAndColumn(p.row, p.col).notationPointString; }
const VALUE = { L: 100, D: 9, S: 8, Y: 8, W: 7, B: 5, F: 5, C: 4 };
function snapshot(game) {
  const tiles = [];
  game.board.cells.forEach(row => row.forEach(p => {
    if (p.hasTile() && !p.isType(NON_PLAYABLE_T)) {
      const flags = [];
      if (p.tile.blocked) flags.push('blocked');
      if (p.tile.protected) flags.push('protected');
      tiles.push('(' + ns(p) + ') ' + p.tile.ownerCode + p.tile.code + (flags.length ? ' ' + flags.join(' ') : ''));
    }
  }));
  return tiles.sort();
}
const NON_PLAYABLE_T = 'Non-Playable';
function pile(game, player) { return (player === HOST ? game.tileManager.hostTiles : game.tileManager.guestTiles).map(t => t.code).sort(); }
function material(game, player) {
  let s = 0;
  game.board.cells.forEach(row => row.forEach(p => {
    if (p.hasTile() && p.tile.ownerName) s += (p.tile.ownerName === player ? 1 : -1) * VALUE[p.tile.code];
  }));
  pile(game, player).forEach(c => { s += VALUE[c]; });
  pile(game, player === HOST ? GUEST : HOST).forEach(c => { s -= VALUE[c]; });
  return s;
}
function score(game, text, player) {
  const c = game.getCopy();
  c.runNotationMove(new VagabondNotationMove(text));
  const w = c.getWinner();
  if (w === player) return 1e6;
  let s = material(c, player) + rnd() * 3;
  if (/^\d+[HG]\.L/.test(text)) s += 2;   // deploy the Lotus sometimes, so captures open up
  return s;
}
function newGame(options) { ggOptions = options; globalThis.__badMove = 0; return new VagabondGameManager(null, true, true); }
function nextPlayer(player, moveNum) { return player === HOST ? [GUEST, moveNum] : [HOST, moveNum + 1]; }

function selfplay(args) {
  const fs = require('fs');
  seed = parseInt(args[0]); const greedy = parseFloat(args[1]);
  const options = args[2] && args[2] !== '-' ? args[2].split(',') : [];
  const recordOut = args[3], dumpOut = args[4], step = parseInt(args[5] || '1');
  const lotusAfter = parseInt(args[6] || '0');
  const g = newGame(options); const turns = []; const dumps = []; const log = [];
  let player = HOST, moveNum = 0;
  for (let ply = 0; ply < 500 && !g.getWinner(); ply++) {
    const legal = legalTurns(g, player, moveNum);
    if (ply % step === 0) dumps.push(JSON.stringify({ ply, turn: moveNum + player.charAt(0), legal: legal.map(body).sort() }));
    if (!legal.length) { console.error('no legal turn for ' + player + ' at ply ' + ply); process.exit(1); }
    let cands = legal;
    if (ply < lotusAfter) { const rest = legal.filter(t => !/^\d+[HG]\.L\(/.test(t)); if (rest.length) cands = rest; }
    let mv;
    if (rnd() < greedy) { let best = -Infinity; for (const t of cands) { const s = score(g, t, player); if (s > best) { best = s; mv = t; } } }
    else mv = cands[Math.floor(rnd() * cands.length)];
    g.runNotationMove(new VagabondNotationMove(mv));
    log.push(g.gameLogText);
    turns.push(mv);
    [player, moveNum] = nextPlayer(player, moveNum);
  }
  if (!g.getWinner()) { console.error('no winner within the move cap'); process.exit(1); }
  // replay from scratch: same end, nothing refused
  const r = newGame(options); turns.forEach(t => r.runNotationMove(new VagabondNotationMove(t)));
  if (globalThis.__badMove || JSON.stringify(snapshot(r)) !== JSON.stringify(snapshot(g)) || r.getWinner() !== g.getWinner()) {
    console.error('replay disagrees'); process.exit(1);
  }
  const out = [];
  out.push('# variant: Vagabond Pai Sho');
  out.push('# game options: ' + (options.length ? options.join(',') : 'none (default rules)'));
  out.push('# SYNTHETIC record: produced by scripted self-play (random + 1-ply greedy, seed ' + args[0] + ', greedy share ' + greedy + ', Lotus from ply ' + lotusAfter + ') driving the');
  out.push('# The Garden Gate JavaScript rules engine, ' + T.sourceLabel() + ', run under Node.');
  out.push('# It is NOT a human game. Every turn was drawn from the engine\'s own list of legal turns');
  out.push('# (its AI helper\'s enumeration on the real game), and the whole game was replayed from scratch.');
  out.push('# plies: ' + turns.length);
  out.push('# result (engine): ' + g.getWinner() + g.getWinReason());
  out.push('# format: one turn per line in TGG notation; lines starting with # are comments.');
  turns.forEach(t => out.push(t));
  out.push('# ---- engine game log, one entry per move ----');
  log.forEach(l => out.push('# ' + l));
  out.push('# ---- final position: (x,y) ownerCode+tileCode [flags] ----');
  snapshot(g).forEach(l => out.push('# ' + l));
  out.push('# ---- unplayed tiles at end ----');
  out.push('# H: ' + pile(g, HOST).join(','));
  out.push('# G: ' + pile(g, GUEST).join(','));
  fs.writeFileSync(recordOut, out.join('\n') + '\n');
  fs.writeFileSync(dumpOut, dumps.join('\n') + '\n');
  console.log(path.basename(recordOut) + ' OK # ' + turns.length + ' plies, ' + g.getWinner() + ' won');
}

function legal(args) {
  const fs = require('fs');
  const rec = T.readRecord(fs.readFileSync(args[0], 'utf8')); const step = parseInt(args[1] || '1');
  const g = newGame(rec.options); let player = HOST, moveNum = 0;
  rec.moves.forEach((t, ply) => {
    if (ply % step === 0) console.log(JSON.stringify({ ply, turn: moveNum + player.charAt(0), legal: legalTurns(g, player, moveNum).map(body).sort() }));
    g.runNotationMove(new VagabondNotationMove(t));
    [player, moveNum] = nextPlayer(player, moveNum);
  });
}

const cmd = process.argv[2];
if (cmd === 'selfplay') selfplay(process.argv.slice(3));
else if (cmd === 'legal') legal(process.argv.slice(3));
else { console.error('usage: vagabond_tgg.js selfplay SEED GREEDY OPTIONS RECORD DUMP STEP | legal RECORD STEP'); process.exit(2); }
