"""The report's integrator-drift section: verify's "general_motion_drift"
rows (Eberly §5's frames, Euler and RK4, with and without Gram–Schmidt,
against the rotation in 256-bit MPFR), as a table per motion and a log-log
plot of the frame error against the step count."""

from __future__ import annotations

from pathlib import Path

from .document import Heading, Image, Para, Table
from .fields import get_int, get_num, get_str

VARIANTS = (("euler", True, "Euler + GS"), ("euler", False, "Euler"), ("rk4", True, "RK4 + GS"), ("rk4", False, "RK4"))


def add_drift_row(row, path: Path, lineno: int, data) -> None:
    """A "table":"general_motion_drift" row: the last of several inputs wins per key."""
    key = (get_str(row, "motion", path, lineno), get_int(row, "steps", path, lineno),
           get_str(row, "integrator", path, lineno), bool(row.get("gram_schmidt", False)))
    data.drift[key] = {"turn": get_num(row, "turn", path, lineno),
                       "frame_error": get_num(row, "frame_error", path, lineno),
                       "defect": get_num(row, "defect", path, lineno)}


def _motions(data) -> list:
    seen = []
    for motion, _, _, _ in data.drift:
        if motion not in seen:
            seen.append(motion)
    return seen


def drift_table(data, motion: str):
    steps = sorted({k[1] for k in data.drift if k[0] == motion})
    rows = []
    for n in steps:
        row = [str(n)]
        for integrator, gs, _ in VARIANTS:
            cell = data.drift.get((motion, n, integrator, gs))
            row.append(f"{cell['frame_error']:.1e}" if cell else "–")
        rows.append(row)
    return Table(["N"] + [label for _, _, label in VARIANTS], rows, [True] * (1 + len(VARIANTS)))


def plot_drift(data):
    """Frame error against N, log-log, one panel per motion; None without rows."""
    motions = _motions(data)
    if not motions:
        return None
    from .plotting.plot_style import figure_png, legend_panel, pyplot
    plt = pyplot()
    width = 3.2 * len(motions) + 2.0
    fig = plt.figure(figsize=(width, 3.2), label="integrator drift")
    gs_ = fig.add_gridspec(1, len(motions) + 1, width_ratios=[3.2] * len(motions) + [1.6], wspace=0.35,
                           left=0.7 / width, right=0.99, top=0.88, bottom=0.17)
    axes = [fig.add_subplot(gs_[0, i]) for i in range(len(motions))]
    handles = {}
    for ax, motion in zip(axes, motions):
        for integrator, gs, label in VARIANTS:
            points = sorted((k[1], v["frame_error"]) for k, v in data.drift.items()
                            if k[0] == motion and k[2] == integrator and k[3] == gs and v["frame_error"] > 0)
            if points:
                colour = f"C{[v[2] for v in VARIANTS].index(label)}"
                handles[label] = ax.plot([p[0] for p in points], [p[1] for p in points], marker="o" if gs else "x",
                                         linestyle="-" if gs else "--", color=colour, label=label)[0]
        turn = next(v["turn"] for k, v in data.drift.items() if k[0] == motion)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(f"{motion} (|Ω|T = {turn:.1f} rad)")
        ax.set_xlabel("steps N")
        ax.grid(True, which="major", linewidth=0.3)
    axes[0].set_ylabel("max |F − R|")
    legend_panel(fig.add_subplot(gs_[0, len(motions)]), [],
                 [handles[label] for _, _, label in VARIANTS if label in handles], "integrator")
    return figure_png(fig, "general_motion_drift")


def drift_blocks(data) -> list:
    motions = _motions(data)
    if not motions:
        return []
    blocks = [Heading(2, "General motion: integrator drift"),
              Para(["The frames of Eberly §5's general motion, integrated over T = 1 in N steps by Euler or RK4, with "
                    "Gram–Schmidt after every step (GS, as the kernels run) or without, against the rotation "
                    "computed in 256-bit MPFR: the largest entry of |F − R| over the N + 1 samples. Halving the step "
                    "halves Euler's error (first order; second order when Ω lies along a frame axis) and divides "
                    "RK4's by 16 until rounding."])]
    png = plot_drift(data)
    if png:
        blocks.append(Image("general_motion_drift.png", "integrator drift against N", png,
                            "Frame error against the number of steps, per motion (log-log): Euler's lines should fall by "
                            "half per doubling of N, RK4's by 16 until they reach rounding (the floor)."))
    for motion in motions:
        blocks += [Heading(3, motion), drift_table(data, motion)]
    return blocks
