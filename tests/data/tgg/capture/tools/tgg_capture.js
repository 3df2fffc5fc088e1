// Capture Pai Sho through The Garden Gate's engine (the bundle build.sh writes; no TGG code here).
// usage (TGG_BUNDLE_DIR set, TGG_LIB = path of the harness's tgg_lib.js):
//   node tgg_capture.js selfplay SEED GREEDY      -> a record (text) on stdout, exit 1 if no winner
//   node tgg_capture.js dump RECORD STEP          -> JSON lines: TGG's legal turns every STEP-th turn
//   node tgg_capture.js replay RECORD             -> JSON: winner, refused turns, final tiles, piles
// The deal: each player's 12 tiles in an order drawn from the seed, written as the first turn
// "0H.<codes>" / "0G.<codes>" (what TGG's page writes when it shuffles a new game). A turn is
// "nP.(x1,y1)-(x2,y2)"; the legal ones are the engine's canMoveTileToPoint over the points the page
// draws (the board's playable points), for every tile of the side to move.
const path = require('path');
const T = require(process.env.TGG_LIB || '/work/shared/tools/tgg/tgg_lib.js');
const fs = require('fs');
T.loadBundle('capture');
const CODES = ['A','V','B','P','F','U','K','L','D','M','T','O'];
let seed = 1;
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
// the points the page draws: the round board, x*x + y*y <= 80
function onBoard(p) { const n = new RowAndColumn(p.row, p.col).getNotationPoint(); return n.x * n.x + n.y * n.y <= 80; }
function ns(p) { return new RowAndColumn(p.row, p.col).notationPointString; }
function parse(line) { return new CaptureNotationMove(line); }
function fresh() { globalThis.__badMove = 0; return new CaptureGameManager(null, true, true); }
function legal(g, player) {
  const out = []; const cells = g.board.cells;
  cells.forEach(r => r.forEach(p => {
    if (!p.hasTile() || !onBoard(p) || p.tile.ownerName !== player) return;
    cells.forEach(r2 => r2.forEach(q => {
      if (onBoard(q) && g.board.canMoveTileToPoint(player, p, q)) out.push('(' + ns(p) + ')-(' + ns(q) + ')');
    }));
  }));
  return out.sort();
}
function snapshot(g) {
  const tiles = []; g.board.cells.forEach(r => r.forEach(p => { if (p.hasTile() && onBoard(p)) tiles.push('(' + ns(p) + ') ' + p.tile.ownerCode + p.tile.code); }));
  return tiles.sort();
}
function piles(g) { return { H: g.tileManager.hostTiles.map(t => t.code).sort().join(','), G: g.tileManager.guestTiles.map(t => t.code).sort().join(',') }; }
function playerOf(line) { return line.split('.')[0].slice(-1) === 'H' ? HOST : GUEST; }
function replay(lines) {
  const g = fresh(); let refused = 0;
  for (const l of lines) {
    const before = globalThis.__badMove || 0;
    if (g.getWinner()) { refused++; continue; }
    const m = parse(l);
    if (m.moveType === MOVE && !legal(g, m.player).includes(l.slice(l.indexOf('.') + 1))) refused++;
    g.runNotationMove(m);
    if ((globalThis.__badMove || 0) > before) refused++;
  }
  return { g, refused };
}
function selfplay(s, greedy, cap) {
  seed = s; const g = fresh(); const lines = [];
  for (const pc of ['H', 'G']) {
    const codes = CODES.slice();
    for (let i = codes.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [codes[i], codes[j]] = [codes[j], codes[i]]; }
    const l = '0' + pc + '.' + codes.join(''); lines.push(l); g.runNotationMove(parse(l));
  }
  let num = 1, player = HOST;
  for (let t = 0; t < cap && !g.getWinner(); t++) {
    const cands = legal(g, player);
    if (!cands.length) return { lines, stuck: true };
    const cells = g.board.cells;
    const captures = cands.filter(c => { const q = new NotationPoint(c.split(')-(')[1].slice(0, -1)).rowAndColumn; return cells[q.row][q.col].hasTile(); });
    const pool = (captures.length && rnd() < greedy) ? captures : cands;
    const text = num + (player === HOST ? 'H' : 'G') + '.' + pool[Math.floor(rnd() * pool.length)];
    lines.push(text); g.runNotationMove(parse(text));
    if (player === GUEST) num++;
    player = player === HOST ? GUEST : HOST;
  }
  return { lines, g };
}
function header(lines, g) {
  const w = g.getWinner();
  return ['# variant: Capture Pai Sho', '# game options: none (default rules)',
    '# SYNTHETIC record: produced by scripted self-play (random moves, captures preferred) driving the',
    '# The Garden Gate JavaScript rules engine, ' + T.sourceLabel() + ', run under Node.',
    '# It is NOT a human game. Made by tests/data/tgg/capture/tools/tgg_capture.js (see the README beside it).',
    '# plies: ' + lines.length,
    '# result (engine): ' + (w ? w + g.getWinReason() : 'no winner'),
    '# format: one move per line in TGG notation; lines starting with # are comments.'];
}
const cmd = process.argv[2];
if (cmd === 'selfplay') {
  const s = parseInt(process.argv[3]); const greedy = parseFloat(process.argv[4] || '0.8');
  const res = selfplay(s, greedy, parseInt(process.argv[5] || '400'));
  if (!res.g || !res.g.getWinner()) { console.error('no winner for seed ' + s); process.exit(1); }
  const { g, refused } = replay(res.lines);
  if (refused || JSON.stringify(snapshot(g)) !== JSON.stringify(snapshot(res.g)) || g.getWinner() !== res.g.getWinner()) { console.error('replay differs'); process.exit(1); }
  const out = header(res.lines, g).concat(res.lines);
  out.push('# ---- final position: (x,y) ownerCode+tileCode ----'); snapshot(g).forEach(t => out.push('# ' + t));
  const p = piles(g);
  out.push('# ---- captured tiles at end (back in their owner\'s pile) ----', '# H: ' + p.H, '# G: ' + p.G);
  console.log(out.join('\n'));
} else if (cmd === 'dump') {
  const { moves } = T.readRecord(fs.readFileSync(process.argv[3], 'utf8')); const step = parseInt(process.argv[4] || '1');
  const g = fresh();
  moves.forEach((l, i) => {
    const m = parse(l);
    if (m.moveType === MOVE && (i - 2) % step === 0 && !g.getWinner())
      console.log(JSON.stringify({ record: path.basename(process.argv[3]), ply: i, player: m.player, legal: legal(g, m.player), played: l }));
    g.runNotationMove(m);
  });
} else if (cmd === 'replay') {
  const { moves } = T.readRecord(fs.readFileSync(process.argv[3], 'utf8'));
  const { g, refused } = replay(moves);
  console.log(JSON.stringify({ winner: g.getWinner() || null, refused, tiles: snapshot(g), piles: piles(g) }));
} else { console.error('usage: selfplay SEED GREEDY [CAP] | dump RECORD STEP | replay RECORD'); process.exit(2); }
