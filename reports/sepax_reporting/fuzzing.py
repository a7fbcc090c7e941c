"""The fuzzing section: the summary `fuzz/measure.py` writes — executions/s
and finding signatures per fuzz target, and how long each target took to find
a known bug (a peer library's, or a planted sepax mutant) over several seeds."""

from __future__ import annotations

import json
from pathlib import Path

from .document import Code, Em, Heading, Para, Strong, Table
from .fields import InputError
from .model import Dataset, Source
from .vocabulary import DASH

FUZZ_NOTES = [
    "Coverage-guided differential fuzzing (libFuzzer, ASan and UBSan): every input is decoded into a case of "
    "the target's query, judged by the exact oracles and by every kernel of that query. Each run starts from "
    "the committed seed corpus alone. ", Strong("clean"), ": no finding of sepax's kernels or of the oracles "
    "stopped the run; peers' findings are counted in ", Strong("signatures"), " (kernel, query, family, kind "
    "of wrong answer) without stopping it."]

HUNT_NOTES = [
    Strong("time to first finding"), ": seconds until the target stopped on the hunted bug (only that peer, "
    "or the build with that planted bug, and sepax's kernels run), median over the seeds that found it; ",
    Strong("signatures"), ": distinct findings of one whole run that does not stop. A planted bug is a "
    "deliberate mistake compiled in with ", Code("-DSEPAX_MUTANT=<name>"), ": the judge must catch it."]


def looks_like_fuzz_summary(obj) -> bool:
    return isinstance(obj, dict) and "sepax_fuzz_summary" in obj


def read_fuzz_summary(path: Path, obj: dict, data: Dataset, label: str) -> Source:
    """Keeps the summary (one per report: a later one replaces an earlier one)."""
    for key in ("targets", "hunts"):
        if not isinstance(obj.get(key, []), list):
            raise InputError(f"{path}: field '{key}' is {type(obj[key]).__name__}, expected a list")
    for i, t in enumerate(obj.get("targets", [])):
        if not isinstance(t, dict) or not isinstance(t.get("target"), str):
            raise InputError(f"{path}: targets[{i}] has no 'target' name")
    for i, h in enumerate(obj.get("hunts", [])):
        if not isinstance(h, dict) or not isinstance(h.get("name"), str) or not isinstance(h.get("runs"), list):
            raise InputError(f"{path}: hunts[{i}] needs 'name' and a list 'runs'")
    if data.fuzz is not None:
        data.notes.append(f"Two fuzzing summaries given; the report shows the last one ({label}).")
    data.fuzz = obj
    return Source(label=label, kind="fuzz", info={"commit": obj.get("commit"), "date": obj.get("date")},
                  rows=len(obj.get("targets", [])) + len(obj.get("hunts", [])))


def _num(v, fmt="{:,}"):
    return DASH if v is None else fmt.format(v)


def target_table(summary: dict):
    rows = []
    for t in summary.get("targets", []):
        status = "clean" if not t.get("stopped") else f"stopped: {t.get('first_finding') or 'crash'}"
        rows.append([Code(t["target"]), _num(t.get("exec_per_s")), _num(t.get("executions")),
                     str(len(t.get("signatures") or {})), status])
    if not rows:
        return None
    return Table(["target", "exec/s", "executions", "signatures", "sepax and oracles"], rows,
                 [False, True, True, True, False])


def hunt_table(summary: dict):
    rows, peers = [], set()
    for i, h in enumerate(summary.get("hunts", [])):
        runs = h["runs"]
        found = sorted(r["seconds"] for r in runs if r.get("stopped"))
        median = found[len(found) // 2] if found else None
        rows.append([Em(h["name"]) if not h.get("mutant") else h["name"], Code(h.get("target", "?")),
                     f"{len(found)}/{len(runs)}", DASH if median is None else f"{median:.1f}",
                     DASH if not found else f"{found[0]:.1f}–{found[-1]:.1f}",
                     _num(h.get("distinct_signatures"))])
        if not h.get("mutant"):
            peers.add(i)
    if not rows:
        return None
    return Table(["bug", "target", "found", "time to first finding (s)", "range (s)", "signatures"], rows,
                 [False, False, True, True, True, True], peers)


def fuzz_blocks(data: Dataset) -> list:
    s = data.fuzz
    if not s:
        return []
    blocks = [Heading(2, "Fuzzing"),
              Para([f"{_num(s.get('seconds_per_run'), '{:g}')} s per run, commit {s.get('commit', '?')}, "
                    f"{s.get('machine', '?')}, {s.get('date', '?')}."]), Para(FUZZ_NOTES)]
    t = target_table(s)
    if t:
        blocks += [Heading(3, "Fuzz targets"), t]
    h = hunt_table(s)
    if h:
        blocks += [Heading(3, "Known bugs: time to first finding"), h, Para(HUNT_NOTES)]
    return blocks


def parse_if_fuzz_summary(path: Path, text: str):
    """The summary as a dict when `text` is one, else None."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        return None
    return obj if looks_like_fuzz_summary(obj) else None
