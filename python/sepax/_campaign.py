"""sepax.campaign: a Python kernel run on a campaign's groups (one per family),
batch after batch, every answer judged exactly; then each failure class's
first case shrunk to the simplest case of the same bug, and replay files,
class.json files, verify.jsonl rows and summary.md written to a results
folder in the layout `sepax verify` writes (docs/campaigns.md)."""

import json
import math
import os
import shutil
import sys
import time

import numpy as np

from . import _sepax
from ._core import (_answer_values, _mode, _scalar, bias_of, cases_of_values, families as _families, judge_rows,
                    layout)
from ._results import ResultsWriter, slug
from ._structure import InputError

# The campaign's own kinds beside the judge's (query_gross_kind).
THREW = "threw"


def kernel(query, scalar=None, mode=None, name=None, bias=None):
    """Marks a function as a kernel of `query` (and mode, scalar, declared
    bias: judge()) for campaign() and check(), so they need not be told again:

        @sepax.kernel("obb_obb", "float", bias={"method": "epsilon_on_rotation", "epsilon": 1e-6})
        def my_test(cases): ...
    """
    bias_of(query, bias)  # refused here, where it is written

    def mark(fn):
        fn.sepax_kernel = {"query": query, "mode": mode, "scalar": scalar, "name": name or fn.__name__, "bias": bias}
        return fn
    return mark


class CampaignResult(dict):
    """What a campaign found: "groups" (one row per family: cases, ok,
    boundary, gross, threw, cases_per_second), "failure_classes" (as class.json
    has them: kind, count, severity, worst case, cause, fix, replay files and
    command), "gross", "out" (the results folder)."""

    @property
    def ok(self):
        """True when no answer was gross."""
        return self["gross"] == 0


def _spec(fn, query, mode, scalar, name, bias):
    declared = getattr(fn, "sepax_kernel", {})
    query = query or declared.get("query")
    if not query:
        raise InputError("query: not given (pass query=, or mark the function with @sepax.kernel(query, scalar))")
    mode = _mode(query, mode or declared.get("mode"))
    scalar = _scalar(scalar or declared.get("scalar"))
    label = name or declared.get("name") or getattr(fn, "__name__", "kernel")
    if label == "<lambda>":
        label = "lambda"
    bias = bias if bias is not None else declared.get("bias")
    bias_of(query, bias)
    return query, mode, scalar, "python/%s/%s" % (slug(label), scalar), bias


def _answers_of(fn, cases, fields, scalar):
    """fn's answers to `cases` as rows of answer values, and {case: error} for
    the cases on which it raised: a batch that raises is split in halves until
    the cases that raise are found alone (the others keep their answers)."""
    n = len(cases.indices)
    rows = np.zeros((n, sum(f["width"] for f in fields)))
    threw = {}

    def solve(lo, hi):
        part = cases if (lo, hi) == (0, n) else _slice(cases, lo, hi)
        try:
            answers = fn(part)
        except Exception as e:  # the kernel's own failure: a finding, not a stop
            if hi - lo == 1:
                threw[lo] = "%s: %s" % (type(e).__name__, e)
                return
            mid = (lo + hi) // 2
            solve(lo, mid)
            solve(mid, hi)
            return
        try:
            rows[lo:hi] = _answer_values(answers, fields, hi - lo, scalar)
        except InputError as e:
            first = int(part.indices[0])
            raise InputError("the kernel's answers to cases %d..%d of %s: %s"
                             % (first, first + hi - lo - 1, cases.family, e)) from None

    solve(0, n)
    return rows, threw


def _slice(cases, lo, hi):
    out = cases_of_values(cases.query, cases.mode, cases.scalar, cases.rows[lo:hi])
    out.family, out.seed, out.indices, out.rows = cases.family, cases.seed, cases.indices[lo:hi], cases.rows[lo:hi]
    return out


def _batch(query, mode, family, scalar, seed, begin, end):
    values = _sepax.generate_values(query, mode, family, scalar, seed, begin, end)
    cases = cases_of_values(query, mode, scalar, values)
    cases.family, cases.seed, cases.rows = family, seed, values
    cases.indices = np.arange(begin, end, dtype=np.uint64)
    return cases


class _Group:
    """One family's tally and findings (every finding's index, severity and cause)."""

    def __init__(self, family):
        self.family = family
        self.counts = {"ok": 0, "boundary": 0, "gross": 0, "convention": 0}
        self.cases = self.exact_hits = 0
        self.kernel_seconds = 0.0
        self.findings = {}  # kind -> list of (index, severity, band, cause, detail, fix)

    def add(self, begin, verdict, threw):
        for name in self.counts:
            self.counts[name] += int(np.count_nonzero(verdict["class"] == name))
        self.exact_hits += int(np.count_nonzero(verdict["exact"]))
        for i in np.flatnonzero(verdict["class"] == "gross"):
            self.findings.setdefault(verdict["kind"][i], []).append(
                (begin + int(verdict["at"][i]), float(verdict["severity"][i]), float(verdict["band"][i]),
                 verdict["cause"][i], verdict["detail"][i], verdict["fix"][i]))
        for i, error in threw.items():
            self.counts["gross"] += 1
            self.findings.setdefault(THREW, []).append((begin + i, math.inf, math.nan, THREW, error,
                                                        "return an answer for every case; raise only for input you "
                                                        "cannot take"))


