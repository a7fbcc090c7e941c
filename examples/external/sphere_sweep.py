#!/usr/bin/env python3
"""Gomez's sphere sweep in plain Python (double), judged by sepax as an external process.

Two balls a and b move by u*da and u*db for u in [0, 1]; the kernel says when
they first touch: the smaller root u of |p + u v|^2 = (ra + rb)^2, with
p = cb - ca and v = db - da. The planted bug (the default): when the balls
pass through each other within the frame it reports the *later* root (when
they separate again) as the first contact. `--fixed` takes the earlier one.

    sepax verify --external 'python3 examples/external/sphere_sweep.py' --query sphere_sphere --cases 500
"""
import math
import sys

import sepax_external

FIXED = "--fixed" in sys.argv


def scale_of(p, v, r):
    """A power of two bringing the largest magnitude near 1: the times are ratios,
    and squares of centres at 2^500 would overflow."""
    m = max([abs(x) for x in p + v] + [abs(r)])
    if m == 0 or not math.isfinite(m):
        return 1.0
    return math.ldexp(1.0, -math.frexp(m)[1])


def roots(a, beta, c, disc):
    """The roots of a u^2 + 2 beta u + c, smaller first, without cancellation."""
    sq = math.sqrt(disc)
    if beta <= 0:
        q = sq - beta
        if q == 0:
            return 0.0, 0.0
        return c / q, q / a
    q = -(beta + sq)
    return q / a, c / q


def sweep(ball_a, ball_b, motion):
    ca, ra = ball_a[0:3], ball_a[3]
    cb, rb = ball_b[0:3], ball_b[3]
    da, db = motion[0:3], motion[3:6]
    p0 = [cb[i] - ca[i] for i in range(3)]
    v0 = [db[i] - da[i] for i in range(3)]
    s = scale_of(p0, v0, ra + rb)
    p = [x * s for x in p0]
    v = [x * s for x in v0]
    r = (ra + rb) * s
    rr, pp = r * r, sum(x * x for x in p)
    qa, beta = sum(x * x for x in v), sum(v[i] * p[i] for i in range(3))
    cross = [v[1] * p[2] - v[2] * p[1], v[2] * p[0] - v[0] * p[2], v[0] * p[1] - v[1] * p[0]]
    disc = qa * rr - sum(x * x for x in cross)  # beta^2 - a c, by Lagrange's identity
    if pp <= rr:
        return 0, None  # overlapping at the start
    p1 = [p[i] + v[i] for i in range(3)]
    meets_at_end = sum(x * x for x in p1) <= rr
    meets_inside = beta < 0 and -beta < qa and disc >= 0
    if not meets_at_end and not meets_inside:
        return 1, None  # separated throughout
    lo, hi = roots(qa, beta, pp - rr, max(disc, 0.0))
    first = lo if FIXED else (hi if hi <= 1 else lo)  # the bug: the later root when it lies in the frame
    return 2, min(max(first, 0.0), 1.0)


def run(inputs):
    states, times = [], []
    for a, b, m in zip(inputs["a"], inputs["b"], inputs["motion"]):
        state, time = sweep(a, b, m)
        states.append(state)
        times.append(time)
    return {"state": states, "time": times}


if __name__ == "__main__":
    name = "pysweep_fixed" if FIXED else "pysweep"
    sepax_external.serve_v2(name, [
        {"name": "sweep", "query": "sphere_sphere", "mode": "find_first_contact", "scalar": "double", "run": run},
    ], binary="--binary" in sys.argv)
