#!/usr/bin/python3
"""obb_numpy.py's kernel on a GPU, for machines that have CuPy
(it does not come from Debian; sepax's tests do not need this script).

    PYTHONPATH=<build>/python python3 examples/python/obb_gpu.py [--cases N]

sepax makes the cases and judges the answers on the CPU; the kernel runs on
the GPU: each batch is copied to the device, answered there in float32, and
the answers copied back. The arithmetic is obb_numpy.overlap's, written once
for any array module with numpy's interface (here CuPy). GPUs may fuse a*b+c into one rounding (FMA): sepax judges the
answers all the same, so a fused kernel is held to the same band.
"""
import argparse
import os
import sys

import numpy as np

import sepax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import obb_numpy  # noqa: E402


def on_device(xp, to_device, to_host):
    """The example's kernel with its arrays moved to a device and back."""
    def obb_overlap_gpu(cases):
        moved = {side: {part: to_device(cases[side][part]) for part in cases[side]} for side in ("a", "b")}
        return to_host(obb_numpy.overlap(moved, xp=xp))
    return obb_overlap_gpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100000)
    args = parser.parse_args()
    try:
        import cupy
        kernel = on_device(cupy, cupy.asarray, cupy.asnumpy)
    except ImportError:
        print("no CuPy here: this script needs a GPU array library (pip install cupy-cuda12x)", file=sys.stderr)
        return 0
    result = sepax.campaign(kernel, "obb_obb", "float", cases=args.cases, out="sepax-gpu-results")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
