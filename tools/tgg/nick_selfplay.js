// Self-play in TGG's Nick Pai Sho engine: random and one-ply greedy choices among the moves TGG's page offers.
// usage: node nick_selfplay.js SEED [GREEDY=0.7] [Option,Option] [MAXPLIES=300]  -> one JSON game on stdout
const N = require('./nick_lib.js');
const seed = parseInt(process.argv[2] || '1'), greedy = parseFloat(process.argv[3] || '0.7');
const opts = (process.argv[4] && process.argv[4] !== '-') ? process.argv[4].split(',') : [];
const maxPlies = parseInt(process.argv[5] || '300');
const step = parseInt(process.env.LEGAL_STEP || '4');
const legal = [];
let s = seed >>> 0 || 1;
function rnd() { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; }
const other = p => p === HOST ? GUEST : HOST;
function lotusDist(game, player) {
  const l = game.board.getTilePoints(NickTileCodes.WhiteLotus, player)[0];
  if (!l) return 20; const [x, y] = l.getNotationPointString().split(',').map(Number); return Math.max(Math.abs(x), Math.abs(y));
}
// A cheap one-ply guess (getCopy() of TGG's Nick game throws, so no move is tried on a copy): tiles a move
// lands next to that it beats or that beat it, and the Lotus's distance to the centre.
const BEATS = { A: ['W', 'AV'], W: ['E', 'AV'], E: ['F', 'AV'], F: ['A', 'AV'], AV: ['A', 'W', 'E', 'F', 'AV'], L: [] };
function score(game, player, m) {
  const [sx, sy] = m.start.split(',').map(Number), [ex, ey] = m.end.split(',').map(Number);
  const tile = game.board.getBoardPointFromRowAndCol ? null : null;
  let code = null; game.board.forEachBoardPointWithTile(bp => { if (bp.getNotationPointString() === m.start) code = bp.tile.code; });
  if (code === 'L') return (ex === 0 && ey === 0) ? 1e6 : (Math.max(Math.abs(sx), Math.abs(sy)) - Math.max(Math.abs(ex), Math.abs(ey))) * 0.3 + rnd();
  let v = 0;
  game.board.forEachBoardPointWithTile(bp => {
    const [x, y] = bp.getNotationPointString().split(',').map(Number);
    if (Math.max(Math.abs(x - ex), Math.abs(y - ey)) !== 1 || (x === sx && y === sy) || bp.tile.ownerName === player) return;
    if (BEATS[code].includes(bp.tile.code)) v += 3;
    if (BEATS[bp.tile.code].includes(code) && bp.tile.code !== 'AV') v -= 4;
  });
  return v + rnd();
}
const game = N.newGame(opts);
const turns = [];
let player = GUEST, moveNum = 0;
while (!game.getWinner() && turns.length < maxPlies) {
  const ms = N.legalMoves(game, player);
  if (!ms.length) break;
  if (turns.length % step === 0) legal.push({ ply: turns.length, player, moves: ms.map(N.moveText).sort() });
  let m;
  if (rnd() < greedy) { let best = -Infinity; for (const x of ms) { const v = score(game, player, x); if (v > best) { best = v; m = x; } } }
  else m = ms[Math.floor(rnd() * ms.length)];
  const move = N.makeMove(moveNum, player, m);
  const prompt = game.runNotationMove(move);
  if (prompt) { console.error('PROMPT at ply', turns.length, JSON.stringify(prompt)); }
  turns.push(move);
  if (player === HOST) moveNum++;
  player = other(player);
}
const end = N.snapshot(game);
// replay from scratch in a fresh game: the same end, or the game is not written
const again = N.newGame(opts); for (const t of turns) again.runNotationMove(JSON.parse(JSON.stringify(t)));
if (JSON.stringify(N.snapshot(again)) !== JSON.stringify(end)) { console.error('replay differs'); process.exit(1); }
if (globalThis.__badMove) { console.error('engine refused a move'); process.exit(1); }
console.log(JSON.stringify({ game: 'nick', seed, greedy, options: opts, turns, end, legal, stuck: !game.getWinner() && turns.length < maxPlies ? player : null }));
