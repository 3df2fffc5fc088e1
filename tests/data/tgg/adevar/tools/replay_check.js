// Replays records of games paisho's players played in TGG's Adevar engine (project code; no TGG code here):
// prints, per record, TGG's winner and reason after the last turn, the first turn (0-based) after which
// TGG already had a winner if one came before the last (-1: none), and the turns TGG refused.
// usage (from the project root): TGG_BUNDLE_DIR=... node tests/data/tgg/adevar/tools/replay_check.js RECORD.txt ...
const fs = require('fs');
const A = require('./adevar_lib');
for (const f of process.argv.slice(2)) {
  const lines = fs.readFileSync(f, 'utf8').split('\n').filter(l => l && !l.startsWith('#'));
  A.setOptions([]);
  const g = A.newGame(); let early = -1;
  lines.forEach((l, i) => { A.run(g, l); if (i < lines.length - 1 && g.getWinner && g.getWinner() && early < 0) early = i; });
  const s = A.snapshot(g);
  console.log(f, JSON.stringify({winner: s.winner, reason: s.reason, plies: lines.length, endedEarly: early, refused: globalThis.__badMove || 0}));
}
