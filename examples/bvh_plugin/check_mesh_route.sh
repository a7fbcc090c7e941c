#!/usr/bin/env bash
# ctest's check of the BVH example, run as a user would: `sepax verify --query
# mesh_mesh --plugin BUGGY` must find the planted bug within 60 s (exit 1, a
# failure class of the plugin's kernel), the mesh-check command it prints must
# reproduce it, and the fixed module must pass the same campaign (exit 0).
# Usage: examples/bvh_plugin/check_mesh_route.sh SEPAX WORK_DIR BUGGY FIXED
set -uo pipefail
sepax=$1 work=$2 buggy=$3 fixed=$4
rm -rf "$work"
mkdir -p "$work"

start=$(date +%s)
"$sepax" verify --query mesh_mesh --plugin "$buggy" --out "$work/buggy" >"$work/buggy.txt" 2>&1
status=$?
seconds=$(( $(date +%s) - start ))
grep -E "^exit|replay files" "$work/buggy.txt"
if [ $status -ne 1 ]; then
  echo "check_mesh_route: verify --plugin '$buggy' --query mesh_mesh exited $status, expected 1 (the planted bug found)" >&2
  exit 1
fi
if [ $seconds -gt 60 ]; then
  echo "check_mesh_route: the campaign that found the bug took $seconds s (more than 60)" >&2
  exit 1
fi
# The first replay command verify printed for the plugin's kernel, as a user copies it.
replay=$(grep -E "^  .* mesh-check .*gross/mybvh-aabb_tree" "$work/buggy.txt" | head -1)
if [ -z "$replay" ]; then
  echo "check_mesh_route: verify printed no mesh-check replay of mybvh/aabb_tree" >&2
  exit 1
fi
echo "replaying:$replay"
eval "$replay" >"$work/replay.txt" 2>&1
status=$?
grep -E "mybvh|gross answers" "$work/replay.txt"
if [ $status -ne 1 ] || ! grep -qE "mybvh/aabb_tree/(float|double) .* gross" "$work/replay.txt"; then
  echo "check_mesh_route: the replay did not reproduce the plugin's gross answer (exit $status)" >&2
  exit 1
fi

"$sepax" verify --query mesh_mesh --plugin "$fixed" --out "$work/fixed" >"$work/fixed.txt" 2>&1
status=$?
grep -E "^exit" "$work/fixed.txt"
if [ $status -ne 0 ]; then
  echo "check_mesh_route: verify --plugin '$fixed' --query mesh_mesh exited $status, expected 0 (no bug)" >&2
  exit 1
fi
echo "check_mesh_route: found the planted BVH bug in $seconds s, replayed it, and passed the fixed plugin"
