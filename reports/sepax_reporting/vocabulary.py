"""Vocabulary shared by every part of the report: the queries, families,
benchmark sets, kernel modes and scalars sepax knows, their report order,
and what a kernel id says about its query, library and scalar."""

from __future__ import annotations

# Queries sepax knows; a kernel id starting with one of them is sepax's own.
KNOWN_QUERIES = ("obb_obb", "tri_obb", "tri_tri")
# The queries beyond the SAT registry (`sepax verify --query`); sepax's
# kernels of them are `<query>/<mode>/<scalar>` too.
PAIR_QUERIES = ("rect_rect", "sphere_sphere", "aabb_sphere", "sphere_plane", "aabb_aabb", "obb_segment",
                "obb_to_aabb", "obb_obb_manifold", "general_motion", "obb_obb_distance", "tri_obb_distance",
                "tri_tri_distance")


def is_sepax_kernel(kernel_id: str) -> bool:
    """Does the id name one of sepax's kernels (its first component a query
    sepax answers)? Every other id is another library's or a user's: deciding
    by a list of peer libraries left out the ones added after it (MuJoCo's
    manifold became a summary row of a query named "mujoco")."""
    return kernel_id.split("/", 1)[0] in KNOWN_QUERIES + PAIR_QUERIES


# Section for kernels whose query no input names and no id reveals.
OTHER_QUERY = "other"

# Generator families in the order the generators list them (SPEC §5); the
# benchmark-only families sit next to their closest relatives.
FAMILY_ORDER = ("random", "parallel-edges", "near-parallel", "ultra-parallel",
                "coplanar", "touching", "epsilon-band", "scale",
                "degenerate-shapes", "motion")
# Benchmark sets: `mixed` is the headline number; the other two bracket it.
SET_ORDER = ("mixed", "separated", "intersecting")
BENCH_SUITES = ("kernel", "oracle")
MOVING_MODES = ("test_moving", "find_first_contact")
MODE_ORDER = ("test_static", "test_static_eps", "test_static_batch") + MOVING_MODES
SCALAR_ORDER = ("float", "double", "")

DASH = "-"  # what an empty cell shows, as in sepax's own summary


def family_key(family: str):
    """Sort key putting known families in generator order, others after."""
    if family in FAMILY_ORDER:
        return (0, FAMILY_ORDER.index(family), family)
    return (1, 0, family)


def set_key(name: str):
    if name in SET_ORDER:
        return (0, SET_ORDER.index(name), name)
    return (1, 0, name)


# --------------------------------------------------------------------------
# Kernel ids: which query, which library, which scalar
# --------------------------------------------------------------------------

def id_origin(kernel_id: str) -> str:
    """'sepax' for `<query>/<mode>/<scalar>`, else the library: the id's
    first component (peer ids are `<library>/<name>/<scalar>`)."""
    return "sepax" if is_sepax_kernel(kernel_id) else kernel_id.split("/", 1)[0]


def id_query(kernel_id: str):
    """The query an id names: its first component for sepax kernels, the
    third for oracle ids (`oracle/<method>/<query>/<scalar>`), else a known
    query embedded in it (`textbook/obb_obb_sat/float`); None if none."""
    parts = kernel_id.split("/")
    for part in parts:
        if part in KNOWN_QUERIES:
            return part
    for q in KNOWN_QUERIES:
        if q in kernel_id:
            return q
    return None


def id_scalar(kernel_id: str) -> str:
    last = kernel_id.rsplit("/", 1)[-1]
    return last if last in ("float", "double") else ""


