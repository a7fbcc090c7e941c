"""The OBB-tree section: mesh kernels (sepax's trees, FCL's BVHs) on real
meshes — verify's tree campaign judged against the exact triangle-pair sets,
and sepax_bench_trees' queries/s, build time and memory with each sepax
tree's speed-up over FCL's faster BVH on the same poses."""

from __future__ import annotations

from .document import Em, Heading, Image, Para, Strong, Table
from .model import Dataset
from .vocabulary import DASH

TREE_NOTES = [
    "Poses of mesh B near first contact with mesh A (both sides of it, 1e-7 to 1e-2 of the diameter, plus exactly "
    "representable ones). ", Strong("truth hits"), ": poses whose exact set of intersecting triangle pairs is not "
    "empty. Each answer — the first-hit query and the set of every intersecting pair — is judged against that set; "
    "every disagreeing pair is judged like a single triangle–triangle case (", Strong("boundary"), ": within the "
    "rounding band of the kernel's scalar, ", Strong("gross"), ": beyond). Kernel names: ", Em("split/leaf size/"
    "scalar"), "; FCL (in italics) is a peer."]

BENCH_NOTES = [
    "Google Benchmark, one thread, the same poses for every kernel; ", Strong("× FCL"), ": queries/s over the "
    "faster of fcl/obb and fcl/obbrss on that pair and query, measured in the same run."]


def _is_fcl(kernel: str) -> bool:
    return kernel.startswith("fcl/")


def _kernel_cell(kernel: str):
    return Em(kernel) if _is_fcl(kernel) else kernel


def _fmt_rate(v):
    if v is None:
        return DASH
    return f"{v / 1e3:.1f}k" if v >= 1e3 else f"{v:.0f}"


