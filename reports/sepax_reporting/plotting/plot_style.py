"""What every plot shares (matplotlib, Agg, imported on first use): a
distinct colour × marker per kernel, log axes whose bottom row holds exact
zeros, legends in their own panel, the layout check (no legend over data,
no panel over another, nothing outside the figure) and the rendering to
PNG — and to PDF with --latex — with no date, so the same inputs give the
same bytes."""

from __future__ import annotations

import io
import math

_plt = None


def pyplot():
    """matplotlib, imported once and only when a plot is drawn (input errors
    and --help stay instant), with defaults reset so that a user's
    matplotlibrc cannot change the report."""
    global _plt
    if _plt is None:
        import matplotlib
        matplotlib.use("Agg")
        matplotlib.rcParams.update(matplotlib.rcParamsDefault)
        matplotlib.rcParams.update({"font.size": 9, "svg.hashsalt": "sepax",
                                    "figure.dpi": 100, "savefig.dpi": 100})
        import matplotlib.pyplot as plt
        _plt = plt
    return _plt


FAMILY_MARKERS = ("o", "s", "^", "v", "D", "P", "X", "*", "<", ">", "h", "p", "8", "d")
# Markers that stay distinguishable hollow (peers) and filled (sepax).
KERNEL_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h")

# Set by `--latex`: every figure is also rendered as PDF (vector).
OPTIONS = {"pdf": False}
# What the layout check found in the figures rendered so far (report.py
# prints it; the tests require it empty).
LAYOUT_PROBLEMS: list = []


def kernel_colours(kernels: list) -> dict:
    """Stable colours: the n-th kernel in report order gets the n-th colour
    (tab10, tab20 beyond ten kernels; plots with more than twenty use
    kernel_styles, whose markers tell them apart)."""
    plt = pyplot()
    cmap = plt.get_cmap("tab10" if len(kernels) <= 10 else "tab20")
    return {k: cmap(i % cmap.N) for i, k in enumerate(kernels)}


