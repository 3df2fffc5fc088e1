// Self-play in TGG's Street Pai Sho engine: random and one-ply greedy choices among the engine's legal turns.
// usage: node street_selfplay.js SEED [GREEDY=0.6] [Option,Option|-] [MAXPLIES=400]  -> one JSON game on stdout
// LEGAL_STEP=k: TGG's legal turns at every k-th ply go into the output too.
const S = require('./street_lib.js');
const seed = parseInt(process.argv[2] || '1'), greedy = parseFloat(process.argv[3] || '0.6');
const opts = (process.argv[4] && process.argv[4] !== '-') ? process.argv[4].split(',') : [];
const maxPlies = parseInt(process.argv[5] || '400');
const step = parseInt(process.env.LEGAL_STEP || '4');
let s = seed >>> 0 || 1;
function rnd() { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; }
const other = p => p === HOST ? GUEST : HOST;
// One ply on TGG's getCopy() of the game (the copy drops captive stacks: a rough guess is enough to choose).
function score(g, player, moveNum, cand) {
  const c = g.getCopy();
  S.setCurrent(player);
  const bad = globalThis.__badMove;  // a refusal on the rough copy is not one of the game's
  try { S.play(c, player, moveNum, cand); } catch (e) { return -1e9; } finally { globalThis.__badMove = bad; }
  const h = c.board.harmonyManager;
  let v = 0;
  const w = c.getWinner(); if (w === player) v += 1e6; else if (w) v -= 1e6;
  v += 2 * h.numHarmoniesForPlayer(player) - 2 * h.numHarmoniesForPlayer(other(player));
  v += 1.5 * (c.board.numTilesOnBoardForPlayer(player) - c.board.numTilesOnBoardForPlayer(other(player)));
  return v + rnd();
}
const { g, setup } = S.newGame(opts);
const turns = [];
const legal = [];
let player = HOST, moveNum = 1;
while (!g.getWinner() && turns.length < maxPlies) {
  const ms = S.legalTurns(g, player);
  if (turns.length % step === 0) legal.push({ ply: turns.length, player, turns: ms });
  if (!ms.length) break;
  let m;
  if (rnd() < greedy) {
    let best = -Infinity;
    const pool = ms;
    for (const x of (pool.length ? pool : ms)) { const v = score(g, player, moveNum, x); if (v > best) { best = v; m = x; } }
    S.setCurrent(player);
  } else m = ms[Math.floor(rnd() * ms.length)];
  turns.push(S.play(g, player, moveNum, m));
  if (player === GUEST) moveNum++;
  player = other(player);
}
const end = Object.assign(S.snapshot(g), { winner: g.getWinner() || null, reason: g.getWinner() ? g.getWinReason() : null });
// replay from scratch: the same end, or nothing is written
const again = S.newGame(opts).g; let p = HOST;
for (const t of turns) { again.runNotationMove(new StreetNotationMove(t)); p = other(p); S.setCurrent(p); }
if (JSON.stringify(S.snapshot(again)) !== JSON.stringify(S.snapshot(g)) || (again.getWinner() || null) !== end.winner) { console.error('replay differs'); process.exit(1); }
if (globalThis.__badMove) { console.error('engine refused a turn'); process.exit(1); }
console.log(JSON.stringify({ game: 'street', seed, greedy, options: opts, setup, turns, end, legal }));
