#!/usr/bin/python3
"""sepax speed-versus-robustness report (SPEC §9).

Turns `sepax verify` results (verify.jsonl, or the directory holding it) and
Google Benchmark JSON files into DIR/report.md (tables, with plots referenced
from DIR/plots/*.png) and DIR/report.html (the same content, self-contained:
CSS inline, plots embedded as base64 PNG, no external reference at all).

    /usr/bin/python3 reports/sepax_report.py INPUT... -o DIR

Run it with Debian's interpreter and python3-matplotlib (scripts/setup.sh
installs it); nothing else outside the standard library is needed.

Inputs:
- verify.jsonl rows: static kernel rows (no "table"), "table":"moving" rows,
  "oracle_costs" / "moving_oracle_costs" rows, and, when present, "run_info"
  rows and "margin_bins" on kernel rows. Unknown row kinds are skipped with a
  note; a line that is not a JSON object, or a known row with a field of the
  wrong type, stops the run with FILE:LINE and the reason.
- Google Benchmark JSON (--benchmark_out_format=json) whose names are
  `<suite>:<id>:<family>:<set>` (suite `kernel` or `oracle`). Medians of
  repetitions are used when the file has them, else the iteration rows
  (their median when there are several).

Output is deterministic for the same inputs: sorted orders, fixed figure
sizes, no timestamps (PNG metadata carries no date and no software string).
"""

from __future__ import annotations

import argparse
import base64
import collections
import dataclasses
import html
import io
import json
import math
import re
import statistics
import sys
from pathlib import Path

# --------------------------------------------------------------------------
# Vocabulary shared by every part of the report
# --------------------------------------------------------------------------

# Queries sepax knows; a kernel id starting with one of them is sepax's own.
KNOWN_QUERIES = ("obb_obb", "tri_obb", "tri_tri")
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

TIME_UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

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

DASH = "-"  # what an empty cell shows, as in sepax's own summary


class InputError(Exception):
    """Unreadable input; the message names the file and, when known, the line."""


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
    first = kernel_id.split("/", 1)[0]
    return "sepax" if first in KNOWN_QUERIES else first


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


# --------------------------------------------------------------------------
# Data model: what the inputs say, merged over every input
# --------------------------------------------------------------------------

@dataclasses.dataclass
class StaticStats:
    """One static kernel × family, summed over every verify input."""
    kernel: str
    family: str
    cases: int = 0
    ok: int = 0
    boundary: int = 0
    gross: int = 0
    unjudged: int = 0
    band: float | None = None      # max_boundary_margin; None: no boundary verdict
    fallbacks: int = 0
    bins: dict | None = None       # decade (int or None) -> [cases, wrong]
    rows: int = 0

    @property
    def judged(self) -> int:
        return self.ok + self.boundary + self.gross

    @property
    def gross_rate(self):
        return gross_rate(self.gross, self.judged)


@dataclasses.dataclass
class MovingStats:
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
    bins: dict | None = None
    rows: int = 0

    @property
    def judged(self) -> int:
        return self.ok + self.boundary + self.gross


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

    @property
    def ns_per_test(self):
        return statistics.median(self.ns) if self.ns else None

    @property
    def hit(self):
        return statistics.median(self.hit_rate) if self.hit_rate else None


@dataclasses.dataclass
class Source:
    """One input as listed in the report, with its run description."""
    label: str
    kind: str                       # "verify" or "benchmark"
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


# --------------------------------------------------------------------------
# Field checks: a wrong type is an input error naming file, line and field
# --------------------------------------------------------------------------

def _where(path, line):
    return f"{path}:{line}" if line is not None else str(path)


def get_int(row, key, path, line, default=0):
    v = row.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v):
        raise InputError(f"{_where(path, line)}: field \"{key}\" should be an integer, got {json.dumps(v)}")
    return int(v)


def get_num(row, key, path, line, default=None):
    v = row.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise InputError(f"{_where(path, line)}: field \"{key}\" should be a finite number, got {json.dumps(v)}")
    return float(v)


def get_str(row, key, path, line, required=True):
    v = row.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, str) or not v:
        what = "is missing" if v is None else f"should be a non-empty string, got {json.dumps(v)}"
        raise InputError(f"{_where(path, line)}: field \"{key}\" {what}")
    return v


def get_percentiles(row, key, path, line):
    """{p50, p99, max} or None (no scored case)."""
    v = row.get(key)
    if v is None:
        return None
    if not isinstance(v, dict):
        raise InputError(f"{_where(path, line)}: field \"{key}\" should be an object with p50/p99/max, got {json.dumps(v)}")
    return {p: get_num(v, p, path, line) for p in ("p50", "p99", "max")}


