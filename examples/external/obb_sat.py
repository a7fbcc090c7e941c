#!/usr/bin/env python3
"""An OBB-OBB separating-axis test in plain Python, judged by sepax over a pipe.

Gottschalk's classic 15-axis form (OBBTree, SIGGRAPH 1996), written from the
math. In A's frame: R_ij = A_i . B_j, T_i = A_i . (C_B - C_A),
AbsR_ij = |R_ij| + eps; strict '>' separates (closed boxes: touching boxes
intersect). Indices mod 3:
  L = A_i:       |T_i|               > a_i + sum_j b_j AbsR_ij
  L = B_j:       |sum_i T_i R_ij|    > sum_i a_i AbsR_ij + b_j
  L = A_i x B_j: |T_i2 R_i1j - T_i1 R_i2j|
                   > a_i1 AbsR_i2j + a_i2 AbsR_i1j + b_j1 AbsR_ij2 + b_j2 AbsR_ij1
The eps keeps a nearly zero cross product A_i x B_j (nearly parallel edges)
from separating on rounding noise: both sides of its test are then noise.

PLANTED BUG (the default): the eps is declared to sepax but missing from
AbsR, the classic slip. Nearly parallel boxes are then falsely separated
and `sepax verify` reports gross verdicts. `--fixed` adds the eps.
`--binary` asks for the binary framing (PROTOCOL.md).

Both kernels compute in Python's float (double); the float one is judged
with float's rounding band on float inputs.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True  # keep examples/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sepax_external  # noqa: E402

EPSILON = 1e-6


def separated(flat, eps):
    """True when one of the 15 axes separates the boxes of a flat obb_obb pair."""
    ca, A, a = sepax_external.obb(flat, 0)
    cb, B, b = sepax_external.obb(flat, 15)
    d = [cb[k] - ca[k] for k in range(3)]
    T = [A[i][0] * d[0] + A[i][1] * d[1] + A[i][2] * d[2] for i in range(3)]
    R = [[A[i][0] * B[j][0] + A[i][1] * B[j][1] + A[i][2] * B[j][2] for j in range(3)] for i in range(3)]
    AbsR = [[abs(R[i][j]) + eps for j in range(3)] for i in range(3)]
    for i in range(3):  # L = A_i
        if abs(T[i]) > a[i] + b[0] * AbsR[i][0] + b[1] * AbsR[i][1] + b[2] * AbsR[i][2]:
            return True
    for j in range(3):  # L = B_j
        if abs(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) > (
                a[0] * AbsR[0][j] + a[1] * AbsR[1][j] + a[2] * AbsR[2][j] + b[j]):
            return True
    for i in range(3):  # L = A_i x B_j
        i1, i2 = (i + 1) % 3, (i + 2) % 3
        for j in range(3):
            j1, j2 = (j + 1) % 3, (j + 2) % 3
            dist = abs(T[i2] * R[i1][j] - T[i1] * R[i2][j])
            ra = a[i1] * AbsR[i2][j] + a[i2] * AbsR[i1][j]
            rb = b[j1] * AbsR[i][j2] + b[j2] * AbsR[i][j1]
            if dist > ra + rb:
                return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixed", action="store_true", help="add the eps to |R_ij| (no planted bug)")
    parser.add_argument("--binary", action="store_true", help="binary framing of requests")
    args = parser.parse_args()
    eps = EPSILON if args.fixed else 0.0  # the planted bug: eps declared, not used

    def run(pairs, _motions):
        return [not separated(p, eps) for p in pairs]

    bias = {"method": "epsilon_on_rotation", "epsilon": EPSILON}
    kernels = [{"name": "obb_sat", "query": "obb_obb", "mode": "test_static", "scalar": scalar,
                "bias": bias, "open_sets": False, "run": run} for scalar in ("float", "double")]
    sepax_external.serve("pyexample", kernels, binary=args.binary)


if __name__ == "__main__":
    main()