def campaign(fn, query=None, scalar=None, families=None, cases=10000, seed=1, tolerance=None,
             out="sepax-python-results", mode=None, name=None, batch=65536, shrink=200, replays=3, quiet=False,
             bias=None):
    """Runs `fn` on `cases` generated cases of each family of `query` × `mode`
    in `scalar` ("float": float32 arrays; "double": float64), `batch` cases
    per call (fn gets sepax.Cases as generate() returns them and returns
    answers as judge() takes them), judges every answer exactly, and writes
    the results folder `out`:

      gross/<kernel>.<family>.<kind>/01-...jsonl  the first case of each failure
                class shrunk to the simplest case of the same bug, then the
                first and the worst as found; class.json beside them
      verify.jsonl, summary.md, campaign.json    as `sepax verify` writes them

    A batch on which fn raises is split until the cases that raise are found
    (each a gross "threw" finding); answers that are no answers raise
    InputError. `tolerance`: the kernel's promise relative to the shapes'
    size (a gross verdict within it is boundary); `bias`: the kernel's
    declared method (judge()). Returns a CampaignResult;
    prints a line per family and the failure classes unless `quiet`."""
    query, mode, scalar, kernel_id, bias = _spec(fn, query, mode, scalar, name, bias)
    known = _families(query, mode)
    chosen = list(known) if families is None else ([families] if isinstance(families, str) else list(families))
    for family in chosen:
        if family not in known:
            raise InputError("families: %r is not a family of %s %s (its families: %s)"
                             % (family, query, mode, ", ".join(known)))
    for field, value, least in (("cases", cases, 1), ("batch", batch, 1), ("shrink", shrink, 0), ("replays", replays, 1)):
        if not isinstance(value, (int, np.integer)) or value < least:
            raise InputError("%s: %r is not an integer >= %d" % (field, value, least))
    if tolerance is not None and not float(tolerance) >= 0:
        raise InputError("tolerance: %r is not a number >= 0" % (tolerance,))
    fields = layout(query, mode)["answers"]
    writer = ResultsWriter(out, dict(tool="sepax.campaign", kernel=kernel_id, query=query, mode=mode, scalar=scalar,
                                     families=chosen, cases=int(cases), seed=int(seed), batch=int(batch),
                                     tolerance=tolerance, bias=bias, shrink_tries=int(shrink),
                                     replays_per_class=int(replays)))
    result = CampaignResult(kernel=kernel_id, query=query, mode=mode, scalar=scalar, seed=int(seed), groups=[],
                            failure_classes=[], gross=0, out=os.path.abspath(out), interrupted=False)
    started = time.perf_counter()
    try:
        for family in chosen:
            group = _run_group(fn, query, mode, scalar, family, int(seed), int(cases), int(batch), tolerance, fields,
                               bias)
            row = writer.group_row(group, kernel_id)
            result["groups"].append(row)
            result["gross"] += group.counts["gross"]
            classes = [_failure_class(fn, writer, group, query, mode, scalar, kernel_id, kind, tolerance, fields,
                                      int(shrink), int(replays), bias)
                       for kind in group.findings]
            result["failure_classes"] += classes
            if not quiet:
                print(_group_line(query, mode, row), flush=True)
    except KeyboardInterrupt:
        result["interrupted"] = True
        writer.finish(result, time.perf_counter() - started)
        raise
    result["seconds"] = time.perf_counter() - started
    writer.finish(result, result["seconds"])
    if not quiet:
        print(summary_text(result), flush=True)
    return result


def _run_group(fn, query, mode, scalar, family, seed, n, batch, tolerance, fields, bias):
    group = _Group(family)
    for begin in range(0, n, batch):
        end = min(n, begin + batch)
        cases = _batch(query, mode, family, scalar, seed, begin, end)
        t0 = time.perf_counter()
        rows, threw = _answers_of(fn, cases, fields, scalar)
        group.kernel_seconds += time.perf_counter() - t0
        answered = np.ones(end - begin, dtype=bool)
        answered[list(threw)] = False
        at = np.flatnonzero(answered)
        verdict = judge_rows(query, mode, scalar, cases.rows[at], rows[at], tolerance, family, bias,
                             explain_classes=False)
        verdict["at"] = at
        group.cases += end - begin
        group.add(begin, verdict, threw)
    return group