def get_margin_bins(row, path, line):
    """margin_bins: [[decade|null, cases, wrong], …] -> {decade: [cases, wrong]}."""
    v = row.get("margin_bins")
    if v is None:
        return None
    bad = f"{_where(path, line)}: field \"margin_bins\" should be a list of [decade or null, cases, wrong]"
    if not isinstance(v, list):
        raise InputError(f"{bad}, got {json.dumps(v)}")
    bins = {}
    for item in v:
        if (not isinstance(item, list) or len(item) != 3
                or not (item[0] is None or (isinstance(item[0], int) and not isinstance(item[0], bool)))
                or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in item[1:])
                or item[2] > item[1]):
            raise InputError(f"{bad}, got item {json.dumps(item)}")
        acc = bins.setdefault(item[0], [0, 0])
        acc[0] += item[1]
        acc[1] += item[2]
    return bins


def merge_bins(into, more):
    if more is None:
        return into
    into = dict(into or {})
    for k, (c, w) in more.items():
        acc = list(into.get(k, [0, 0]))
        into[k] = [acc[0] + c, acc[1] + w]
    return into


# --------------------------------------------------------------------------
# Input 1: verify.jsonl
# --------------------------------------------------------------------------

def read_verify(path: Path, data: Dataset, label: str) -> Source:
    """Reads one verify.jsonl into `data`; returns its Source entry."""
    source = Source(label=label, kind="verify")
    runs, seeds = set(), set()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read: {e}") from e
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            row = json.loads(raw)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}:{lineno}: not valid JSON ({e.msg} at column {e.colno})") from e
        if not isinstance(row, dict):
            raise InputError(f"{path}:{lineno}: expected a JSON object, got {type(row).__name__}")
        source.rows += 1
        if isinstance(row.get("run"), str):
            runs.add(row["run"])
        if isinstance(row.get("seed"), int):
            seeds.add(row["seed"])
        table = row.get("table")
        if table is None and "kernel" in row:
            add_static_row(row, path, lineno, data)
        elif table == "moving":
            add_moving_row(row, path, lineno, data)
        elif table in ("oracle_costs", "moving_oracle_costs"):
            get_str(row, "query", path, lineno)
            get_str(row, "scalar", path, lineno)
            dest = data.oracle_costs if table == "oracle_costs" else data.moving_oracle_costs
            dest.append(dict(row, source=label, line=lineno))
        elif table == "run_info":
            # Several run_info rows (appended runs): later fields win, none lost.
            for k, v in row.items():
                if k != "table" and v is not None:
                    source.info[k] = v if isinstance(v, str) else json.dumps(v)
        else:
            # Newer sepax versions may add tables; the report shows what it knows.
            kind = f"table \"{table}\"" if table is not None else "row without \"table\" or \"kernel\""
            data.skipped[f"{label}: {kind}"] += 1
            data.skip_examples.setdefault(f"{label}: {kind}", f"line {lineno}")
    if not source.info:
        source.info.update(read_summary_md(path.parent / "summary.md"))
    if runs and "date" not in source.info:
        source.info["date"] = ", ".join(sorted(runs))
    if seeds and "seed" not in source.info:
        source.info["seed"] = ", ".join(str(s) for s in sorted(seeds))
    return source


def note_kernel(row, kernel, path, lineno, data: Dataset):
    query = get_str(row, "query", path, lineno, required=False)
    if query:
        data.kernel_query.setdefault(kernel, query)
    origin = get_str(row, "origin", path, lineno, required=False)
    if origin:
        data.kernel_origin.setdefault(kernel, origin)


def add_verdict_counts(stats, row, path, lineno):
    counts = {k: get_int(row, k, path, lineno) for k in ("cases", "boundary", "gross", "unjudged")}
    # Without "ok", every judged case that is neither boundary nor gross was ok.
    counts["ok"] = (get_int(row, "ok", path, lineno) if "ok" in row else
                    max(0, counts["cases"] - counts["unjudged"] - counts["boundary"] - counts["gross"]))
    for key, n in counts.items():
        setattr(stats, key, getattr(stats, key) + n)


def add_static_row(row, path, lineno, data: Dataset):
    kernel = get_str(row, "kernel", path, lineno)
    family = get_str(row, "family", path, lineno)
    note_kernel(row, kernel, path, lineno, data)
    s = data.static.setdefault((kernel, family), StaticStats(kernel, family))
    # Rows from several runs of one kernel × family add up to one bigger campaign.
    add_verdict_counts(s, row, path, lineno)
    s.fallbacks += get_int(row, "oracle_fallbacks", path, lineno)
    band = get_num(row, "max_boundary_margin", path, lineno)
    if band is not None:
        s.band = band if s.band is None else max(s.band, band)
    s.bins = merge_bins(s.bins, get_margin_bins(row, path, lineno))
    s.rows += 1


