"""The 2D section: the rect_rect query (the SAT tutorial's oriented
rectangles) — verify's planar campaign judged against the exact answer, and
sepax_bench_rect's tests per second with sepax's speed against Box2D's
polygon overlap test on the same pairs."""

from __future__ import annotations

import dataclasses
import statistics
from pathlib import Path  # noqa: F401 (type of the readers' path argument)

from .document import Em, Heading, Para, Strong, Table
from .fields import get_int, get_str
from .vocabulary import DASH

NOTES = [
    "Each family's pairs in the kernel's scalar, judged against the exact answer on the stored parallelograms "
    "(rationals). ", Strong("boundary"), ": wrong within the rounding band of the kernel's scalar (none where the "
    "arithmetic is exact), ", Strong("gross"), ": beyond. ", Strong("refused"), ": pairs the library cannot take "
    "(Box2D welds corners closer than half its linear slop). Box2D (in italics) is a peer."]

BENCH_NOTES = [
    "Google Benchmark, one thread, the same pairs for both kernels; ", Strong("ratio"), ": sepax's time per test "
    "over Box2D's, measured in the same run (below 1: sepax is faster)."]


@dataclasses.dataclass
class PlanarStats:
    """One 2D kernel on one family, from verify's planar campaign."""
    kernel: str
    scalar: str
    family: str
    peer: bool = False
    cases: int = 0
    truth_hits: int = 0
    ok: int = 0
    boundary: int = 0
    gross: int = 0
    refused: int = 0


def add_planar_row(row, path: Path, lineno: int, data) -> None:
    """A "table":"planar" row; rows of the same kernel and family from several inputs add up."""
    kernel = get_str(row, "kernel", path, lineno)
    family = get_str(row, "family", path, lineno)
    scalar = get_str(row, "scalar", path, lineno)
    s = data.planar.setdefault((kernel, scalar, family), PlanarStats(kernel, scalar, family))
    s.peer = bool(row.get("peer", False))
    for name in ("cases", "truth_hits", "ok", "boundary", "gross", "refused"):
        setattr(s, name, getattr(s, name) + get_int(row, name, path, lineno))


def read_rect_benchmark(run_name: str, base: str, rows: list, data) -> bool:
    """sepax_bench_rect: `rect:<kernel>:<family>` (counter tests_per_s). True when the name is one."""
    parts = base.split(":")
    if len(parts) != 3 or parts[0] != "rect" or not all(parts):
        return False
    rates = [r["tests_per_s"] for r in rows if isinstance(r.get("tests_per_s"), (int, float))
             and not isinstance(r.get("tests_per_s"), bool) and r["tests_per_s"] > 0 and not r.get("error_occurred")]
    if rates:
        data.rect_bench.setdefault((parts[1], parts[2]), []).append(1e9 / statistics.median(rates))
    return True


def _is_peer(kernel: str) -> bool:
    return not kernel.startswith("sepax/")


def _cell(kernel: str):
    return Em(kernel) if _is_peer(kernel) else kernel


def verdict_table(data):
    keys = sorted(data.planar, key=lambda k: (k[1], k[2], _is_peer(k[0]), k[0]))
    if not keys:
        return None
    headers = ["kernel", "scalar", "family", "cases", "exact hits", "ok", "boundary", "gross", "refused"]
    rows, peers = [], set()
    for i, key in enumerate(keys):
        s = data.planar[key]
        rows.append([_cell(s.kernel), s.scalar, s.family, str(s.cases), str(s.truth_hits), str(s.ok),
                     str(s.boundary), str(s.gross), str(s.refused)])
        if s.peer or _is_peer(s.kernel):
            peers.add(i)
    return Table(headers, rows, [False, False, False] + [True] * 6, peers)


def speed_table(data):
    families = sorted({f for (_k, f) in data.rect_bench})
    kernels = sorted({k for (k, _f) in data.rect_bench}, key=lambda k: (_is_peer(k), k))
    if not families:
        return None
    headers = ["kernel", "family", "ns/test", "ratio to Box2D"]
    rows, peers = [], set()
    for family in families:
        box2d = [statistics.median(v) for (k, f), v in data.rect_bench.items() if f == family and k.startswith("box2d/")]
        for kernel in kernels:
            ns = data.rect_bench.get((kernel, family))
            if not ns:
                continue
            t = statistics.median(ns)
            ratio = f"{t / box2d[0]:.2f}" if box2d and not _is_peer(kernel) else DASH
            if _is_peer(kernel):
                peers.add(len(rows))
            rows.append([_cell(kernel), family, f"{t:.1f}", ratio])
    return Table(headers, rows, [False, False, True, True], peers)


def planar_blocks(data) -> list:
    vt, st = verdict_table(data), speed_table(data)
    if not (vt or st):
        return []
    blocks = [Heading(2, "2D oriented rectangles (rect_rect)")]
    if vt:
        blocks += [Heading(3, "Judged against the exact answer"), vt, Para(NOTES)]
    if st:
        blocks += [Heading(3, "Time per test"), st, Para(BENCH_NOTES)]
    return blocks
