#!/usr/bin/python3
"""How wrong is a float kernel, and where? A notebook-style walk through one
kernel's answers against the exact margin, ending in a plot.

    PYTHONPATH=<build>/python /usr/bin/python3 examples/python/error_vs_margin.py [-o error_vs_margin.png]

Each step is a cell you could paste into a notebook. The kernel is
obb_numpy.py's float32 OBB-OBB test (the fixed one, and the planted bug for
contrast); the cases are sepax's nearly-parallel and touching families,
where float arithmetic is at its limit.
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")  # headless: write a file, no window
import matplotlib.pyplot as plt
import numpy as np

import sepax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from obb_numpy import overlap  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("-o", "--output", default="error_vs_margin.png")
parser.add_argument("--cases", type=int, default=20000, help="cases per family")
args = parser.parse_args()

# %% 1. Cases where float32 struggles: boxes nearly parallel, boxes just touching.
families = ["near-parallel", "touching", "parallel-edges"]
cases = {f: sepax.generate("obb_obb", f, "float", args.cases, seed=1) for f in families}

# %% 2. Both kernels' answers, judged exactly. margin: the exact signed distance
# along the best axis relative to the boxes' size (> 0 overlapping);
# band: how far rounding in float may move it.
verdicts = {}
for name, bug in (("fixed", False), ("planted bug", True)):
    verdicts[name] = {f: sepax.judge("obb_obb", cases[f], overlap(cases[f], planted_bug=bug)) for f in families}

# %% 3. The numbers: wrong answers, and how far outside the band they are.
for name, by_family in verdicts.items():
    for f, v in by_family.items():
        wrong = np.isfinite(v["margin"])
        print("%-12s %-15s wrong %5d  boundary %5d  gross %5d  worst |margin|/band %.3g" % (
            name, f, wrong.sum(), (v["class"] == "boundary").sum(), (v["class"] == "gross").sum(),
            np.nanmax(v["severity"] / v["band"]) if wrong.any() else 0))

# %% 4. The plot: every wrong answer at its |margin| (x) and |margin| / band (y).
# Below y = 1 the error is within rounding (boundary); above, it is a bug (gross).
fig, ax = plt.subplots(figsize=(7, 4.5))
for (name, by_family), marker in zip(verdicts.items(), ("o", "x")):
    for f, v in by_family.items():
        wrong = np.isfinite(v["margin"]) & (v["severity"] > 0)
        ax.scatter(v["severity"][wrong], v["severity"][wrong] / v["band"][wrong], s=10, marker=marker,
                   label="%s, %s (%d)" % (name, f, wrong.sum()))
ax.axhline(1.0, color="k", lw=1, ls="--")
ax.text(ax.get_xlim()[0] if ax.get_xscale() == "log" else 0, 1.1, " rounding band: above is gross", va="bottom")
ax.set_xscale("log")
ax.set_yscale("log")
ax.set_xlabel("|exact margin| of a wrong answer, relative to the boxes' size")
ax.set_ylabel("|margin| / rounding band")
ax.set_title("obb_obb float32: where a numpy kernel is wrong")
ax.legend(fontsize=7)
fig.tight_layout()
fig.savefig(args.output, dpi=120)
print("wrote", args.output)
