#!/usr/bin/env bash
# ctest's check of the Python route, run as a user would: obb_numpy.py's
# planted bug must be found by sepax.campaign within 10 s of processor time (exit 1, failure
# classes with replay files), the first replay file must reproduce it under
# the sepax command (the recorded answer) and under `python3 -m sepax check`
# (the kernel rerun), the fixed kernel must pass the replay and the whole
# campaign (exit 0), and error_vs_margin.py must draw its plot.
# Usage: examples/python/check_python_route.sh SEPAX PYTHON PACKAGE_DIR WORK_DIR
set -uo pipefail
sepax=$1 python=$2 package=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
export PYTHONPATH=$package SEPAX_COMMAND=$sepax
rm -rf "$work"
mkdir -p "$work"
fail() { echo "check_python_route: $*" >&2; exit 1; }

# The 10 s are the campaign's processor time (user + system, its children's
# included), not the wall clock: a CI run beside other jobs measured 12.7 s of
# wall time for a campaign of ~7 s of processor time.
read -r status seconds wall < <("$python" - "$python" "$here/obb_numpy.py" "$work" <<'PY'
import resource, subprocess, sys, time
python, script, work = sys.argv[1:]
start = time.monotonic()
with open(work + "/planted.txt", "w") as out:
    status = subprocess.call([python, script, "--out", work + "/planted"], stdout=out, stderr=subprocess.STDOUT)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(status, "%.1f" % (used.ru_utime + used.ru_stime), "%.1f" % (time.monotonic() - start))
PY
)
grep -E "^total|^obb_obb" "$work/planted.txt"
echo "the planted campaign took $seconds s of processor time ($wall s of wall time)"
[ "$status" = 1 ] || { cat "$work/planted.txt"; fail "obb_numpy.py exited $status, expected 1 (the planted bug found)"; }
"$python" -c "import sys; sys.exit(float(sys.argv[1]) > 10)" "$seconds" ||
  fail "the campaign that found the bug took $seconds s of processor time (more than 10)"
replay=$(ls "$work/planted/gross/"*.false-negative/01-*.jsonl 2>/dev/null | head -1)
[ -n "$replay" ] || fail "no false-negative replay file under $work/planted/gross/"
kernel=python/obb_overlap_planted/float

"$sepax" check "$replay" --kernel "$kernel" >"$work/replay.txt" 2>&1
status=$?
cat "$work/replay.txt"
[ $status -eq 1 ] && grep -q "gross" "$work/replay.txt" ||
  fail "sepax check $replay --kernel $kernel did not reproduce the gross verdict (exit $status)"

"$python" -m sepax check "$replay" "$here/obb_numpy.py:obb_overlap_planted" >"$work/rerun.txt" 2>&1
status=$?
cat "$work/rerun.txt"
[ $status -eq 1 ] && grep -q "gross" "$work/rerun.txt" ||
  fail "python3 -m sepax check did not reproduce the gross verdict with the kernel rerun (exit $status)"
"$python" -m sepax check "$replay" "$here/obb_numpy.py:obb_overlap" >"$work/fixed-rerun.txt" 2>&1 ||
  { cat "$work/fixed-rerun.txt"; fail "the fixed kernel is not clean on the replay file"; }

"$python" "$here/obb_numpy.py" --fixed --out "$work/fixed" >"$work/fixed.txt" 2>&1
status=$?
grep -E "^total" "$work/fixed.txt"
[ $status -eq 0 ] || { cat "$work/fixed.txt"; fail "the fixed kernel's campaign exited $status, expected 0"; }

"$python" "$here/error_vs_margin.py" --cases 2000 -o "$work/error_vs_margin.png" >"$work/plot.txt" 2>&1 ||
  { cat "$work/plot.txt"; fail "error_vs_margin.py failed"; }
[ -s "$work/error_vs_margin.png" ] || fail "error_vs_margin.py wrote no plot"
grep -q "planted bug" "$work/plot.txt" || fail "error_vs_margin.py printed no figures"
echo "check_python_route: the bug found in $seconds s, replayed twice; the fixed kernel clean; the plot drawn"
