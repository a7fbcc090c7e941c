"""sepax.check: Python kernels on the cases of a case file (a campaign's
replay file, `sepax generate`'s, a bug report), each answer judged exactly;
sepax.results: a results folder (`sepax verify`'s or sepax.campaign's) read
back as tables."""

import glob
import json
import os

import numpy as np

from . import _sepax
from ._core import _answer_values, bias_of, cases_of_values, judge_rows, layout
from ._structure import InputError


def _kernels(kernels, query, mode):
    """(name, function, query, mode, scalar) of each kernel given: a function,
    a list of them, or a dict name → function; query and mode from
    @sepax.kernel, else the arguments (None: the case's query, test_static)."""
    if callable(kernels):
        kernels = [kernels]
    items = kernels.items() if isinstance(kernels, dict) else [(None, k) for k in kernels]
    out = []
    for name, fn in items:
        if not callable(fn):
            raise InputError("kernels: %r is not a function" % (fn,))
        declared = getattr(fn, "sepax_kernel", {})
        out.append((name or declared.get("name") or getattr(fn, "__name__", "kernel"), fn,
                    query or declared.get("query"), mode or declared.get("mode"), declared.get("scalar"),
                    declared.get("bias")))
    if not out:
        raise InputError("kernels: none given")
    return out


def check(path, kernels, query=None, mode=None, tolerance=None, quiet=False, bias=None):
    """Runs each kernel on every case of the case file `path` it applies to
    (its query and mode; a case of another scalar is skipped) and judges each
    answer exactly. Returns a list of dicts, one per case × kernel: line, id,
    kernel, query, mode, scalar, class, exact, margin, severity, band, kind,
    cause, detail, fix — or error (a line that is no case; a kernel that
    raised: class "gross", kind "threw"). `bias`: the kernels' declared
    method (judge(); default: @sepax.kernel's). Prints them unless `quiet`."""
    if not os.path.isfile(path):
        raise InputError("path: %r is not a file" % (path,))
    chosen = _kernels(kernels, query, mode)
    out = []
    for entry in _sepax.case_file(path):
        if "error" in entry:
            out.append({"line": entry["line"], "class": "error", "error": entry["error"]})
            continue
        for name, fn, k_query, k_mode, k_scalar, k_bias in chosen:
            for q, m, values in entry["forms"]:
                if (k_query or entry["forms"][0][0]) != q or (k_mode or "test_static") != m:
                    continue
                if k_scalar and k_scalar != entry["scalar"]:
                    continue
                out.append(_check_one(entry, name, fn, q, m, values, tolerance, bias if bias is not None else k_bias))
    if not quiet:
        for r in out:
            print(_line(r))
    return out


def _check_one(entry, name, fn, query, mode, values, tolerance, bias):
    scalar = entry["scalar"]
    row = {"line": entry["line"], "id": entry["id"], "kernel": name, "query": query, "mode": mode, "scalar": scalar}
    rows = np.asarray(values, dtype=np.float64).reshape(1, -1)
    cases = cases_of_values(query, mode, scalar, rows)
    cases.family, cases.indices = entry["family"], np.zeros(1, dtype=np.uint64)
    try:
        answers = fn(cases)
    except Exception as e:
        row.update({"class": "gross", "kind": "threw", "cause": "threw", "error": "%s: %s" % (type(e).__name__, e)})
        return row
    verdict = judge_rows(query, mode, scalar, rows, _answer_values(answers, layout(query, mode)["answers"], 1, scalar),
                         tolerance, entry["family"], bias)
    for key in ("class", "kind", "cause", "detail", "fix"):
        row[key] = verdict[key][0]
    row["exact"] = bool(verdict["exact"][0])
    for key in ("margin", "severity", "band"):
        row[key] = None if np.isnan(verdict[key][0]) else float(verdict[key][0])
    return row


def _line(r):
    if r["class"] == "error" and "kernel" not in r:
        return "line %d: %s" % (r["line"], r["error"])
    text = "line %d %s: %s %s %s: %s" % (r["line"], r["id"], r["kernel"], r["query"], r["mode"], r["class"])
    if r["class"] == "gross":
        text += " (%s; cause %s: %s)" % (r.get("kind"), r.get("cause"), r.get("error") or r.get("detail"))
    return text


def results(path):
    """A results folder read back: {"campaign": campaign.json, "tables": {table
    name: [rows of verify.jsonl]}, "failure_classes": [class rows],
    "summary": summary.md's text}."""
    if not os.path.isdir(path):
        raise InputError("path: %r is not a results folder" % (path,))
    rows_path = os.path.join(path, "verify.jsonl")
    if not os.path.exists(rows_path):
        raise InputError("path: %r has no verify.jsonl: not a results folder of sepax verify or sepax.campaign"
                         % (path,))
    tables = {}
    with open(rows_path) as f:
        for number, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
            except ValueError as e:
                raise InputError("%s line %d: not JSON (%s)" % (rows_path, number, e)) from None
            tables.setdefault(row.get("table", "?"), []).append(row)
    out = {"tables": tables, "failure_classes": tables.get("failure_class", [])}
    for name, key in (("campaign.json", "campaign"), ("summary.md", "summary")):
        full = os.path.join(path, name)
        if os.path.exists(full):
            with open(full) as f:
                out[key] = json.load(f) if name.endswith(".json") else f.read()
    out["replay_files"] = sorted(glob.glob(os.path.join(path, "gross", "*", "*.jsonl")))
    return out
