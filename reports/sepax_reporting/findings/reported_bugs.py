"""Reported bugs beside what the run found (issue 32): given the corpus of
reported bugs (properties/reported_bugs/expected.json, an input like any
other), a section per peer library lists the reports reproduced on Debian's
version and whether this run found the same kernel failing, then the run's
failure classes of that library that no report names — each written as the
bug report a maintainer would take: the inputs in hex floats (the class's
replay file), what the library said and the exact answer, the exact margin,
and the command that replays it."""

from __future__ import annotations

import json
from pathlib import Path

from ..document import Code, Em, Heading, Para, Strong, Table
from .failure_classes import failure_classes
from .severity import fmt_severity


def parse_if_corpus(text: str):
    """The corpus's expectations when `text` is its expected.json, else None."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        return None
    if isinstance(obj, dict) and isinstance(obj.get("expectations"), list) and "reported" in str(obj.get("about", "")):
        return obj
    return None


def read_corpus(path: Path, corpus: dict, data) -> None:
    data.reported_bugs = [dict(e, corpus=str(path.parent)) for e in corpus["expectations"]]


def _library(kernel: str) -> str:
    return kernel.split("/", 1)[0]


def _replay_line(data, c) -> str | None:
    """The first line of the class's first replay file, from a results folder read."""
    for source in data.sources:
        folder = Path(source.label) / c.folder
        files = sorted(folder.glob("01-*.jsonl")) if c.folder and folder.is_dir() else []
        if files:
            with open(files[0], encoding="utf-8") as f:
                return f.readline().strip()
    return None


def reported_bug_blocks(data) -> list:
    bugs = [b for b in getattr(data, "reported_bugs", []) if b.get("class") == "gross"
            and not b["kernel"].startswith("reported/")]
    classes = [c for c in failure_classes(data) if c.peer]
    if not bugs and not classes:
        return []
    failing = {c.kernel for c in classes}
    reported_kernels = {b["kernel"] for b in bugs}
    blocks = [Heading(2, "Reported bugs and new findings, by library"),
              Para(["Each library's bugs that its users reported and sepax reproduces on Debian's version (the "
                    "corpus in ", Code("properties/reported_bugs/"), "), whether this run's campaign found the same "
                    "kernel failing, and the run's failure classes of that library that no report names, written "
                    "as a bug report: the inputs in hex floats, what the library said against the exact answer, "
                    "the exact margin and the command that replays it."])]
    for lib in sorted({_library(b["kernel"]) for b in bugs} | {_library(c.kernel) for c in classes}):
        blocks.append(Heading(3, lib))
        mine, seen = [], set()
        for b in bugs:  # one row per issue and kernel (a report may give several cases)
            if _library(b["kernel"]) == lib and (b["issue"], b["kernel"]) not in seen:
                seen.add((b["issue"], b["kernel"]))
                mine.append(b)
        if mine:
            rows = [[b["issue"], Code(b["kernel"]), Code(b["file"]), b.get("why", ""),
                     "yes" if b["kernel"] in failing else ("not run" if not data.failure_classes else "no")]
                    for b in mine]
            blocks.append(Table(["reported issue", "kernel", "case file", "what is wrong", "this run found the kernel failing"],
                                rows, [False] * 5, set(), wrap=[3]))
        new = sorted((c for c in classes if _library(c.kernel) == lib and c.kernel not in reported_kernels),
                     key=lambda c: -(c.worst or 0))
        if not new:
            continue
        blocks.append(Para([Strong(f"{len(new)} failure class{'es' if len(new) != 1 else ''} no report names"),
                            " (the five worst as bug reports):"]))
        for c in new[:5]:
            line = _replay_line(data, c)
            blocks.append(Para([Strong(c.description or f"{c.kernel} {c.kind} on {c.family}"), "."]))
            blocks.append(Para(["What it said against the exact answer: ", Em(c.cause_detail or c.kind),
                                f"; exact margin {fmt_severity(c.worst)} of the size",
                                f" (rounding band {fmt_severity(c.worst_band)})" if c.worst_band is not None else "",
                                f"; {c.count} finding{'s' if c.count != 1 else ''} of {c.gross_in_group} gross verdicts "
                                f"on {c.family}."]))
            if line:
                blocks.append(Para(["Inputs (a sepax case file line; numbers are exact, hex floats where not "
                                    "integers): ", Code(line)]))
            if c.replay:
                blocks.append(Para(["Replay: ", Code(c.replay)]))
    return blocks
