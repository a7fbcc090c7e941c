#!/usr/bin/env bash
# The short CI gate (issue 4, SPEC §9), run by scripts/test.sh after ctest:
#   1. a short campaign: sepax verify --cases 100 (every kernel x family,
#      static and moving, peers included);
#   2. the benchmark sets that bench/thresholds.json's speed rules compare
#      (8,192 pairs per set, median of 5 repetitions of at least 0.05 s):
#      sepax_bench's kernels and peers, sepax_bench_gomez's AABB tests and
#      OBB→AABB conversions against FCL's, and sepax_bench_brought's plugins
#      against the same C code in-process (its external-process benchmarks
#      are left out: no rule reads them); the two JSON files are merged into
#      one, so check names stay as they were and --write-baseline (one file
#      only) still works;
#   3. sepax gate: gross verdicts of sepax kernels must be 0; speed ratios
#      within the run must meet thresholds.json and the committed baseline of
#      this machine kind; boundary shares per kernel x family must not rise
#      beyond the committed boundary baseline (binomial test). JUnit XML goes
#      to BUILD/gate/junit.xml. On failure it also prints what changed against
#      the committed run bench/baselines/MACHINE/run/ (sepax report --compare).
# Usage: scripts/gate.sh BUILD_DIR (with sepax and the benchmarks sepax_bench, sepax_bench_gomez,
# sepax_bench_manifold and sepax_bench_brought built).
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
# Interleaved, as the runs below: a CI run measured the double OBB test at
# 1.12x and 1.06x ODE on two sets its rule holds to 1.0, where interleaved
# runs on this machine kind measure 0.72-0.89x (a neighbour's load fell on
# one kernel's repetitions and not on its reference's).
"$build/bench/sepax_bench" --benchmark_enable_random_interleaving=true \
  --sepax_pairs=8192 --sepax_families=random,parallel-edges,touching,scale,coplanar,degenerate-shapes \
  --benchmark_filter='^kernel:(obb_obb/test_static|obb_obb/test_certified|fcl/obb_overlap|ode/box_touches_box|textbook/obb_obb_sat/|tri_obb/test_static/|textbook/tri_obb_plain/|tri_tri/test_static_batch|fcl/intersect_triangle|cgal/epick_tri_tri|tri_tri/test_certified|textbook/tri_tri_moller/)' \
  --benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
  --benchmark_out="$dir/bench-kernels.json" --benchmark_out_format=json >"$dir/bench.txt"

echo "gate: the simpler tests against FCL (sepax_bench_gomez) ..."
# 9 repetitions: a ~12 ns kernel whose touching family branches unpredictably
# (obb_to_aabb.hpp) measured 0.95-1.0x FCL in quiet runs and 1.29-1.34x in a
# CI run beside two compiler jobs; the median of 5 moved too much.
"$build/bench/sepax_bench_gomez" --sepax_pairs=8192 \
  --benchmark_filter='^gomez:(aabb_aabb/test_static/|fcl/aabb_aabb/|obb_to_aabb/enclose/|fcl/obb_to_aabb/)' \
  --benchmark_enable_random_interleaving=true \
  --benchmark_repetitions=9 --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
  --benchmark_out="$dir/bench-gomez.json" --benchmark_out_format=json >"$dir/bench-gomez.txt"

echo "gate: the contact manifold against ODE's dBoxBox (sepax_bench_manifold) ..."
"$build/bench/sepax_bench_manifold" --sepax_pairs=8192 \
  --benchmark_filter='^manifold:(obb_obb_manifold/find_manifold/|ode/box_box_manifold/)' \
  --benchmark_enable_random_interleaving=true \
  --benchmark_repetitions=9 --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
  --benchmark_out="$dir/bench-manifold.json" --benchmark_out_format=json >"$dir/bench-manifold.txt"

brought="$build/bench/sepax_bench_brought"
if [ ! -x "$brought" ]; then
  echo "gate: $brought is missing: build it (it needs SEPAX_BUILD_TESTS=ON, for the example plugin)" >&2
  exit 2
