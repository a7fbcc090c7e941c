"""What a run found: its distinct failure classes. `sepax verify` groups the
gross verdicts of every kernel by signature — kernel, family and what went
wrong (false negative on an axis kind, false positive, threw, wrong contact)
— and writes one "table":"failure_class" row per class with its count, a
one-line description and the command that replays its smallest case.

Since issue 29 a row also says how bad the class is — the severity of its
sampled findings and of the worst case a search around it found ("grow") —
its cause and the command that replays that worst case. verify searches
around each kind of boundary verdict too: one whose worst case is gross is a
failure class with "verdicts":"boundary"; one that stayed within
max(band, tolerance) is a "table":"boundary_class" row, never a failure.

Results written before those rows existed fall back to one class per
kernel × family with gross verdicts (no replay command); rows written
before issue 29 lack the severity fields (None, "": shown as -)."""

from __future__ import annotations

import dataclasses

from ..fields import InputError, get_int, get_num, get_severity, get_str


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
    # Issue 29; None or "" in rows written before it.
    table: str = "failure_class"        # or "boundary_class": within max(band, tolerance), not a failure
    verdicts: str = "gross"             # "boundary": a kind of boundary verdict, judged by its worst case found
    severity_max: float | None = None   # over the sampled findings, relative to size (math.inf: threw)
    severity_median: float | None = None
    band_ratio_max: float | None = None  # the largest severity over its band
    worst_severity: float | None = None  # the worst case the search around the class found
    worst_band: float | None = None
    worst_tolerance: float | None = None
    worst_is_gross: bool | None = None
    grow_tried: int = 0                  # cases the search judged
    cause: str = ""                      # see severity.CAUSES
    cause_detail: str = ""
    fix: str = ""
    worst_replay: str = ""

    @property
    def worst(self):
        """The worst severity known: the search's, else the sampled maximum; None when unrecorded."""
        return self.worst_severity if self.worst_severity is not None else self.severity_max

    @property
    def is_failure(self) -> bool:
        return self.table == "failure_class"


def _get_bool(row, key, path, lineno):
    v = row.get(key)
    if v is not None and not isinstance(v, bool):
        raise InputError(f"{path}:{lineno}: field \"{key}\" should be true or false, got {v!r}")
    return v


def _get_text(row, key, path, lineno) -> str:
    """An optional string that may be empty (a cause with no fix, a class with no replay)."""
    v = row.get(key)
    if v is None:
        return ""
    if not isinstance(v, str):
        raise InputError(f"{path}:{lineno}: field \"{key}\" should be a string, got {v!r}")
    return v


def _get_choice(row, key, choices, path, lineno):
    v = get_str(row, key, path, lineno, required=False)
    if v is not None and v not in choices:
        raise InputError(f"{path}:{lineno}: field \"{key}\" should be one of {', '.join(choices)}, got {v!r}")
    return v


def read_class_row(row, path, lineno) -> FailureClass:
    """One "failure_class" or "boundary_class" row, its fields checked."""
    peer = _get_bool(row, "peer", path, lineno) or False
    text = lambda key: _get_text(row, key, path, lineno)  # noqa: E731
    return FailureClass(
        signature=get_str(row, "class", path, lineno), kernel=get_str(row, "kernel", path, lineno),
        query=get_str(row, "query", path, lineno), scalar=get_str(row, "scalar", path, lineno),
        family=get_str(row, "family", path, lineno), kind=get_str(row, "kind", path, lineno),
        peer=peer, origin=text("origin"), count=get_int(row, "count", path, lineno),
        gross_in_group=get_int(row, "gross_in_group", path, lineno), files=get_int(row, "files", path, lineno),
        folder=text("folder"), replay=text("replay"), description=text("description"),
        table=row["table"], verdicts=_get_choice(row, "verdicts", ("gross", "boundary"), path, lineno) or "gross",
        severity_max=get_severity(row, "severity_max", path, lineno),
        severity_median=get_severity(row, "severity_median", path, lineno),
        band_ratio_max=get_severity(row, "band_ratio_max", path, lineno),
        worst_severity=get_severity(row, "worst_severity", path, lineno),
        worst_band=get_num(row, "worst_band", path, lineno),
        worst_tolerance=get_num(row, "worst_tolerance", path, lineno),
        worst_is_gross=_get_bool(row, "worst_is_gross", path, lineno),
        grow_tried=get_int(row, "grow_tried", path, lineno),
        # A newer sepax may name causes this report does not know: shown as written.
        cause=text("cause"), cause_detail=text("cause_detail"), fix=text("fix"), worst_replay=text("worst_replay"))


