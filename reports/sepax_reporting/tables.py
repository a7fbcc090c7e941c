"""Table builders: runs, totals, and per query the static kernel table, the
fastest kernel per family, error rate against margin, moving kernels and
oracle costs. Each returns document blocks (None when there is nothing to
show)."""

from __future__ import annotations

from .document import Code, Heading, Para, Table
from .formatting import (fmt_int, fmt_ns, fmt_pct, fmt_rate, fmt_sci, fmt_share, fmt_share_of, kernel_cell,
                         origin_cell)
from .model import Dataset, margin_bins_by_kernel
from .vocabulary import DASH, SCALAR_ORDER, family_key, id_scalar, set_key

# Readable names for the oracle_costs / moving_oracle_costs paths.
ORACLE_PATH_LABELS = {
    "filter_decided": "interval filter (decided)",
    "exact_fallback": "exact fallback (GMP rationals)",
    "rational_sat": "rational SAT without filter",
    "cgal": "CGAL",
    "sat": "first_contact_sat",
    "sat_on_sample": "first_contact_sat on the LP sample",
    "lp": "first_contact_lp",
}

def run_info_blocks(data: Dataset) -> list:
    blocks = [Heading(2, "Runs")]
    order = ("command", "commit", "compiler", "flags", "machine", "date")
    for src in data.sources:
        what = {"verify": "sepax verify results", "fuzz": "fuzzing summary (fuzz/measure.py)"}.get(
            src.kind, "Google Benchmark results")
        blocks.append(Para([Code(src.label), f" — {what}, {src.rows} rows"]))
        keys = [k for k in order if k in src.info] + sorted(k for k in src.info if k not in order)
        if keys:
            blocks.append(Table(["field", "value"], [[k, Code(src.info[k]) if k in ("command", "commit", "flags") else src.info[k]] for k in keys],
                                [False, False]))
        else:
            blocks.append(Para(["No run description in this input (no run_info row, summary.md or benchmark context)."]))
    return blocks


def totals_block(data: Dataset) -> list:
    st = list(data.static.values())
    mv = list(data.moving.values())
    # Only open-set peers' rows count convention verdicts; moving rows never do.
    conv = [s for s in st if s.convention is not None]
    rows = [
        ["static kernel × family rows", str(len(st)), str(sum(s.judged for s in st)),
         str(sum(s.gross for s in st)), str(sum(s.boundary for s in st)),
         str(sum(s.convention for s in conv)) if conv else DASH],
        ["moving kernel × family rows", str(len(mv)), str(sum(m.judged for m in mv)),
         str(sum(m.gross for m in mv)), str(sum(m.boundary for m in mv)), DASH],
    ]
    blocks = [Heading(2, "Totals"),
              Table(["what", "rows", "cases judged", "gross", "boundary", "convention"], rows,
                    [False, True, True, True, True, True]),
              Para([f"{len(data.bench)} benchmarks ({sum(1 for k in data.bench if k[0] == 'kernel')} kernel, "
                    f"{sum(1 for k in data.bench if k[0] == 'oracle')} oracle)."])]
    if conv:
        per_kernel = {}
        for s in conv:
            per_kernel[s.kernel] = per_kernel.get(s.kernel, 0) + s.convention
        named = [f"{k} ×{n}" for k, n in sorted(per_kernel.items(), key=lambda kv: data.kernel_sort_key(kv[0]))
                 if n]
        blocks.append(Para([
            f"{sum(per_kernel.values())} convention verdicts: a library that treats shapes as open sets called "
            "exactly touching shapes separated, as its documentation says it does"
            + (f" ({', '.join(named)})" if named else "")
            + ". They count as cases judged, apart from ok, boundary and gross."]))
    return blocks


def bench_sets(data: Dataset, suite: str, idents) -> list:
    """Benchmark sets present for these ids, `mixed` first."""
    idents = set(idents)
    found = {k[3] for k in data.bench if k[0] == suite and k[1] in idents}
    return sorted(found, key=set_key)


def static_keys(data: Dataset, query: str) -> list:
    """(kernel, family) of the query's static kernels: verify rows and kernel
    benchmarks together, in report order."""
    keys = {k for k in data.static if data.query_of(k[0]) == query}
    keys |= {(k[1], k[2]) for k in data.bench if k[0] == "kernel" and data.query_of(k[1]) == query
             and not data.is_moving(k[1])}
    return sorted(keys, key=lambda k: (data.kernel_sort_key(k[0]), family_key(k[1])))


