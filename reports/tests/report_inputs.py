"""Shared by the report's section tests: the inputs written to a scratch
folder as a user would pass them, and read back through load_inputs."""

import json
import tempfile
from pathlib import Path

from sepax_reporting import inputs


def load(verify_lines=None, bench=None):
    """verify_lines: verify.jsonl rows (JSON text); bench: a Google Benchmark JSON document."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        if verify_lines is not None:
            p = Path(tmp) / "verify.jsonl"
            p.write_text("\n".join(verify_lines) + "\n", encoding="utf-8")
            paths.append(str(p))
        if bench is not None:
            p = Path(tmp) / "bench.json"
            p.write_text(json.dumps(bench), encoding="utf-8")
            paths.append(str(p))
        return inputs.load_inputs(paths)


def bench_entry(name, **counters):
    """One Google Benchmark result row named `name`, with its user counters."""
    entry = {"name": name, "run_name": name, "run_type": "iteration", "iterations": 3, "real_time": 1.0,
             "cpu_time": 1.0, "time_unit": "ms"}
    entry.update(counters)
    return entry


def kernel_row(kernel, family, cases, gross=0, boundary=0, origin=None, moving=False, **fields):
    """A verify kernel row (static, or "table":"moving") as JSON text; `fields`
    adds or overrides keys, e.g. the severity fields of issue 29:
    gross_levels=(beyond band, ≥ 1e-6, ≥ 1e-3), tolerance, max_gross_severity, tolerated."""
    row = {"kernel": kernel, "query": "obb_obb", "family": family, "cases": cases, "ok": cases - gross - boundary,
           "boundary": boundary, "gross": gross}
    if moving:
        row = dict({"table": "moving", "mode": "test_moving"}, **row)
    if origin:
        row["origin"] = origin
    levels = fields.pop("gross_levels", None)
    if levels is not None:
        row["gross_levels"] = dict(zip(("beyond_band", "1e-6", "1e-3"), levels))
    row.update(fields)
    return json.dumps(row)


def class_row(kernel, family, kind, count, table="failure_class", **fields):
    """A "failure_class" or "boundary_class" row as JSON text; a peer when
    the kernel's first component is no sepax query. `fields` adds the
    severity, cause and replay keys."""
    origin = kernel.split("/", 1)[0]
    peer = origin not in ("obb_obb", "tri_obb", "tri_tri")
    row = {"table": table, "class": f"{kernel} obb_obb {family} {kind}", "kernel": kernel, "query": "obb_obb",
           "scalar": kernel.rsplit("/", 1)[-1], "family": family, "kind": kind, "peer": peer,
           "origin": origin if peer else "sepax", "count": count, "gross_in_group": fields.pop("gross_in_group", count),
           "files": 1, "folder": f"gross/{kernel.replace('/', '-')}.{family}",
           "replay": f"sepax check gross/{family}/01.jsonl", "description": f"{kernel} {kind} on {family}"}
    row.update(fields)
    return json.dumps(row)