def _larger(a, b):
    return b if a is None else a if b is None else max(a, b)


def merge(old: FailureClass, new: FailureClass) -> FailureClass:
    """The same class from two inputs: counts add up, maxima are maxima, the
    worst case (its band, cause and replay) is the worse of the two, the
    median the one of the input with more findings; a failure in either
    input is a failure."""
    if new.count > old.count:
        old.severity_median = new.severity_median
    if new.worst is not None and (old.worst is None or new.worst > old.worst):
        old.worst_severity, old.worst_band, old.worst_tolerance = (new.worst_severity, new.worst_band,
                                                                   new.worst_tolerance)
        for attr in ("cause", "cause_detail", "fix", "worst_replay"):
            setattr(old, attr, getattr(new, attr) or getattr(old, attr))
    elif not old.cause:
        old.cause, old.cause_detail, old.fix = new.cause, new.cause_detail, new.fix
    old.count += new.count
    old.gross_in_group += new.gross_in_group
    old.files += new.files
    old.grow_tried += new.grow_tried
    old.severity_max = _larger(old.severity_max, new.severity_max)
    old.band_ratio_max = _larger(old.band_ratio_max, new.band_ratio_max)
    if new.is_failure:
        old.table = "failure_class"
    if new.verdicts == "gross":
        old.verdicts = "gross"
    if new.worst_is_gross is not None:
        old.worst_is_gross = bool(old.worst_is_gross) or new.worst_is_gross
    return old


def add_failure_class_row(row, path, lineno, data) -> None:
    """A "table":"failure_class" or "boundary_class" row; the same class
    from several inputs adds up (a failure in one of them makes it one)."""
    fc = read_class_row(row, path, lineno)
    old = data.failure_classes.pop(fc.signature, None) or data.boundary_classes.pop(fc.signature, None)
    if old is not None:
        fc = merge(old, fc)
    (data.failure_classes if fc.is_failure else data.boundary_classes)[fc.signature] = fc


def worst_first(c: FailureClass):
    """Sort key: a class that threw first (math.inf), then by worst
    severity, largest first; classes without one last; then by count."""
    w = c.worst
    return (w is None, -w if w is not None else 0.0, -c.count, c.kernel, c.family, c.kind)


def failure_classes(data) -> list[FailureClass]:
    """Every class of the run, sepax's own first (they fail the run), each
    side by worst severity; from the verify rows when they carry no
    failure_class rows."""
    classes = list(data.failure_classes.values())
    if not classes:
        classes = _classes_from_kernel_rows(data)
    return sorted(classes, key=lambda c: (c.peer,) + worst_first(c))


def boundary_classes(data) -> list[FailureClass]:
    """The kinds of boundary verdict whose worst case found stayed within
    max(band, tolerance): not failures; sepax's first, by worst severity."""
    return sorted(data.boundary_classes.values(), key=lambda c: (c.peer,) + worst_first(c))


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
                gross_in_group=s.gross, severity_max=s.max_gross_severity,
                description=f"{kernel} gross on {family} (this input has no failure classes: kernel × family only)"))
    for (query, mode, kernel, scalar, family), s in data.pair_queries.items():
        if s.gross:
            out.append(FailureClass(
                signature=f"{kernel} {family} gross", kernel=kernel, query=query, scalar=scalar, family=family,
                kind="gross", peer=s.peer, origin="", count=s.gross, gross_in_group=s.gross,
                description=f"{kernel} gross on {family} ({mode})"))
    return out
