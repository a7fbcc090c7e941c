"""How bad the findings are and why (issue 29): the cause vocabulary, the
severity cells, and per library the share of its gross verdicts at each
severity level and per cause — the table "Peer findings by severity and
cause", also written as severity_by_library.json for closing notes.

Severity: |margin| relative to the larger shape's size, the distance the
exact answer is from flipping; math.inf stands for "threw"."""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..fields import GROSS_LEVELS
from ..vocabulary import DASH

# The causes verify gives a class, in the order of
# harness/include/sepax/harness/explain/cause.hpp, one line each.
CAUSES = {
    "threw": "the kernel threw or reported an error",
    "convention": "the shapes exactly touch (margin 0) and the kernel calls them separated: open sets, or "
                  "rounding where every operation of a separating-axis test is exact",
    "within-band": "a boundary verdict within the rounding band its scalar can resolve (no failure)",
    "declared-bias": "beyond the rounding band but within the tolerance the kernel promises or the ε it declares",
    "degenerate-input": "a separation claimed along the normal of a degenerate triangle, or a degenerate shape "
                        "(collinear vertices, a zero box extent) that nothing else explains",
    "far-from-origin": "no ill-conditioned axis explains it, the shapes lie ≥ 64 sizes from the origin, and the "
                       "same shapes moved exactly near it are judged right",
    "ill-conditioned-axis": "only an axis whose direction the shapes barely determine decides the case (nearly "
                            "parallel edges, a sliver normal: sin θ small), and its exact gap is within its "
                            "rounding loss, band / sin θ",
    "missing-axis": "called intersecting, though an axis separates the shapes by more than its rounding loss",
    "false-separation": "called separated, though the shapes overlap by more than rounding along the axis the "
                        "kernel named (or along every axis)",
    "wrong-contact": "a first contact at the wrong time or point on a well-conditioned contact; for manifolds and "
                     "sweeps, meeting on both sides but the time, depth, normal or points wrong",
    "false-contact": "called meeting, though the shapes (spheres, boxes, rectangles) are apart beyond the band",
    "wrong-enclosure": "an enclosing box that does not contain the shape",
    "loose-enclosure": "an enclosing box larger than the band allows",
    "wrong-distance": "a signed distance or penetration depth off the exact one beyond the band, or its witness "
                      "points or normal wrong (the distance queries)",
    "unknown": "none of the above; also where the results do not say (written before causes were recorded)",
}

# Severity levels as the report names them (GROSS_LEVELS are the row keys).
LEVEL_NAMES = {"beyond_band": "beyond the band", "1e-6": "≥ 1e-6", "1e-3": "≥ 1e-3"}


def fmt_severity(v) -> str:
    """"3.2e-04", "0", "threw" (math.inf), "-" (not recorded)."""
    if v is None:
        return DASH
    if math.isinf(v):
        return "threw"
    return "0" if v == 0 else f"{v:.1e}"


def fmt_compact(v) -> str:
    """A small number in few characters for the summary's cells: "2.1e-3",
    "4e-5", "0", "1"; two significant digits at most."""
    if v is None:
        return DASH
    if v == 0:
        return "0"
    mantissa, exponent = f"{v:.1e}".split("e")
    mantissa = mantissa.rstrip("0").rstrip(".")
    return mantissa if int(exponent) == 0 else f"{mantissa}e{int(exponent)}"


def severity_json(v):
    """A severity for JSON: a number, "threw" or null (JSON has no infinity)."""
    if v is None:
        return None
    return "threw" if math.isinf(v) else v


def cause_order(cause: str):
    """Causes in vocabulary order; ones this report does not know after."""
    names = list(CAUSES)
    return (names.index(cause), "") if cause in CAUSES else (len(names), cause)


def _gross_classes_by_group(data) -> dict:
    """(kernel, family) -> its failure classes of sampled gross verdicts
    (a class of boundary verdicts holds no gross verdict of the row)."""
    out = {}
    for c in data.failure_classes.values():
        if c.verdicts == "gross":
            out.setdefault((c.kernel, c.family), []).append(c)
    return out


def severity_by_library(data) -> dict:
    """Per library (sepax first, then the peers by name), from its kernel
    rows (static and moving): gross verdicts, their counts and shares at
    each level (over the rows that carry gross_levels), and per cause (each
    kernel × family's gross verdicts split over its classes in proportion to
    their counts; none: unknown)."""
    groups = _gross_classes_by_group(data)
    libs = {}
    for store in (data.static, data.moving):
        for (kernel, family), s in store.items():
            lib = libs.setdefault(data.origin_of(kernel), {
                "kernels": set(), "judged": 0, "gross": 0, "levels": [0] * len(GROSS_LEVELS),
                "gross_with_levels": 0, "causes": {}, "tolerated": None})
            lib["kernels"].add(kernel)
            lib["judged"] += s.judged
            lib["gross"] += s.gross
            if s.tolerated is not None:
                lib["tolerated"] = (lib["tolerated"] or 0) + s.tolerated
            levels = s.gross_levels
            if levels is not None:
                lib["levels"] = [a + b for a, b in zip(lib["levels"], levels)]
                lib["gross_with_levels"] += levels[0]
            if not s.gross:
                continue
            classes = groups.get((kernel, family), [])
            total = sum(c.count for c in classes)
            shares = ([(c.cause or "unknown", c.count / total) for c in classes] if total
                      else [("unknown", 1.0)])
            for cause, share in shares:
                lib["causes"][cause] = lib["causes"].get(cause, 0.0) + s.gross * share
    out = []
    for origin in sorted(libs, key=lambda o: (o != "sepax", o)):
        lib = libs[origin]
        with_levels = lib["gross_with_levels"]
        causes = {k: lib["causes"][k] for k in sorted(lib["causes"], key=cause_order) if lib["causes"][k] > 0}
        out.append({
            "library": origin, "kernels": len(lib["kernels"]), "cases_judged": lib["judged"], "gross": lib["gross"],
            "gross_with_levels": with_levels,
            "levels": dict(zip(GROSS_LEVELS, lib["levels"])),
            "level_shares": {k: (round(n / with_levels, 4) if with_levels else None)
                             for k, n in zip(GROSS_LEVELS, lib["levels"])},
            "causes": {k: round(v, 3) for k, v in causes.items()},
            "cause_shares": {k: round(v / lib["gross"], 4) for k, v in causes.items()},
            "tolerated": lib["tolerated"],
        })
    return {"levels": {k: LEVEL_NAMES[k] + (" (every gross verdict)" if k == "beyond_band" else " of the size")
                       for k in GROSS_LEVELS},
            "causes": CAUSES,
            "note": "Gross verdicts of each library's kernel rows (static and moving). level_shares: share of the "
                    "gross verdicts of the rows that record levels (gross_with_levels) at each level; causes: each "
                    "kernel × family's gross verdicts split over its failure classes in proportion to their counts "
                    "(no class: unknown).",
            "libraries": out}


def write_severity_json(data, out_dir: Path) -> Path:
    path = Path(out_dir) / "severity_by_library.json"
    path.write_text(json.dumps(severity_by_library(data), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
