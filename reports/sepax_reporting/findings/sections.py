"""The report's blocks on what the run found: "What this run found" (the
largest failure classes, on the first screen), "All failure classes",
"Boundary classes", "Peer findings by severity and cause", and the legend
of severity and causes."""

from __future__ import annotations

from ..document import Code, Em, Heading, Para, Strong, Table
from ..formatting import fmt_sci, fmt_share, fmt_share_of
from ..vocabulary import DASH
from .failure_classes import FailureClass, boundary_classes, failure_classes
from .severity import CAUSES, LEVEL_NAMES, cause_order, fmt_severity, severity_by_library

# How many failure classes the summary lists; the rest are in the details.
SUMMARY_CLASSES = 12

SEVERITY_NOTE = [
    Strong("severity"), ": |margin| relative to the larger shape's size — how far the exact answer is from "
    "flipping, so how wrong the verdict is (1e-3: a millimetre on a metre box; threw: the kernel threw, worse "
    "than any margin). ", Strong("worst"), ": the worst case the search around the class found (“grow”; it "
    "replays with the worst-*.jsonl file in the class folder), then the largest and the median over the "
    "findings sampled; ", Strong("÷ band"), ": the largest sampled severity over its rounding band. A class of ",
    Em("boundary verdicts"), " is a kind of disagreement within the band whose worst case found is gross."]


def _severity_cell(c: FailureClass) -> str:
    if c.worst is None and c.severity_median is None:
        return DASH
    return f"{fmt_severity(c.worst)} ({fmt_severity(c.severity_max)} / {fmt_severity(c.severity_median)})"


def _description_cell(c: FailureClass) -> list:
    parts = [c.description or DASH]
    if c.cause_detail:
        parts += [" ", Strong("Why:"), " ", c.cause_detail]
    if c.fix:
        parts += [" ", Strong("Fix:"), " ", c.fix]
    return parts


def _replay_cell(c: FailureClass):
    """The commands that replay the smallest case and the worst case found, side by side."""
    parts = []
    for label, command in (("smallest: ", c.replay), ("worst: ", c.worst_replay)):
        if command:
            parts += ([" "] if parts else []) + [Strong(label), Code(command)]
    return parts or DASH


def _kind_cell(c: FailureClass) -> str:
    return f"{c.kind} (boundary verdicts, worst gross)" if c.verdicts == "boundary" else c.kind


def found_table(classes: list, limit=None) -> Table:
    shown = classes if limit is None else classes[:limit]
    rows, peers = [], set()
    for i, c in enumerate(shown):
        kernel = Em(c.kernel) if c.peer else Code(c.kernel)
        rows.append([kernel, c.family, _kind_cell(c), c.cause or DASH, _severity_cell(c),
                     fmt_severity(c.band_ratio_max), f"{c.count} / {c.gross_in_group}", _description_cell(c),
                     _replay_cell(c)])
        if c.peer:
            peers.add(i)
    return Table(["kernel", "family", "what goes wrong", "cause", "worst severity (sampled max / median)", "÷ band",
                  "findings / gross in kernel × family", "description", "replay its smallest case, its worst case"],
                 rows, [False, False, False, False, True, True, True, False, False], peers,
                 ident="found-table" if limit is not None else "all-classes-table", wrap=[7, 8])


# The found table's columns in the LaTeX summary (descriptions and commands do not fit a page).
LATEX_FOUND_COLUMNS = [0, 1, 2, 3, 4, 6]


def cause_legend(causes) -> list:
    """One line per cause, in vocabulary order."""
    return [Para([Code(cause), " — ", CAUSES.get(cause, "a cause this report does not know (a newer sepax)")])
            for cause in sorted(set(causes), key=cause_order)]


