// White Lotus rings in TGG's engine (project code): random sets of one player's Basic tiles, many
// built around a rectangle about the centre, and whether TGG's harmony analysis finds a ring for
// that player. One JSON line per set: {"tiles": [[x, y, code], ...], "ring": bool}.
// usage: node ring_dump.js SEED COUNT
const A = require('./adevar_lib');
let seed = parseInt(process.argv[2] || '1'); const COUNT = parseInt(process.argv[3] || '100');
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
function ri(a, b) { return a + Math.floor(rnd() * (b - a + 1)); }
const CODES = ['Lilac', 'Zinnia', 'Foxglove'];
const points = [];
A.newGame().board.cells.forEach(row => row.forEach(p => { if (!p.types.includes('Non-Playable') && p.row < 17 && p.col < 17) points.push([p.col - 8, 8 - p.row]); }));
const ok = new Set(points.map(p => p.join(',')));
for (let k = 0; k < COUNT; k++) {
  const g = A.newGame(); const tiles = new Map();
  const put = (x, y, c) => { if (ok.has(x + ',' + y)) tiles.set(x + ',' + y, [x, y, c]); };
  if (rnd() < 0.7) {  // a rectangle (maybe with a bend) around or near the centre
    const x1 = ri(-6, 1), x2 = ri(0, 7), y1 = ri(-7, 0), y2 = ri(-1, 6);
    const c = ri(0, 2);
    put(x1, y1, CODES[c]); put(x2, y1, CODES[(c + 1) % 3]); put(x2, y2, CODES[c]); put(x1, y2, CODES[(c + 1) % 3]);
    if (rnd() < 0.4) put(ri(x1, x2), y2, CODES[ri(0, 2)]);
  }
  const extra = ri(0, 6);
  for (let i = 0; i < extra; i++) { const p = points[ri(0, points.length - 1)]; put(p[0], p[1], CODES[ri(0, 2)]); }
  const list = [...tiles.values()];
  list.forEach(([x, y, c]) => g.board.placeTile(new AdevarTile(c, 'H'), new NotationPoint(x + ',' + y)));
  const ring = g.board.analyzeHarmoniesForPlayer(HOST);
  console.log(JSON.stringify({ tiles: list, ring }));
}
