"""Data model: what the inputs say, merged over every input (verify rows
per kernel × family, benchmarks per `<suite>:<id>:<family>:<set>`), and the
look-ups tables and plots make on it."""

from __future__ import annotations

import collections
import dataclasses
import statistics

from .vocabulary import (KNOWN_QUERIES, MODE_ORDER, MOVING_MODES, OTHER_QUERY, SCALAR_ORDER, id_origin,
                         id_query, id_scalar)


@dataclasses.dataclass(kw_only=True)
class GrossSeverity:
    """How bad a kernel × family's gross verdicts are (issue 29), summed over
    the rows that carry the counts: static and moving rows alike."""
    # The tolerance the kernel promises, relative to the larger shape's size
    # (0: none); None: no row records it.
    tolerance: float | None = None
    # Gross verdicts at the GROSS_LEVELS (beyond the band, ≥ 1e-6, ≥ 1e-3 of
    # the size), over the levels_rows rows that carry them.
    level_counts: tuple | None = None
    levels_rows: int = 0
    # The largest severity of a gross verdict (math.inf: a call threw).
    max_gross_severity: float | None = None
    # Disagreements beyond the band but within the tolerance: boundary verdicts.
    tolerated: int | None = None

    @property
    def gross_levels(self):
        """(beyond band, ≥ 1e-6, ≥ 1e-3) gross counts; None unless every row
        of the kernel × family carries them (a partial sum would mislead)."""
        return self.level_counts if self.levels_rows and self.levels_rows == self.rows else None


@dataclasses.dataclass
class StaticStats(GrossSeverity):
    """One static kernel × family, summed over every verify input."""
    kernel: str
    family: str
    cases: int = 0
    ok: int = 0
    boundary: int = 0
    gross: int = 0
    unjudged: int = 0
    # Open-set peers only: exactly touching shapes called separated, the
    # library's documented convention (its own class, never ok/boundary/gross).
    # None: no row of this kernel × family carries the count.
    convention: int | None = None
    # Cases judged with a zero band (exact arithmetic: any disagreement is
    # gross), out of zero_band_of = the cases of the rows that carry the count.
    zero_band: int | None = None
    zero_band_of: int = 0
    band: float | None = None      # max_boundary_margin; None: no boundary verdict
    fallbacks: int = 0
    bins: dict | None = None       # decade (int or None) -> [cases, wrong]
    # Verdicts by the kernel's path, {"fast": n, "full": m} (a certified
    # kernel: its filter, its rationals); None: no row carries it.
    answer_paths: dict | None = None
    rows: int = 0

    @property
    def judged(self) -> int:
        # A convention verdict is a judgement too (of its own class).
        return self.ok + self.boundary + self.gross + (self.convention or 0)

    @property
    def gross_rate(self):
        return gross_rate(self.gross, self.judged)

    @property
    def exact_path_share(self):
        """Share of the answers that took the full (exact) path; None when unknown."""
        if not self.answer_paths:
            return None
        n = self.answer_paths["fast"] + self.answer_paths["full"]
        return self.answer_paths["full"] / n if n else None

    @property
    def zero_band_share(self):
        """Share of the cases judged with a zero band; None when unknown."""
        if self.zero_band is None or self.zero_band_of <= 0:
            return None
        return self.zero_band / self.zero_band_of


@dataclasses.dataclass
class MovingStats(GrossSeverity):
    """One moving kernel × family (test_moving or find_first_contact)."""
    kernel: str
    family: str
    mode: str = ""
    cases: int = 0
    ok: int = 0
    boundary: int = 0
    gross: int = 0
    unjudged: int = 0
    both_first_contact: int | None = None
    ill_conditioned: int | None = None
    scored: int | None = None
    bound: float | None = None
    time_error: dict | None = None      # {"p50","p99","max"} on scored cases
    point_distance: dict | None = None
    # find_first_contact only: how each first-contact answer's contact point
    # was made, {"features": n, "closest_points": m} (the seed's supporting
    # features, or the closest-points rescue); None: no row carries it.
    point_paths: dict | None = None
    # The features path's own contact-point distance (p50/p99/max), on scored
    # first contacts whose last axis is well-conditioned.
    primary_point_distance: dict | None = None
    bins: dict | None = None
    rows: int = 0

    @property
    def judged(self) -> int:
        return self.ok + self.boundary + self.gross

    @property
    def first_contacts(self):
        """First-contact answers whose point path is known; None: unknown."""
        if self.point_paths is None:
            return None
        return self.point_paths["features"] + self.point_paths["closest_points"]

    @property
    def rescued_share(self):
        """Share of first-contact answers whose point came from the
        closest-points rescue; None when unknown or no first contact."""
        n = self.first_contacts
        return self.point_paths["closest_points"] / n if n else None


@dataclasses.dataclass
class BenchStats:
    """One benchmark `<suite>:<id>:<family>:<set>`: ns/test of each input."""
    suite: str
    ident: str
    family: str
    set: str
    ns: list = dataclasses.field(default_factory=list)
    hit_rate: list = dataclasses.field(default_factory=list)
    pairs: list = dataclasses.field(default_factory=list)
    # Relative spread of the repetitions (stddev / median) per input; empty
    # when an input had a single repetition.
    noise: list = dataclasses.field(default_factory=list)
    repetitions: list = dataclasses.field(default_factory=list)

    @property
    def ns_per_test(self):
        return statistics.median(self.ns) if self.ns else None

    @property
    def relative_noise(self):
        """The largest relative spread of the repetitions over inputs; None when unmeasured."""
        return max(self.noise) if self.noise else None

    @property
    def hit(self):
        return statistics.median(self.hit_rate) if self.hit_rate else None


