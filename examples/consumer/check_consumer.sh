#!/usr/bin/env bash
# ctest's check of the installed package (issue 9): installs the sepax build
# BUILD_DIR into a fresh prefix, then configures this folder with
# -DCMAKE_PREFIX_PATH=<prefix> alone, builds it and runs its tests.
# Usage: examples/consumer/check_consumer.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=${1:?usage: check_consumer.sh BUILD_DIR WORK_DIR}
work=${2:?usage: check_consumer.sh BUILD_DIR WORK_DIR}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"

# The installed command works on its own: a tiny campaign and its report.
"$work/prefix/bin/sepax" --version
"$work/prefix/bin/sepax" verify --cases 20 --family random --kernel obb_obb/test_static/double \
  --out "$work/installed-results" >"$work/installed-verify.txt"
"$work/prefix/bin/sepax" report "$work/installed-results" -o "$work/installed-report"
test -s "$work/installed-report/report.html"
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix"
cmake --build "$work/build"
ctest --test-dir "$work/build" --output-on-failure --no-tests=error

# The replay route a failure prints: the cases the forgotten-epsilon test
# wrote must be gross again when replayed alone, and fine for the real kernel.
shopt -s nullglob
cases=("$work/build/sepax-gross"/*.jsonl)
if ((${#cases[@]} == 0)); then
  echo "check_consumer: the forgotten-epsilon test wrote no case under sepax-gross/" >&2
  exit 1
fi
echo "replaying ${cases[0]}"
SEPAX_REPLAY="${cases[0]}" "$work/build/mylib_gate" --gtest_filter='MylibWithoutEpsilon.*'
SEPAX_REPLAY="${cases[0]}" "$work/build/mylib_gate" --gtest_filter='MylibObbOverlap.NoGrossVerdictWhereEdgesAreNearlyParallel'
