#!/usr/bin/python3
"""A vectorised numpy OBB-OBB overlap test in float32, judged by sepax from Python.

    PYTHONPATH=<build>/python /usr/bin/python3 examples/python/obb_numpy.py          # the planted bug
    PYTHONPATH=<build>/python /usr/bin/python3 examples/python/obb_numpy.py --fixed  # the fixed kernel

The kernel is the 15-axis separating-axis test of Eberly's "Dynamic Collision
Detection using Oriented Bounding Boxes" (§2, Table 1) for a whole batch of
box pairs at once, in float32 arithmetic throughout, with the usual epsilon
added to |R| so that nearly parallel edges (whose cross product vanishes)
never separate by rounding alone — declared to sepax as the method it is
(bias epsilon_on_rotation), so the false contacts it makes on purpose are
judged against the band it opens, not as bugs. sepax.campaign runs it on every family of
obb_obb, judges each answer exactly and writes the replay files; each
failure class's summary line prints the commands that replay it.

The planted bug (obb_overlap_planted) is a one-index typo in the projected
radius of box B on the edge-edge axes A_i x B_j: B's extent e_{j+2} is
weighted by |R[i][j+2]| instead of |R[i][j+1]|. It is a realistic slip — most
pairs still come out right — and sepax finds it as false separations of
boxes that overlap along nearly parallel edges.
"""
import argparse
import sys

import numpy as np

import sepax

EPSILON = np.float32(1e-6)  # added to |R|: a cross product of parallel edges separates nothing


def overlap(cases, planted_bug=False, xp=np):
    """For each pair of boxes (sepax.Cases of obb_obb), do they overlap or
    touch? `xp`: the array module (numpy; CuPy for a GPU: obb_gpu.py)."""
    a, b = cases["a"], cases["b"]
    A, B = a["axes"], b["axes"]  # (n, 3, 3): A[:, i] is axis i of each box a
    ea, eb = a["extents"], b["extents"]
    R = xp.einsum("nik,njk->nij", A, B)  # R[i][j] = A_i . B_j
    T = xp.einsum("nik,nk->ni", A, b["center"] - a["center"])  # B's centre in A's frame
    absR = xp.abs(R) + EPSILON
    separated = xp.zeros(len(ea), dtype=bool)
    for i in range(3):  # A's face normals
        separated |= xp.abs(T[:, i]) > ea[:, i] + (eb * absR[:, i, :]).sum(axis=1)
    for j in range(3):  # B's face normals
        separated |= xp.abs((T * R[:, :, j]).sum(axis=1)) > (ea * absR[:, :, j]).sum(axis=1) + eb[:, j]
    for i in range(3):  # the nine edge-edge axes A_i x B_j
        i1, i2 = (i + 1) % 3, (i + 2) % 3
        for j in range(3):
            j1, j2 = (j + 1) % 3, (j + 2) % 3
            ra = ea[:, i1] * absR[:, i2, j] + ea[:, i2] * absR[:, i1, j]
            rb = eb[:, j1] * absR[:, i, j2] + eb[:, j2] * absR[:, i, j2 if planted_bug else j1]
            separated |= xp.abs(T[:, i2] * R[:, i1, j] - T[:, i1] * R[:, i2, j]) > ra + rb
    return ~separated


# Gottschalk's epsilon is a documented method: sepax derives the band it opens.
GOTTSCHALK = {"method": "epsilon_on_rotation", "epsilon": float(EPSILON)}


@sepax.kernel("obb_obb", "float", name="obb_overlap_planted", bias=GOTTSCHALK)
def obb_overlap_planted(cases):
    return overlap(cases, planted_bug=True)


@sepax.kernel("obb_obb", "float", name="obb_overlap", bias=GOTTSCHALK)
def obb_overlap(cases):
    return overlap(cases)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fixed", action="store_true", help="the kernel without the planted bug")
    parser.add_argument("--cases", type=int, default=5000, help="cases per family (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="sepax-python-results", help="results folder")
    args = parser.parse_args()
    kernel = obb_overlap if args.fixed else obb_overlap_planted
    result = sepax.campaign(kernel, cases=args.cases, seed=args.seed, out=args.out)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