def add_moving_row(row, path, lineno, data: Dataset):
    kernel = get_str(row, "kernel", path, lineno)
    family = get_str(row, "family", path, lineno)
    note_kernel(row, kernel, path, lineno, data)
    m = data.moving.setdefault((kernel, family), MovingStats(kernel, family))
    data.moving_kernels.add(kernel)
    mode = get_str(row, "mode", path, lineno, required=False)
    m.mode = mode or next((p for p in kernel.split("/") if p in MOVING_MODES), "")
    add_verdict_counts(m, row, path, lineno)
    for key in ("both_first_contact", "ill_conditioned", "scored"):
        if key in row:
            setattr(m, key, (getattr(m, key) or 0) + get_int(row, key, path, lineno))
    bound = get_num(row, "bound", path, lineno)
    if bound is not None:
        m.bound = bound
    te = get_percentiles(row, "time_error", path, lineno)
    pd = get_percentiles(row, "point_distance", path, lineno)
    # Percentiles of separate runs cannot be merged exactly: max is the max,
    # p50/p99 come from the run that scored the most cases.
    scored = get_int(row, "scored", path, lineno)
    for attr, new in (("time_error", te), ("point_distance", pd)):
        old = getattr(m, attr)
        if new is None:
            continue
        if old is None:
            setattr(m, attr, dict(new, _scored=scored))
        else:
            keep = dict(new, _scored=scored) if scored > old["_scored"] else dict(old)
            keep["max"] = max(old["max"], new["max"])
            setattr(m, attr, keep)
    m.bins = merge_bins(m.bins, get_margin_bins(row, path, lineno))
    m.rows += 1


def read_summary_md(path: Path) -> dict:
    """Run description from the `- key: value` lines of a results directory's
    summary.md: a fallback for results written before run_info rows existed."""
    info = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return info
    for line in text.splitlines():
        m = re.match(r"^- (command|commit|compiler|flags|machine|threads|cases|wall time): (.+)$", line)
        if m:
            info[m.group(1)] = m.group(2).strip().strip("`")
        elif line.startswith("|"):
            break  # the tables start; the header list is over
    return info


# --------------------------------------------------------------------------
# Input 2: Google Benchmark JSON
# --------------------------------------------------------------------------

# What Google Benchmark appends to a name: run options and numeric arguments.
_GB_SUFFIX = re.compile(
    r"(?:/(?:min_time|min_warmup_time|iterations|repeats|threads):[^/]*"
    r"|/(?:real_time|manual_time|process_time)"
    r"|/-?\d+)+$")


def split_benchmark_name(name: str):
    """`<suite>:<id>:<family>:<set>[/gb options]` -> (suite, id, family, set),
    or None when the name is not in that shape."""
    base = _GB_SUFFIX.sub("", name)
    suite, sep, rest = base.partition(":")
    if not sep or suite not in BENCH_SUITES:
        return None
    parts = rest.rsplit(":", 2)
    if len(parts) != 3 or not all(parts) or ":" in parts[0]:
        return None
    return (suite, parts[0], parts[1], parts[2])


def entry_run_name(entry: dict) -> str:
    """The name without an aggregate suffix: `run_name` when the file has it
    (Google Benchmark ≥ 1.5), else the name minus `_<aggregate_name>`."""
    run_name = entry.get("run_name")
    if isinstance(run_name, str) and run_name:
        return run_name
    name = entry.get("name", "")
    agg = entry.get("aggregate_name")
    if entry.get("run_type") == "aggregate" and isinstance(agg, str) and name.endswith("_" + agg):
        return name[: -len(agg) - 1]
    return name


def select_benchmark_rows(entries: list) -> dict:
    """run name -> the rows to use: its `median` aggregate when there is one,
    else every iteration row (their median is taken later)."""
    groups = collections.OrderedDict()
    for entry in entries:
        groups.setdefault(entry_run_name(entry), []).append(entry)
    chosen = {}
    for run_name, rows in groups.items():
        medians = [r for r in rows if r.get("run_type") == "aggregate"
                   and r.get("aggregate_name") == "median"]
        if medians:
            chosen[run_name] = medians
        else:
            chosen[run_name] = [r for r in rows if r.get("run_type", "iteration") != "aggregate"]
    return chosen


