"""Issue 29 in the report: how bad a gross verdict is (severity: |margin| /
size, at three levels), why (the cause verify gives each class), the
tolerance a kernel promises; the summary's rates per level, failure classes
sorted by worst severity (threw first), the boundary classes apart, the
per-library table and its JSON, and --compare flagging a class whose cause
changed or whose worst severity grew tenfold. Rows of older sepax versions,
without these fields, must still be read."""

import contextlib
import io
import json
import math
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from report_inputs import bench_entry, class_row, kernel_row, load  # noqa: E402
from sepax_reporting import compare, report, summary  # noqa: E402
from sepax_reporting.document import Table, render_markdown  # noqa: E402
from sepax_reporting.fields import InputError  # noqa: E402
from sepax_reporting.findings import failure_classes, sections, severity  # noqa: E402
from sepax_reporting.rendering import latex  # noqa: E402

FCL, ODE, SEPAX = "fcl/obb_overlap/float", "ode/box_touches_box/float", "obb_obb/test_static/float"

# The hand-computed example. FCL: 60 gross verdicts, 15 of them ≥ 1e-6, 2 ≥ 1e-3; its random family's
# 40 split 3:1 over two classes (missing-axis 30, ill-conditioned-axis 10), touching's 20 all false-separation
# (the boundary-verdict class beside it holds no gross verdict of the row). ODE: 10 gross in a row of an
# older sepax (no levels, no class): unknown. sepax: judged, 0 gross.
ROWS = [
    kernel_row(SEPAX, "random", 1000, gross_levels=(0, 0, 0), tolerance=0, max_gross_severity=None, tolerated=0),
    kernel_row(SEPAX, "touching", 1000, gross_levels=(0, 0, 0), tolerance=0, tolerated=0),
    kernel_row(FCL, "random", 1000, gross=40, origin="fcl", gross_levels=(40, 10, 2), tolerance=0,
               max_gross_severity=4e-3, tolerated=0),
    kernel_row(FCL, "touching", 1000, gross=20, origin="fcl", gross_levels=(20, 5, 0), tolerance=0,
               max_gross_severity=2e-5, tolerated=0),
    kernel_row("fcl/obb_ccd/float", "random", 500, origin="fcl", moving=True, gross_levels=(0, 0, 0), tolerance=0),
    kernel_row(ODE, "random", 1000, gross=10, origin="ode"),
    kernel_row(ODE, "touching", 1000, origin="ode"),
    class_row(FCL, "random", "false-negative edge", 3, gross_in_group=40, verdicts="gross", cause="missing-axis",
              severity_max=4e-3, severity_median=1e-6, band_ratio_max=2e4, worst_severity=9e-3, worst_band=2e-7,
              worst_tolerance=0, worst_is_gross=True, grow_tried=200,
              cause_detail="A1×B2 separates by 9e-3 of the size, its rounding loss 2e-7",
              fix="test every edge-pair axis", worst_replay="sepax check gross/random/worst-fcl.jsonl"),
    class_row(FCL, "random", "false-negative face", 1, gross_in_group=40, verdicts="gross",
              cause="ill-conditioned-axis", severity_max=1e-6, severity_median=1e-6, worst_severity=3e-6),
    class_row(FCL, "touching", "false-positive", 2, gross_in_group=20, verdicts="gross", cause="false-separation",
              severity_max=2e-5, severity_median=1e-5, worst_severity=2e-5),
    class_row(FCL, "touching", "boundary false-negative", 5, gross_in_group=20, verdicts="boundary",
              cause="missing-axis", worst_severity=1e-4, worst_band=1e-7, worst_is_gross=True),
    class_row(SEPAX, "touching", "boundary false-positive", 7, table="boundary_class", verdicts="boundary",
              cause="convention", severity_max=0, severity_median=0, worst_severity=3e-8, worst_band=6e-8,
              worst_tolerance=0, worst_is_gross=False, grow_tried=150,
              worst_replay="sepax check boundary/touching/worst-sepax.jsonl"),
]


def bench(rows):
    return {"context": {}, "benchmarks": [bench_entry(f"kernel:{k}:{f}:mixed", ns_per_test=ns) for k, f, ns in rows]}


