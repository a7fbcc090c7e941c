"""Plots (matplotlib, Agg, imported on first use): speed versus robustness,
error rate against margin, and moving kernels' TOI error and contact-point
distance. Each returns PNG bytes (None when there is nothing to draw);
figures have fixed sizes and carry no date, so the same inputs give the same
bytes."""

from __future__ import annotations

import io
import math

from .model import Dataset, margin_bins_by_kernel
from .vocabulary import family_key

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


def kernel_colours(kernels: list) -> dict:
    """Stable colours: the n-th kernel in report order gets the n-th colour."""
    plt = pyplot()
    cmap = plt.get_cmap("tab10" if len(kernels) <= 10 else "tab20")
    return {k: cmap(i % cmap.N) for i, k in enumerate(kernels)}


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


def legend_panel(ax, kernel_handles, other_handles, other_title="family"):
    """Legends in their own axes, so long kernel ids never cover data."""
    ax.axis("off")
    if kernel_handles:
        leg = ax.legend(handles=kernel_handles, loc="upper left", title="kernel (hollow: peer)",
                        fontsize=7, title_fontsize=8, frameon=False, borderaxespad=0)
        ax.add_artist(leg)
    if other_handles:
        ax.legend(handles=other_handles, loc="lower left", title=other_title, fontsize=7,
                  title_fontsize=8, frameon=False, borderaxespad=0)


def kernel_handle(data, kernel, colour, marker="o", linestyle=""):
    from matplotlib.lines import Line2D
    peer = data.is_peer(kernel)
    label = f"{kernel} ({data.origin_of(kernel)})" if peer else kernel
    return Line2D([], [], color=colour, marker=marker, linestyle=linestyle,
                  markerfacecolor="none" if peer else colour, markeredgecolor=colour, label=label)


def family_handles(markers: dict):
    from matplotlib.lines import Line2D
    return [Line2D([], [], color="0.3", marker=m, linestyle="", label=f) for f, m in markers.items()]


def figure_png(fig) -> bytes:
    buf = io.BytesIO()
    # No Software/date metadata: the same inputs give the same bytes.
    fig.savefig(buf, format="png", metadata={"Software": None})
    pyplot().close(fig)
    return buf.getvalue()


def plot_speed_robustness(data: Dataset, query: str):
    """x: ns/test of the mixed set; left y: gross rate, right y: band width."""
    points = []
    for (kernel, family), s in data.static.items():
        if data.query_of(kernel) != query:
            continue
        ns = data.bench_ns(kernel, family, "mixed")
        if ns is not None and s.judged > 0:
            points.append((kernel, family, ns, s))
    if not points:
        return None
    plt = pyplot()
    kernels = sorted({p[0] for p in points}, key=data.kernel_sort_key)
    families = sorted({p[1] for p in points}, key=family_key)
    colours, markers = kernel_colours(kernels), family_markers(families)
    fig = plt.figure(figsize=(13, 5))
    gs = fig.add_gridspec(1, 3, width_ratios=[1, 1, 0.6], wspace=0.28,
                          left=0.06, right=0.99, top=0.9, bottom=0.12)
    ax_g, ax_b, ax_l = (fig.add_subplot(gs[0, i]) for i in range(3))

    rates = [s.gross_rate for *_, s in points]
    g_floor = zero_floor(rates, smallest=1 / max(s.judged for *_, s in points))
    bands = [s.band for *_, s in points if s.boundary]
    b_floor = zero_floor(bands, default=1e-17)
    for kernel, family, ns, s in sorted(points, key=lambda p: (data.kernel_sort_key(p[0]), family_key(p[1]))):
        c, m = colours[kernel], markers[family]
        face = "none" if data.is_peer(kernel) else c
        ax_g.scatter([ns], [s.gross_rate or g_floor], marker=m, facecolors=face, edgecolors=c, s=42, zorder=3)
        if s.boundary:
            ax_b.scatter([ns], [s.band or b_floor], marker=m, facecolors=face, edgecolors=c, s=42, zorder=3)
    zero_floor_axis(ax_g, g_floor, max([r for r in rates if r] + [g_floor * 100]))
    zero_floor_axis(ax_b, b_floor, max([b for b in bands if b] + [b_floor * 100]))
    for ax, ylabel, title in ((ax_g, "gross-error rate", "speed vs gross errors"),
                              (ax_b, "boundary-band width (max |margin| of boundary verdicts)",
                               "speed vs boundary band")):
        ax.set_xscale("log")
        ax.set_xlabel("ns/test (median, mixed set)")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{query}: {title}")
        ax.grid(True, which="major", color="0.85", linewidth=0.6)
    legend_panel(ax_l, [kernel_handle(data, k, colours[k]) for k in kernels], family_handles(markers))
    return figure_png(fig)


