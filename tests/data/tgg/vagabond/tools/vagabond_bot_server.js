// JSON-lines server: The Garden Gate's Vagabond engine with its bot (VagabondController.getAiList
// lists one, VagabondRandomAIv1), loaded at run time from the bundle build.sh writes.  The project's
// own code.  One request per line, one JSON answer per line:
//   {"cmd":"new","seed":N,"options":["DoubleTiles",...]}   a fresh game; Math.random seeded with N
//   {"cmd":"play","move":"0H.B(2,-3)"}   a whole turn for the side to move, checked against the
//                                         engine's own list of legal turns before it runs
//   {"cmd":"go"}                         the bot plays the side to move (asked as the controller asks
//                                         it: getMove(game.getCopy(), moveNum)); a turn the real game
//                                         does not list is refused and the bot asked again
// Answers carry ok, the turn, problems, retries, and the snapshot: board ("(x,y) HS blocked"), piles,
// winner (HOST, GUEST or null).
const T = require(process.env.TGG_LIB || '/work/shared/tools/tgg/tgg_lib.js');
T.loadBundle('vagabond');
const readline = require('readline');

let seed = 1;
Math.random = function () { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const helper = new VagabondRandomAIv1().aiHelp;
function legal(game, player, moveNum) {
  helper.moveNum = moveNum;
  const out = helper.getAllPossibleMoves(game, player).map(m => m.fullMoveText);
  game.hidePossibleMovePoints(true);
  return out;
}
function ns(p) { return new RowAndColumn(p.row, p.col).notationPointString; }
function snapshot(game) {
  const tiles = [];
  game.board.cells.forEach(row => row.forEach(p => {
    if (p.hasTile() && p.tile.ownerName) {
      const f = (p.tile.blocked ? ' blocked' : '') + (p.tile.protected ? ' protected' : '');
      tiles.push('(' + ns(p) + ') ' + p.tile.ownerCode + p.tile.code + f);
    }
  }));
  const pile = ts => ts.map(t => t.code).sort().join(',');
  return { board: tiles.sort(), piles: { H: pile(game.tileManager.hostTiles), G: pile(game.tileManager.guestTiles) },
           winner: game.getWinner() || null };
}
let game = null, player = HOST, moveNum = 0, bot = null, turns = [];
function advance() { if (player === HOST) player = GUEST; else { player = HOST; moveNum++; } }
function run(text) {
  const list = legal(game, player, moveNum);
  if (!list.includes(text)) return { ok: false, problems: ['not in the engine\'s list of legal turns'], move: text };
  globalThis.__badMove = 0;
  game.runNotationMove(new VagabondNotationMove(text));
  const problems = globalThis.__badMove ? ['the engine refused the turn'] : [];
  turns.push(text); advance();
  return { ok: problems.length === 0, problems, move: text };
}
function handle(req) {
  if (req.cmd === 'new') {
    ggOptions = req.options || []; seed = req.seed || 1;
    game = new VagabondGameManager(null, true, true); player = HOST; moveNum = 0; turns = [];
    bot = new VagabondRandomAIv1();
    return { ok: true };
  }
  if (!game) return { ok: false, error: 'no game: send {"cmd":"new"} first' };
  if (req.cmd === 'play') return Object.assign(run(req.move), snapshot(game));
  if (req.cmd === 'go') {
    bot.setPlayer(player);
    let retries = 0, answer = null;
    while (retries < 20) {
      const t0 = Date.now();
      const move = bot.getMove(game.getCopy(), moveNum);
      if (!move) return Object.assign({ ok: false, error: 'the bot found no turn' }, snapshot(game));
      const text = move.fullMoveText;
      if (legal(game, player, moveNum).includes(text)) { answer = run(text); answer.ms = Date.now() - t0; break; }
      retries++;
    }
    if (!answer) return Object.assign({ ok: false, error: 'the bot proposed only refused turns' }, snapshot(game));
    answer.retries = retries;
    return Object.assign(answer, snapshot(game));
  }
  if (req.cmd === 'state') return Object.assign({ ok: true, turns }, snapshot(game));
  return { ok: false, error: 'unknown command ' + req.cmd };
}
readline.createInterface({ input: process.stdin }).on('line', line => {
  if (!line.trim()) return;
  let out;
  try { out = handle(JSON.parse(line)); } catch (e) { out = { ok: false, error: String(e && e.stack || e) }; }
  process.stdout.write(JSON.stringify(out) + '\n');
});