def entry_ns_per_test(entry: dict, where: str) -> float:
    """ns/test: the `ns_per_test` counter, else real_time in ns / pairs."""
    ns = entry.get("ns_per_test")
    if isinstance(ns, (int, float)) and not isinstance(ns, bool) and math.isfinite(ns) and ns > 0:
        return float(ns)
    unit = entry.get("time_unit", "ns")
    real = entry.get("real_time")
    pairs = entry.get("pairs")
    if unit not in TIME_UNIT_NS:
        raise InputError(f"{where}: unknown time_unit {json.dumps(unit)}")
    if not isinstance(real, (int, float)) or isinstance(real, bool) or not math.isfinite(real):
        raise InputError(f"{where}: no ns_per_test counter and no numeric real_time")
    if not isinstance(pairs, (int, float)) or isinstance(pairs, bool) or pairs <= 0:
        raise InputError(f"{where}: no ns_per_test counter and no positive pairs counter to divide real_time by")
    return real * TIME_UNIT_NS[unit] / pairs


def line_of(text: str, needle: str):
    """Line number of the first occurrence of needle, to point at an entry."""
    pos = text.find(needle)
    return text.count("\n", 0, pos) + 1 if pos >= 0 else None


def read_benchmark(path: Path, text: str, data: Dataset, label: str) -> Source:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"{path}:{e.lineno}: not valid JSON ({e.msg} at column {e.colno})") from e
    if not isinstance(doc, dict) or not isinstance(doc.get("benchmarks"), list):
        raise InputError(f"{path}: not a Google Benchmark JSON file (no \"benchmarks\" list)")
    source = Source(label=label, kind="benchmark")
    source.info = benchmark_context_info(doc.get("context"))
    entries = []
    for i, entry in enumerate(doc["benchmarks"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise InputError(f"{path}: benchmarks[{i}] is not an object with a \"name\"")
        entries.append(entry)
    source.rows = len(entries)
    for run_name, rows in select_benchmark_rows(entries).items():
        key = split_benchmark_name(run_name)
        if key is None:
            reason = f"{label}: benchmark not named <suite>:<id>:<family>:<set>"
            data.skipped[reason] += 1
            data.skip_examples.setdefault(reason, run_name)
            continue
        good = []
        for r in rows:
            if r.get("error_occurred"):
                data.notes.append(f"{label}: {r['name']} reported an error "
                                  f"({r.get('error_message', 'no message')}); skipped")
                continue
            line = line_of(text, json.dumps(r["name"]))
            where = _where(path, line) + f" (benchmark {r['name']})"
            good.append((entry_ns_per_test(r, where), r))
        if not good:
            continue
        b = data.bench.setdefault(key, BenchStats(*key))
        if b.ns:
            data.notes.append(f"{label}: {':'.join(key)} measured again; the report uses the median over inputs")
        b.ns.append(statistics.median(ns for ns, _ in good))
        hits = [r["hit_rate"] for _, r in good if isinstance(r.get("hit_rate"), (int, float))]
        if hits:
            b.hit_rate.append(statistics.median(hits))
        pairs = [r["pairs"] for _, r in good if isinstance(r.get("pairs"), (int, float))]
        if pairs:
            b.pairs.append(max(pairs))
    return source


def benchmark_context_info(ctx) -> dict:
    """The machine and build a benchmark ran on, as report fields."""
    if not isinstance(ctx, dict):
        return {}
    info = {}
    if isinstance(ctx.get("date"), str):
        info["date"] = ctx["date"]
    machine = []
    if ctx.get("host_name"):
        machine.append(str(ctx["host_name"]))
    if ctx.get("num_cpus"):
        machine.append(f"{ctx['num_cpus']} CPUs")
    if ctx.get("mhz_per_cpu"):
        machine.append(f"{ctx['mhz_per_cpu']} MHz")
    if isinstance(ctx.get("caches"), list):
        machine.append("caches " + ", ".join(format_cache(c) for c in ctx["caches"] if isinstance(c, dict)))
    if ctx.get("cpu_scaling_enabled") is True:
        machine.append("CPU frequency scaling ON (timings are noisy)")
    if machine:
        info["machine"] = "; ".join(machine)
    if isinstance(ctx.get("executable"), str):
        info["executable"] = ctx["executable"]
    if isinstance(ctx.get("load_avg"), list) and ctx["load_avg"]:
        info["load average"] = ", ".join(f"{x:.2f}" for x in ctx["load_avg"] if isinstance(x, (int, float)))
    lib = " ".join(str(ctx[k]) for k in ("library_version", "library_build_type") if ctx.get(k))
    if lib:
        info["benchmark library"] = lib
        if ctx.get("library_build_type") == "debug":
            info["benchmark library"] += " (debug build: timings are not representative)"
    known = {"date", "host_name", "num_cpus", "mhz_per_cpu", "caches", "cpu_scaling_enabled",
             "executable", "load_avg", "library_version", "library_build_type", "json_schema_version"}
    # Custom context (benchmark::AddCustomContext: commit, compiler, flags …).
    for k in sorted(ctx):
        if k not in known and isinstance(ctx[k], (str, int, float)) and not isinstance(ctx[k], bool):
            info[k] = str(ctx[k])
    return info


def format_cache(c: dict) -> str:
    kind = {"Data": "D", "Instruction": "I", "Unified": ""}.get(c.get("type"), str(c.get("type", "")))
    size = c.get("size", 0)
    if isinstance(size, (int, float)) and size >= 1 << 20:
        size_s = f"{size / (1 << 20):g} MiB"
    elif isinstance(size, (int, float)):
        size_s = f"{size / 1024:g} KiB"
    else:
        size_s = str(size)
    return f"L{c.get('level', '?')}{kind} {size_s}"


# --------------------------------------------------------------------------
# Input dispatch
# --------------------------------------------------------------------------

def load_inputs(inputs: list) -> Dataset:
    data = Dataset()
    for arg in inputs:
        path = Path(arg)
        if path.is_dir():
            target = path / "verify.jsonl"
            if not target.is_file():
                raise InputError(f"{path}: a directory without verify.jsonl")
            data.sources.append(read_verify(target, data, str(arg)))
            continue
        if not path.is_file():
            raise InputError(f"{path}: no such file or directory")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"{path}: cannot read: {e}") from e
        if looks_like_benchmark(path, text):
            data.sources.append(read_benchmark(path, text, data, str(arg)))
        else:
            data.sources.append(read_verify(path, data, str(arg)))
    return data


def looks_like_benchmark(path: Path, text: str) -> bool:
    """Benchmark JSON is one (pretty-printed) document; verify.jsonl is one
    object per line. Decided without parsing everything so that a malformed
    file still gets the right error message."""
    if path.suffix == ".jsonl":
        return False
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    try:
        obj = json.loads(first)
    except json.JSONDecodeError:
        return text.lstrip().startswith("{")
    # A whole object on the first line: JSON Lines, unless it is a
    # benchmark file written on one line.
    return isinstance(obj, dict) and ("benchmarks" in obj or "context" in obj)


# --------------------------------------------------------------------------
# Document model: one description rendered as Markdown and as HTML
# --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Em:
    """Italic text (peers: never to be mistaken for sepax kernels)."""
    text: str


@dataclasses.dataclass(frozen=True)
class Code:
    text: str


@dataclasses.dataclass(frozen=True)
class Strong:
    text: str


@dataclasses.dataclass
class Heading:
    level: int
    text: str


@dataclasses.dataclass
class Para:
    parts: list   # str | Em | Code


@dataclasses.dataclass
class Table:
    headers: list
    rows: list               # list of list of cells (str | Em | Code)
    numeric: list            # per column: right-align
    peer_rows: set = dataclasses.field(default_factory=set)  # row indexes


@dataclasses.dataclass
class Image:
    name: str                # file name under plots/
    alt: str
    png: bytes
    caption: str


def md_inline(part) -> str:
    if isinstance(part, Em):
        return f"*{md_escape(part.text)}*"
    if isinstance(part, Code):
        return f"`{part.text}`"
    if isinstance(part, Strong):
        return f"**{md_escape(part.text)}**"
    return md_escape(str(part))


def md_escape(s: str) -> str:
    # Only what would break a table or start emphasis inside our cells.
    return (s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*")
            .replace("<", "\\<"))


def render_markdown(blocks: list) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Heading):
            out.append("#" * b.level + " " + b.text)
        elif isinstance(b, Para):
            out.append("".join(md_inline(p) for p in b.parts))
        elif isinstance(b, Table):
            out.append("| " + " | ".join(md_escape(h) for h in b.headers) + " |")
            out.append("|" + "|".join("---:" if n else "---" for n in b.numeric) + "|")
            for row in b.rows:
                out.append("| " + " | ".join(md_inline(c) for c in row) + " |")
        elif isinstance(b, Image):
            out.append(f"![{b.alt}](plots/{b.name})")
            if b.caption:
                out.append("")
                out.append(f"*{md_escape(b.caption)}*")
        out.append("")
    return "\n".join(out)