def plot_margin(data: Dataset, query: str):
    """Wrong verdicts / cases per margin decade: all families, then each."""
    total = margin_bins_by_kernel(data, query)
    if not total:
        return None
    plt = pyplot()
    families = sorted({fam for store in (data.static, data.moving) for (k, fam), s in store.items()
                       if s.bins and data.query_of(k) == query}, key=family_key)
    panels = [("all families", total)] + [(f, margin_bins_by_kernel(data, query, f)) for f in families]
    kernels = sorted(total, key=data.kernel_sort_key)
    colours = kernel_colours(kernels)
    decades = [d for bins in total.values() for d in bins if d is not None]
    zero_x = (min(decades) if decades else 0) - 2       # where "margin exactly 0" sits
    rates = [w / c for bins in total.values() for c, w in bins.values() if c]
    floor = zero_floor(rates, smallest=1 / max(c for bins in total.values() for c, _ in bins.values()))
    ncols = min(4, len(panels))
    nrows = math.ceil(len(panels) / ncols)
    fig = plt.figure(figsize=(3.3 * ncols + 3.2, 2.9 * nrows + 0.4))
    gs = fig.add_gridspec(nrows, ncols + 1, width_ratios=[1] * ncols + [0.95], wspace=0.35, hspace=0.55,
                          left=0.06, right=0.99, top=1 - 0.35 / (2.9 * nrows + 0.4),
                          bottom=0.55 / (2.9 * nrows + 0.4) + 0.05)
    top = max(rates + [floor * 100])
    xticks = [zero_x] + sorted(set(decades))
    step = max(1, math.ceil(len(xticks[1:]) / 7))
    shown = [zero_x] + sorted(set(decades))[::step]
    for i, (title, per_kernel) in enumerate(panels):
        ax = fig.add_subplot(gs[i // ncols, i % ncols])
        for kernel in kernels:
            bins = per_kernel.get(kernel)
            if not bins:
                continue
            # Margin exactly 0 is its own column, not joined to the decades.
            pts = sorted((d, w / c) for d, (c, w) in bins.items() if c and d is not None)
            style = dict(color=colours[kernel], marker="o", markersize=4,
                         markerfacecolor="none" if data.is_peer(kernel) else colours[kernel])
            ax.plot([p[0] for p in pts], [p[1] or floor for p in pts], linewidth=1.2,
                    linestyle="--" if data.is_moving(kernel) else "-", **style)
            c0, w0 = bins.get(None, (0, 0))
            if c0:
                ax.plot([zero_x], [w0 / c0 or floor], linestyle="", **style)
        zero_floor_axis(ax, floor, top)
        ax.set_xticks(shown)
        ax.set_xticklabels(["0"] + [f"$10^{{{d}}}$" for d in shown[1:]], fontsize=7)
        ax.set_xlim(zero_x - 0.7, (max(decades) if decades else 0) + 0.7)
        ax.axvline(zero_x + 1, color="0.7", linewidth=0.6, linestyle=":")
        ax.set_title(title, fontsize=9)
        ax.grid(True, color="0.88", linewidth=0.5)
        if i % ncols == 0:
            ax.set_ylabel("wrong / cases")
        if i // ncols == nrows - 1:
            ax.set_xlabel("|margin| / size (decade)")
    ax_l = fig.add_subplot(gs[:, ncols])
    legend_panel(ax_l, [kernel_handle(data, k, colours[k], linestyle="-") for k in kernels], [])
    return figure_png(fig)


def plot_moving(data: Dataset, query: str):
    """p50 / p99 / max of TOI error and contact-point distance per find
    kernel × family, on log axes with a 0 row, and each kernel's bound."""
    keys = sorted((k for k, m in data.moving.items() if data.query_of(k[0]) == query
                   and (m.time_error or m.point_distance)),
                  key=lambda k: (data.kernel_sort_key(k[0]), family_key(k[1])))
    if not keys:
        return None
    plt = pyplot()
    kernels = sorted({k for k, _ in keys}, key=data.kernel_sort_key)
    colours = kernel_colours(kernels)
    # x positions: kernels side by side, families within, a gap between kernels.
    xs, x, prev = {}, 0, None
    for k in keys:
        if prev is not None and k[0] != prev:
            x += 1
        xs[k] = x
        x += 1
        prev = k[0]
    # Fixed inches per family and for the legend: ids are never cut off.
    plot_w, legend_w = max(5.0, 0.3 * x + 1.0), 3.2
    fig = plt.figure(figsize=(plot_w + legend_w + 0.9, 7.0))
    gs = fig.add_gridspec(2, 2, width_ratios=[plot_w, legend_w], hspace=0.12, wspace=0.04,
                          left=0.9 / (plot_w + legend_w + 0.9), right=0.99, top=0.9, bottom=0.17)
    ax_t = fig.add_subplot(gs[0, 0])
    ax_p = fig.add_subplot(gs[1, 0], sharex=ax_t)
    ax_l = fig.add_subplot(gs[:, 1])
    for ax, attr, label in ((ax_t, "time_error", "TOI error |t − t*| / T"),
                            (ax_p, "point_distance", "contact-point distance / size")):
        vals = [getattr(data.moving[k], attr)[p] for k in keys if getattr(data.moving[k], attr)
                for p in ("p50", "p99", "max")]
        bounds = [data.moving[k].bound for k in keys if data.moving[k].bound]
        floor = zero_floor(vals, default=1e-18)
        for k in keys:
            d = getattr(data.moving[k], attr)
            if not d:
                continue
            if None in (d["p50"], d["p99"], d["max"]):
                continue
            c = colours[k[0]]
            y = [d["p50"] or floor, d["p99"] or floor, d["max"] or floor]   # 0 -> the 0 row
            ax.plot([xs[k]] * 2, [y[0], y[2]], color=c, linewidth=1.4, zorder=2)
            ax.scatter([xs[k]], [y[0]], marker="o", color=c, s=22, zorder=3)
            ax.scatter([xs[k]], [y[1]], marker="^", color=c, s=22, zorder=3)
            ax.scatter([xs[k]], [y[2]], marker="_", color=c, s=80, zorder=3, linewidths=1.6)
        for kernel in kernels:
            ks = [k for k in keys if k[0] == kernel]
            b = data.moving[ks[0]].bound
            if b:
                ax.plot([xs[ks[0]] - 0.4, xs[ks[-1]] + 0.4], [b, b], color=colours[kernel],
                        linestyle="--", linewidth=0.8, zorder=1)
        zero_floor_axis(ax, floor, max([v for v in vals if v] + bounds + [floor * 100]))
        ax.set_ylabel(label)
        ax.grid(True, axis="y", color="0.88", linewidth=0.5)
    fig.suptitle(f"{query}: moving kernels on scored first contacts (dashed: ok bound)", fontsize=10)
    plt.setp(ax_t.get_xticklabels(), visible=False)
    ax_p.set_xticks([xs[k] for k in keys])
    ax_p.set_xticklabels([k[1] for k in keys], rotation=60, ha="right", fontsize=7)
    ax_p.set_xlim(-0.8, x - 0.2)
    # Kernel name over each group of families (colour alone is not enough).
    import matplotlib.transforms as mtrans
    above = mtrans.blended_transform_factory(ax_t.transData, ax_t.transAxes)
    for kernel in kernels:
        ks = [xs[k] for k in keys if k[0] == kernel]
        ax_t.text((ks[0] + ks[-1]) / 2, 1.02, kernel.replace("/find_first_contact/", "/find/"),
                  transform=above, ha="center", va="bottom", fontsize=7, color=colours[kernel],
                  style="italic" if data.is_peer(kernel) else "normal")
    from matplotlib.lines import Line2D
    stat_handles = [Line2D([], [], color="0.3", marker="o", linestyle="", label="p50"),
                    Line2D([], [], color="0.3", marker="^", linestyle="", label="p99"),
                    Line2D([], [], color="0.3", marker="_", markersize=10, linestyle="", label="max")]
    legend_panel(ax_l, [kernel_handle(data, k, colours[k]) for k in kernels], stat_handles, "statistic")
    return figure_png(fig)

