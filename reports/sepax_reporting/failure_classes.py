"""What a run found: its distinct failure classes. `sepax verify` groups the
gross verdicts of every kernel by signature — kernel, family and what went
wrong (false negative on an axis kind, false positive, threw, wrong contact)
— and writes one "table":"failure_class" row per class with its count, a
one-line description and the command that replays its smallest case.
Results written before those rows existed fall back to one class per
kernel × family with gross verdicts (no replay command)."""

from __future__ import annotations

import dataclasses

from .fields import InputError, get_int, get_str


@dataclasses.dataclass
class FailureClass:
    signature: str
    kernel: str
    query: str
    scalar: str
    family: str
    kind: str
    peer: bool
    origin: str
    count: int                  # findings of this class among those kept
    gross_in_group: int         # all gross verdicts of the kernel × family
    files: int = 0
    folder: str = ""
    replay: str = ""
    description: str = ""


def add_failure_class_row(row, path, lineno, data) -> None:
    """A "table":"failure_class" row; the same class from several inputs adds up."""
    sig = get_str(row, "class", path, lineno)
    peer = row.get("peer", False)
    if not isinstance(peer, bool):
        raise InputError(f"{path}:{lineno}: field \"peer\" should be true or false, got {peer!r}")
    fc = FailureClass(signature=sig, kernel=get_str(row, "kernel", path, lineno),
                      query=get_str(row, "query", path, lineno), scalar=get_str(row, "scalar", path, lineno),
                      family=get_str(row, "family", path, lineno), kind=get_str(row, "kind", path, lineno),
                      peer=peer, origin=get_str(row, "origin", path, lineno, required=False) or "",
                      count=get_int(row, "count", path, lineno),
                      gross_in_group=get_int(row, "gross_in_group", path, lineno),
                      files=get_int(row, "files", path, lineno),
                      folder=get_str(row, "folder", path, lineno, required=False) or "",
                      replay=get_str(row, "replay", path, lineno, required=False) or "",
                      description=get_str(row, "description", path, lineno, required=False) or "")
    old = data.failure_classes.get(sig)
    if old is None:
        data.failure_classes[sig] = fc
        return
    old.count += fc.count
    old.gross_in_group += fc.gross_in_group
    old.files += fc.files


def failure_classes(data) -> list[FailureClass]:
    """Every class of the run, sepax's own first, then by count (largest
    first); from the verify rows when they carry no failure_class rows."""
    classes = list(data.failure_classes.values())
    if not classes:
        classes = _classes_from_kernel_rows(data)
    return sorted(classes, key=lambda c: (c.peer, -c.count, c.kernel, c.family, c.kind))


def _classes_from_kernel_rows(data) -> list[FailureClass]:
    out = []
    for store in (data.static, data.moving):
        for (kernel, family), s in store.items():
            if not s.gross:
                continue
            peer = data.is_peer(kernel)
            scalar = kernel.rsplit("/", 1)[-1]
            out.append(FailureClass(
                signature=f"{kernel} {family} gross", kernel=kernel, query=data.query_of(kernel), scalar=scalar,
                family=family, kind="gross", peer=peer, origin=data.origin_of(kernel), count=s.gross,
                gross_in_group=s.gross,
                description=f"{kernel} gross on {family} (this input has no failure classes: kernel × family only)"))
    for (query, mode, kernel, scalar, family), s in data.pair_queries.items():
        if s.gross:
            out.append(FailureClass(
                signature=f"{kernel} {family} gross", kernel=kernel, query=query, scalar=scalar, family=family,
                kind="gross", peer=s.peer, origin="", count=s.gross, gross_in_group=s.gross,
                description=f"{kernel} gross on {family} ({mode})"))
    return out
