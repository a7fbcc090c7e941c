"""Speed versus robustness, one panel per family: ns/test of the mixed set
against the gross-error rate (one figure) and against the boundary-band
width (another). Every kernel has its own colour × marker (kernel_styles),
sepax's filled and peers hollow, in one legend beside the panels; the axes
are shared, so a kernel's position can be compared across families."""

from __future__ import annotations

import math

from ..model import Dataset
from .plot_style import (figure_png, kernel_handle, kernel_styles, legend_panel, log_ticks, pyplot, zero_floor,
                         zero_floor_axis)
from ..vocabulary import family_key

PANEL_W, PANEL_H, LEGEND_W = 3.4, 2.7, 3.6   # inches
COLUMNS = 3


def speed_points(data: Dataset, query: str) -> list:
    """(kernel, family, ns/test, stats) of the query's static kernels that
    were both benchmarked (mixed set) and judged."""
    points = []
    for (kernel, family), s in data.static.items():
        if data.query_of(kernel) != query:
            continue
        ns = data.bench_ns(kernel, family, "mixed")
        if ns is not None and s.judged > 0:
            points.append((kernel, family, ns, s))
    return sorted(points, key=lambda p: (data.kernel_sort_key(p[0]), family_key(p[1])))


def _facet_figure(data: Dataset, query: str, points: list, value, floor: float, top: float, ylabel: str,
                  title: str):
    plt = pyplot()
    kernels = sorted({p[0] for p in points}, key=data.kernel_sort_key)
    families = sorted({p[1] for p in points}, key=family_key)
    styles = kernel_styles(kernels)
    ncols = min(COLUMNS, len(families))
    nrows = math.ceil(len(families) / ncols)
    height = max(PANEL_H * nrows + 0.9, 0.14 * (len(kernels) + 2) + 1.2)
    width = PANEL_W * ncols + LEGEND_W + 0.8
    fig = plt.figure(figsize=(width, height), label=f"{query} {title}")
    gs = fig.add_gridspec(nrows, ncols + 1, width_ratios=[PANEL_W] * ncols + [LEGEND_W],
                          wspace=0.32, hspace=0.55, left=0.75 / width, right=0.99,
                          top=1 - 0.55 / height, bottom=0.6 / height)
    xs = [p[2] for p in points]
    x_lo, x_hi = min(xs) / 1.6, max(xs) * 1.6
    fig.suptitle(f"{query}: {title}", fontsize=10)
    for i, family in enumerate(families):
        ax = fig.add_subplot(gs[i // ncols, i % ncols])
        for kernel, fam, ns, s in points:
            if fam != family or value(s) is False:
                continue
            colour, marker = styles[kernel]
            ax.scatter([ns], [value(s) or floor], marker=marker, s=36, zorder=3, linewidths=1.1,
                       facecolors="none" if data.is_peer(kernel) else colour, edgecolors=colour)
        log_ticks(ax, x_lo, x_hi)
        zero_floor_axis(ax, floor, top)
        ax.set_title(family, fontsize=9)
        ax.grid(True, which="major", color="0.88", linewidth=0.5)
        if i % ncols == 0:
            ax.set_ylabel(ylabel, fontsize=8)
        if i // ncols == nrows - 1 or i + ncols >= len(families):
            ax.set_xlabel("ns/test (median, mixed set)", fontsize=8)
    # One column: the figure is made tall enough for it (`height`); a second
    # ran past the figure's right edge once MuJoCo made obb_obb 33 kernels.
    legend_panel(fig.add_subplot(gs[:, ncols]),
                 [kernel_handle(data, k, styles[k][0], styles[k][1]) for k in kernels], [], columns=1)
    return fig


def speed_gross_figure(data: Dataset, query: str):
    points = speed_points(data, query)
    if not points:
        return None
    rates = [s.gross_rate for *_, s in points]
    floor = zero_floor(rates, smallest=1 / max(s.judged for *_, s in points))
    top = max([r for r in rates if r] + [floor * 100])
    return _facet_figure(data, query, points, lambda s: s.gross_rate, floor, top, "gross-error rate",
                         "speed against gross errors, per family")


def speed_band_figure(data: Dataset, query: str):
    points = [p for p in speed_points(data, query) if p[3].boundary]
    if not points:
        return None
    bands = [s.band for *_, s in points]
    floor = zero_floor(bands, default=1e-17)
    top = max([b for b in bands if b] + [floor * 100])
    return _facet_figure(data, query, points, lambda s: s.band, floor, top, "band width (|margin| / size)",
                         "speed against boundary-band width, per family")


def plot_speed_gross(data: Dataset, query: str):
    fig = speed_gross_figure(data, query)
    return figure_png(fig, f"{query}_speed_gross") if fig else None


def plot_speed_band(data: Dataset, query: str):
    fig = speed_band_figure(data, query)
    return figure_png(fig, f"{query}_speed_band") if fig else None