fi
echo "gate: the plugins against the same C code in-process (sepax_bench_brought) ..."
# The OBB SAT plugin (ABI 1) and the manifold plugin (ABI 2, calls of 256
# cases), each against its C code compiled in. The kernels' repetitions
# interleaved, so that a neighbour's load falls on all alike: on the shared
# 2-core VM the SAT ratio then stays within 0.95-1.06 (not interleaved:
# 0.93-1.11 on the mixed sets), well under the rule's 1.2; with another
# benchmark running beside it, one run reached 1.22 at 5 x 0.05 s, hence 9
# repetitions of 0.1 s (quiet: 0.96-1.00). The manifold ratio moves by about
# 0.05 run to run, hence 15 repetitions; it reads 1.07-1.09 quiet since the
# plugin's answers are made cheaper (thresholds.json).
"$brought" --sepax_pairs=8192 --sepax_families=random,parallel-edges --sepax_sets=mixed \
  --benchmark_filter='^kernel:((inprocess|example_fixed)/obb_sat|inprocess/box_box_manifold|mybox_fixed/box_box)/double:' \
  --benchmark_enable_random_interleaving=true \
  --benchmark_repetitions=15 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 \
  --benchmark_out="$dir/bench-brought.json" --benchmark_out_format=json >"$dir/bench-brought.txt"
# One file for the gate: sepax_bench's, with the brought, gomez and manifold benchmarks appended.
python3 - "$dir/bench-kernels.json" "$dir/bench-brought.json" "$dir/bench-gomez.json" "$dir/bench-manifold.json" \
  "$dir/bench.json" <<'PY'
import json, sys
*parts, out = sys.argv[1:]
with open(parts[0]) as f:
    doc = json.load(f)
for part in parts[1:]:
    with open(part) as f:
        doc["benchmarks"] += json.load(f)["benchmarks"]
with open(out, "w") as f:
    json.dump(doc, f, indent=2)
PY

baseline=bench/baselines/$machine/ratios.json
boundary=bench/baselines/$machine/boundary.json
args=("$dir/verify" "$dir/bench.json" --thresholds bench/thresholds.json --junit "$dir/junit.xml")
[ -f "$baseline" ] && args+=(--baseline "$baseline")
[ -f "$boundary" ] && args+=(--boundary-baseline "$boundary")
# On failure the gate also prints what changed against the committed run of
# this machine kind (rewrite it with SEPAX_GATE_WRITE_RUN=1).
run_base=bench/baselines/$machine/run
[ -d "$run_base" ] && args+=(--compare-base "$run_base")
[ -n "${SEPAX_GATE_WRITE_BASELINE:-}" ] && args+=(--write-baseline "$SEPAX_GATE_WRITE_BASELINE")
[ -n "${SEPAX_GATE_WRITE_BOUNDARY_BASELINE:-}" ] && args+=(--write-boundary-baseline "$SEPAX_GATE_WRITE_BOUNDARY_BASELINE")
if [ -n "${SEPAX_GATE_WRITE_RUN:-}" ]; then
  mkdir -p "$run_base"
  # What the comparison reads, not the replay files: verify's rows without
  # their margin histograms, the benchmarks' medians and spreads.
  python3 - "$dir/verify/verify.jsonl" "$dir/bench.json" "$run_base" <<'PY'
import json, sys
verify, bench, out = sys.argv[1:]
with open(verify) as f, open(out + "/verify.jsonl", "w") as o:
    for line in f:
        row = json.loads(line)
        for heavy in ("margin_bins", "verdicts"):
            row.pop(heavy, None)
        o.write(json.dumps(row) + "\n")
with open(bench) as f:
    doc = json.load(f)
keep = ("name", "run_name", "run_type", "aggregate_name", "repetitions", "real_time", "cpu_time", "time_unit",
        "ns_per_test", "pairs", "hit_rate", "error_occurred")
doc["benchmarks"] = [{k: b[k] for k in keep if k in b} for b in doc["benchmarks"]
                     if b.get("run_type") != "aggregate" or b.get("aggregate_name") in ("median", "stddev")]
with open(out + "/bench.json", "w") as o:
    json.dump(doc, o, indent=1)
PY
  echo "gate: wrote $run_base"
fi
"$build/cli/sepax" gate "${args[@]}"
