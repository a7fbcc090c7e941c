"""The section of the queries beyond the SAT registry: the 2D rectangles
(rect_rect, the SAT tutorial's), Gomez's sphere test and sweep
(sphere_sphere), Arvo's box–ball test (aabb_sphere) and Gaul's OBB–OBB
contact manifolds (obb_obb_manifold) — verify's pair-query campaigns judged
against the exact answers, and sepax_bench_rect's, sepax_bench_gomez's and
sepax_bench_manifold's time per test with sepax's ratio to the peer (Box2D,
FCL, ODE) on the same pairs."""

from __future__ import annotations

import dataclasses
import statistics
from pathlib import Path  # noqa: F401 (type of the readers' path argument)

from .document import Em, Heading, Para, Strong, Table
from .fields import get_int, get_str
from .vocabulary import DASH, is_sepax_kernel

NOTES = [
    "Each family's cases in the kernel's scalar, judged against the exact answer (rationals on the stored "
    "numbers; sweep times as roots of the exact quadratic). ", Strong("boundary"), ": wrong within the rounding "
    "band of the kernel's scalar (none where the arithmetic is exact), ", Strong("gross"), ": beyond; a sweep's "
    "first time is ok when the balls are within the band of touching at that time. ", Strong("refused"),
    ": pairs the library cannot take (Box2D welds corners closer than half its linear slop). ",
    Strong("|t − t*| p99"), ": of the first contacts both sides report. Manifolds: in contact, the depth must be "
    "within the band of the exact penetration depth, the normal a direction of least penetration, every point in "
    "both boxes (each grown by the band) and, for a face contact, the points must cover the exact clipped "
    "polygon; ", Strong("depth err p99"), ": |depth − depth*| / ℓ, ", Strong("point dist max"), ": the farthest a "
    "point lies outside a box, / ℓ (ℓ the larger box diagonal). Peers (Box2D, FCL, ODE, Bullet) in italics."]

BENCH_NOTES = [
    "Google Benchmark (sepax_bench_rect, sepax_bench_gomez, sepax_bench_manifold, sepax_bench_motion), one thread, the same pairs for every kernel of a "
    "query, one call per pair in a loop as a caller would write it (sepax's tests are inline, so the compiler may "
    "vectorise that loop; the peers' are calls into their libraries); ", Strong("ratio to the peer"), ": sepax's "
    "time per test over Box2D's (rect_rect), FCL's (spheres, AABBs, OBB→AABB), libccd's GJK (obb_segment) or ODE's "
    "dBoxBox (manifolds), measured in the same run (below 1: sepax is faster). Gomez's sweeps (rows marked sweep) have "
    "no peer in these libraries: compare them with the static test of the same query. General motion (N steps) is "
    "compared with the constant-velocity query of the same pair over [0, T] (rows marked constant velocity): the "
    "ratio is what the steps and the turning cost."]


@dataclasses.dataclass
class PairQueryStats:
    """One kernel on one family of a query beyond the registry, from verify."""
    query: str
    mode: str
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
    time_p99: float | None = None  # the largest p99 over inputs
    depth_p99: float | None = None  # manifolds: the largest p99 of |depth − depth*| / ℓ over inputs
    point_max: float | None = None  # manifolds: the largest point distance / ℓ over inputs


def add_pair_query_row(row, path: Path, lineno: int, data) -> None:
    """A "table":"pair_queries" row; rows of the same query, mode, kernel,
    scalar and family from several inputs add up."""
    key = tuple(get_str(row, k, path, lineno) for k in ("query", "mode", "kernel", "scalar", "family"))
    s = data.pair_queries.setdefault(key, PairQueryStats(*key))
    s.peer = bool(row.get("peer", False))
    for name in ("cases", "truth_hits", "ok", "boundary", "gross", "refused"):
        setattr(s, name, getattr(s, name) + get_int(row, name, path, lineno))
    for key, stat, attr in (("time_error", "p99", "time_p99"), ("depth_error", "p99", "depth_p99"),
                            ("point_distance", "max", "point_max")):
        spread = row.get(key)
        if isinstance(spread, dict) and isinstance(spread.get(stat), (int, float)):
            old = getattr(s, attr)
            setattr(s, attr, spread[stat] if old is None else max(old, spread[stat]))


