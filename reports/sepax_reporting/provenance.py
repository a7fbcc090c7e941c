"""Where the numbers come from, said beside every summary table (and in the
LaTeX output): sepax's commit, the compiler and flags, the CPU, the seeds,
and when the benchmarks ran — from verify's run_info rows (summary.md for
older results) and the benchmarks' context."""

from __future__ import annotations

from .document import Para, Strong


def provenance(data) -> dict:
    """field -> value, merged over the inputs (distinct values joined)."""
    fields = {}

    def add(key, value):
        if value:
            fields.setdefault(key, [])
            if value not in fields[key]:
                fields[key].append(value)

    for src in data.sources:
        info = src.info
        if src.kind == "verify":
            add("commit", info.get("commit", "")[:12])
            add("compiler", info.get("compiler"))
            add("flags", info.get("flags"))
            add("machine", info.get("machine"))
            add("verify seeds", info.get("seed"))
            add("verify command", info.get("command"))
        elif src.kind == "benchmark":
            add("benchmarks run", info.get("date", "")[:19])
            add("benchmark machine", info.get("machine", "").split(";")[0])
    return {k: ", ".join(v) for k, v in fields.items()}


def provenance_para(data) -> Para:
    p = provenance(data)
    if not p:
        return Para([Strong("Provenance"), ": the inputs carry no run description."])
    parts = [Strong("Provenance"), ": "]
    parts.append("; ".join(f"{k} {v}" for k, v in p.items()))
    parts.append(".")
    return Para(parts, css="provenance")
