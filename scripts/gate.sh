#!/usr/bin/env bash
# The short CI gate (issue 4, SPEC §9), run by scripts/test.sh after ctest:
#   1. a short campaign: sepax verify --cases 100 (every kernel x family,
#      static and moving, peers included);
#   2. the benchmark sets that bench/thresholds.json's speed rules compare
#      (8,192 pairs per set, median of 5 repetitions of at least 0.05 s);
#   3. sepax gate: gross verdicts of sepax kernels must be 0; speed ratios
#      within the run must meet thresholds.json and the committed baseline of
#      this machine kind; boundary shares per kernel x family must not rise
#      beyond the committed boundary baseline (binomial test). JUnit XML goes
#      to BUILD/gate/junit.xml.
# Usage: scripts/gate.sh BUILD_DIR (with sepax and sepax_bench built).
# SEPAX_GATE_WRITE_BASELINE=FILE also writes the measured ratios there;
# SEPAX_GATE_WRITE_BOUNDARY_BASELINE=FILE the boundary counts.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/gate.sh BUILD_DIR}
machine=${SEPAX_GATE_MACHINE:-cpp-2core}
dir="$build/gate"
rm -rf "$dir"
mkdir -p "$dir"

echo "gate: short campaign (sepax verify --cases 100) ..."
# The gate judges the rows; verify's own exit status is not the verdict here.
"$build/cli/sepax" verify --cases 100 --seed 1 --out "$dir/verify" >"$dir/verify.txt" || true

echo "gate: benchmarks compared by the speed rules ..."
"$build/bench/sepax_bench" \
  --sepax_pairs=8192 --sepax_families=random,parallel-edges,touching,scale,coplanar,degenerate-shapes \
  --benchmark_filter='^kernel:(obb_obb/test_static|fcl/obb_overlap|ode/box_touches_box|textbook/obb_obb_sat/|tri_tri/test_static_batch|fcl/intersect_triangle|cgal/epick_tri_tri)' \
  --benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
  --benchmark_out="$dir/bench.json" --benchmark_out_format=json >"$dir/bench.txt"

baseline=bench/baselines/$machine/ratios.json
boundary=bench/baselines/$machine/boundary.json
args=("$dir/verify" "$dir/bench.json" --thresholds bench/thresholds.json --junit "$dir/junit.xml")
[ -f "$baseline" ] && args+=(--baseline "$baseline")
[ -f "$boundary" ] && args+=(--boundary-baseline "$boundary")
[ -n "${SEPAX_GATE_WRITE_BASELINE:-}" ] && args+=(--write-baseline "$SEPAX_GATE_WRITE_BASELINE")
[ -n "${SEPAX_GATE_WRITE_BOUNDARY_BASELINE:-}" ] && args+=(--write-boundary-baseline "$SEPAX_GATE_WRITE_BOUNDARY_BASELINE")
"$build/cli/sepax" gate "${args[@]}"