def read_rect_benchmark(run_name: str, base: str, rows: list, data) -> bool:
    """sepax_bench_rect's `rect:<kernel>:<family>`, sepax_bench_gomez's
    `gomez:<kernel>:<family>`, sepax_bench_manifold's `manifold:<kernel>:<family>`
    and sepax_bench_motion's `motion:<kernel>:<pair>-<family>` (counter
    tests_per_s). True when the name is one."""
    parts = base.split(":")
    if len(parts) != 3 or parts[0] not in ("rect", "gomez", "manifold", "motion") or not all(parts):
        return False
    rates = [r["tests_per_s"] for r in rows if isinstance(r.get("tests_per_s"), (int, float))
             and not isinstance(r.get("tests_per_s"), bool) and r["tests_per_s"] > 0 and not r.get("error_occurred")]
    if rates:
        data.rect_bench.setdefault((parts[1], parts[2]), []).append(1e9 / statistics.median(rates))
    return True


# The peer each query's speed is compared with (the kernel of another library
# that answers the same question), by the query a kernel name answers.
REFERENCE = {"rect_rect": "box2d/test_overlap/float", "sphere_sphere": "fcl/sphere_sphere/double",
             "aabb_sphere": "fcl/aabb_sphere/double", "sphere_plane": "fcl/sphere_plane/double",
             "aabb_aabb": "fcl/aabb_aabb/double", "obb_segment": "ccd/gjk_obb_segment/double",
             "obb_to_aabb": "fcl/obb_to_aabb/double",
             "obb_obb_manifold": "ode/box_box_manifold/double"}

# A peer's query by the name of its function (the middle of <library>/<name>/<scalar>).
PEER_QUERY = {"test_overlap": "rect_rect", "sphere_sphere": "sphere_sphere", "aabb_sphere": "aabb_sphere",
              "sphere_plane": "sphere_plane", "aabb_aabb": "aabb_aabb", "box_box_manifold": "obb_obb_manifold",
              "gjk_obb_segment": "obb_segment", "obb_to_aabb": "obb_to_aabb"}


SWEEP_QUERIES = ("sphere_sphere", "sphere_plane", "aabb_aabb")


def reference_of(kernel: str, query: str, family: str):
    """The kernel a row's time is compared with: the peer of its query; for
    general motion, the constant-velocity query of the same pair (its family
    starts with the pair); none for Gomez's sweeps and the constant-velocity rows."""
    if query == "general_motion":
        return family.split("-")[0] + "/find_first_contact/double"
    if "/find_first_contact/" in kernel:
        return None
    return REFERENCE.get(query)


def speed_label(kernel: str, query: str) -> str:
    if query != "general_motion" and "/find_first_contact/" in kernel:
        return query + (" (sweep)" if query in SWEEP_QUERIES else " (constant velocity)")
    return query


def query_of_kernel(kernel: str) -> str:
    """rect_rect/test_static/float -> rect_rect; a peer's by the function it names."""
    parts = kernel.split("/")
    if _is_peer(kernel) and len(parts) > 1 and parts[1] in PEER_QUERY:
        return PEER_QUERY[parts[1]]
    return parts[0]


def _is_peer(kernel: str) -> bool:
    """sepax's kernels are named <query>/<mode>/<scalar>; a peer's start with its library."""
    return not is_sepax_kernel(kernel)


def _cell(kernel: str):
    return Em(kernel) if _is_peer(kernel) else kernel