def _answer_row(fn, query, mode, scalar, fields):
    """fn on one case (input values) → its answer values (for the shrinker)."""
    def answer_of(values):
        cases = cases_of_values(query, mode, scalar, np.asarray(values, dtype=np.float64).reshape(1, -1))
        cases.indices, cases.family = np.zeros(1, dtype=np.uint64), "shrink"
        return _answer_values(fn(cases), fields, 1, scalar)[0]
    return answer_of


def _failure_class(fn, writer, group, query, mode, scalar, kernel_id, kind, tolerance, fields, tries, replays, bias):
    """A class: its findings' severity, its worst, its first shrunk; replay files written."""
    findings = group.findings[kind]
    first = min(findings)
    measured = sorted(f[1] for f in findings if not math.isnan(f[1]))
    worst = max(findings, key=lambda f: (-1 if math.isnan(f[1]) else f[1], -f[0]))
    answer_of = _answer_row(fn, query, mode, scalar, fields)
    values = _sepax.generate_values(query, mode, group.family, scalar, group_seed(writer), first[0], first[0] + 1)[0]
    shrunk = None
    if kind != THREW and tries > 0:
        shrunk = _sepax.shrink_case(query, mode, scalar, values, kind, answer_of, float(tolerance or 0), tries,
                                    *bias_of(query, bias))
    picks = []  # (stem, values, index, shrunk)
    if shrunk is not None:
        picks.append(("shrunk-%d" % first[0], shrunk["values"], first[0], True))
    picks.append(("%d" % first[0], values, first[0], False))
    if worst[0] != first[0]:
        worst_values = _sepax.generate_values(query, mode, group.family, scalar, group_seed(writer), worst[0],
                                              worst[0] + 1)[0]
        picks.append(("worst-%d" % worst[0], worst_values, worst[0], False))
    files = writer.replay_files(kernel_id, query, mode, scalar, group.family, kind, picks[:replays],
                                answer_of if kind != THREW else None, bias)
    cause = _worst_cause(query, mode, scalar, worst, values if worst[0] == first[0] else worst_values,
                         answer_of if kind != THREW else None, bias)
    return writer.class_row(dict(
        kernel=kernel_id, query=query, mode=mode, scalar=scalar, family=group.family, kind=kind,
        count=len(findings), gross_in_group=group.counts["gross"],
        indices=[f[0] for f in sorted(findings)[:100]], first_index=first[0], worst_index=worst[0],
        severity_max=measured[-1] if measured else None,
        severity_median=measured[len(measured) // 2] if measured else None,
        worst_severity=None if math.isnan(worst[1]) else worst[1],
        worst_band=None if math.isnan(worst[2]) else worst[2], worst_tolerance=tolerance,
        cause=cause[0] or "unknown", cause_detail=cause[1], fix=cause[2],
        shrunk=None if shrunk is None else {"changed": shrunk["changed"], "tries": shrunk["tries"],
                                            "severity": shrunk["severity"], "detail": shrunk["detail"]},
        files=files, fn=fn))


def _worst_cause(query, mode, scalar, worst, values, answer_of, bias):
    """The class's cause, detail and fix: its worst case explained as verify explains a class's worst case (the
    axis analysis: an exact survey, once a class, not once an answer), else the verdict's own cause."""
    if answer_of is not None:
        try:
            answer = answer_of(values)
        except Exception:  # the user's kernel raised on the case alone: keep the verdict's cause
            answer = None
        explained = None if answer is None else _sepax.explain_case(query, mode, scalar, values, answer,
                                                                    *bias_of(query, bias))
        if explained is not None:
            return explained["cause"], explained["detail"], explained["fix"]
    return worst[3], worst[4], worst[5]


def group_seed(writer):
    return writer.about["seed"]


def _group_line(query, mode, row):
    return ("%s %s %s %-16s %8d cases  ok %-8d boundary %-6d gross %-6d %9.0f cases/s"
            % (query, mode, row["scalar"], row["family"], row["cases"], row["ok"], row["boundary"], row["gross"],
               row["cases_per_second"]))


def summary_text(result):
    """The campaign's closing lines: totals, each failure class with how bad,
    why and the commands that replay it."""
    total = sum(g["cases"] for g in result["groups"])
    lines = ["total: %d cases of %s %s %s in %d groups, %.1f s; %d gross in %d failure classes; results in %s"
             % (total, result["query"], result["mode"], result["scalar"], len(result["groups"]),
                result.get("seconds", 0.0), result["gross"], len(result["failure_classes"]), result["out"])]
    for c in result["failure_classes"]:
        how = ("severity %.3g (band %.3g)" % (c["worst_severity"], c["worst_band"] or 0)
               if c["worst_severity"] is not None else "threw")
        lines.append("  %s: %d case%s; worst %s; cause %s: %s"
                     % (c["description"], c["count"], "" if c["count"] == 1 else "s", how, c["cause"],
                        c["cause_detail"]))
        if c.get("fix"):
            lines.append("    fix: %s" % c["fix"])
        for command in c["replay_commands"]:
            lines.append("    replay: %s" % command)
    return "\n".join(lines)
