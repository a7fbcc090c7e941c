#!/usr/bin/env bash
# ctest's check of a brought kernel of one judged query, run as a user would:
# `sepax verify OPTION BUGGY --query QUERY --cases N` must find the planted bug
# within 60 s (exit 1, a failure class of the brought kernel), `sepax check`
# must reproduce it from the class's replay file, and the fixed variant must
# pass the same campaign (exit 0, no gross verdict).
# Usage: examples/check_pair_route.sh SEPAX WORK_DIR QUERY CASES OPTION BUGGY FIXED
#   OPTION is --plugin or --external; BUGGY and FIXED its values.
set -uo pipefail
sepax=$1 work=$2 query=$3 cases=$4 option=$5 buggy=$6 fixed=$7
rm -rf "$work"
mkdir -p "$work"

start=$(date +%s)
"$sepax" verify --query "$query" --cases "$cases" --out "$work/buggy" "$option" "$buggy" >"$work/buggy.txt" 2>&1
status=$?
seconds=$(( $(date +%s) - start ))
grep -E "^exit|replay files" "$work/buggy.txt"
if [ $status -ne 1 ]; then
  echo "check_pair_route: verify $option '$buggy' --query $query exited $status, expected 1 (the planted bug found)" >&2
  exit 1
fi
if [ $seconds -gt 60 ]; then
  echo "check_pair_route: the campaign that found the bug took $seconds s (more than 60)" >&2
  exit 1
fi
replay=$(ls "$work/buggy/gross/"*/01-*.jsonl 2>/dev/null | head -1)   # gross/<failure class>/01-....jsonl
if [ -z "$replay" ]; then
  echo "check_pair_route: no replay file under $work/buggy/gross/" >&2
  exit 1
fi
kernel=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["origin"]["kernel"])' "$replay")
"$sepax" check "$replay" "$option" "$buggy" --kernel "$kernel" >"$work/replay.txt" 2>&1
status=$?
cat "$work/replay.txt"
if [ $status -ne 1 ] || ! grep -q "gross" "$work/replay.txt"; then
  echo "check_pair_route: the replay of $replay did not reproduce the gross verdict (exit $status)" >&2
  exit 1
fi

"$sepax" verify --query "$query" --cases "$cases" --out "$work/fixed" "$option" "$fixed" >"$work/fixed.txt" 2>&1
status=$?
grep -E "^exit" "$work/fixed.txt"
if [ $status -ne 0 ]; then
  echo "check_pair_route: verify $option '$fixed' --query $query exited $status, expected 0 (no bug)" >&2
  exit 1
fi
echo "check_pair_route: $option found the planted bug of $query in $seconds s, replayed it, and passed the fixed kernel"