def html_inline(part) -> str:
    if isinstance(part, Em):
        return f"<em>{html.escape(part.text)}</em>"
    if isinstance(part, Code):
        return f"<code>{html.escape(part.text)}</code>"
    if isinstance(part, Strong):
        return f"<strong>{html.escape(part.text)}</strong>"
    return html.escape(str(part))


HTML_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 14px; margin: 2em auto;
       max-width: 1300px; padding: 0 1em; color: #222; }
h1 { border-bottom: 2px solid #444; }
h2 { border-bottom: 1px solid #aaa; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; }
td { white-space: nowrap; }
th { background: #eee; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.peer td { background: #fff6e5; }
code { background: #f3f3f3; padding: 0 3px; }
figure { margin: 0.5em 0 1.5em; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-style: italic; color: #555; }
"""

# Runs before the images load, so that any script error is recorded; on load
# it writes what it saw into <body> for tests/html_in_chromium.sh to read.
HTML_CHECK_SCRIPT = """
(function () {
  var errors = [];
  window.onerror = function (msg, src, line) { errors.push(String(msg) + " (line " + line + ")"); };
  window.addEventListener("load", function () {
    var imgs = document.images, loaded = 0;
    for (var i = 0; i < imgs.length; i++) {
      if (imgs[i].complete && imgs[i].naturalWidth > 0) loaded++;
    }
    var b = document.body;
    b.setAttribute("data-plots-total", imgs.length);
    b.setAttribute("data-plots-loaded", loaded);
    b.setAttribute("data-errors", errors.length);
    b.setAttribute("data-error-messages", errors.join(" | "));
    b.setAttribute("data-check", "done");
  });
})();
"""


def render_html(blocks: list, title: str) -> str:
    n_images = sum(isinstance(b, Image) for b in blocks)
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>",
           f"<style>{HTML_STYLE}</style>", f"<script>{HTML_CHECK_SCRIPT}</script>",
           "</head>", f'<body data-plots-expected="{n_images}">']
    for b in blocks:
        if isinstance(b, Heading):
            out.append(f"<h{b.level}>{html.escape(b.text)}</h{b.level}>")
        elif isinstance(b, Para):
            out.append("<p>" + "".join(html_inline(p) for p in b.parts) + "</p>")
        elif isinstance(b, Table):
            out.append("<table>")
            out.append("<tr>" + "".join(
                f"<th{_num_attr(n)}>{html.escape(h)}</th>"
                for h, n in zip(b.headers, b.numeric)) + "</tr>")
            for i, row in enumerate(b.rows):
                cls = ' class="peer"' if i in b.peer_rows else ""
                out.append(f"<tr{cls}>" + "".join(
                    f"<td{_num_attr(n)}>{html_inline(c)}</td>" for c, n in zip(row, b.numeric)) + "</tr>")
            out.append("</table>")
        elif isinstance(b, Image):
            data = base64.b64encode(b.png).decode("ascii")
            out.append(f'<figure><img alt="{html.escape(b.alt)}" src="data:image/png;base64,{data}">'
                       f"<figcaption>{html.escape(b.caption)}</figcaption></figure>")
    out.append("</body>")
    out.append("</html>")
    return "\n".join(out) + "\n"


def _num_attr(numeric: bool) -> str:
    return ' class="num"' if numeric else ""


# --------------------------------------------------------------------------
# Number formatting (fixed precision: reports diff cleanly between runs)
# --------------------------------------------------------------------------

def fmt_ns(v):
    if v is None:
        return DASH
    if v < 10:
        return f"{v:.2f}"
    if v < 100:
        return f"{v:.1f}"
    return f"{v:.0f}"


def fmt_sci(v):
    if v is None:
        return DASH
    if v == 0:
        return "0"
    return f"{v:.1e}"


# A rate is printed like any small magnitude.
fmt_rate = fmt_sci


def fmt_int(v):
    return DASH if v is None else str(v)


def fmt_pct(v):
    return DASH if v is None else f"{100 * v:.0f}%"


def kernel_cell(data: Dataset, kernel: str):
    return Em(kernel) if data.is_peer(kernel) else Code(kernel)


def origin_cell(data: Dataset, kernel: str):
    origin = data.origin_of(kernel)
    return Em(origin) if origin != "sepax" else origin


# --------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------

def run_info_blocks(data: Dataset) -> list:
    blocks = [Heading(2, "Runs")]
    order = ("command", "commit", "compiler", "flags", "machine", "date")
    for src in data.sources:
        what = "sepax verify results" if src.kind == "verify" else "Google Benchmark results"
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
    rows = [
        ["static kernel × family rows", str(len(st)), str(sum(s.judged for s in st)),
         str(sum(s.gross for s in st)), str(sum(s.boundary for s in st))],
        ["moving kernel × family rows", str(len(mv)), str(sum(m.judged for m in mv)),
         str(sum(m.gross for m in mv)), str(sum(m.boundary for m in mv))],
    ]
    blocks = [Heading(2, "Totals"),
              Table(["what", "rows", "cases judged", "gross", "boundary"], rows,
                    [False, True, True, True, True]),
              Para([f"{len(data.bench)} benchmarks ({sum(1 for k in data.bench if k[0] == 'kernel')} kernel, "
                    f"{sum(1 for k in data.bench if k[0] == 'oracle')} oracle)."])]
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
        "hit rate (mixed)", "cases judged", "gross", "gross rate", "boundary", "band width"]
    numeric = [False, False, False] + [True] * (len(sets) + 6)
    rows, peers = [], set()
    for i, (kernel, family) in enumerate(keys):
        s = data.static.get((kernel, family))
        mixed = data.bench.get(("kernel", kernel, family, "mixed"))
        row = [kernel_cell(data, kernel), origin_cell(data, kernel), family]
        row += [fmt_ns(data.bench_ns(kernel, family, st)) for st in sets]
        row.append(fmt_pct(mixed.hit if mixed else None))
        if s:
            row += [str(s.judged), str(s.gross), fmt_rate(s.gross_rate), str(s.boundary),
                    fmt_sci(s.band) if s.boundary else DASH]
        else:
            row += [DASH] * 5
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


def margin_bins_by_kernel(data: Dataset, query: str, family=None) -> dict:
    out = {}
    for store in (data.static, data.moving):
        for (kernel, fam), s in store.items():
            if s.bins and data.query_of(kernel) == query and (family is None or fam == family):
                out[kernel] = merge_bins(out.get(kernel), s.bins)
    return out


def moving_table(data: Dataset, query: str):
    keys = sorted((k for k in data.moving if data.query_of(k[0]) == query),
                  key=lambda k: (data.kernel_sort_key(k[0]), family_key(k[1])))
    if not keys:
        return None
    # Moving kernels may be benchmarked too; the column appears only then.
    timed = any(data.bench_ns(k, f, "mixed") is not None for k, f in keys)
    headers = ["kernel", "origin", "family"] + (["ns/test mixed"] if timed else []) + [
        "cases judged", "ok", "boundary", "gross", "both first contact", "ill-conditioned", "scored",
        "TOI p50", "TOI p99", "TOI max", "point p50", "point p99", "point max", "bound"]
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


# --------------------------------------------------------------------------
# Plots (matplotlib, Agg)
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Report assembly
# --------------------------------------------------------------------------

READING_NOTES = [
    [Strong("How to read."), " ", Strong("gross"), ": the kernel disagrees with the exact oracle by "
     "more than the rounding band its scalar can resolve (a bug, in sepax or in the peer). ",
     Strong("boundary"), ": it disagrees within that band. ", Strong("band width"), ": the largest "
     "|margin| / size among the boundary verdicts seen (0: only exactly touching cases; - : no "
     "boundary verdict). ", Strong("ns/test"), ": Google Benchmark median over the set's pairs; ",
     Code("mixed"), " is the headline, ", Code("separated"), " favours early-out, ", Code("intersecting"),
     " is the worst case. ", Em("Peers"), " (other libraries' kernels) are in italics, with their "
     "library in the origin column."],
    ["On log axes the grey row labelled 0 holds exact zeros; a rate of 0 over N cases only says "
     "that the true rate is likely below about 3/N."],
]


def query_blocks(data: Dataset, query: str) -> list:
    title = query if query != OTHER_QUERY else "other kernels (query unknown)"
    blocks = [Heading(2, title)]
    added = False

    t = static_table(data, query)
    if t:
        blocks += [Heading(3, "Static kernels × families"), t]
        added = True
    ft = fastest_table(data, query)
    if ft:
        blocks += [Heading(3, "Fastest kernel per family"),
                   Para(["The fastest kernel of each side on the mixed set, counting a kernel as correct only "
                         "where verify judged it on that family with no gross verdict; ratios below 1 mean "
                         "the sepax kernel is faster."]), ft]
    png = plot_speed_robustness(data, query)
    if png:
        blocks += [Heading(3, "Speed versus robustness"),
                   Image(f"{query}_speed_robustness.png", f"{query}: ns/test against gross-error rate and band width",
                         png, "One marker per kernel × family: colour = kernel, shape = family, hollow = peer. "
                              "Left: gross-error rate; right: boundary-band width (kernel × family rows with "
                              "boundary verdicts only).")]
    elif t:
        blocks.append(Para(["No speed-versus-robustness plot: it needs a benchmark (mixed set) and verify "
                            "results for the same kernel × family."]))

    mt = margin_table(data, query)
    if mt:
        png = plot_margin(data, query)
        blocks += [Heading(3, "Error rate against margin"),
                   Para(["Wrong verdicts (boundary + gross) over cases, per decade of the exact |margin| "
                         "relative to size; all families summed."]), mt,
                   Image(f"{query}_margin.png", f"{query}: error rate against margin", png,
                         "Wrong / cases per margin decade, all families and each family; dashed: moving kernels.")]

    mv = moving_table(data, query)
    if mv:
        blocks += [Heading(3, "Moving kernels"),
                   Para(["TOI error = |t − t*| / T and contact-point distance / size over well-conditioned "
                         "first contacts (scored); bound = what a find kernel must meet to be ok."]), mv]
        png = plot_moving(data, query)
        if png:
            blocks.append(Image(f"{query}_moving.png", f"{query}: TOI error and contact-point distance", png,
                                "Per find kernel × family: circle p50, triangle p99, bar max; "
                                "dashed: the kernel's ok bound."))
        added = True

    ob = oracle_bench_table(data, query)
    oc = oracle_cost_rows_table([r for r in data.oracle_costs if r["query"] == query], "static oracle")
    mc = oracle_cost_rows_table([r for r in data.moving_oracle_costs if r["query"] == query], "moving oracle")
    if ob or oc or mc:
        blocks.append(Heading(3, "Oracle cost"))
        if ob:
            blocks += [Para(["Benchmarked oracles (× kernel: how many sepax test_static calls one oracle call costs)."]), ob]
        if oc:
            blocks += [Para(["Measured inside sepax verify, one thread; cases timed = the cases that took that path "
                              "(the filter on every case, the others on fallbacks or samples)."]), oc]
        if mc:
            blocks.append(mc)
        added = True
    return blocks if added else []


def build_report(data: Dataset, title: str) -> list:
    blocks = [Heading(1, title)]
    blocks += [Para(parts) for parts in READING_NOTES]
    blocks += run_info_blocks(data)
    blocks += totals_block(data)
    for q in data.queries():
        blocks += query_blocks(data, q)
    if data.skipped or data.notes:
        blocks.append(Heading(2, "Input notes"))
        for reason, n in sorted(data.skipped.items()):
            blocks.append(Para([f"Skipped {n} × {reason} (first: {data.skip_examples.get(reason, '?')})."]))
        for note in sorted(set(data.notes)):
            blocks.append(Para([note]))
    return blocks


def write_report(blocks: list, out_dir: Path, title: str) -> list:
    """Writes report.md, report.html and plots/*.png; returns the plot paths."""
    plots_dir = out_dir / "plots"
    plots_dir.mkdir(parents=True, exist_ok=True)
    images = [b for b in blocks if isinstance(b, Image)]
    written = []
    for img in images:
        p = plots_dir / img.name
        p.write_bytes(img.png)
        written.append(p)
    # A plot from an earlier report into the same DIR would look current.
    for stale in sorted(plots_dir.glob("*.png")):
        if stale not in written:
            stale.unlink()
    (out_dir / "report.md").write_text(render_markdown(blocks), encoding="utf-8")
    (out_dir / "report.html").write_text(render_html(blocks, title), encoding="utf-8")
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="sepax speed-versus-robustness report from verify results and Google Benchmark JSON.")
    ap.add_argument("inputs", nargs="+", metavar="INPUT",
                    help="results directory of `sepax verify`, a verify.jsonl, or a Google Benchmark JSON file")
    ap.add_argument("-o", "--out", required=True, metavar="DIR", help="output directory")
    ap.add_argument("--title", default="sepax: speed versus robustness", help="report title")
    args = ap.parse_args(argv)
    try:
        data = load_inputs(args.inputs)
    except InputError as e:
        print(f"sepax_report: error: {e}", file=sys.stderr)
        return 2
    for reason, n in sorted(data.skipped.items()):
        print(f"sepax_report: skipped {n} × {reason} (first: {data.skip_examples.get(reason, '?')})",
              file=sys.stderr)
    if not data.static and not data.moving and not data.bench:
        print("sepax_report: warning: no kernel rows and no benchmarks in the inputs; the report is empty",
              file=sys.stderr)
    blocks = build_report(data, args.title)
    out_dir = Path(args.out)
    plots = write_report(blocks, out_dir, args.title)
    print(f"sepax_report: wrote {out_dir / 'report.md'}, {out_dir / 'report.html'} and {len(plots)} plots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
