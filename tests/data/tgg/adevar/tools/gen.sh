#!/bin/sh
# One record: self-play then the record writer.  usage: gen.sh SEED GREEDY OPTIONS|- OUTDIR
set -e
D=$(dirname "$0"); SEED=$1; GREEDY=$2; OPTS=$3; OUT=$4
NAME=adevar-selfplay-$SEED-$(echo "$OPTS" | sed 's/^-$/default/; s/,/+/g')
node "$D/selfplay.js" "$SEED" "$GREEDY" "$OPTS" 400 > "$OUT/$NAME.json"
node "$D/to_record.js" "$OUT/$NAME.json" > "$OUT/$NAME.txt" || { rm -f "$OUT/$NAME.txt"; echo "$NAME FAILED"; exit 1; }
echo "$NAME OK $(grep '^# result' "$OUT/$NAME.txt")"
