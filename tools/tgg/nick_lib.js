// Drives The Garden Gate's Nick Pai Sho engine (a bundle built by ../shared/tools/tgg/build.sh) under Node.
// Project code: it calls TGG's engine at run time only. Legal moves are what TGG's page offers: for each of the
// mover's tiles, the points revealPossibleMovePoints marks (the page's own highlight, with its Lotus check filter).
const path = require('path');
const HARNESS = process.env.TGG_HARNESS || '/work/shared/tools/tgg';
const T = require(path.join(HARNESS, 'tgg_lib.js'));
T.loadBundle('nick');
new NickOptions(); initializeTrifleData(); setCurrentTileMetadata(getNickTiles()); setCurrentTileCodes(NickTileCodes);

function setOptions(opts) { setGgOptions(opts || []); }
function newGame(opts) { setOptions(opts); return new NickGameManager(null, true, true); }
const pt = bp => bp.getNotationPointString();
function tilesOf(game, player) { const out = []; game.board.forEachBoardPointWithTile(bp => { if (bp.tile.ownerName === player) out.push(bp); }); return out; }
// Every legal move of `player`: [{start:"x,y", end:"x,y"}], sorted.
function legalMoves(game, player) {
  const out = [];
  for (const bp of tilesOf(game, player)) {
    game.revealPossibleMovePoints(bp, true);
    game.board.forEachBoardPoint(p => { if (p.isType("Possible Move")) out.push({ start: pt(bp), end: pt(p) }); });
    game.hidePossibleMovePoints(true);
  }
  return out;
}
const moveText = m => `(${m.start})-(${m.end})`;
function makeMove(moveNum, player, m, promptTargetData) {
  const move = { moveNum, player, moveType: MOVE, startPoint: m.start, endPoint: m.end };
  if (promptTargetData) move.promptTargetData = promptTargetData;
  return move;
}
// Run a move; a prompt (choose a captured tile for the Avatar's return) is answered with the first offered
// choice (`promptChoice`), or skipped when there is none. Returns the move object as run.
function runMove(game, move) {
  const prompt = game.runNotationMove(move);
  return prompt;
}
function snapshot(game) {
  const board = [];
  game.board.forEachBoardPointWithTile(bp => board.push(`${pt(bp)} ${bp.tile.ownerCode}${bp.tile.code}`));
  board.sort();
  const captured = game.tileManager.capturedTiles.map(t => t.ownerCode + t.code).sort();
  return { board, captured, winner: game.getWinner() || null };
}
// Display notation of TGG's page for a move (its own rotated coordinates: display (x,y) = (y,-x) of the points).
function displayPoint(p) { const [x, y] = p.split(',').map(Number); return `${y},${-x}`; }
module.exports = { T, newGame, setOptions, legalMoves, moveText, makeMove, runMove, snapshot, tilesOf, displayPoint };
