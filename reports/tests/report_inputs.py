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
