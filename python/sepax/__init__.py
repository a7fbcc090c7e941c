"""sepax from Python: the generated cases of sepax's campaigns as numpy arrays,
and answers computed anywhere (numpy, a GPU, a differentiable simulator)
judged exactly against sepax's oracles.

    import sepax
    cases = sepax.generate("obb_obb", "parallel-edges", "float", 10000, seed=1)
    answers = my_obb_test(cases["a"], cases["b"])          # a bool array
    verdicts = sepax.judge("obb_obb", cases, answers)
    verdicts["class"]                                       # "ok", "boundary", "gross"
    verdicts["failure_classes"]                             # what went wrong, how badly, why

Shapes: a box is {"center": (n,3), "axes": (n,3,3) with axes[:, i] the i-th
axis, "extents": (n,3)}, a triangle {"vertices": (n,3,3)}, a sphere
{"center", "radius"}, an AABB {"min", "max"}, a rectangle {"center": (n,2),
"axes": (n,2,2), "extents": (n,2)}, a plane {"normal", "offset"}, a segment
{"p0", "p1"}; motions {"va", "vb", "T"} (the SAT queries), {"da", "db"}
(Gomez's sweeps). layout(query, mode) lists every field. Arrays are float32
for scalar "float", float64 for "double".
"""

from ._structure import InputError
from ._core import queries, modes, families, layout, kernels, generate, judge, Cases
from ._campaign import campaign, kernel
from ._check import check, results

__all__ = ["queries", "modes", "families", "kernels", "layout", "generate", "judge", "campaign", "kernel", "check",
           "results", "Cases", "InputError"]
