#!/usr/bin/env bash
# The README's run command (the main job): installs what the build needs,
# builds sepax and its benchmarks in release mode, then
#   1. runs the default verification campaign (sepax verify) — every kernel,
#      sepax's and the peer libraries', against the exact oracles;
#   2. times every static kernel and the oracles on the shared generators'
#      sets (sepax_bench, Google Benchmark, JSON);
#   3. times the OBB trees against FCL, the 2D rectangles against Box2D and
#      the sphere tests against FCL;
#   4. writes the speed-versus-robustness report from all of it (sepax report)
#      and checks it in headless Chromium (first_screen.png: what a reader sees).
# Extra arguments go to `sepax verify` (e.g. --seed 7 --budget 120).
# SEPAX_OUT (default sepax-results) is the results directory; SEPAX_BENCH_PAIRS
# (default 65536) the pairs per benchmark set; SEPAX_FUZZ_SUMMARY the fuzzing
# summary the report shows (default fuzz/measured/fuzz_summary.json).
# The exit status is verify's: non-zero on a gross verdict of a sepax kernel.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 2
cmake --preset release >/dev/null || exit 2
cmake --build --preset release --target sepax sepax_bench sepax_bench_trees sepax_bench_rect sepax_bench_gomez \
  sepax_bench_manifold sepax_bench_motion || exit 2

out=${SEPAX_OUT:-sepax-results}
./build/release/cli/sepax verify --out "$out" "$@"
status=$?

echo
echo "sepax_bench: timing every static kernel and oracle (median of 5 repetitions) ..."
inputs=("$out")
if ./build/release/bench/sepax_bench \
  --sepax_pairs="${SEPAX_BENCH_PAIRS:-65536}" \
  --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_min_time=0.01 \
  --benchmark_out="$out/bench.json" --benchmark_out_format=json >"$out/bench.txt"; then
  inputs+=("$out/bench.json")
else
  # e.g. exit 3: a benchmark that did not finish (sepax_bench said which);
  # the report is still written, from verify's results alone.
  echo "sepax_bench failed (see above and $out/bench.txt): the report has no timings" >&2
  status=2
fi

echo "sepax_bench_trees: OBB trees against FCL on the small meshes (median of 3 repetitions) ..."
if ./build/release/bench/sepax_bench_trees --sepax_meshes=couplingdown,elephant \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 \
  --benchmark_out="$out/bench_trees.json" --benchmark_out_format=json >"$out/bench_trees.txt"; then
  inputs+=("$out/bench_trees.json")
else
  echo "sepax_bench_trees failed (see $out/bench_trees.txt): the report has no tree timings" >&2
  status=2
fi

echo "sepax_bench_rect: 2D rectangles against Box2D (median of 3 repetitions) ..."
if ./build/release/bench/sepax_bench_rect \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 \
  --benchmark_out="$out/bench_rect.json" --benchmark_out_format=json >"$out/bench_rect.txt"; then
  inputs+=("$out/bench_rect.json")
else
  echo "sepax_bench_rect failed (see $out/bench_rect.txt): the report has no 2D timings" >&2
  status=2
fi

echo "sepax_bench_gomez: sphere tests against FCL (median of 3 repetitions) ..."
if ./build/release/bench/sepax_bench_gomez \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 \
  --benchmark_out="$out/bench_gomez.json" --benchmark_out_format=json >"$out/bench_gomez.txt"; then
  inputs+=("$out/bench_gomez.json")
else
  echo "sepax_bench_gomez failed (see $out/bench_gomez.txt): the report has no sphere timings" >&2
  status=2
fi

echo "sepax_bench_manifold: contact manifolds against ODE, Bullet and FCL (median of 3 repetitions) ..."
if ./build/release/bench/sepax_bench_manifold \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 \
  --benchmark_out="$out/bench_manifold.json" --benchmark_out_format=json >"$out/bench_manifold.txt"; then
  inputs+=("$out/bench_manifold.json")
else
  echo "sepax_bench_manifold failed (see $out/bench_manifold.txt): the report has no manifold timings" >&2
  status=2
fi

echo "sepax_bench_motion: general motion in N steps beside constant velocity (median of 3 repetitions) ..."
if ./build/release/bench/sepax_bench_motion \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 \
  --benchmark_out="$out/bench_motion.json" --benchmark_out_format=json >"$out/bench_motion.txt"; then
  inputs+=("$out/bench_motion.json")
else
  echo "sepax_bench_motion failed (see $out/bench_motion.txt): the report has no general-motion timings" >&2
  status=2
fi

# The fuzzing figures: fuzz/measure.py's summary (the committed one, from the
# last measured run, unless SEPAX_FUZZ_SUMMARY names another; the report's
# Fuzzing section says which commit and date they come from).
fuzz_summary=${SEPAX_FUZZ_SUMMARY:-fuzz/measured/fuzz_summary.json}
[ -f "$fuzz_summary" ] && inputs+=("$fuzz_summary")
# The reported-bug corpus: the report's section on each library's reported
# bugs and on the classes no report names.
inputs+=(properties/reported_bugs/expected.json)

./build/release/cli/sepax report "${inputs[@]}" -o "$out/report" || status=2
# The page as a reader's browser shows it: every plot decoded, no script
# error, the summary table whole on the first 1400x900 screen (saved as
# first_screen.png beside the report).
SCREENSHOT="$out/report/first_screen.png" bash reports/tests/html_in_chromium.sh "$out/report/report.html" || status=2
echo "report: $out/report/report.md and $out/report/report.html"
exit $status