def text(cell):
    """A cell's text: plain, Em/Code/Strong, or a list of parts."""
    if isinstance(cell, list):
        return "".join(text(p) for p in cell)
    return getattr(cell, "text", cell)


class Levels(unittest.TestCase):
    def test_levels_tolerance_and_worst_add_up_over_rows(self):
        data = load(ROWS + [kernel_row(FCL, "random", 500, gross=6, origin="fcl", gross_levels=(6, 6, 1),
                                       tolerance=1e-6, max_gross_severity="threw", tolerated=4)])
        s = data.static[(FCL, "random")]
        self.assertEqual(s.gross_levels, (46, 16, 3))
        self.assertEqual(s.tolerance, 1e-6)
        self.assertEqual(s.max_gross_severity, math.inf)      # "threw" is worse than any margin
        self.assertEqual(s.tolerated, 4)
        self.assertEqual(data.moving[("fcl/obb_ccd/float", "random")].gross_levels, (0, 0, 0))

    def test_a_row_without_levels_makes_the_sum_unknown_not_partial(self):
        data = load(ROWS + [kernel_row(FCL, "random", 500, gross=6, origin="fcl")])
        self.assertIsNone(data.static[(FCL, "random")].gross_levels)

    def test_old_rows_have_none(self):
        s = load(ROWS).static[(ODE, "random")]
        self.assertEqual((s.gross_levels, s.tolerance, s.max_gross_severity, s.tolerated), (None, None, None, None))

    def test_malformed_fields_name_line_and_field(self):
        for fields, field in ((dict(gross_levels=(3, 4, 0)), "gross_levels"),   # a stricter level counts more
                              (dict(gross_levels=(3, 2, -1)), "gross_levels"),
                              (dict(max_gross_severity="crashed"), "max_gross_severity"),
                              (dict(tolerance=-1e-6), "tolerance")):
            with self.assertRaisesRegex(InputError, rf"verify.jsonl:1: field \"{field}\""):
                load([kernel_row(FCL, "random", 10, gross=3, **fields)])
        with self.assertRaisesRegex(InputError, r"verify.jsonl:1: field \"cause\"|field \"verdicts\""):
            load([class_row(FCL, "random", "x", 1, verdicts="maybe")])


class SummaryRates(unittest.TestCase):
    """FCL is the fastest peer (60 gross of 2000: 3e-2 beyond the band, 15 ≥ 1e-6: 7.5e-3, 2 ≥ 1e-3: 1e-3);
    ODE the fastest clean peer, promising a tolerance of 1e-6; sepax's kernel promises 2.5e-7."""

    def rows(self, verify):
        times = [(k, f, ns) for k, ns in ((SEPAX, 4.0), (FCL, 2.0), (ODE, 8.0)) for f in ("random", "touching")]
        rows, _ = summary.summary_rows(load(verify, bench(times)))
        self.assertEqual(len(rows), 1)
        return [text(c) for c in rows[0]]

    def test_peer_rate_at_three_levels_and_tolerances(self):
        verify = ([kernel_row(SEPAX, f, 1000, gross_levels=(0, 0, 0), tolerance=2.5e-7) for f in ("random", "touching")]
                  + [r for r in ROWS[2:4]]
                  + [kernel_row(ODE, f, 1000, origin="ode", gross_levels=(0, 0, 0), tolerance=1e-6)
                     for f in ("random", "touching")])
        row = self.rows(verify)
        self.assertEqual(row[6], "fcl/obb_overlap")
        self.assertEqual(row[8], "3e-2 / 7.5e-3 / 1e-3")
        self.assertTrue(row[4].startswith("0 (≤ ") and row[4].endswith(", tol 2.5e-7"), row[4])
        self.assertEqual(row[10], "ode/box_touches_box, tol 1e-6")

    def test_rows_without_levels_keep_one_rate_and_no_tolerance(self):
        verify = [kernel_row(SEPAX, f, 1000) for f in ("random", "touching")]
        verify += [kernel_row(FCL, "random", 1000, gross=40, origin="fcl"),
                   kernel_row(FCL, "touching", 1000, gross=20, origin="fcl")]
        verify += [kernel_row(ODE, f, 1000, origin="ode") for f in ("random", "touching")]
        row = self.rows(verify)
        self.assertEqual(row[8], "3.0e-02")
        self.assertEqual(row[10], "ode/box_touches_box")


