"""The report's mutation-score section: `sepax mutate`'s mutate.jsonl
("table":"mutation" rows: a planted bug of the catalogue, whether the verify
campaign killed it, which campaign, in how many seconds, and the query/family
rows that went gross)."""

from __future__ import annotations

from pathlib import Path

from ..document import Heading, Para, Strong, Table
from ..fields import InputError, get_num, get_str


def add_mutation_row(row, path: Path, lineno: int, data) -> None:
    """The last row of a mutant wins (a later run of the same catalogue)."""
    name = get_str(row, "mutant", path, lineno)
    killed = row.get("killed")
    if not isinstance(killed, bool):
        raise InputError(f'{path}:{lineno}: field "killed" should be true or false')
    families = row.get("families", [])
    if not isinstance(families, list) or not all(isinstance(f, str) for f in families):
        raise InputError(f'{path}:{lineno}: field "families" should be a list of strings')
    data.mutants[name] = {"kernel": get_str(row, "kernel", path, lineno, required=False) or "",
                          "bug": get_str(row, "bug", path, lineno, required=False) or "",
                          "killed": killed, "campaign": get_str(row, "campaign", path, lineno, required=False) or "",
                          "seconds": get_num(row, "seconds", path, lineno), "families": families}


def mutation_blocks(data) -> list:
    if not data.mutants:
        return []
    killed = sum(1 for m in data.mutants.values() if m["killed"])
    rows = []
    for name, m in data.mutants.items():
        rows.append([name, m["kernel"], m["bug"], m["campaign"] if m["killed"] else "SURVIVED",
                     f"{m['seconds']:.1f}", ", ".join(m["families"]) or "-"])
    return [Heading(2, "Mutation score: does the harness catch planted bugs?"),
            Para([Strong(f"mutation score: {killed}/{len(data.mutants)} killed"), ". Each planted bug of the "
                  "catalogue (sepax mutate --list) switched on in turn, the verify campaign run against it: killed when "
                  "a sepax kernel's verdict went gross (or the kernel crashed or hung); small campaign first, the "
                  "large one only when the small one did not kill; seconds for both. The families are the rows "
                  "that caught it."]),
            Table(["mutant", "kernel", "bug", "killed by", "s", "families with a gross verdict"], rows,
                  [False, False, False, False, True, False])]
