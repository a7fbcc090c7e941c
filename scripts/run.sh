#!/usr/bin/env bash
# The README's run command: installs what the build needs, builds the
# `sepax` command in release mode and runs the default verification campaign.
# Extra arguments go to `sepax verify` (e.g. --seed 7 --budget 120).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target sepax
exec ./build/release/cli/sepax verify "$@"