def static_table(data: Dataset, query: str):
    keys = static_keys(data, query)
    if not keys:
        return None
    sets = bench_sets(data, "kernel", {k for k, _ in keys})
    # ns/test of mixed always has its column: a missing benchmark shows as "-".
    sets = ["mixed"] + [s for s in sets if s != "mixed"]
    headers = ["kernel", "origin", "family"] + [f"ns/test {s}" for s in sets] + [
        "hit rate (mixed)", "cases judged", "gross", "gross rate", "boundary", "band width",
        "convention", "zero band"]
    numeric = [False, False, False] + [True] * (len(sets) + 8)
    rows, peers = [], set()
    for i, (kernel, family) in enumerate(keys):
        s = data.static.get((kernel, family))
        mixed = data.bench.get(("kernel", kernel, family, "mixed"))
        row = [kernel_cell(data, kernel), origin_cell(data, kernel), family]
        row += [fmt_ns(data.bench_ns(kernel, family, st)) for st in sets]
        row.append(fmt_pct(mixed.hit if mixed else None))
        if s:
            row += [str(s.judged), str(s.gross), fmt_rate(s.gross_rate), str(s.boundary),
                    fmt_sci(s.band) if s.boundary else DASH, fmt_int(s.convention),
                    fmt_share(s.zero_band_share)]
        else:
            row += [DASH] * 7
        rows.append(row)
        if data.is_peer(kernel):
            peers.add(i)
    return Table(headers, rows, numeric, peers)


def fastest_table(data: Dataset, query: str):
    """Per scalar × family, from the mixed benchmark sets: the fastest sepax
    kernel with no gross verdict, the fastest peer, the fastest peer with no
    gross verdict, and the ratios between them (sepax ÷ peer < 1: sepax is
    faster). "No gross verdict" needs verify rows for that kernel × family;
    a kernel verify did not judge there is never counted as correct."""
    groups = {}
    for (suite, kernel, family, set_name), b in data.bench.items():
        if (suite != "kernel" or set_name != "mixed" or data.query_of(kernel) != query
                or data.is_moving(kernel) or b.ns_per_test is None):
            continue
        groups.setdefault((id_scalar(kernel), family), []).append((b.ns_per_test, kernel))
    if not groups:
        return None

    def clean(kernel, family):
        s = data.static.get((kernel, family))
        return s is not None and s.judged > 0 and s.gross == 0

    def ratio(a, b):
        return DASH if a is None or b is None else f"{a[0] / b[0]:.2f}"

    headers = ["scalar", "family", "fastest sepax kernel, 0 gross", "ns/test", "fastest peer", "ns/test",
               "its gross rate", "fastest peer, 0 gross", "ns/test", "sepax ÷ fastest peer",
               "sepax ÷ fastest peer with 0 gross"]
    numeric = [False, False, False, True, False, True, True, False, True, True, True]
    rows = []
    order = sorted(groups, key=lambda k: (SCALAR_ORDER.index(k[0]) if k[0] in SCALAR_ORDER else len(SCALAR_ORDER),
                                          k[0], family_key(k[1])))
    for scalar, family in order:
        entries = sorted(groups[(scalar, family)])
        sepax = next((e for e in entries if not data.is_peer(e[1]) and clean(e[1], family)), None)
        peer = next((e for e in entries if data.is_peer(e[1])), None)
        peer_clean = next((e for e in entries if data.is_peer(e[1]) and clean(e[1], family)), None)
        peer_stats = data.static.get((peer[1], family)) if peer else None
        rows.append([scalar or DASH, family,
                     kernel_cell(data, sepax[1]) if sepax else DASH, fmt_ns(sepax[0] if sepax else None),
                     kernel_cell(data, peer[1]) if peer else DASH, fmt_ns(peer[0] if peer else None),
                     fmt_rate(peer_stats.gross_rate) if peer_stats and peer_stats.judged else DASH,
                     kernel_cell(data, peer_clean[1]) if peer_clean else DASH,
                     fmt_ns(peer_clean[0] if peer_clean else None),
                     ratio(sepax, peer), ratio(sepax, peer_clean)])
    return Table(headers, rows, numeric, set())


def margin_table(data: Dataset, query: str):
    """Error rate per margin decade, all families summed, one column per kernel."""
    per_kernel = margin_bins_by_kernel(data, query)
    if not per_kernel:
        return None
    kernels = sorted(per_kernel, key=data.kernel_sort_key)
    decades = sorted({d for bins in per_kernel.values() for d in bins},
                     key=lambda d: (d is not None, d if d is not None else 0))
    rows = []
    for d in decades:
        label = "0 (exact touching)" if d is None else f"[1e{d}, 1e{d + 1})"
        row = [label]
        for k in kernels:
            c, w = per_kernel[k].get(d, (0, 0))
            row.append(f"{w}/{c}" if c else DASH)
        rows.append(row)
    headers = ["|margin| / size"] + kernels
    return Table(headers, rows, [False] + [True] * len(kernels))


