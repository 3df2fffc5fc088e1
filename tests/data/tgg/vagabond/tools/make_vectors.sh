#!/bin/sh
# Regenerates the Vagabond test vectors in tests/data/tgg/vagabond/ (see the README there).
# Needs TGG_BUNDLE_DIR (a build of /work/shared/tools/tgg/build.sh with GAMES=all or vagabond).
set -e
HERE=$(cd "$(dirname "$0")/.." && pwd)
JS="$HERE/tools/vagabond_tgg.js"
mkdir -p "$HERE/records" "$HERE/legal"
base=0
for opts in - DoubleTiles SwapBisonWithLemur VDoubleMoveDistance SwapBisonWithLemur,VDoubleMoveDistance DoubleTiles,SwapBisonWithLemur,VDoubleMoveDistance; do
  name=$(echo "$opts" | sed 's/^-$/default/; s/,/+/g')
  base=$((base + 100)); found=0; seed=$base
  while [ $found -lt 8 ] && [ $seed -lt $((base + 60)) ]; do
    greedy=$(echo "$seed" | awk '{ printf "%.2f", 0.25 + ($1 % 4) * 0.1 }')
    lotus=$(( (seed % 2) * 30 ))
    rec="$HERE/records/vagabond-selfplay-$seed-$name.txt"
    if node "$JS" selfplay "$seed" "$greedy" "$opts" "$rec" "$HERE/legal/tmp.jsonl" 3 "$lotus"; then
      gzip -n -c "$HERE/legal/tmp.jsonl" > "$HERE/legal/vagabond-selfplay-$seed-$name.jsonl.gz"
      found=$((found + 1))
    else
      rm -f "$rec"
    fi
    seed=$((seed + 1))
  done
done
rm -f "$HERE/legal/tmp.jsonl"
