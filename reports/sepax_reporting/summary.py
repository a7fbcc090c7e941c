"""The report's first screen: per query × scalar, the fastest sepax kernel
with no gross verdict against the fastest peer and the fastest peer with no
gross verdict, with gross rates — at three levels of severity, beyond the
band / ≥ 1e-6 / ≥ 1e-3 of the size, or their 95 % upper bound when 0 — the
tolerance a kernel promises where it is not 0, and the widest boundary band;
then what the run found, its distinct failure classes (findings/)."""

from __future__ import annotations

import dataclasses
import math

from .bounds import upper_bound
from .document import Code, Em, Heading, Para, Strong, Table
from .findings.sections import found_blocks
from .findings.severity import fmt_compact
from .formatting import fmt_ns, fmt_sci
from .model import Dataset
from .provenance import provenance_para
from .vocabulary import DASH, SCALAR_ORDER, id_scalar


@dataclasses.dataclass
class Contender:
    """One static kernel of a query × scalar over the families timed."""
    kernel: str
    ns: float              # geometric mean of the mixed sets' ns/test
    judged: int
    gross: int
    band: float | None     # widest boundary band over its families
    peer: bool = False
    # Gross verdicts beyond the band, ≥ 1e-6, ≥ 1e-3 of the size; None when
    # a row of the kernel lacks the counts (older results, pair queries).
    levels: tuple | None = None
    tolerance: float | None = None   # the tolerance it promises (0 or None: none)


def _short(c: Contender, query: str, scalar: str) -> str:
    """The id without what the row already says: sepax's query prefix, the
    row's scalar (a peer of another scalar keeps its own)."""
    parts = c.kernel.split("/")
    if parts[-1] == scalar:
        parts = parts[:-1]
    if not c.peer and parts and parts[0] == query:
        parts = parts[1:]
    return "/".join(parts)


def shared_geometric_means(timed: dict, shared: set) -> dict:
    """kernel -> geometric mean of its ns/test over the families every kernel
    was timed on (over its own families when they share none)."""
    out = {}
    for kernel, per_family in timed.items():
        fams = shared or set(per_family)
        out[kernel] = math.exp(sum(math.log(per_family[f]) for f in fams) / len(fams))
    return out


def contenders(data: Dataset, query: str, scalar: str):
    """The query × scalar's static kernels with mixed-set benchmarks, timed
    on the families all of them share, and those families."""
    timed = {}
    for (suite, kernel, family, set_name), b in data.bench.items():
        if (suite == "kernel" and set_name == "mixed" and b.ns_per_test and data.query_of(kernel) == query
                and id_scalar(kernel) == scalar and not data.is_moving(kernel)):
            timed.setdefault(kernel, {})[family] = b.ns_per_test
    if not timed:
        return [], []
    shared = set.intersection(*(set(f) for f in timed.values()))
    out = []
    for kernel, ns in shared_geometric_means(timed, shared).items():
        rows = [s for (k, _f), s in data.static.items() if k == kernel]
        bands = [s.band for s in rows if s.boundary and s.band is not None]
        levels = [s.gross_levels for s in rows]
        tolerances = [s.tolerance for s in rows if s.tolerance is not None]
        out.append(Contender(kernel, ns, sum(s.judged for s in rows), sum(s.gross for s in rows),
                             max(bands) if bands else None, data.is_peer(kernel),
                             tuple(map(sum, zip(*levels))) if rows and None not in levels else None,
                             max(tolerances) if tolerances else None))
    return sorted(out, key=lambda c: (c.ns, c.kernel)), sorted(shared)


# The modes of the pair queries a summary row compares (sweeps have no peer).
PAIR_QUERY_MODES = ("test_static", "test_overlap", "find_manifold", "enclose", "box_box_manifold", "sphere_sphere",
                    "aabb_sphere", "sphere_plane", "aabb_aabb", "gjk_obb_segment", "obb_to_aabb")