def moving_table(data: Dataset, query: str):
    keys = sorted((k for k in data.moving if data.query_of(k[0]) == query),
                  key=lambda k: (data.kernel_sort_key(k[0]), family_key(k[1])))
    if not keys:
        return None
    # Moving kernels may be benchmarked too; the column appears only then.
    timed = any(data.bench_ns(k, f, "mixed") is not None for k, f in keys)
    headers = ["kernel", "origin", "family"] + (["ns/test mixed"] if timed else []) + [
        "cases judged", "ok", "boundary", "gross", "both first contact", "ill-conditioned", "scored",
        "TOI p50", "TOI p99", "TOI max", "point p50", "point p99", "point max", "primary point p99",
        "rescued", "bound"]
    numeric = [False, False, False] + [True] * (len(headers) - 3)
    rows, peers = [], set()
    for i, (kernel, family) in enumerate(keys):
        m = data.moving[(kernel, family)]
        row = [kernel_cell(data, kernel), origin_cell(data, kernel), family]
        if timed:
            row.append(fmt_ns(data.bench_ns(kernel, family, "mixed")))
        row += [str(m.judged), str(m.ok), str(m.boundary), str(m.gross),
               fmt_int(m.both_first_contact), fmt_int(m.ill_conditioned), fmt_int(m.scored)]
        for dist in (m.time_error, m.point_distance):
            row += [fmt_sci(dist[p]) if dist else DASH for p in ("p50", "p99", "max")]
        primary = m.primary_point_distance
        row.append(fmt_sci(primary["p99"]) if primary else DASH)
        row.append(fmt_share_of(m.point_paths["closest_points"], m.first_contacts) if m.point_paths else DASH)
        row.append(fmt_sci(m.bound) if m.bound is not None and m.mode == "find_first_contact" else DASH)
        rows.append(row)
        if data.is_peer(kernel):
            peers.add(i)
    return Table(headers, rows, numeric, peers)


def oracle_bench_table(data: Dataset, query: str):
    """Oracle benchmarks, with their cost as a multiple of sepax's plain
    test_static kernel on the same family and set (the price of exactness)."""
    keys = sorted({(k[1], k[2]) for k in data.bench if k[0] == "oracle" and data.query_of(k[1]) == query},
                  key=lambda k: (k[0], family_key(k[1])))
    if not keys:
        return None
    sets = bench_sets(data, "oracle", {k for k, _ in keys})
    headers = ["oracle", "family"] + [f"ns/test {s}" for s in sets] + ["× kernel (mixed)", "vs kernel"]
    rows = []
    for ident, family in keys:
        row = [Code(ident), family] + [fmt_ns(data.bench_ns(ident, family, s, "oracle")) for s in sets]
        ref = f"{query}/test_static/{id_scalar(ident)}" if id_scalar(ident) else None
        ref_ns = data.bench_ns(ref, family, "mixed") if ref else None
        own = data.bench_ns(ident, family, "mixed", "oracle")
        if ref_ns and own:
            row += [f"{own / ref_ns:.0f}×", Code(ref)]
        else:
            row += [DASH, DASH]
        rows.append(row)
    return Table(headers, rows, [False, False] + [True] * (len(sets) + 1) + [False])


def oracle_cost_rows_table(rows: list, title_kind: str):
    """oracle_costs / moving_oracle_costs rows (single-thread cases/s per
    oracle path, measured inside sepax verify) as ns per case."""
    several = len({r["source"] for r in rows}) > 1   # then say which run each came from
    out = []
    for r in sorted(rows, key=lambda r: (r["scalar"], r["source"])):
        paths = sorted({k[: -len("_cases_per_second")] for k in r if k.endswith("_cases_per_second")},
                       key=lambda p: (list(ORACLE_PATH_LABELS).index(p) if p in ORACLE_PATH_LABELS else 99, p))
        for p in paths:
            cps = r.get(p + "_cases_per_second")
            secs = r.get(p + "_seconds")
            if isinstance(cps, bool) or not isinstance(cps, (int, float)) or cps <= 0:
                continue  # a path that never ran in this run
            n = round(secs * cps) if isinstance(secs, (int, float)) else None
            row = [Code(r["source"])] if several else []
            out.append(row + [r["scalar"], ORACLE_PATH_LABELS.get(p, p), fmt_int(n),
                              fmt_ns(1e9 / cps), f"{cps:.0f}"])
    if not out:
        return None
    headers = (["input"] if several else []) + ["scalar", f"{title_kind} path", "cases timed", "ns/case", "cases/s"]
    numeric = ([False] if several else []) + [False, False, True, True, True]
    return Table(headers, out, numeric)

