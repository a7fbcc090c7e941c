"""The report's certified-kernels section: kernels whose verdict is the exact
one (ids whose mode starts with test_certified: the scalar kernels and the
certified batch). Per kernel × family: the cases, the
verdicts that differ from the exact one (must be none, not even boundary),
how often exact arithmetic ran (the verify rows' answer_paths "full"), and,
with benchmark input, the time per test beside the query's references (ODE's
dBoxTouchesBox, Moller's triangle test, CGAL's Epick do_intersect, the same
scalar's plain kernel)."""

from __future__ import annotations

from .document import Heading, Para, Strong, Table
from .formatting import fmt_ns, fmt_share, kernel_cell

CERTIFIED_MODE = "/test_certified"

# What a certified kernel's time is compared with, per query.
REFERENCES = {"obb_obb": ["ode/box_touches_box", "obb_obb/test_static"], "tri_obb": ["tri_obb/test_static"],
              "tri_tri": ["textbook/tri_tri_moller", "cgal/epick_tri_tri"]}


def certified_kernels(data) -> list[str]:
    return sorted({k for (k, _f) in data.static if CERTIFIED_MODE in k})


def _ratio_cell(data, kernel: str, reference: str, family: str):
    mine = data.bench_ns(kernel, family, "mixed")
    ref = data.bench_ns(reference, family, "mixed")
    if mine is None or ref is None or ref <= 0:
        return "-"
    return f"{reference}: {fmt_ns(mine)} / {fmt_ns(ref)} = {mine / ref:.2f}x"


def certified_blocks(data) -> list:
    kernels = certified_kernels(data)
    if not kernels:
        return []
    rows, wrong_total, cases_total = [], 0, 0
    any_bench = False
    for kernel in kernels:
        query, _mode, scalar = kernel.split("/")
        refs = [f"{r}/{scalar}" for r in REFERENCES.get(query, [])]
        for (k, family), s in sorted(data.static.items()):
            if k != kernel:
                continue
            wrong = s.boundary + s.gross
            wrong_total += wrong
            cases_total += s.cases
            ratios = [_ratio_cell(data, kernel, r, family) for r in refs]
            any_bench = any_bench or any(c != "-" for c in ratios)
            rows.append([kernel_cell(data, kernel), family, str(s.cases), str(wrong),
                         fmt_share(s.exact_path_share)] + ratios)
    headers = ["kernel", "family", "cases", "not exact (boundary + gross)", "exact path"]
    # One column per reference of the query (each cell names its reference).
    slots = max(len(REFERENCES.get(k.split("/")[0], [])) for k in kernels)
    rows = [r + ["-"] * (5 + slots - len(r)) for r in rows]
    headers += ["ns per test: certified / reference"] * slots
    if not any_bench:
        headers = headers[:5]
        rows = [r[:5] for r in rows]
    verdict = (f"{wrong_total} of {cases_total} verdicts differ from the exact one" if wrong_total
               else f"all {cases_total} verdicts are the exact ones")
    return [Heading(2, "Certified kernels: exact verdicts at floating-point speed"),
            Para([Strong(verdict), ". A certified kernel decides every case as the exact oracle does, touching "
                  "included: a floating-point filter with a proven error bound answers when the bound allows, and "
                  "exact arithmetic (integers, or GMP rationals) answers the rest. \"exact path\" is the share of "
                  "cases where it ran: "
                  "every exactly touching pair needs them, and the double families put many pairs within about "
                  "1e-14 of contact on purpose. Times per test come from one benchmark run (mixed sets)."]),
            Table(headers, rows, [False, False, True, True, True] + [True] * (len(headers) - 5))]
