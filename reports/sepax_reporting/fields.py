"""Field checks of input rows: a field of the wrong type is an InputError
naming the file, the line and the field."""

from __future__ import annotations

import json
import math


class InputError(Exception):
    """Unreadable input; the message names the file and, when known, the line."""


def file_line(path, line):
    """`FILE:LINE`, or `FILE` when the line is unknown."""
    return f"{path}:{line}" if line is not None else str(path)


def get_int(row, key, path, line, default=0):
    v = row.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v):
        raise InputError(f"{file_line(path, line)}: field \"{key}\" should be an integer, got {json.dumps(v)}")
    return int(v)


def get_count(row, key, path, line):
    """A non-negative integer, or None when the field is absent or null."""
    v = row.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise InputError(f"{file_line(path, line)}: field \"{key}\" should be a non-negative integer, "
                         f"got {json.dumps(v)}")
    return v


def get_num(row, key, path, line, default=None):
    v = row.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise InputError(f"{file_line(path, line)}: field \"{key}\" should be a finite number, got {json.dumps(v)}")
    return float(v)


def get_severity(row, key, path, line):
    """A severity (|margin| relative to the larger shape's size): a finite
    number ≥ 0, math.inf for the string "threw" (a call threw: worse than any
    margin), or None when the field is absent or null."""
    v = row.get(key)
    if v is None:
        return None
    if v == "threw":
        return math.inf
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
        raise InputError(f"{file_line(path, line)}: field \"{key}\" should be a number ≥ 0, \"threw\" or null, "
                         f"got {json.dumps(v)}")
    return float(v)


# The levels a kernel row counts its gross verdicts at (issue 29): all of
# them (beyond the rounding band), ≥ 1e-6 and ≥ 1e-3 of the size.
GROSS_LEVELS = ("beyond_band", "1e-6", "1e-3")


def get_gross_levels(row, path, line):
    """gross_levels: {"beyond_band": n, "1e-6": m, "1e-3": k} -> (n, m, k),
    non-negative and n ≥ m ≥ k (a stricter level counts fewer); None when
    absent or null (rows of older sepax versions)."""
    v = row.get("gross_levels")
    if v is None:
        return None
    counts = tuple(v.get(k) for k in GROSS_LEVELS) if isinstance(v, dict) else ()
    if (len(counts) != len(GROSS_LEVELS)
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
            or any(a < b for a, b in zip(counts, counts[1:]))):
        raise InputError(f"{file_line(path, line)}: field \"gross_levels\" should be an object with non-negative "
                         f"integers {', '.join(GROSS_LEVELS)}, each ≤ the one before, got {json.dumps(v)}")
    return counts


def get_str(row, key, path, line, required=True):
    v = row.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, str) or not v:
        what = "is missing" if v is None else f"should be a non-empty string, got {json.dumps(v)}"
        raise InputError(f"{file_line(path, line)}: field \"{key}\" {what}")
    return v


def get_percentiles(row, key, path, line):
    """{p50, p99, max} or None (no scored case)."""
    v = row.get(key)
    if v is None:
        return None
    if not isinstance(v, dict):
        raise InputError(f"{file_line(path, line)}: field \"{key}\" should be an object with p50/p99/max, got {json.dumps(v)}")
    out = {}
    for p in ("p50", "p99", "max"):
        x = v.get(p)
        if x is None:
            out[p] = None   # shown as '-'
            continue
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
            raise InputError(f"{file_line(path, line)}: field \"{key}\" should have a finite number as {p}, "
                             f"got {json.dumps(v)}")
        out[p] = float(x)
    return out


def get_point_paths(row, path, line):
    """point_paths: {"features": n, "closest_points": m} (non-negative
    integers), or None when absent or null."""
    v = row.get("point_paths")
    if v is None:
        return None
    if (not isinstance(v, dict)
            or not all(isinstance(v.get(k), int) and not isinstance(v.get(k), bool) and v.get(k) >= 0
                       for k in ("features", "closest_points"))):
        raise InputError(f"{file_line(path, line)}: field \"point_paths\" should be an object with non-negative "
                         f"integers features and closest_points, got {json.dumps(v)}")
    return {"features": v["features"], "closest_points": v["closest_points"]}


def get_answer_paths(row, path, line):
    """answer_paths: {"fast": n, "full": m} (non-negative integers: a
    certified kernel's filter and its exact rationals, the triangle batch's
    vectorised and full paths), or None when absent or null."""
    v = row.get("answer_paths")
    if v is None:
        return None
    if (not isinstance(v, dict)
            or not all(isinstance(v.get(k), int) and not isinstance(v.get(k), bool) and v.get(k) >= 0
                       for k in ("fast", "full"))):
        raise InputError(f"{file_line(path, line)}: field \"answer_paths\" should be an object with non-negative "
                         f"integers fast and full, got {json.dumps(v)}")
    return {"fast": v["fast"], "full": v["full"]}


def get_margin_bins(row, path, line):
    """margin_bins: [[decade|null, cases, wrong], …] -> {decade: [cases, wrong]}."""
    v = row.get("margin_bins")
    if v is None:
        return None
    bad = f"{file_line(path, line)}: field \"margin_bins\" should be a list of [decade or null, cases, wrong]"
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
