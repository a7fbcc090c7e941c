#!/usr/bin/env bash
# fuzz/coverage.sh [CORPUS_ROOT...]
# Line coverage of core/ (the kernels) reached by the fuzz corpora: builds the
# replay binaries with clang's source-based coverage (build/fuzz-coverage),
# runs each target on fuzz/corpus/<target> and on <CORPUS_ROOT>/<target> for
# every root given (build/fuzz-work by default: what fuzz/run.sh grew), and
# prints llvm-cov's report for core/ with the total line coverage.
set -euo pipefail
cd "$(dirname "$0")/.."
roots=("$@")
[ ${#roots[@]} -gt 0 ] || roots=(build/fuzz-work)
command -v clang++-14 >/dev/null || { bash scripts/setup.sh; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang-14 llvm-14 >/dev/null; }
build=build/fuzz-coverage
targets=(obb_obb tri_obb tri_tri moving_obb_obb moving_tri_obb moving_tri_tri case_file)
flags="-O1 -fprofile-instr-generate -fcoverage-mapping"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Coverage -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" \
  -DSEPAX_BUILD_TESTS=ON -DSEPAX_BUILD_CLI=OFF -DSEPAX_BUILD_BENCH=OFF -DSEPAX_INSTALL=OFF >/dev/null
cmake --build "$build" -j "${SEPAX_JOBS:-2}" --target $(printf 'fuzz_%s_replay ' "${targets[@]}")
rm -rf "$build/profiles" && mkdir -p "$build/profiles"
objects=()
for t in "${targets[@]}"; do
  inputs=("fuzz/corpus/$t")
  for r in "${roots[@]}"; do [ -d "$r/$t" ] && inputs+=("$r/$t"); done
  LLVM_PROFILE_FILE="$build/profiles/$t-%p.profraw" SEPAX_FUZZ_ABORT=none SEPAX_FUZZ_FINDINGS="$build/findings" \
    "$build/fuzz/fuzz_${t}_replay" "${inputs[@]}" >/dev/null 2>&1 || true
  objects+=(-object "$build/fuzz/fuzz_${t}_replay")
done
llvm-profdata-14 merge -sparse "$build"/profiles/*.profraw -o "$build/fuzz.profdata"
llvm-cov-14 report "${objects[@]:1}" -instr-profile="$build/fuzz.profdata" $(find core/src core/include -name '*.cpp' -o -name '*.hpp' | sort)