def _median(values):
    values = sorted(values)
    n = len(values)
    return None if n == 0 else (values[n // 2] if n % 2 else 0.5 * (values[n // 2 - 1] + values[n // 2]))


def _kernel_key(kernel: str):
    return (1 if _is_fcl(kernel) else 0, kernel)


def campaign_table(data: Dataset):
    keys = sorted(data.trees, key=lambda k: (k[1], _kernel_key(k[0])))
    if not keys:
        return None
    headers = ["kernel", "pair", "poses", "truth hits", "ok", "boundary", "gross", "queries/s"]
    rows, peers = [], set()
    for i, key in enumerate(keys):
        t = data.trees[key]
        rows.append([_kernel_cell(t.kernel), t.pair, str(t.poses), str(t.truth_hits), str(t.ok), str(t.boundary),
                     str(t.gross), _fmt_rate(t.queries_per_s)])
        if t.peer or _is_fcl(t.kernel):
            peers.add(i)
    return Table(headers, rows, [False, False] + [True] * 6, peers)


def query_rate(data: Dataset, kernel: str, pair: str, query: str):
    return _median(data.tree_queries.get((kernel, pair, query), []))


def fcl_best(data: Dataset, pair: str, query: str):
    rates = [query_rate(data, k, p, q) for (k, p, q) in data.tree_queries if p == pair and q == query and _is_fcl(k)]
    rates = [r for r in rates if r is not None]
    return max(rates) if rates else None


def bench_table(data: Dataset):
    kernels = sorted({k for (k, _p, _q) in data.tree_queries}, key=_kernel_key)
    pairs = sorted({p for (_k, p, _q) in data.tree_queries})
    if not kernels:
        return None
    headers = ["kernel", "pair", "boolean queries/s", "× FCL", "all pairs queries/s", "× FCL"]
    rows, peers = [], set()
    for pair in pairs:
        for kernel in kernels:
            cells = [_kernel_cell(kernel), pair]
            present = False
            for query in ("boolean", "all_pairs"):
                rate = query_rate(data, kernel, pair, query)
                best = fcl_best(data, pair, query)
                present = present or rate is not None
                cells.append(_fmt_rate(rate))
                cells.append(f"{rate / best:.2f}" if rate is not None and best and not _is_fcl(kernel) else DASH)
            if present:
                if _is_fcl(kernel):
                    peers.add(len(rows))
                rows.append(cells)
    return Table(headers, rows, [False, False, True, True, True, True], peers)


def build_table(data: Dataset):
    keys = sorted(data.tree_builds, key=lambda k: (k[1], _kernel_key(k[0])))
    if not keys:
        return None
    headers = ["kernel", "mesh", "build ns/triangle", "bytes/triangle"]
    rows, peers = [], set()
    for i, (kernel, mesh) in enumerate(keys):
        b = data.tree_builds[(kernel, mesh)]
        ns, by = b.get("ns_per_triangle"), b.get("bytes_per_triangle")
        rows.append([_kernel_cell(kernel), mesh, f"{ns:.0f}" if ns is not None else DASH,
                     f"{by:.0f}" if by is not None else DASH])
        if _is_fcl(kernel):
            peers.add(i)
    return Table(headers, rows, [False, False, True, True], peers)


def _pair_label(pair: str) -> str:
    """"couplingdownxelephant" (the benchmark's) or "couplingdown x elephant" (verify's), on two lines."""
    a, sep, b = pair.partition(" x ")
    if not sep:
        a, sep, b = pair.partition("x")
    return f"{a}\n× {b}" if sep else pair


def plot_tree_speed(data: Dataset):
    """Grouped bars: queries/s per mesh pair and kernel, boolean and all pairs."""
    if not data.tree_queries:
        return None
    from .plotting.plot_style import figure_png, kernel_colours, legend_panel, pyplot
    plt = pyplot()
    kernels = sorted({k for (k, _p, _q) in data.tree_queries}, key=_kernel_key)
    pairs = sorted({p for (_k, p, _q) in data.tree_queries})
    colours = kernel_colours(kernels)
    fig = plt.figure(figsize=(12, 4.2), label="trees speed")
    gs = fig.add_gridspec(1, 3, width_ratios=[1, 1, 0.55], wspace=0.3, left=0.07, right=0.99, top=0.9, bottom=0.16)
    axes = [fig.add_subplot(gs[0, i]) for i in range(2)]
    width = 0.8 / max(1, len(kernels))
    for ax, query, title in zip(axes, ("boolean", "all_pairs"), ("first hit (boolean)", "every pair")):
        for i, kernel in enumerate(kernels):
            xs, ys = [], []
            for j, pair in enumerate(pairs):
                rate = query_rate(data, kernel, pair, query)
                if rate is not None:
                    xs.append(j - 0.4 + (i + 0.5) * width)
                    ys.append(rate)
            ax.bar(xs, ys, width, color=colours[kernel], label=kernel,
                   hatch="//" if _is_fcl(kernel) else None, edgecolor="white" if not _is_fcl(kernel) else "0.2")
        ax.set_xticks(range(len(pairs)))
        ax.set_xticklabels([_pair_label(p) for p in pairs], fontsize=8)
        ax.set_ylabel("queries/s (one thread)")
        ax.set_title(title)
        ax.grid(axis="y", color="0.9")
    from matplotlib.patches import Patch
    legend_panel(fig.add_subplot(gs[0, 2]), [], [
        Patch(facecolor=colours[k], hatch="//" if _is_fcl(k) else None, edgecolor="0.2" if _is_fcl(k) else "white",
              label=k) for k in kernels], "kernel (hatched: FCL)")
    return figure_png(fig, "trees_speed")


def tree_blocks(data: Dataset) -> list:
    ct, bt, bu = campaign_table(data), bench_table(data), build_table(data)
    if not (ct or bt or bu):
        return []
    blocks = [Heading(2, "OBB trees on real meshes")]
    if ct:
        blocks += [Heading(3, "Judged against the exact pair sets"), ct, Para(TREE_NOTES)]
    if bt:
        blocks += [Heading(3, "Queries per second"), bt, Para(BENCH_NOTES)]
        png = plot_tree_speed(data)
        if png:
            blocks.append(Image("trees_speed.png", "OBB trees: queries per second per mesh pair", png,
                                "Queries per second (one thread) per mesh pair, higher is better: compare each sepax tree "
                                "with FCL's (hatched) on the same pair; left the first-hit query, right every pair."))
    if bu:
        blocks += [Heading(3, "Build time and memory"), bu]
    return blocks
