#!/usr/bin/env bash
# The README's test command: installs what the build needs, builds every
# target (kernels, oracles, properties, CLI) and runs all tests with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
preset=${SEPAX_TEST_PRESET:-ci}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
