"""Plots of error rate against margin and of the moving kernels' TOI error
and contact-point distance (the speed-versus-robustness figures are in
speed_plots.py). Each returns rendered bytes (plot_style.figure_png; None
when there is nothing to draw)."""

from __future__ import annotations

import math

from ..model import Dataset, margin_bins_by_kernel
from .plot_style import (figure_png, kernel_colours, kernel_handle, kernel_styles, legend_panel, pyplot, zero_floor,
                         zero_floor_axis)
from ..vocabulary import family_key


def plot_margin(data: Dataset, query: str):
    """Wrong verdicts / cases per margin decade, all families summed: one
    panel per kernel group (sepax's, then each peer library), each with its
    own legend beside it, so that no panel carries more than a handful of
    lines and no two lines of a panel look alike."""
    from matplotlib.lines import Line2D
    total = margin_bins_by_kernel(data, query)
    if not total:
        return None
    plt = pyplot()
    kernels = sorted(total, key=data.kernel_sort_key)
    groups = []
    for kernel in kernels:
        origin = data.origin_of(kernel)
        if not groups or groups[-1][0] != origin:
            groups.append((origin, []))
        groups[-1][1].append(kernel)
    decades = [d for bins in total.values() for d in bins if d is not None]
    zero_x = (min(decades) if decades else 0) - 2       # where "margin exactly 0" sits
    rates = [w / c for bins in total.values() for c, w in bins.values() if c]
    floor = zero_floor(rates, smallest=1 / max(c for bins in total.values() for c, _ in bins.values()))
    top = max(rates + [floor * 100])
    step = max(1, math.ceil(len(set(decades)) / 6))
    shown = [zero_x] + sorted(set(decades))[::step]
    pairs = min(2, len(groups))                          # panel + legend, twice per row
    nrows = math.ceil(len(groups) / pairs)
    height = 2.7 * nrows + 0.5
    width = pairs * (3.6 + 3.0) + 0.4
    fig = plt.figure(figsize=(width, height), label=f"{query} margin")
    gs = fig.add_gridspec(nrows, 2 * pairs, width_ratios=[3.6, 3.0] * pairs, wspace=0.12, hspace=0.6,
                          left=0.7 / width, right=0.995, top=1 - 0.7 / height, bottom=0.55 / height)
    fig.suptitle(f"{query}: wrong verdicts against margin, all families (dashed: moving kernels)", fontsize=10)
    for i, (origin, members) in enumerate(groups):
        ax = fig.add_subplot(gs[i // pairs, 2 * (i % pairs)])
        styles = kernel_styles(members)
        handles = []
        for kernel in members:
            bins = total[kernel]
            pts = sorted((d, w / c) for d, (c, w) in bins.items() if c and d is not None)
            colour, marker = styles[kernel]
            style = dict(color=colour, marker=marker, markersize=4,
                         markerfacecolor="none" if data.is_peer(kernel) else colour)
            dashed = "--" if data.is_moving(kernel) else "-"
            ax.plot([p[0] for p in pts], [p[1] or floor for p in pts], linewidth=1.2, linestyle=dashed, **style)
            c0, w0 = bins.get(None, (0, 0))
            if c0:  # margin exactly 0: its own column, not joined to the decades
                ax.plot([zero_x], [w0 / c0 or floor], linestyle="", **style)
            label = kernel[len(origin) + 1:] if kernel.startswith(origin + "/") else kernel
            handles.append(Line2D([], [], linestyle=dashed, label=label, **style))
        zero_floor_axis(ax, floor, top)
        ax.set_xticks(shown)
        ax.set_xticklabels(["0"] + [f"$10^{{{d}}}$" for d in shown[1:]], fontsize=7)
        ax.set_xlim(zero_x - 0.7, (max(decades) if decades else 0) + 0.7)
        ax.axvline(zero_x + 1, color="0.7", linewidth=0.6, linestyle=":")
        ax.set_title(origin if origin == "sepax" else f"{origin} (peer)", fontsize=9)
        ax.grid(True, color="0.88", linewidth=0.5)
        ax.set_ylabel("wrong / cases", fontsize=8)
        if i // pairs == nrows - 1 or i + pairs >= len(groups):
            ax.set_xlabel("|margin| / size (decade)", fontsize=8)
        leg_ax = fig.add_subplot(gs[i // pairs, 2 * (i % pairs) + 1])
        leg_ax.axis("off")
        leg_ax.legend(handles=handles, loc="upper left", fontsize=7, frameon=False, borderaxespad=0,
                      ncol=1 if len(handles) <= 12 else 2, handlelength=2.2)
    return figure_png(fig, f"{query}_margin")


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
    ax_p.set_xticklabels([k[1] for k in keys], rotation=90, ha="center", fontsize=7)
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
    return figure_png(fig, f"{query}_moving")

