#!/usr/bin/env bash
# ctest's check of the arrays route, run as a user would: `sepax generate
# --format arrays`, answers computed by a numpy program that reads the file
# with numpy alone (numpy_spheres.py), `sepax check --answers`: the right
# kernel passes (exit 0), the planted bug is gross (exit 1).
# Usage: examples/arrays/check_arrays.sh SEPAX PYTHON WORK_DIR
set -uo pipefail
sepax=$1 python=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
"$sepax" generate --query sphere_sphere --family random --scalar float --count 5000 --format arrays \
  -o "$work/cases.arr" || exit 1
"$python" "$here/numpy_spheres.py" "$work/cases.arr" "$work/right.arr" || exit 1
"$sepax" check "$work/cases.arr" --answers "$work/right.arr" --kernel numpy/spheres/float >"$work/right.txt"
status=$?
tail -1 "$work/right.txt"
if [ $status -ne 0 ]; then
  echo "check_arrays: the right numpy kernel was judged gross (exit $status)" >&2
  exit 1
fi
"$python" "$here/numpy_spheres.py" "$work/cases.arr" "$work/bug.arr" --bug || exit 1
"$sepax" check "$work/cases.arr" --answers "$work/bug.arr" --kernel numpy/spheres/float >"$work/bug.txt"
status=$?
tail -1 "$work/bug.txt"
if [ $status -ne 1 ] || ! grep -q "gross" "$work/bug.txt"; then
  echo "check_arrays: the planted bug was not found (exit $status)" >&2
  exit 1
fi
echo "check_arrays: numpy read the generated cases, its answers were judged, and the planted bug found"