def found_blocks(data) -> list:
    classes = failure_classes(data)
    blocks = [Heading(2, "What this run found")]
    if not classes:
        judged = sum(s.judged for s in data.static.values()) + sum(m.judged for m in data.moving.values())
        blocks.append(Para([f"No gross verdict in {judged} cases judged: no failure class."]))
        return blocks
    own = [c for c in classes if not c.peer]
    # Not a peer's: sepax's own, or a kernel brought with --plugin / --external (its origin its own name).
    brought = sum(1 for c in own if c.origin not in ("", "sepax"))
    classes_of = lambda n, whose: f"{n} failure class{'es' if n != 1 else ''} of {whose}"  # noqa: E731
    parts = ([classes_of(len(own) - brought, "sepax's own kernels")] if len(own) > brought else []) + \
        ([classes_of(brought, "kernels brought with --plugin or --external")] if brought else [])
    verdict = (f"{' and '.join(parts)} (listed first) — the run fails. " if own
               else "No gross verdict of a sepax kernel or a brought one. ")
    blocks.append(Para([verdict, f"{len(classes) - len(own)} distinct failure classes of peer kernels "
                        f"({sum(c.count for c in classes if c.peer)} findings). A class is one kernel, family "
                        "and kind of error; its folder under the results' gross/ holds its worst case found and "
                        "its smallest cases. Each side is sorted by worst severity, largest first (threw first). "
                        + (f"The first {SUMMARY_CLASSES} are below; all of them under "
                           "“All failure classes” in the details." if len(classes) > SUMMARY_CLASSES else "")]))
    blocks.append(found_table(classes, SUMMARY_CLASSES))
    blocks.append(Para(SEVERITY_NOTE))
    causes = [c.cause for c in classes[:SUMMARY_CLASSES] if c.cause]
    if causes:
        blocks.append(Para(["Causes (“How to read” lists them all):"]))
        blocks += cause_legend(causes)
    return blocks


def all_classes_blocks(data) -> list:
    classes = failure_classes(data)
    if len(classes) <= SUMMARY_CLASSES:
        return []
    return [Heading(2, "All failure classes"), found_table(classes)]


def boundary_blocks(data) -> list:
    """Kinds of boundary verdict whose worst case found stayed within
    max(band, tolerance): the search ran and found no failure."""
    classes = boundary_classes(data)
    if not classes:
        return []
    rows, peers = [], set()
    for i, c in enumerate(classes):
        rows.append([Em(c.kernel) if c.peer else Code(c.kernel), c.family, c.kind, c.cause or DASH,
                     fmt_severity(c.worst), fmt_sci(c.worst_band), fmt_sci(c.worst_tolerance), str(c.grow_tried),
                     str(c.count), Code(c.worst_replay) if c.worst_replay else DASH])
        if c.peer:
            peers.add(i)
    return [Heading(2, "Boundary classes"),
            Para([f"{len(classes)} kind{'s' if len(classes) != 1 else ''} of boundary verdict (kernel × family × "
                  "kind of disagreement). Around "
                  "each, the search for its worst case (cases searched) stayed within max(band, tolerance) of "
                  "that case: not failures, and not counted as any. Their cases are in the results' boundary/ "
                  "folders."]),
            Table(["kernel", "family", "what disagrees", "cause", "worst severity found", "its band",
                   "its tolerance", "cases searched", "findings", "replay its worst case"], rows,
                  [False, False, False, False, True, True, True, True, True, False], peers,
                  ident="boundary-classes-table", wrap=[9])]


def library_blocks(data) -> list:
    """Per library, where its gross verdicts sit by severity and by cause."""
    libs = severity_by_library(data)["libraries"]
    if not any(lib["gross"] for lib in libs):
        return []
    causes = sorted({c for lib in libs for c in lib["causes"]}, key=cause_order)
    rows, peers = [], set()
    for i, lib in enumerate(libs):
        name = lib["library"]
        total = lib["gross_with_levels"]
        row = [Em(name) if name != "sepax" else name, str(lib["kernels"]), str(lib["cases_judged"]),
               str(lib["gross"])]
        row += [fmt_share_of(lib["levels"][k], total) if total else DASH for k in ("1e-6", "1e-3")]
        row += [fmt_share(lib["cause_shares"].get(c, 0.0)) if lib["gross"] else DASH for c in causes]
        rows.append(row)
        if name != "sepax":
            peers.add(i)
    headers = (["library", "kernels", "cases judged", "gross verdicts", f"{LEVEL_NAMES['1e-6']} of size",
                f"{LEVEL_NAMES['1e-3']} of size"] + causes)
    return [Heading(2, "Peer findings by severity and cause"),
            Para(["Per library, its kernels' gross verdicts (static and moving rows): the share at least 1e-6 and "
                  "1e-3 of the size (of the gross verdicts whose rows record severity levels), and the share of "
                  "each cause (each kernel × family's gross verdicts split over its failure classes in proportion "
                  "to their findings; none recorded: unknown). The same numbers are in ",
                  Code("severity_by_library.json"), " beside this report."]),
            Table(headers, rows, [False] + [True] * (len(headers) - 1), peers, ident="severity-by-library")]
