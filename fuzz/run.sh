#!/usr/bin/env bash
# fuzz/run.sh TARGET SECONDS [libFuzzer options...]
# Fuzzes one target (sepax's kernels: obb_obb tri_obb tri_tri moving_obb_obb
# moving_tri_obb moving_tri_tri case_file; the peers': peers_obb_obb
# peers_tri_obb peers_tri_tri peers_moving_obb_obb) for SECONDS, building it
# first (fuzz/build.sh) when it is missing. New corpus inputs go to
# build/fuzz-work/TARGET (fuzz/corpus/TARGET seeds it, read only; peers_<x>
# reads fuzz/corpus/<x>); findings (case files with their replay command, and
# libFuzzer's crash inputs) to build/fuzz-findings/TARGET. Prints libFuzzer's
# final stats (exec/s) and the distinct finding signatures. Exit status:
# libFuzzer's (non-zero when a finding stopped it; SEPAX_FUZZ_ABORT chooses which).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: fuzz/run.sh TARGET SECONDS [libFuzzer options...]" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
corpus=fuzz/corpus/${target#peers_}
if [ ! -f "fuzz/targets/$target.cpp" ] || [ ! -d "$corpus" ]; then
  echo "fuzz/run.sh: no target '$target' (one of: $(cd fuzz/targets && ls *.cpp | sed 's/\.cpp$//' | tr '\n' ' '))" >&2
  exit 2
fi
out=${OUT:-$PWD/build/fuzz-out}
[ -x "$out/fuzz_$target" ] || OUT="$out" bash fuzz/build.sh
work=build/fuzz-work/$target findings=build/fuzz-findings/$target
mkdir -p "$work" "$findings"
# A short allocation context (ASan's default records 30 frames of every malloc,
# a fifth of an execution): every check stays, reports name fewer callers.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=4}
# The plain power schedule but for case_file, whose inputs are capped at 1 KB (fuzz/measure.py's
# LIBFUZZER_OPTIONS says why); a later -entropic=1 among the options turns it back on.
schedule=(-entropic=0)
[ "$target" = case_file ] && schedule=(-entropic=1 -max_len=1024)
SEPAX_FUZZ_FINDINGS="$findings" exec "$out/fuzz_$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$findings/" "${schedule[@]}" "$@" "$work" "$corpus"
