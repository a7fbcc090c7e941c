"""The arrays half of the package: layouts, generated cases, judged answers."""


import numpy as np

from . import _sepax
from ._structure import InputError, count_of, join, split


_LAYOUTS = {(entry["query"], entry["mode"]): entry for entry in _sepax.layouts()}
CLASSES = {0: "ok", 1: "boundary", 2: "gross", 3: "convention", -1: "error"}


def queries():
    """Every judged query with array layouts, the three SAT queries first."""
    names = []
    for query, _ in _LAYOUTS:
        if query not in names:
            names.append(query)
    return names


def modes(query):
    """The modes of a query ("test_static", "find_first_contact", ...)."""
    found = [mode for (q, mode) in _LAYOUTS if q == query]
    if not found:
        raise InputError("query: %r is not one of %s" % (query, ", ".join(queries())))
    return found


def _mode(query, mode):
    if mode is None:
        known = modes(query)
        return "test_static" if "test_static" in known else known[0]
    if (query, mode) not in _LAYOUTS:
        raise InputError("mode: %r is not a mode of %s (its modes: %s)" % (mode, query, ", ".join(modes(query))))
    return mode


def layout(query, mode=None):
    """The query's fields: {"inputs": [...], "answers": [...]}, each field a dict
    of name, width, type ("scalar": the case's, "u8", "i32") and meaning."""
    return _LAYOUTS[(query, _mode(query, mode))]


def families(query, mode=None):
    """The generator families of a query (the campaign's groups)."""
    return list(layout(query, mode)["families"])


def kernels():
    """sepax's own kernels in this process, as dicts of id, query, mode, scalar, origin."""
    return _sepax.kernels()


def _scalar(scalar):
    if scalar not in ("float", "double"):
        raise InputError("scalar: %r is neither \"float\" nor \"double\"" % (scalar,))
    return scalar


def _range(n, shard):
    """Cases [begin, end) of n: shard "I/N" (or (I, N)) is the I-th of N contiguous slices."""
    if n < 0:
        raise InputError("n: %r is negative" % (n,))
    if shard is None:
        return 0, n
    if isinstance(shard, str):
        try:
            index, count = (int(x) for x in shard.split("/"))
        except ValueError:
            raise InputError("shard: %r is not I/N" % (shard,)) from None
    else:
        index, count = shard
    if not 1 <= index <= count:
        raise InputError("shard: %s/%s needs 1 <= I <= N" % (index, count))
    return (index - 1) * n // count, index * n // count


class Cases(dict):
    """Generated cases: {field: arrays}, with where they came from (the query,
    mode, family, scalar, seed and the indices of the cases in their group)."""

    query = mode = family = scalar = None
    seed = 0
    indices = None


def generate(query, family, scalar, n, seed=1, shard=None, mode=None):
    """Cases 0 … n-1 (or a shard's slice) of a campaign group: bit for bit the
    cases of `sepax generate` and of `sepax verify --cases n` with this seed."""
    mode = _mode(query, mode)
    _scalar(scalar)
    begin, end = _range(int(n), shard)
    return generate_range(query, mode, family, scalar, int(seed), begin, end)


def generate_range(query, mode, family, scalar, seed, begin, end):
    """Cases [begin, end) of a campaign group (the GIL released while sepax makes them)."""
    values = _sepax.generate_values(query, mode, family, scalar, seed, begin, end)
    out = cases_of_values(query, mode, scalar, values)
    out.family, out.seed = family, seed
    out.indices = np.arange(begin, end, dtype=np.uint64)
    return out


def cases_of_values(query, mode, scalar, values):
    """Rows of a layout's input values (n, width) as structured Cases."""
    dtype = np.float32 if scalar == "float" else np.float64
    out, at = Cases(), 0
    for field in layout(query, mode)["inputs"]:
        out[field["name"]] = split(field, values[:, at:at + field["width"]], dtype)
        at += field["width"]
    out.query, out.mode, out.scalar = query, mode, scalar
    return out


def _scalar_of(cases, fields):
    """float when the cases' arrays are float32, double otherwise."""
    for field in fields:
        value = cases.get(field["name"])
        for part in (value.values() if isinstance(value, dict) else [value]):
            dtype = np.asarray(part).dtype
            if dtype == np.float32:
                return "float"
            if np.issubdtype(dtype, np.floating):
                return "double"
    return "double"


