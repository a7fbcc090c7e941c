#!/usr/bin/env bash
# The README's test command: installs what the build needs, builds every
# target (kernels, peers, oracles, properties, CLI, benchmarks), runs all tests
# with ctest, then the short CI gate (scripts/gate.sh): robustness from a short
# campaign and speed as ratios within one benchmark run, against
# bench/thresholds.json and the committed baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
preset=${SEPAX_TEST_PRESET:-ci}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
bash scripts/gate.sh "build/$preset"
