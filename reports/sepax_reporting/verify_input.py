"""Input 1: `sepax verify` results (verify.jsonl, one JSON object a line):
static kernel rows, "table":"moving" rows (both with the severity fields
of issue 29 when sepax wrote them), "table":"failure_class" and
"table":"boundary_class" rows (findings/failure_classes.py), "table":"trees"
rows (mesh kernels on mesh pairs), "table":"pair_queries" rows (2D
rectangles, spheres), oracle cost rows and run_info rows, merged into a
Dataset; summary.md stands in for a missing run_info."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .fields import (InputError, get_answer_paths, get_count, get_gross_levels, get_int, get_margin_bins, get_num,
                     get_percentiles, get_point_paths, get_severity, get_str)
from .model import Dataset, MovingStats, Source, StaticStats, TreeStats, merge_bins
from .findings.failure_classes import add_failure_class_row
from .integrator_drift import add_drift_row
from .findings.mutation import add_mutation_row
from .pair_queries import add_pair_query_row
from .vocabulary import MOVING_MODES

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
        elif table == "trees":
            add_tree_row(row, path, lineno, data)
        elif table == "pair_queries":
            add_pair_query_row(row, path, lineno, data)
        elif table == "general_motion_drift":
            add_drift_row(row, path, lineno, data)
        elif table == "mutation":
            add_mutation_row(row, path, lineno, data)
        elif table in ("failure_class", "boundary_class"):
            add_failure_class_row(row, path, lineno, data)
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


def add_verdict_counts(stats, row, path, lineno, convention=0):
    counts = {k: get_int(row, k, path, lineno) for k in ("cases", "boundary", "gross", "unjudged")}
    # Without "ok", every judged case that is neither boundary, gross nor
    # convention was ok.
    counts["ok"] = (get_int(row, "ok", path, lineno) if "ok" in row else
                    max(0, counts["cases"] - counts["unjudged"] - counts["boundary"] - counts["gross"]
                        - convention))
    for key, n in counts.items():
        setattr(stats, key, getattr(stats, key) + n)


def add_severity(stats, row, path, lineno):
    """A kernel row's severity fields (issue 29), all optional: rows of older
    sepax versions lack them."""
    tolerance = get_num(row, "tolerance", path, lineno)
    if tolerance is not None:
        if tolerance < 0:
            raise InputError(f"{path}:{lineno}: field \"tolerance\" should be ≥ 0, got {tolerance!r}")
        stats.tolerance = max(stats.tolerance or 0.0, tolerance)
    levels = get_gross_levels(row, path, lineno)
    if levels is not None:
        old = stats.level_counts or (0,) * len(levels)
        stats.level_counts = tuple(a + b for a, b in zip(old, levels))
        stats.levels_rows += 1
    worst = get_severity(row, "max_gross_severity", path, lineno)
    if worst is not None:
        stats.max_gross_severity = max(stats.max_gross_severity or 0.0, worst)
    tolerated = get_count(row, "tolerated", path, lineno)
    if tolerated is not None:
        stats.tolerated = (stats.tolerated or 0) + tolerated


def add_static_row(row, path, lineno, data: Dataset):
    kernel = get_str(row, "kernel", path, lineno)
    family = get_str(row, "family", path, lineno)
    note_kernel(row, kernel, path, lineno, data)
    s = data.static.setdefault((kernel, family), StaticStats(kernel, family))
    # Both counts are optional: rows of older sepax versions lack them, and
    # only open-set peers' rows have "convention".
    convention = get_count(row, "convention", path, lineno)
    zero_band = get_count(row, "zero_band_cases", path, lineno)
    cases = get_int(row, "cases", path, lineno)
    if zero_band is not None and zero_band > cases:
        raise InputError(f"{path}:{lineno}: field \"zero_band_cases\" ({zero_band}) exceeds \"cases\" ({cases})")
    # Rows from several runs of one kernel × family add up to one bigger campaign.
    add_verdict_counts(s, row, path, lineno, convention or 0)
    add_severity(s, row, path, lineno)
    if convention is not None:
        s.convention = (s.convention or 0) + convention
    if zero_band is not None:
        s.zero_band = (s.zero_band or 0) + zero_band
        s.zero_band_of += cases
    s.fallbacks += get_int(row, "oracle_fallbacks", path, lineno)
    band = get_num(row, "max_boundary_margin", path, lineno)
    if band is not None:
        s.band = band if s.band is None else max(s.band, band)
    s.bins = merge_bins(s.bins, get_margin_bins(row, path, lineno))
    paths = get_answer_paths(row, path, lineno)
    if paths is not None:
        s.answer_paths = {k: (s.answer_paths or {}).get(k, 0) + n for k, n in paths.items()}
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
    add_severity(m, row, path, lineno)
    for key in ("both_first_contact", "ill_conditioned", "scored"):
        if key in row:
            setattr(m, key, (getattr(m, key) or 0) + get_int(row, key, path, lineno))
    bound = get_num(row, "bound", path, lineno)
    if bound is not None:
        m.bound = bound
    paths = get_point_paths(row, path, lineno)
    if paths is not None:
        m.point_paths = {k: (m.point_paths or {}).get(k, 0) + n for k, n in paths.items()}
    # Percentiles of separate runs cannot be merged exactly: max is the max,
    # p50/p99 come from the run that scored the most cases.
    scored = get_int(row, "scored", path, lineno)
    for attr in ("time_error", "point_distance", "primary_point_distance"):
        new = get_percentiles(row, attr, path, lineno)
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


def add_tree_row(row, path, lineno, data: Dataset):
    """A "table":"trees" row: one mesh kernel on one mesh pair; rows of the
    same kernel and pair from several inputs add up."""
    kernel = get_str(row, "kernel", path, lineno)
    pair = get_str(row, "pair", path, lineno)
    t = data.trees.setdefault((kernel, pair), TreeStats(kernel, pair))
    t.peer = bool(row.get("peer", False))
    for name in ("poses", "truth_hits", "ok", "boundary", "gross"):
        setattr(t, name, getattr(t, name) + get_int(row, name, path, lineno))
    t.seconds += get_num(row, "seconds", path, lineno, 0.0)


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