def pair_query_contenders(data: Dataset, query: str, scalar: str):
    """The same for the queries beyond the SAT registry (sepax_bench_rect,
    _gomez, _manifold timings; verify's pair-query verdicts). Their peers
    exist in one scalar only: they stand in both rows, named with it."""
    from .pair_queries import _is_peer, query_of_kernel
    timed = {}
    for (kernel, family), values in data.rect_bench.items():
        parts = kernel.split("/")
        if (query_of_kernel(kernel) != query or len(parts) != 3 or parts[1] not in PAIR_QUERY_MODES
                or (not _is_peer(kernel) and parts[2] != scalar)):
            continue
        timed.setdefault(kernel, {})[family] = sorted(values)[len(values) // 2]
    if not timed or all(_is_peer(k) for k in timed):
        return [], []
    shared = set.intersection(*(set(f) for f in timed.values()))
    out = []
    for kernel, ns in shared_geometric_means(timed, shared).items():
        stats = [st for key, st in data.pair_queries.items() if key[2] == kernel]
        out.append(Contender(kernel, ns, sum(st.ok + st.boundary + st.gross for st in stats),
                             sum(st.gross for st in stats), None, _is_peer(kernel)))
    return sorted(out, key=lambda c: (c.ns, c.kernel)), sorted(shared)


def tolerance_note(c: Contender | None) -> str:
    """", tol 1e-6" for a kernel that promises a tolerance; "" otherwise."""
    return f", tol {fmt_compact(c.tolerance)}" if c is not None and c.tolerance else ""


def gross_cell(c: Contender | None) -> str:
    """"0 (≤ 3.0e-05)": a rate of 0 with its 95 % upper bound; else the rate
    at each level, "2.1e-3 / 4e-5 / 0" (beyond the band / ≥ 1e-6 / ≥ 1e-3 of
    the size), or one rate for rows without levels; ", tol 1e-6" after it
    for a kernel that promises a tolerance."""
    if c is None or not c.judged:
        return DASH
    if c.gross == 0:
        text = f"0 (≤ {upper_bound(0, c.judged):.1e})"
    elif c.levels is None:
        text = f"{c.gross / c.judged:.1e}"
    else:
        text = " / ".join(fmt_compact(n / c.judged) for n in c.levels)
    return text + tolerance_note(c)


def summary_rows(data: Dataset):
    from .pair_queries import _is_peer, query_of_kernel
    rows, notes = [], []
    sat = [(q, contenders) for q in data.queries()]
    pair = sorted({query_of_kernel(k) for k, _f in data.rect_bench if not _is_peer(k)} - set(data.queries()))
    for query, find in sat + [(q, pair_query_contenders) for q in pair]:
        for scalar in [s for s in SCALAR_ORDER if s]:
            cs, shared = find(data, query, scalar)
            if not cs:
                continue
            clean = [c for c in cs if c.judged > 0 and c.gross == 0]
            sepax = next((c for c in clean if not c.peer), None)
            peer = next((c for c in cs if c.peer), None)
            peer_clean = next((c for c in clean if c.peer), None)

            def ratio(other):
                return f"{sepax.ns / other.ns:.2f}" if sepax and other else DASH

            def name(c, em=False, tolerance=False):
                if c is None:
                    return DASH
                cell = Em(_short(c, query, scalar)) if em else Code(_short(c, query, scalar))
                # A kernel without a rate cell shows its tolerance beside its name.
                return [cell, tolerance_note(c)] if tolerance and tolerance_note(c) else cell

            rows.append([query, scalar, name(sepax), fmt_ns(sepax.ns if sepax else None), gross_cell(sepax),
                         fmt_sci(sepax.band) if sepax and sepax.band is not None else DASH,
                         name(peer, True), fmt_ns(peer.ns if peer else None), gross_cell(peer), ratio(peer),
                         name(peer_clean, True, tolerance=True), fmt_ns(peer_clean.ns if peer_clean else None),
                         ratio(peer_clean)])
            notes.append((query, len(shared)))
    return rows, families_note(notes)


def families_note(notes: list) -> str:
    """"obb_obb 6, tri_tri 8, …" (families shared by every kernel of a row; 0: each on its own)."""
    per_query = {}
    for query, n in notes:
        per_query.setdefault(query, set()).add(n)
    return ", ".join(f"{q} {'/'.join(str(n) for n in sorted(ns)) if max(ns) else 'each its own'}"
                     for q, ns in per_query.items())


SUMMARY_HEADERS = ["query", "scalar", "fastest sepax kernel, 0 gross", "ns/test", "gross rate (95 % bound)",
                   "widest band", "fastest peer", "ns/test", "its gross rate: > band / ≥ 1e-6 / ≥ 1e-3",
                   "sepax ÷ peer", "fastest peer, 0 gross", "ns/test", "sepax ÷ that peer"]
SUMMARY_NUMERIC = [False, False, False, True, True, True, False, True, True, True, False, True, True]


def summary_table(data: Dataset):
    rows, notes = summary_rows(data)
    if not rows:
        return None, notes
    return Table(SUMMARY_HEADERS, rows, SUMMARY_NUMERIC, set(), ident="summary-table"), notes


SUMMARY_NOTE = [
    Strong("ns/test"), ": geometric mean over the families every kernel of the row was timed on (mixed set: "
    "half separated, half intersecting pairs), Google Benchmark median. ", Strong("0 gross"), ": judged by "
    "sepax verify on every family with no gross verdict. ", Strong("gross rate (95 % bound)"), ": gross / "
    "cases judged; a rate of 0 shows its one-sided 95 % Clopper–Pearson upper bound, 1 − 0.05^(1/N) (the "
    "rule of three, ≈ 3/N). ", Strong("its gross rate"), ": the same at three levels of severity (|margin| / size, "
    "how far the exact answer is from flipping): every gross verdict (beyond the rounding band) / those ≥ 1e-6 / "
    "≥ 1e-3 of the size (a millimetre on a metre box): the errors a simulation would show. ", Strong("tol"),
    ": the tolerance a kernel promises (relative to size); a disagreement within max(band, tol) is not gross. ",
    Strong("widest band"), ": the largest |margin| / size among the kernel's "
    "boundary verdicts (disagreements within the rounding its scalar can resolve). Ratios below 1: the sepax "
    "kernel is faster. Peers in italics."]


def summary_blocks(data: Dataset) -> list:
    blocks = [Heading(2, "Summary")]
    table, notes = summary_table(data)
    if table is None:
        blocks.append(Para(["No kernel benchmarks in the inputs: no speed summary (see the details below)."]))
    else:
        blocks += [table, Para(SUMMARY_NOTE + [f" Families timed per query: {notes}."]),
                   provenance_para(data)]
    return blocks + found_blocks(data)
