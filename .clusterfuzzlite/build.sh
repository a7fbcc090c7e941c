#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz entry point: the engine's compiler, flags and
# $OUT, sepax's own build of its fuzz targets (fuzz/build.sh).
cd "$SRC/sepax"
SEPAX_JOBS="$(nproc)" bash fuzz/build.sh
