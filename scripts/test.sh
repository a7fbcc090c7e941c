#!/usr/bin/env bash
# The README's test command: installs what the build needs, builds every
# target (kernels, peers, oracles, properties, CLI, benchmarks), runs all tests
# with ctest, then the short CI gate (scripts/gate.sh): robustness from a short
# campaign and speed as ratios within one benchmark run, against
# bench/thresholds.json and the committed baseline; last, the mutation smoke
# test: the `sepax` of the mutants preset (every planted bug behind a run-time
# switch, so its kernels are not timed) must kill four planted bugs of the
# catalogue with its quick campaign (`sepax mutate --quick`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --cluster
preset=${SEPAX_TEST_PRESET:-ci}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
bash scripts/gate.sh "build/$preset"
cmake --preset mutants >/dev/null
cmake --build --preset mutants --target sepax
build/mutants/cli/sepax mutate --quick --out build/mutants/mutate-quick \
  --mutant obb_cij_transposed --mutant tri_obb_drop_normal --mutant tri_tri_drop_inplane_b --mutant table2_sigma