def _case_values(cases, fields, scalar):
    if not isinstance(cases, dict):
        raise InputError("cases: expected a dict of fields (%s), got %s"
                         % (", ".join(f["name"] for f in fields), type(cases).__name__))
    for field in fields:
        if field["name"] not in cases:
            raise InputError("cases: field %r missing (the fields: %s)" % (field["name"], ", ".join(f["name"] for f in fields)))
    n = count_of(fields[0], cases[fields[0]["name"]])
    return n, np.concatenate([join(field, cases[field["name"]], n, scalar) for field in fields], axis=1)


def _answer_values(answers, fields, n, scalar):
    """The answers as rows of the answer fields' values: a bool array for the
    tests (meets), else a dict of the answer fields."""
    if len(fields) == 1 and fields[0]["name"] == "meets" and not isinstance(answers, dict):
        array = np.asarray(answers)
        if array.dtype != np.bool_ and not np.issubdtype(array.dtype, np.integer):
            raise InputError("answers: expected a bool array (meets), got dtype %s" % array.dtype)
        if array.shape != (n,):
            raise InputError("answers: expected shape (%d,), got %s" % (n, array.shape))
        bad = (array != 0) & (array != 1)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise InputError("answers[%d]: %r is neither 0 nor 1" % (i, array[i].item()))
        return array.astype(np.float64).reshape(n, 1)
    if not isinstance(answers, dict):
        raise InputError("answers: expected a dict of %s" % ", ".join(f["name"] for f in fields))
    columns = []
    for field in fields:
        if field["name"] not in answers:
            raise InputError("answers: field %r missing (the fields: %s)" % (field["name"], ", ".join(f["name"] for f in fields)))
        value = np.asarray(answers[field["name"]])
        if value.dtype == np.bool_:
            value = value.astype(np.uint8)
        column = np.asarray(value, dtype=np.float64) if field["type"] != "scalar" else None
        if column is None:
            # Unused entries (a time where there is no contact) may be NaN: sepax reads 0 there.
            value = np.where(np.isnan(value), 0, value) if np.issubdtype(value.dtype, np.floating) else value
            column = join(field, value, n, scalar)
        else:
            shape = (n,) if field["width"] == 1 else (n, field["width"])
            if column.shape != shape:
                raise InputError("answers.%s: expected shape %s, got %s" % (field["name"], shape, column.shape))
            column = column.reshape(n, field["width"])
        columns.append(column)
    return np.concatenate(columns, axis=1)


