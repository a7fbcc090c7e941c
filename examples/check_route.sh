#!/usr/bin/env bash
# ctest's check of one way to bring a kernel (examples/plugin, examples/external),
# run as a user would: `sepax verify OPTION BUGGY` must find the planted bug
# (exit 1, replay files), `sepax check` must reproduce one of them from its
# replay file, and `sepax verify OPTION FIXED` must find nothing (exit 0).
# Usage: examples/check_route.sh SEPAX WORK_DIR BUDGET_SECONDS OPTION BUGGY FIXED
#   OPTION is --plugin or --external; BUGGY and FIXED its values.
set -uo pipefail
sepax=$1 work=$2 budget=$3 option=$4 buggy=$5 fixed=$6
rm -rf "$work"
mkdir -p "$work"

"$sepax" verify --budget "$budget" --out "$work/buggy" "$option" "$buggy" >"$work/buggy.txt" 2>&1
status=$?
tail -3 "$work/buggy.txt"
if [ $status -ne 1 ]; then
  echo "check_route: verify $option '$buggy' exited $status, expected 1 (the planted bug found)" >&2
  exit 1
fi
replay=$(ls "$work/buggy/gross/"*/*.jsonl 2>/dev/null | head -1)   # gross/<failure class>/NN-....jsonl
if [ -z "$replay" ]; then
  echo "check_route: no replay file under $work/buggy/gross/" >&2
  exit 1
fi
kernel=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["origin"]["kernel"])' "$replay")
"$sepax" check "$replay" "$option" "$buggy" --kernel "$kernel" >"$work/replay.txt" 2>&1
status=$?
cat "$work/replay.txt"
if [ $status -ne 1 ] || ! grep -q "gross" "$work/replay.txt"; then
  echo "check_route: the replay of $replay did not reproduce the gross verdict (exit $status)" >&2
  exit 1
fi

"$sepax" verify --budget "$budget" --out "$work/fixed" "$option" "$fixed" >"$work/fixed.txt" 2>&1
status=$?
tail -2 "$work/fixed.txt"
if [ $status -ne 0 ]; then
  echo "check_route: verify $option '$fixed' exited $status, expected 0 (no bug)" >&2
  exit 1
fi
echo "check_route: $option found the planted bug, replayed it, and passed the fixed kernel"