def verdict_table(data, query: str, mode: str):
    keys = sorted((k for k in data.pair_queries if k[0] == query and k[1] == mode),
                  key=lambda k: (k[3], k[4], _is_peer(k[2]), k[2]))
    if not keys:
        return None
    # Optional columns, each shown when some row has it.
    extra = [(attr, title) for attr, title in (("time_p99", "|t − t*| p99"), ("depth_p99", "depth err p99"),
                                               ("point_max", "point dist max"))
             if any(getattr(data.pair_queries[k], attr) is not None for k in keys)]
    headers = ["kernel", "scalar", "family", "cases", "exact hits", "ok", "boundary", "gross", "refused"]
    headers += [title for _, title in extra]
    rows, peers = [], set()
    for i, key in enumerate(keys):
        s = data.pair_queries[key]
        row = [_cell(s.kernel), s.scalar, s.family, str(s.cases), str(s.truth_hits), str(s.ok), str(s.boundary),
               str(s.gross), str(s.refused)]
        for attr, _ in extra:
            value = getattr(s, attr)
            row.append(f"{value:.2g}" if value is not None else DASH)
        rows.append(row)
        if s.peer or _is_peer(s.kernel):
            peers.add(i)
    return Table(headers, rows, [False, False, False] + [True] * (len(headers) - 3), peers)


TITLES = {("rect_rect", "test_static"): "2D oriented rectangles (rect_rect), static test",
          ("sphere_sphere", "test_static"): "Gomez's sphere–sphere test (sphere_sphere)",
          ("sphere_sphere", "find_first_contact"): "Gomez's sphere–sphere sweep: state and first time",
          ("rect_rect", "find_first_contact"): "2D oriented rectangles (rect_rect), first time of contact",
          ("aabb_sphere", "test_static"): "Arvo's box–ball test (aabb_sphere)",
          ("sphere_plane", "test_static"): "Gomez's sphere–plane test (sphere_plane)",
          ("sphere_plane", "find_first_contact"): "Gomez's sphere–plane sweep: state and first time",
          ("aabb_aabb", "test_static"): "Gomez's AABB overlap test (aabb_aabb)",
          ("aabb_aabb", "find_first_contact"): "Gomez's AABB sweep: state and first time",
          ("obb_segment", "test_static"): "Gomez's OBB–segment test (obb_segment)",
          ("obb_to_aabb", "enclose"): "Gomez's OBB→AABB conversion (obb_to_aabb): contains the box exactly, tight "
                                      "within rounding",
          ("general_motion", "find_first_contact"): "General rigid motion in N constant-velocity steps (general_motion), "
                                                   "judged step by step",
          ("obb_obb_manifold", "find_manifold"): "OBB–OBB contact manifolds (Gaul): contact, depth, normal, points"}


def speed_table(data):
    keys = sorted(data.rect_bench, key=lambda k: (query_of_kernel(k[0]), k[1], _is_peer(k[0]), k[0]))
    if not keys:
        return None
    headers = ["query", "kernel", "family", "ns/test", "ratio to the peer"]
    rows, peers = [], set()
    for kernel, family in keys:
        query = query_of_kernel(kernel)
        t = statistics.median(data.rect_bench[(kernel, family)])
        ref_kernel = reference_of(kernel, query, family)
        ref = data.rect_bench.get((ref_kernel, family)) if ref_kernel else None
        query = speed_label(kernel, query)
        ratio = f"{t / statistics.median(ref):.2f}" if ref and not _is_peer(kernel) else DASH
        if _is_peer(kernel):
            peers.add(len(rows))
        rows.append([query, _cell(kernel), family, f"{t:.1f}", ratio])
    return Table(headers, rows, [False, False, False, True, True], peers)


def pair_query_blocks(data) -> list:
    groups = sorted({(k[0], k[1]) for k in data.pair_queries})
    st = speed_table(data)
    if not (groups or st):
        return []
    blocks = [Heading(2, "Queries beyond the SAT registry: 2D rectangles, Gomez's tests, contact manifolds, "
                         "general motion")]
    for query, mode in groups:
        blocks += [Heading(3, TITLES.get((query, mode), f"{query}, {mode}")), verdict_table(data, query, mode)]
    if groups:
        blocks.append(Para(NOTES))
    if st:
        blocks += [Heading(3, "Time per test against the peers"), st, Para(BENCH_NOTES)]
    return blocks
