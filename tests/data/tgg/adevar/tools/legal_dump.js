// TGG's legal turns along a record (project code): at every STEP-th turn from turn 2 on, the sorted
// list of every turn the game page offers (adevar_lib.legalTurns, written without the turn's
// number prefix, which is given once), one JSON line per sampled turn.
// usage: node legal_dump.js record.txt [STEP]
const fs = require('fs');
const A = require('./adevar_lib');
const rec = A.T.readRecord(fs.readFileSync(process.argv[2], 'utf8'));
const STEP = parseInt(process.argv[3] || '3');
A.setOptions(rec.options);
const g = A.newGame();
rec.moves.forEach((m, n) => {
  if (n >= 2 && (n - 2) % STEP === 0) {
    const pre = A.prefix(n);
    const legal = A.legalTurns(g, n).map(t => t.slice(pre.length)).sort();
    console.log(JSON.stringify({ turn: n, prefix: pre, played: m, legal }));
  }
  A.run(g, m);
});
