#!/usr/bin/env bash
# Builds sepax's fuzz targets the way OSS-Fuzz and ClusterFuzzLite build a
# project: compiler and flags from $CC $CXX $CFLAGS $CXXFLAGS, the engine from
# $LIB_FUZZING_ENGINE, binaries and seed corpora (fuzz_<target>_seed_corpus.zip)
# into $OUT. Without them: Debian's clang 14 with libFuzzer, ASan and UBSan
# (installed here if missing), OUT=build/fuzz-out.
#   fuzz/build.sh                                  # libFuzzer + ASan/UBSan
#   SEPAX_MUTANT=obb_face_ge fuzz/build.sh         # with a planted bug (core/include/sepax/core/mutant.hpp)
#   SEPAX_MUTANT_RUNTIME=1 OUT=build/fuzz-out-mutants fuzz/build.sh   # every planted bug, chosen at run time
#                                                  # by SEPAX_MUTANT=<name> (one build for fuzz/measure.py's hunts)
#   SEPAX_FUZZ_TARGETS="obb_obb tri_tri" fuzz/build.sh  # only these targets (sepax's alone compile no peer)
#   CC=afl-clang-fast CXX=afl-clang-fast++ OUT=build/afl-out fuzz/build.sh   # AFL++ (Debian afl++)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if [ -z "${CXX:-}" ]; then
  bash scripts/setup.sh
  missing=()
  for p in clang-14 libclang-rt-14-dev zip; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "fuzz/build.sh: installing ${missing[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  CC=clang-14
  CXX=clang++-14
fi
# Coverage filtering (fuzz/coverage_ignorelist.txt, no trace-cmp): CMake adds
# it (SEPAX_FUZZ_COVERAGE_FILTER, top-level CMakeLists.txt), for the `fuzz`
# preset too; not when the caller brings its own CFLAGS (OSS-Fuzz's).
[ -n "${CFLAGS:-}" ] && coverage_filter=OFF || coverage_filter=ON
# -O2, not OSS-Fuzz's -O1: the targets are exact arithmetic and the
# kernels, compute-bound; -O2 doubled the executions per second of sepax's
# targets (obb_obb 7.8k -> 14.5k, moving_obb_obb 4.2k -> 8.3k, 2026-11-30)
# with ASan's and UBSan's checks as they were.
: "${CFLAGS:=-O2 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link}"
: "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:=$root/build/fuzz-out}"
# ccache does not know the ignorelist is an input: hash it with every compile.
export CCACHE_EXTRAFILES=$root/fuzz/coverage_ignorelist.txt
OUT=$(realpath -m "$OUT")  # the seed corpora are zipped from inside fuzz/corpus/<target>
# One build folder per compiler and mutant (a compiler change would wipe a CMake cache).
compiler=$(basename "${CXX%% *}")
[ "$compiler" = clang++-14 ] && compiler= || compiler=-$compiler
runtime=${SEPAX_MUTANT_RUNTIME:+-mutants}
build=${SEPAX_FUZZ_BUILD_DIR:-$root/build/fuzz$compiler${SEPAX_MUTANT:+-$SEPAX_MUTANT}$runtime}
# sepax's kernels, then the peers' (peers_<x> reads the corpus of <x>).
targets=(obb_obb tri_obb tri_tri moving_obb_obb moving_tri_obb moving_tri_tri case_file
         peers_obb_obb peers_tri_obb peers_tri_tri peers_moving_obb_obb)
if [ -n "${SEPAX_FUZZ_TARGETS:-}" ]; then
  read -r -a targets <<<"$SEPAX_FUZZ_TARGETS"
  for t in "${targets[@]}"; do
    [ -f "fuzz/targets/$t.cpp" ] || { echo "fuzz/build.sh: no target '$t'" >&2; exit 2; }
  done
fi

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Fuzz \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DSEPAX_BUILD_FUZZERS=ON -DSEPAX_BUILD_TESTS=OFF -DSEPAX_BUILD_CLI=OFF -DSEPAX_BUILD_BENCH=OFF \
  -DSEPAX_INSTALL=OFF -DSEPAX_LIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" -DSEPAX_FUZZ_COVERAGE_FILTER=$coverage_filter \
  ${SEPAX_MUTANT:+-DSEPAX_MUTANT="$SEPAX_MUTANT"} ${SEPAX_MUTANT_RUNTIME:+-DSEPAX_MUTANT_RUNTIME=ON} >/dev/null
cmake --build "$build" -j "${SEPAX_JOBS:-2}" --target "${targets[@]/#/fuzz_}"
mkdir -p "$OUT"
for t in "${targets[@]}"; do
  cp "$build/fuzz/fuzz_$t" "$OUT/"
  (cd "fuzz/corpus/${t#peers_}" && rm -f "$OUT/fuzz_${t}_seed_corpus.zip" && zip -q -r "$OUT/fuzz_${t}_seed_corpus.zip" .)
done
echo "fuzz/build.sh: ${#targets[@]} targets in $OUT"