class ClassOrder(unittest.TestCase):
    def test_sepax_first_then_threw_then_by_worst_severity_unknown_last(self):
        rows = [class_row("peer/x/float", "random", "x", 50, worst_severity=1e-2, severity_max=1e-3),
                class_row("peer/y/float", "random", "y", 1, worst_severity="threw", severity_max="threw",
                          cause="threw"),
                class_row("peer/z/float", "random", "z", 99),                      # an older row: no severity
                class_row("peer/w/float", "random", "w", 2, severity_max=0.5),     # no search: its sampled max
                class_row(SEPAX, "random", "s", 1, worst_severity=1e-9)]
        classes = failure_classes.failure_classes(load(rows))
        self.assertEqual([c.kind for c in classes], ["s", "y", "w", "x", "z"])
        table = sections.found_table(classes)
        col = table.headers.index("worst severity (sampled max / median)")
        self.assertEqual([text(r[col]) for r in table.rows],
                         ["1.0e-09 (- / -)", "threw (threw / -)", "5.0e-01 (5.0e-01 / -)", "1.0e-02 (1.0e-03 / -)",
                          "-"])


class WhatThisRunFound(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = load(ROWS)
        cls.blocks = sections.found_blocks(cls.data)
        cls.table = next(b for b in cls.blocks if isinstance(b, Table))
        cls.md = render_markdown(cls.blocks)

    def cell(self, kind, header):
        row = next(r for r in self.table.rows if r[2].startswith(kind))
        return text(row[self.table.headers.index(header)])

    def test_cause_severity_and_both_replays(self):
        self.assertEqual(self.cell("false-negative edge", "cause"), "missing-axis")
        self.assertEqual(self.cell("false-negative edge", "worst severity (sampled max / median)"),
                         "9.0e-03 (4.0e-03 / 1.0e-06)")
        self.assertEqual(self.cell("false-negative edge", "÷ band"), "2.0e+04")
        self.assertEqual(self.cell("false-negative edge", "replay its smallest case, its worst case"),
                         "smallest: sepax check gross/random/01.jsonl worst: sepax check gross/random/worst-fcl.jsonl")
        self.assertEqual(self.cell("false-positive", "replay its smallest case, its worst case"),
                         "smallest: sepax check gross/touching/01.jsonl")
        self.assertIn("Why: A1×B2 separates by 9e-3", self.cell("false-negative edge", "description"))
        self.assertIn("Fix: test every edge-pair axis", self.cell("false-negative edge", "description"))

    def test_sorted_by_worst_severity(self):
        self.assertEqual([text(r[2]) for r in self.table.rows],
                         ["false-negative edge", "boundary false-negative (boundary verdicts, worst gross)",
                          "false-positive", "false-negative face"])

    def test_legend_explains_severity_and_each_cause_shown_once(self):
        self.assertIn("**severity**: \\|margin\\| relative to the larger shape's size", self.md)
        for cause in ("missing-axis", "ill-conditioned-axis", "false-separation"):
            self.assertEqual(self.md.count(f"`{cause}` — "), 1, cause)
        self.assertNotIn("`threw` — ", self.md)          # only the causes of the classes listed

    def test_boundary_classes_are_listed_apart_and_never_failures(self):
        self.assertNotIn("boundary false-positive", [c.kind for c in failure_classes.failure_classes(self.data)])
        self.assertNotIn("boundary false-positive", self.md)
        blocks = sections.boundary_blocks(self.data)
        table = next(b for b in blocks if isinstance(b, Table))
        self.assertEqual([text(c) for c in table.rows[0]],
                         [SEPAX, "touching", "boundary false-positive", "convention", "3.0e-08", "6.0e-08", "0",
                          "150", "7", "sepax check boundary/touching/worst-sepax.jsonl"])
        # Only boundary classes and no gross verdict: nothing failed.
        only = load(ROWS[:2] + ROWS[-1:])
        self.assertIn("No gross verdict in 2000 cases judged: no failure class.",
                      render_markdown(sections.found_blocks(only)))
        self.assertEqual(len(only.boundary_classes), 1)

    def test_same_class_of_two_inputs_keeps_the_worse_case_and_a_failure_wins(self):
        worse = class_row(FCL, "random", "false-negative edge", 2, cause="false-separation", worst_severity="threw",
                          worst_replay="sepax check w2.jsonl")
        data = load(ROWS + [worse])
        c = data.failure_classes[f"{FCL} obb_obb random false-negative edge"]
        self.assertEqual((c.count, c.worst, c.cause, c.worst_replay, c.severity_max),
                         (5, math.inf, "false-separation", "sepax check w2.jsonl", 4e-3))
        failing = class_row(SEPAX, "touching", "boundary false-positive", 1, verdicts="boundary",
                            worst_severity=5e-3, worst_is_gross=True)
        data = load(ROWS + [failing])
        sig = f"{SEPAX} obb_obb touching boundary false-positive"
        self.assertIn(sig, data.failure_classes)
        self.assertNotIn(sig, data.boundary_classes)
        self.assertEqual(data.failure_classes[sig].count, 8)

    def test_latex_table_has_cause_and_severity(self):
        tex = latex.booktabs(self.table, "c", "l", "", columns=sections.LATEX_FOUND_COLUMNS)
        self.assertIn(r"cause & worst severity (sampled max / median) & findings / gross in kernel $\times$ family",
                      tex)
        self.assertIn(r"missing-axis & 9.0e-03 (4.0e-03 / 1.0e-06) & 3 / 40 \\", tex)
        # The summary's level header: no bare > or ≥ (pdflatex prints ¡ or stops).
        self.assertEqual(latex.escape("> band / ≥ 1e-6"), r"$>$ band / $\ge$ 1e-6")


class ByLibrary(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with tempfile.TemporaryDirectory() as tmp:
            verify = Path(tmp) / "verify.jsonl"
            verify.write_text("\n".join(ROWS) + "\n", encoding="utf-8")
            with contextlib.redirect_stdout(io.StringIO()):
                assert report.main([str(verify), "-o", str(Path(tmp) / "r")]) == 0
            cls.json = json.loads((Path(tmp) / "r" / "severity_by_library.json").read_text(encoding="utf-8"))
            cls.md = (Path(tmp) / "r" / "report.md").read_text(encoding="utf-8")
        cls.libs = {lib["library"]: lib for lib in cls.json["libraries"]}

    def test_sepax_first_then_peers(self):
        self.assertEqual([lib["library"] for lib in self.json["libraries"]], ["sepax", "fcl", "ode"])

    def test_levels_from_the_rows(self):
        fcl = self.libs["fcl"]
        self.assertEqual((fcl["kernels"], fcl["cases_judged"], fcl["gross"], fcl["gross_with_levels"]),
                         (2, 2500, 60, 60))
        self.assertEqual(fcl["levels"], {"beyond_band": 60, "1e-6": 15, "1e-3": 2})
        self.assertEqual(fcl["level_shares"], {"beyond_band": 1.0, "1e-6": 0.25, "1e-3": 0.0333})

    def test_causes_in_proportion_to_class_counts(self):
        fcl = self.libs["fcl"]
        self.assertEqual(fcl["causes"], {"ill-conditioned-axis": 10.0, "missing-axis": 30.0, "false-separation": 20.0})
        self.assertEqual(fcl["cause_shares"], {"ill-conditioned-axis": 0.1667, "missing-axis": 0.5,
                                               "false-separation": 0.3333})

    def test_old_rows_unknown_and_no_gross_no_shares(self):
        ode = self.libs["ode"]
        self.assertEqual((ode["gross"], ode["gross_with_levels"], ode["causes"]), (10, 0, {"unknown": 10.0}))
        self.assertEqual(ode["level_shares"], {"beyond_band": None, "1e-6": None, "1e-3": None})
        sepax = self.libs["sepax"]
        self.assertEqual((sepax["gross"], sepax["causes"], sepax["cause_shares"]), (0, {}, {}))

    def test_the_report_shows_the_table_and_the_boundary_section(self):
        self.assertIn("## Peer findings by severity and cause", self.md)
        self.assertIn("| *fcl* | 2 | 2500 | 60 | 25.0% (15/60) | 3.3% (2/60) | 16.7% | 50.0% | 33.3% | 0% |", self.md)
        self.assertIn("| *ode* | 1 | 2000 | 10 | - | - | 0% | 0% | 0% | 100% |", self.md)
        self.assertIn("| sepax | 1 | 2000 | 0 | - | - | - | - | - | - |", self.md)
        self.assertIn("## Boundary classes", self.md)


class OldRowsStillRender(unittest.TestCase):
    def test_a_class_row_without_the_new_fields(self):
        old = class_row(FCL, "random", "false-negative", 4)
        data = load([kernel_row(FCL, "random", 100, gross=4, origin="fcl"), old])
        c = data.failure_classes[f"{FCL} obb_obb random false-negative"]
        self.assertEqual((c.cause, c.worst, c.verdicts, c.worst_replay), ("", None, "gross", ""))
        md = render_markdown(report.build_report(data, "t"))
        self.assertIn("| *fcl/obb_overlap/float* | random | false-negative | - | - | - | 4 / 4 |", md)
        self.assertEqual(severity.severity_by_library(data)["libraries"][0]["causes"], {"unknown": 4.0})


class CompareClasses(unittest.TestCase):
    def diff(self, base_rows, new_rows):
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for name, rows in (("base", base_rows), ("new", new_rows)):
                p = Path(tmp) / f"{name}.jsonl"
                p.write_text("\n".join(rows) + "\n", encoding="utf-8")
                paths.append([str(p)])
            return compare.compare(*paths)

    def test_a_cause_change_is_listed(self):
        d = self.diff([class_row(FCL, "random", "x", 3, cause="ill-conditioned-axis", worst_severity=1e-5)],
                      [class_row(FCL, "random", "x", 3, cause="missing-axis", worst_severity=2e-5)])
        self.assertEqual([(c["kind"], c["changed"], c["base_cause"], c["new_cause"]) for c in d["changed_classes"]],
                         [("x", ["cause"], "ill-conditioned-axis", "missing-axis")])
        md = compare.markdown(d)
        self.assertIn("**Failure classes changed** (1", md)
        self.assertIn("| *fcl/obb_overlap/float* | random / x | ill-conditioned-axis → missing-axis | "
                      "1.0e-05 → 2.0e-05 |", md)
        self.assertIn("1 change beyond noise", md)

    def test_a_tenfold_worse_case_is_listed_fivefold_is_not(self):
        base = [class_row(FCL, "random", "x", 3, cause="missing-axis", worst_severity=1e-5),
                class_row(FCL, "touching", "y", 3, cause="missing-axis", worst_severity=1e-5),
                class_row(FCL, "parallel-edges", "z", 3, cause="missing-axis", worst_severity=1e-5)]
        new = [class_row(FCL, "random", "x", 3, cause="missing-axis", worst_severity=2e-4),
               class_row(FCL, "touching", "y", 3, cause="missing-axis", worst_severity=5e-5),
               class_row(FCL, "parallel-edges", "z", 3, cause="missing-axis", worst_severity="threw")]
        d = self.diff(base, new)
        self.assertEqual([(c["family"], c["changed"], c["new_worst_severity"]) for c in d["changed_classes"]],
                         [("parallel-edges", ["severity"], "threw"), ("random", ["severity"], 2e-4)])
        json.dumps(d, allow_nan=False)   # "threw", not Infinity: compare.json stays valid JSON

    def test_fields_an_older_run_lacks_are_no_change(self):
        d = self.diff([class_row(FCL, "random", "x", 3)],
                      [class_row(FCL, "random", "x", 3, cause="missing-axis", worst_severity=1.0)])
        self.assertEqual(d["changed_classes"], [])
        self.assertIn("No change beyond noise", compare.markdown(d))


if __name__ == "__main__":
    unittest.main()