def kernel_styles(kernels: list) -> dict:
    """kernel -> (colour, marker), no two kernels alike: the ten tab10
    colours, and the marker changes every ten kernels (dark/light tab20
    pairs are too close to tell apart in a scatter plot)."""
    cmap = pyplot().get_cmap("tab10")
    return {k: (cmap(i % 10), KERNEL_MARKERS[(i // 10) % len(KERNEL_MARKERS)]) for i, k in enumerate(kernels)}


def family_markers(families: list) -> dict:
    return {f: FAMILY_MARKERS[i % len(FAMILY_MARKERS)] for i, f in enumerate(families)}


def zero_floor(values, smallest=None, default=1e-6) -> float:
    """A log-axis position one decade below every positive value (and below
    `smallest`, the finest resolvable non-zero value) that stands for 0."""
    pos = [v for v in values if v is not None and v > 0]
    if smallest is not None and smallest > 0:
        pos.append(smallest)
    lo = min(pos) if pos else default
    return 10.0 ** (math.floor(math.log10(lo)) - 1)


def zero_floor_axis(ax, floor: float, top: float):
    """Log axis whose bottom row (grey band, labelled 0) holds exact zeros,
    so a perfect kernel is visible instead of falling off a log scale."""
    pad = 10 ** 0.5
    top = max(top, floor * 100)
    lo_k = int(round(math.log10(floor)))
    hi_k = int(math.floor(math.log10(top * pad)))
    decades = list(range(lo_k + 1, hi_k + 1))
    step = max(1, math.ceil(len(decades) / 8))
    decades = decades[::-1][::step][::-1]
    ticks = [floor] + [10.0 ** k for k in decades]
    labels = ["0"] + [f"$10^{{{k}}}$" for k in decades]
    from matplotlib.ticker import NullLocator
    ax.set_yscale("log")
    ax.set_ylim(floor / pad, top * pad)
    ax.axhspan(floor / pad, floor * pad, color="0.92", zorder=0)
    ax.set_yticks(ticks)
    ax.set_yticklabels(labels)
    ax.yaxis.set_minor_locator(NullLocator())


def log_ticks(ax, lo: float, hi: float, axis: str = "x"):
    """A log axis over [lo, hi] labelled with plain numbers at 1, 2, 5 × 10^k
    (every decade when the range spans many): short labels that never run
    into each other."""
    from matplotlib.ticker import FixedLocator, NullLocator
    span = math.log10(hi / lo)
    subs = (1, 2, 5) if span < 2.5 else (1,) if span < 7 else None
    ticks = []
    for k in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1):
        for m in subs or (1,):
            v = m * 10.0 ** k
            if lo <= v <= hi and (subs or k % 2 == 0):
                ticks.append(v)
    target = ax.xaxis if axis == "x" else ax.yaxis
    (ax.set_xscale if axis == "x" else ax.set_yscale)("log")
    (ax.set_xlim if axis == "x" else ax.set_ylim)(lo, hi)
    target.set_major_locator(FixedLocator(ticks))
    target.set_minor_locator(NullLocator())
    (ax.set_xticklabels if axis == "x" else ax.set_yticklabels)([f"{v:g}" for v in ticks])


def legend_panel(ax, kernel_handles, other_handles, other_title="family", columns=None):
    """One legend in its own axes (kernels, then the other key under a
    heading of its own), so that long kernel ids never cover data and two
    legends never cover each other."""
    from matplotlib.lines import Line2D
    ax.axis("off")
    handles = list(kernel_handles)
    if other_handles and kernel_handles:
        blank = dict(color="none", marker="", linestyle="")
        handles += [Line2D([], [], label=" ", **blank), Line2D([], [], label=f"{other_title}:", **blank)]
    handles += list(other_handles)
    if handles:
        ncol = columns or (1 if len(handles) <= 30 else 2)
        ax.legend(handles=handles, loc="upper left", title="kernel (hollow: peer)" if kernel_handles else other_title,
                  fontsize=7, title_fontsize=8, frameon=False, borderaxespad=0, ncol=ncol,
                  handletextpad=0.4, columnspacing=1.0, alignment="left")


def kernel_handle(data, kernel, colour, marker="o", linestyle=""):
    from matplotlib.lines import Line2D
    peer = data.is_peer(kernel)
    label = f"{kernel} ({data.origin_of(kernel)})" if peer else kernel
    return Line2D([], [], color=colour, marker=marker, linestyle=linestyle,
                  markerfacecolor="none" if peer else colour, markeredgecolor=colour, label=label)


def family_handles(markers: dict):
    from matplotlib.lines import Line2D
    return [Line2D([], [], color="0.3", marker=m, linestyle="", label=f) for f, m in markers.items()]


class Rendered(bytes):
    """A figure's PNG bytes, with its PDF (OPTIONS["pdf"]) and what the
    layout check found."""
    pdf: bytes | None = None
    problems: tuple = ()


def figure_png(fig, name: str = "") -> Rendered:
    """Checks the layout, then renders; no Software/date metadata: the same
    inputs give the same bytes."""
    problems = tuple(f"{name or fig.get_label() or 'figure'}: {p}" for p in layout_problems(fig))
    LAYOUT_PROBLEMS.extend(problems)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    out = Rendered(buf.getvalue())
    out.problems = problems
    if OPTIONS["pdf"]:
        buf = io.BytesIO()
        fig.savefig(buf, format="pdf", metadata={"Creator": None, "Producer": None, "CreationDate": None})
        out.pdf = buf.getvalue()
    pyplot().close(fig)
    return out


def _boxes_overlap(a, b, slack: float = 1.0) -> bool:
    """Bounding boxes (display pixels) that share more than `slack` pixels each way."""
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > slack) and (min(a.y1, b.y1) - max(a.y0, b.y0) > slack)


def layout_problems(fig) -> list:
    """What a reader would see as clutter: a legend over a data panel or
    over another legend, two data panels (with their labels and ticks) on
    each other, a legend or panel cut off by the figure's edge."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    page = fig.bbox
    legends, panels = [], []
    for ax in fig.axes:
        if ax.get_legend() is not None:
            legends.append((f"legend of panel '{ax.get_title() or ax.get_label()}'", ax.get_legend()))
        if ax.axison:
            panels.append((f"panel '{ax.get_title() or ax.get_ylabel() or ax.get_label()}'", ax))
    for leg in getattr(fig, "legends", []):
        legends.append(("figure legend", leg))
    for ax in fig.axes:  # legends added with add_artist beside the axes' own
        for child in ax.get_children():
            if child.__class__.__name__ == "Legend" and all(child is not l for _, l in legends):
                legends.append((f"legend '{child.get_title().get_text()}'", child))
    boxes = [(n, l.get_window_extent(renderer)) for n, l in legends]
    if getattr(fig, "_suptitle", None) is not None and fig._suptitle.get_text():
        boxes.append(("the figure's title", fig._suptitle.get_window_extent(renderer)))
    panel_boxes = []
    for n, ax in panels:
        # The panel with its labels and ticks, without any legend attached to it.
        leg = ax.get_legend()
        if leg is not None:
            leg.set_visible(False)
        panel_boxes.append((n, ax.get_tightbbox(renderer)))
        if leg is not None:
            leg.set_visible(True)
    problems = []
    for n, ax in panels:
        for which, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            labels = [t.get_window_extent(renderer) for t in axis.get_ticklabels(which="both")
                      if t.get_visible() and t.get_text()]
            if any(_boxes_overlap(a, b, slack=0.5) for i, a in enumerate(labels) for b in labels[i + 1:]):
                problems.append(f"{n}: {which} tick labels overlap")
    for i, (n1, b1) in enumerate(boxes):
        for n2, b2 in boxes[i + 1:]:
            if _boxes_overlap(b1, b2):
                problems.append(f"{n1} overlaps {n2}")
        for n2, b2 in panel_boxes:
            if _boxes_overlap(b1, b2):
                problems.append(f"{n1} overlaps {n2}")
    for i, (n1, b1) in enumerate(panel_boxes):
        for n2, b2 in panel_boxes[i + 1:]:
            if _boxes_overlap(b1, b2):
                problems.append(f"{n1} overlaps {n2}")
    for n, b in boxes + panel_boxes:
        if b.x0 < page.x0 - 1 or b.y0 < page.y0 - 1 or b.x1 > page.x1 + 1 or b.y1 > page.y1 + 1:
            problems.append(f"{n} extends beyond the figure")
    return problems


