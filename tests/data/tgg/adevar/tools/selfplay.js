// Scripted self-play of Adevar Pai Sho through The Garden Gate's engine (project code).
// Every candidate turn comes from the page's own highlights (adevar_lib.legalTurns); a share GREEDY of
// the turns takes the best one-ply score (win, captures, progress toward the mover's own objective),
// the rest are uniform. The hidden tiles are chosen from the seed. Same arguments, same game.
// usage: node selfplay.js SEED [GREEDY] [Option,Option|-] [MAXPLIES] > game.json
const A = require('./adevar_lib');
let seed = parseInt(process.argv[2] || '1'); const SEED0 = seed;
const GREEDY = parseFloat(process.argv[3] || '0.85');
const OPTS = process.argv[4] && process.argv[4] !== '-' ? process.argv[4].split(',') : [];
const MAX = parseInt(process.argv[5] || '400');
const SAMPLE = parseInt(process.env.SAMPLE || '24');
A.setOptions(OPTS);
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
for (let i = 0; i < 5; i++) rnd();
function pick(a) { return a[Math.floor(rnd() * a.length)]; }
const PLOT = AdevarBoardPointType;
const hostHT = A.HT_CODES[SEED0 % 7], guestHT = A.HT_CODES[Math.floor(SEED0 / 7 + SEED0 * 3) % 7];

function basics(g, player) {
  const out = [];
  g.board.cells.forEach(row => row.forEach(p => { if (p.hasTile() && p.tile.ownerName === player && p.tile.type === AdevarTileType.basic) out.push(p); }));
  return out;
}
function progress(g, player, ht) {
  const c = g.board.basicTilePlotCounts; const o = A.other(player);
  const cnt = (k, pl) => (c[k] ? c[k][pl] : 0);
  switch (ht) {
    case 'Iris': return [PLOT.NORTH_RED_PLOT, PLOT.SOUTH_RED_PLOT, PLOT.EAST_WHITE_PLOT, PLOT.WEST_WHITE_PLOT].reduce((s, k) => s + Math.min(cnt(k, player), 2), 0) * 4;
    case 'BirdOfParadise': return Object.values(PLOT).reduce((s, k) => s + Math.min(cnt(k, player), 1), 0) * 4;
    case 'BlackOrchid': return [PLOT.NORTH_RED_PLOT, PLOT.SOUTH_RED_PLOT, PLOT.EAST_WHITE_PLOT, PLOT.WEST_WHITE_PLOT, PLOT.EAST_NEUTRAL_PLOT, PLOT.WEST_NEUTRAL_PLOT]
      .reduce((s, k) => s + (cnt(k, player) >= cnt(k, o) && cnt(k, player) >= 0.5 ? 1 : 0) + Math.min(cnt(k, player), 1) * 0.3, 0) * 4;
    case 'OrientalLily': return Math.max(...AdevarOrientalLilyObjectivePoints.map(set => set[player].filter(np => g.board.playerHasTileOfTypeAtPoint(player, np, AdevarTileType.basic)).length)) * 4;
    case 'Echeveria': {
      const cap = {}; g.capturedTiles.forEach(t => { const k = t.ownerName + t.code; cap[k] = (cap[k] || 0) + 1; });
      return ['Lilac', 'Zinnia', 'Foxglove'].reduce((s, k) => s + Math.min(cap[o + k] || 0, 2) * 3 + Math.min(cap[player + k] || 0, 1) * 2, 0);
    }
    case 'WhiteRose': {
      const target = player === HOST ? PLOT.NORTH_NEUTRAL_PLOT : PLOT.SOUTH_NEUTRAL_PLOT;
      let best = 99;
      basics(g, player).forEach(p => g.board.cells.forEach(row => row.forEach(q => {
        if (q.plotTypes.includes(target)) best = Math.min(best, Math.abs(p.row - q.row) + Math.abs(p.col - q.col));
      })));
      return -best * 2;
    }
    case 'WhiteLotus': g.board.analyzeHarmoniesForPlayer(player); return g.board.harmonyManager.numHarmoniesForPlayer(player) * 3;
  }
  return 0;
}
function score(g, player, ht, oppHT) {
  const w = g.getWinner(); if (w === player) return 1e6; if (w) return -1e6;
  let s = progress(g, player, ht);
  g.capturedTiles.forEach(t => { if (t.type !== AdevarTileType.vanguard) s += t.ownerName === player ? -1.5 : 2; });
  // a matching Second Face near the opponent's Hidden Tile
  let htp = null; g.board.cells.forEach(row => row.forEach(p => { if (p.hasTile() && p.tile.type === AdevarTileType.hiddenTile && p.tile.ownerName !== player) htp = p; }));
  g.board.cells.forEach(row => row.forEach(p => {
    if (htp && p.hasTile() && p.tile.ownerName === player && p.tile.type === AdevarTileType.secondFace && p.tile.code === oppHT + 'SecondFace')
      s += 0.5 - 0.02 * (Math.abs(p.row - htp.row) + Math.abs(p.col - htp.col));
  }));
  return s + rnd() * 0.5;
}

const g = A.newGame(); const lines = [];
let n = 0;
for (; n < MAX; n++) {
  if (g.getWinner()) break;
  const player = A.mover(n);
  let text;
  if (n === 0) text = A.prefix(n) + 'cHT:' + hostHT;
  else if (n === 1) text = A.prefix(n) + 'cHT:' + guestHT;
  else {
    const cands = A.legalTurns(g, n);
    if (!cands.length) { console.error('no legal turn at', n); break; }
    if (rnd() < GREEDY) {
      const ht = player === HOST ? hostHT : guestHT, oht = player === HOST ? guestHT : hostHT;
      let best = -Infinity;
      // a sample of the candidates keeps each turn cheap (the captures always among them)
      const sample = cands.length <= SAMPLE ? cands : cands.filter(() => rnd() < SAMPLE / cands.length);
      for (const c of (sample.length ? sample : cands)) { const cg = A.clone(g); A.run(cg, c); const s = score(cg, player, ht, oht); if (s > best) { best = s; text = c; } }
    } else text = pick(cands);
  }
  lines.push(text); A.run(g, text);
}
const end = A.snapshot(g);
const r = A.newGame(); lines.forEach(l => A.run(r, l));
const again = A.snapshot(r);
console.log(JSON.stringify({ seed: SEED0, options: OPTS, hidden: { HOST: hostHT, GUEST: guestHT }, lines, end,
  replayMatches: JSON.stringify(end) === JSON.stringify(again), badMoves: globalThis.__badMove || 0 }));
