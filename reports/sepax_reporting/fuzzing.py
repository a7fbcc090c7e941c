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
    "Coverage-guided differential fuzzing (libFuzzer, ASan and UBSan, one process per run): every input is "
    "decoded into a case of the target's query — or mutated into one with a degenerate family's structure by "
    "the custom mutator — and judged on the fast path: the target's kernels against the filtered exact verdict. "
    "One input in ", Strong("sample"), " (by a hash of its bytes), and every kernel that disagrees, is judged "
    "fully as well (CGAL and the unfiltered exact SAT, set runners, batch forms, the exact first contact). "
    "sepax's kernels and the peers' (", Code("peers_*"), ") have targets of their own; ", Strong("goal"),
    ": the executions/s each kind is meant to reach. Each run starts from the committed seed corpus alone. ",
    Strong("clean"), ": no finding of sepax's kernels or of the oracles in the run (else their signatures, "
    "the first named); peers' findings are counted in ", Strong("signatures"),
    " (kernel, query, family, kind of wrong answer) without stopping it."]

HUNT_NOTES = [
    Strong("time to first finding"), ": seconds until the target stopped on the hunted bug (only that peer, "
    "or the build with that planted bug, and sepax's kernels run), median over the seeds that found it; ",
    Strong("signatures"), ": distinct findings of one whole run that does not stop. A planted bug is a "
    "deliberate mistake compiled in with ", Code("-DSEPAX_MUTANT=<name>"), " (or switched on by ",
    Code("SEPAX_MUTANT=<name>"), " in a build with ", Code("SEPAX_MUTANT_RUNTIME"), "): the judge must catch it."]


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


def _goal(summary: dict, t: dict):
    """The target's exec/s goal: its own, or the summary's for its kind (None in older summaries)."""
    if t.get("goal_exec_per_s") is not None:
        return t["goal_exec_per_s"]
    kind = t.get("kind") or ("peers" if t["target"].startswith("peers_") else "sepax")
    return (summary.get("goal_exec_per_s") or {}).get(kind)


def target_table(summary: dict):
    rows = []
    for t in summary.get("targets", []):
        # A throughput run does not stop on findings: its sepax/oracle signatures say whether it was clean.
        own = t.get("sepax_findings") or []
        if t.get("stopped"):
            status = f"stopped: {t.get('first_finding') or 'crash'}"
        elif own:
            status = f"{len(own)} finding signature(s): {own[0]}" + (" …" if len(own) > 1 else "")
        else:
            status = "clean"
        goal, rate = _goal(summary, t), t.get("exec_per_s")
        met = DASH if goal is None or rate is None else ("met" if rate >= goal else "below")
        rows.append([Code(t["target"]), _num(rate), f"{_num(goal)} ({met})" if goal is not None else DASH,
                     _num(t.get("executions")), str(len(t.get("signatures") or {})), status,
                     _num(t.get("exec_per_cpu_s"))])
    if not rows:
        return None
    # Per CPU second too: on a shared machine exec/s (wall) follows the load average.
    return Table(["target", "exec/s", "goal", "executions", "signatures", "sepax and oracles", "exec per CPU s"], rows,
                 [False, True, True, True, True, False, True])


def hunt_table(summary: dict):
    """One row per hunt; with a baseline (fuzz/measure.py --baseline), its median beside this run's."""
    hunts = summary.get("hunts", [])
    with_before = any(isinstance(h.get("before"), dict) for h in hunts)
    rows, peers = [], set()
    for i, h in enumerate(hunts):
        runs = h["runs"]
        found = sorted(r["seconds"] for r in runs if r.get("stopped"))
        median = found[len(found) // 2] if found else None
        row = [Em(h["name"]) if not h.get("mutant") else h["name"], Code(h.get("target", "?")),
               f"{len(found)}/{len(runs)}", DASH if median is None else f"{median:.1f}",
               DASH if not found else f"{found[0]:.1f}–{found[-1]:.1f}"]
        if with_before:
            b = h.get("before") or {}
            was = b.get("median_seconds_to_first")
            row.append(DASH if was is None else f"{was:.1f} ({b.get('found_in') or '?'})")
        row.append(_num(h.get("distinct_signatures")))
        rows.append(row)
        if not h.get("mutant"):
            peers.add(i)
    if not rows:
        return None
    header = ["bug", "target", "found", "time to first finding (s)", "range (s)"]
    numeric = [False, False, True, True, True]
    if with_before:
        header.append("before (s)")
        numeric.append(True)
    return Table(header + ["signatures"], rows, numeric + [True], peers)


def _options(options) -> str:
    """The libFuzzer options of the runs: the most common set, and the targets that differ."""
    if not isinstance(options, dict) or not options:
        return ""
    sets = {}
    for target, opts in options.items():
        sets.setdefault(" ".join(opts) or "none", []).append(target)
    common = max(sets, key=lambda k: len(sets[k]))
    others = "; ".join(f"{', '.join(ts)}: {k}" for k, ts in sets.items() if k != common)
    return f", libFuzzer options {common}" + (f" ({others})" if others else "")


def fuzz_blocks(data: Dataset) -> list:
    s = data.fuzz
    if not s:
        return []
    sample = f", full judgement on 1 input in {s['sample_every']}" if s.get("sample_every") else ""
    load = s.get("load_average_at_start")
    if isinstance(load, list) and load:
        sample += f", load average {load[0]:g} at the start"
    sample += _options(s.get("libfuzzer_options"))
    blocks = [Heading(2, "Fuzzing"),
              Para([f"{_num(s.get('seconds_per_run'), '{:g}')} s per run{sample}, commit {s.get('commit', '?')}, "
                    f"{s.get('machine', '?')}, {s.get('date', '?')}."]), Para(FUZZ_NOTES)]
    t = target_table(s)
    if t:
        blocks += [Heading(3, "Fuzz targets"), t]
    h = hunt_table(s)
    if h:
        blocks += [Heading(3, "Known bugs: time to first finding"), h, Para(HUNT_NOTES)]
        b = s.get("baseline")
        if isinstance(b, dict):
            blocks.append(Para([Strong("before"), f": the median time to first finding (and seeds that found it) "
                                f"of the baseline summary, commit {b.get('commit', '?')}, {b.get('date', '?')}, "
                                f"{_num(b.get('seconds_per_run'), '{:g}')} s per run, {b.get('jobs', '?')} at a "
                                f"time, mutants {b.get('mutant_build', '?')}."]))
    return blocks


def parse_if_fuzz_summary(path: Path, text: str):
    """The summary as a dict when `text` is one, else None."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        return None
    return obj if looks_like_fuzz_summary(obj) else None
