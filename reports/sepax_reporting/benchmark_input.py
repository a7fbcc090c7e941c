"""Input 2: Google Benchmark JSON (--benchmark_out_format=json) of sepax's
suites, benchmarks named `<suite>:<id>:<family>:<set>`: ns/test per
benchmark (the median aggregate, else the median of the iteration rows) and
the machine it ran on."""

from __future__ import annotations

import collections
import json
import math
import re
import statistics
from pathlib import Path

from .fields import InputError, file_line
from .model import BenchStats, Dataset, Source
from .pair_queries import read_rect_benchmark
from .vocabulary import BENCH_SUITES

TIME_UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

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


def repetition_noise(rows: list, median_ns: float, where: str):
    """(stddev / median of ns/test, repetitions) of one benchmark: its
    `stddev` aggregate when the file has one, else the spread of its
    iteration rows; (None, n) with fewer than two repetitions."""
    std = [r for r in rows if r.get("run_type") == "aggregate" and r.get("aggregate_name") == "stddev"]
    reps = max((r.get("repetitions", 1) for r in rows if isinstance(r.get("repetitions"), int)), default=1)
    if std and median_ns > 0:
        s = std[0]
        ns = s.get("ns_per_test")
        if isinstance(ns, (int, float)) and not isinstance(ns, bool) and math.isfinite(ns) and ns >= 0:
            return ns / median_ns, reps
        real, unit, pairs = s.get("real_time"), s.get("time_unit", "ns"), s.get("pairs")
        if (isinstance(real, (int, float)) and unit in TIME_UNIT_NS and isinstance(pairs, (int, float))
                and pairs > 0):
            return real * TIME_UNIT_NS[unit] / pairs / median_ns, reps
    its = [r for r in rows if r.get("run_type", "iteration") != "aggregate" and not r.get("error_occurred")]
    if len(its) >= 2 and median_ns > 0:
        values = [entry_ns_per_test(r, where) for r in its]
        return statistics.stdev(values) / median_ns, len(values)
    return None, reps


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
    every_row = collections.defaultdict(list)
    for entry in entries:
        every_row[entry_run_name(entry)].append(entry)
    for run_name, rows in select_benchmark_rows(entries).items():
        if read_tree_benchmark(run_name, rows, data, label):
            continue
        if read_rect_benchmark(run_name, _GB_SUFFIX.sub("", run_name), rows, data):
            continue
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
            where = file_line(path, line) + f" (benchmark {r['name']})"
            good.append((entry_ns_per_test(r, where), r))
        if not good:
            continue
        b = data.bench.setdefault(key, BenchStats(*key))
        if b.ns:
            data.notes.append(f"{label}: {':'.join(key)} measured again; the report uses the median over inputs")
        b.ns.append(statistics.median(ns for ns, _ in good))
        noise, reps = repetition_noise(every_row[run_name], b.ns[-1], f"{path} (benchmark {run_name})")
        if noise is not None:
            b.noise.append(noise)
        b.repetitions.append(reps)
        hits = [r["hit_rate"] for _, r in good if isinstance(r.get("hit_rate"), (int, float))]
        if hits:
            b.hit_rate.append(statistics.median(hits))
        pairs = [r["pairs"] for _, r in good if isinstance(r.get("pairs"), (int, float))]
        if pairs:
            b.pairs.append(max(pairs))
    return source


def _median_counter(rows: list, name: str):
    values = [r[name] for r in rows if isinstance(r.get(name), (int, float)) and not isinstance(r.get(name), bool)
              and math.isfinite(r[name]) and not r.get("error_occurred")]
    return statistics.median(values) if values else None


def read_tree_benchmark(run_name: str, rows: list, data: Dataset, label: str) -> bool:
    """sepax_bench_trees: `tree:<kernel>:<pair>:<boolean|all_pairs>` (counter
    queries_per_s) and `build:<kernel>:<mesh>` (ns_per_triangle,
    bytes_per_triangle). True when the name is one of these."""
    base = _GB_SUFFIX.sub("", run_name)
    parts = base.split(":")
    if len(parts) == 4 and parts[0] == "tree" and all(parts):
        qps = _median_counter(rows, "queries_per_s")
        if qps is not None:
            data.tree_queries.setdefault((parts[1], parts[2], parts[3]), []).append(qps)
        return True
    if len(parts) == 3 and parts[0] == "build" and all(parts):
        entry = data.tree_builds.setdefault((parts[1], parts[2]), {})
        for counter in ("ns_per_triangle", "bytes_per_triangle"):
            v = _median_counter(rows, counter)
            if v is not None:
                entry[counter] = v
        return True
    return False


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