@dataclasses.dataclass
class TreeStats:
    """One mesh kernel (an OBB tree, FCL's BVH) on one mesh pair, from verify's
    tree campaign: answers judged against the exact triangle-pair set."""
    kernel: str
    pair: str
    peer: bool = False
    poses: int = 0
    truth_hits: int = 0
    ok: int = 0
    boundary: int = 0
    gross: int = 0
    seconds: float = 0.0

    @property
    def queries_per_s(self):
        return 2.0 * self.poses / self.seconds if self.seconds > 0 else None


@dataclasses.dataclass
class Source:
    """One input as listed in the report, with its run description."""
    label: str
    kind: str                       # "verify", "benchmark" or "fuzz"
    info: dict = dataclasses.field(default_factory=dict)
    rows: int = 0


class Dataset:
    """Everything read, keyed so tables and plots can look things up."""

    def __init__(self):
        self.static: dict[tuple, StaticStats] = {}
        self.moving: dict[tuple, MovingStats] = {}
        self.oracle_costs: list[dict] = []          # rows, plus "source"
        self.moving_oracle_costs: list[dict] = []
        self.bench: dict[tuple, BenchStats] = {}
        self.trees: dict[tuple, TreeStats] = {}        # (kernel, pair), verify's tree campaign
        self.tree_queries: dict[tuple, list] = {}      # (kernel, pair, query) -> queries/s per input (sepax_bench_trees)
        self.tree_builds: dict[tuple, dict] = {}       # (kernel, mesh) -> {"ns_per_triangle", "bytes_per_triangle"}
        self.pair_queries: dict[tuple, object] = {}    # (query, mode, kernel, scalar, family) -> PairQueryStats
        self.rect_bench: dict[tuple, list] = {}        # (kernel, family) -> ns per test per input (sepax_bench_rect, _gomez)
        self.drift: dict[tuple, dict] = {}             # (motion, steps, integrator, gram_schmidt) -> errors
        self.mutants: dict[str, dict] = {}             # sepax mutate's rows, by mutant
        self.failure_classes: dict[str, object] = {}   # signature -> FailureClass (verify's failure_class rows)
        self.boundary_classes: dict[str, object] = {}  # signature -> FailureClass ("boundary_class": within the band)
        self.fuzz: dict | None = None                  # fuzz/measure.py's summary
        self.reported_bugs: list[dict] = []            # properties/reported_bugs/expected.json's expectations
        self.sources: list[Source] = []
        self.moving_kernels: set[str] = set()
        self.kernel_query: dict[str, str] = {}      # from rows' "query"
        self.kernel_origin: dict[str, str] = {}     # from rows' "origin"
        self.skipped = collections.Counter()        # reason -> count
        self.skip_examples: dict[str, str] = {}     # reason -> first name seen
        self.notes: list[str] = []                  # shown in the report

    # Queries and origins: a row's explicit field beats what the id suggests.
    def query_of(self, kernel: str) -> str:
        return self.kernel_query.get(kernel) or id_query(kernel) or OTHER_QUERY

    def origin_of(self, kernel: str) -> str:
        return self.kernel_origin.get(kernel) or id_origin(kernel)

    def is_peer(self, kernel: str) -> bool:
        return self.origin_of(kernel) != "sepax"

    def kernel_sort_key(self, kernel: str):
        # sepax first so its kernels lead every table; peers by library;
        # modes in the order of sepax's summary, float before double.
        origin = self.origin_of(kernel)
        parts = kernel.split("/")
        scalar = id_scalar(kernel)
        stem = parts[:-1] if scalar else parts
        ranked = [(MODE_ORDER.index(p), p) if p in MODE_ORDER else (len(MODE_ORDER), p) for p in stem]
        return (origin != "sepax", origin, ranked, SCALAR_ORDER.index(scalar), kernel)

    def is_moving(self, kernel: str) -> bool:
        """Moving kernels have their own table: by verify row, or by mode."""
        if kernel in self.moving_kernels:
            return True
        return any(part in MOVING_MODES for part in kernel.split("/")[1:-1])

    def bench_ns(self, ident: str, family: str, set_name: str, suite="kernel"):
        b = self.bench.get((suite, ident, family, set_name))
        return b.ns_per_test if b else None

    def queries(self) -> list[str]:
        """Every query with something to show, known ones in fixed order."""
        found = set()
        for (kernel, _fam) in list(self.static) + list(self.moving):
            found.add(self.query_of(kernel))
        for (suite, ident, _f, _s) in self.bench:
            found.add(self.query_of(ident))
        for row in self.oracle_costs + self.moving_oracle_costs:
            found.add(row.get("query") or OTHER_QUERY)
        known = [q for q in KNOWN_QUERIES if q in found]
        extra = sorted(q for q in found if q not in KNOWN_QUERIES and q != OTHER_QUERY)
        return known + extra + ([OTHER_QUERY] if OTHER_QUERY in found else [])


def gross_rate(gross: int, judged: int):
    """Fraction of judged cases with a gross verdict; None when none judged."""
    return gross / judged if judged > 0 else None



def merge_bins(into, more):
    """Margin bins {decade: [cases, wrong]} of `more` added to `into`."""
    if more is None:
        return into
    into = dict(into or {})
    for k, (c, w) in more.items():
        acc = list(into.get(k, [0, 0]))
        into[k] = [acc[0] + c, acc[1] + w]
    return into


def margin_bins_by_kernel(data: Dataset, query: str, family=None) -> dict:
    """kernel -> its margin bins on the query, all families summed (or one)."""
    out = {}
    for store in (data.static, data.moving):
        for (kernel, fam), s in store.items():
            if s.bins and data.query_of(kernel) == query and (family is None or fam == family):
                out[kernel] = merge_bins(out.get(kernel), s.bins)
    return out