def _failure_classes(query, mode, family, verdict, explain=None):
    """The gross verdicts grouped by what went wrong (kind), as class.json has
    them: count, indices, severity (largest, median), the worst case, its cause.
    `explain(i)`: case i's cause by the axis analysis (a dict, or None), asked
    of each class's worst case, whose answer's cause it replaces."""
    members = {}
    for i in np.flatnonzero(verdict["class"] == "gross"):
        members.setdefault(verdict["kind"][i], []).append(int(i))
    out = []
    for kind, indices in members.items():
        measured = [(float(verdict["severity"][i]), i) for i in indices if not np.isnan(verdict["severity"][i])]
        severities = sorted(s for s, _ in measured)
        worst_severity, worst = max(measured) if measured else (None, indices[0])
        band = verdict["band"][worst]
        explained = explain(worst) if explain is not None else None
        if explained is not None:
            verdict["cause"][worst], verdict["detail"][worst], verdict["fix"][worst] = (
                explained["cause"], explained["detail"], explained["fix"])
        out.append({
            "query": query, "mode": mode, "family": family, "kind": kind,
            "count": len(indices), "indices": indices,
            "severity_max": severities[-1] if severities else None,
            "severity_median": severities[len(severities) // 2] if severities else None,
            "worst_index": worst, "worst_severity": worst_severity,
            "worst_band": None if np.isnan(band) else float(band),
            "cause": verdict["cause"][worst], "cause_detail": verdict["detail"][worst],
            "fix": verdict["fix"][worst],
        })
    return out


SAT_QUERIES = ("obb_obb", "tri_obb", "tri_tri")
BIAS_METHODS = ("epsilon_on_rotation", "epsilon_on_plane_distances")


def bias_of(query, bias):
    """A kernel's declared bias, {"method": ..., "epsilon": ...}, as (method, epsilon)."""
    if bias is None:
        return "none", 0.0
    if not isinstance(bias, dict) or set(bias) != {"method", "epsilon"}:
        raise InputError("bias: %r is not {\"method\": ..., \"epsilon\": ...}" % (bias,))
    if query not in SAT_QUERIES:
        raise InputError("bias: %s has no bias methods (only %s do)" % (query, ", ".join(SAT_QUERIES)))
    if bias["method"] not in BIAS_METHODS:
        raise InputError("bias: method %r is none of %s" % (bias["method"], ", ".join(BIAS_METHODS)))
    try:
        epsilon = float(bias["epsilon"])
    except (TypeError, ValueError):
        raise InputError("bias: epsilon %r is not a number" % (bias["epsilon"],)) from None
    return bias["method"], epsilon


def judge(query, cases, answers, tolerance=None, mode=None, scalar=None, bias=None):
    """Judges `answers` to `cases` exactly, case by case, as a campaign judges a
    kernel of that query, mode and scalar (the scalar of the cases' arrays
    unless given). Returns a dict of arrays over the cases — "exact" (the
    shapes meet exactly), "class" ("ok", "boundary", "gross", "convention"),
    "margin" and "severity" (relative to the shapes' size), "band", "kind" and
    "cause" (of gross verdicts) — and "failure_classes". `tolerance`, the
    kernel's promise relative to the shapes' size: a gross verdict within it
    is "boundary" with cause "declared-bias". `bias`: the kernel's deliberate
    leniency as its method documents it (the SAT queries: {"method":
    "epsilon_on_rotation", "epsilon": 1e-6} for Gottschalk's epsilon added to
    |R|): the judge derives the band it opens, as for sepax's own kernels.
    Raises InputError naming the
    field, index and value of an array that is no case or no answer."""
    mode = _mode(query, mode if mode is not None else getattr(cases, "mode", None))
    fields = layout(query, mode)
    scalar = _scalar(scalar or getattr(cases, "scalar", None) or _scalar_of(cases, fields["inputs"]))
    n, case_values = _case_values(cases, fields["inputs"], scalar)
    answer_values = _answer_values(answers, fields["answers"], n, scalar)
    return judge_rows(query, mode, scalar, case_values, answer_values, tolerance, getattr(cases, "family", None),
                      bias)


def judge_rows(query, mode, scalar, case_values, answer_values, tolerance=None, family=None, bias=None,
               explain_classes=True):
    """judge() on rows of the layout's input and answer values. explain_classes:
    each failure class's worst case explained by the axis analysis, as verify
    explains a class (an exact survey a class; sepax.campaign explains its
    classes itself, once for the whole campaign)."""
    method, epsilon = bias_of(query, bias)
    try:
        raw = _sepax.judge_values(query, mode, scalar, case_values, answer_values, method, epsilon)
    except ValueError as e:
        raise InputError(str(e)) from None
    errors = [(i, e) for i, e in enumerate(raw["error"]) if e]
    if errors:
        i, e = errors[0]
        raise InputError("case %d: %s" % (i, e))
    verdict = {
        "exact": raw["exact"] == 1,
        "class": np.array([CLASSES[c] for c in raw["class"]], dtype=object),
        "margin": raw["margin"],
        "severity": raw["severity"],
        "band": raw["band"],
        "kind": np.array(raw["kind"], dtype=object),
        "cause": np.array(raw["cause"], dtype=object),
        "detail": np.array(raw["detail"], dtype=object),
        "fix": np.array(raw["fix"], dtype=object),
    }
    if tolerance is not None:
        within = (verdict["class"] == "gross") & (verdict["severity"] <= float(tolerance))
        verdict["class"][within] = "boundary"
        verdict["cause"][within] = "declared-bias"
    explain = None
    if explain_classes:
        def explain(i):
            return _sepax.explain_case(query, mode, scalar, case_values[i], answer_values[i], method, epsilon)
    verdict["failure_classes"] = _failure_classes(query, mode, family, verdict, explain)
    return verdict
