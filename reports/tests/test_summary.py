"""The report's first screen: the summary per query × scalar (fastest sepax
kernel with 0 gross against the fastest peer and the fastest correct peer,
the 95 % bound of a 0 rate, the widest band) and what the run found (its
failure classes); the HTML's structure (summary first, details folded,
anchors, sortable tables) and every plot's layout."""

import json
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from report_inputs import bench_entry, load  # noqa: E402
from sepax_reporting import bounds, report, summary  # noqa: E402
from sepax_reporting.findings import failure_classes, sections  # noqa: E402
from sepax_reporting.plotting import plot_style  # noqa: E402
from sepax_reporting.rendering import html_page  # noqa: E402
from sepax_reporting.document import Table  # noqa: E402


def static_row(kernel, family, cases, gross=0, boundary=0, band=None, origin=None):
    row = {"kernel": kernel, "query": "obb_obb", "family": family, "cases": cases, "ok": cases - gross - boundary,
           "boundary": boundary, "gross": gross, "max_boundary_margin": band}
    if origin:
        row["origin"] = origin
    return json.dumps(row)


def bench(rows):
    """(kernel, family, ns) -> a benchmark document of mixed sets."""
    return {"context": {}, "benchmarks": [bench_entry(f"kernel:{k}:{f}:mixed", ns_per_test=ns) for k, f, ns in rows]}


# Two families; the plain kernel is the slower sepax one, the batch the
# faster but with one gross verdict, so the plain one must be chosen; FCL is
# the fastest peer but gross, ODE the fastest correct peer.
VERIFY = [static_row("obb_obb/test_static/float", f, 1000, boundary=2, band=b)
          for f, b in (("random", 1e-7), ("touching", 3e-7))]
VERIFY += [static_row("obb_obb/test_static_batch/float", "random", 1000),
           static_row("obb_obb/test_static_batch/float", "touching", 1000, gross=1),
           static_row("fcl/obb_overlap/float", "random", 500, gross=5, origin="fcl"),
           static_row("fcl/obb_overlap/float", "touching", 500, gross=20, origin="fcl"),
           static_row("ode/box_touches_box/float", "random", 500, origin="ode"),
           static_row("ode/box_touches_box/float", "touching", 500, origin="ode")]
TIMES = [("obb_obb/test_static/float", "random", 4.0), ("obb_obb/test_static/float", "touching", 9.0),
         ("obb_obb/test_static_batch/float", "random", 1.0), ("obb_obb/test_static_batch/float", "touching", 1.0),
         ("fcl/obb_overlap/float", "random", 2.0), ("fcl/obb_overlap/float", "touching", 2.0),
         ("ode/box_touches_box/float", "random", 8.0), ("ode/box_touches_box/float", "touching", 8.0)]


def cell_text(cell):
    return getattr(cell, "text", cell)


class UpperBound(unittest.TestCase):
    def test_zero_in_n_is_the_exact_rule_of_three(self):
        self.assertAlmostEqual(bounds.upper_bound(0, 1000), 1 - 0.05 ** (1 / 1000), places=15)
        self.assertLess(abs(bounds.upper_bound(0, 100000) * 100000 - 3.0), 0.01)

    def test_known_clopper_pearson_values(self):
        # One-sided 95 % upper limits of the exact binomial interval (tables: 1/100 -> 0.0466, 5/1000 -> 0.01048).
        self.assertAlmostEqual(bounds.upper_bound(1, 100), 0.04656, places=4)
        self.assertAlmostEqual(bounds.upper_bound(5, 1000), 0.01048, places=4)
        self.assertEqual(bounds.upper_bound(3, 3), 1.0)
        self.assertIsNone(bounds.upper_bound(0, 0))


class SummaryTable(unittest.TestCase):
    def setUp(self):
        self.data = load(VERIFY, bench(TIMES))
        self.rows, self.notes = summary.summary_rows(self.data)

    def test_one_row_per_query_and_scalar(self):
        self.assertEqual([(r[0], r[1]) for r in self.rows], [("obb_obb", "float")])

    def test_fastest_clean_sepax_kernel_against_fastest_and_fastest_clean_peer(self):
        row = [cell_text(c) for c in self.rows[0]]
        # geometric means: plain sqrt(4*9) = 6, batch 1 (gross: excluded), FCL 2 (gross), ODE 8.
        self.assertEqual(row[2], "test_static")
        self.assertEqual(row[3], "6.00")
        self.assertEqual(row[6], "fcl/obb_overlap")
        self.assertEqual(row[7], "2.00")
        self.assertEqual(row[8], "2.5e-02")            # 25 / 1000
        self.assertEqual(row[9], "3.00")               # 6 / 2
        self.assertEqual(row[10], "ode/box_touches_box")
        self.assertEqual(row[12], "0.75")              # 6 / 8

    def test_zero_rate_shows_its_bound_and_the_widest_band(self):
        row = [cell_text(c) for c in self.rows[0]]
        self.assertEqual(row[4], f"0 (≤ {bounds.upper_bound(0, 2000):.1e})")
        self.assertEqual(row[5], "3.0e-07")

    def test_no_clean_sepax_kernel_is_a_dash_not_a_guess(self):
        data = load([static_row("obb_obb/test_static/float", "random", 100, gross=1)],
                    bench([("obb_obb/test_static/float", "random", 4.0)]))
        rows, _ = summary.summary_rows(data)
        self.assertEqual(cell_text(rows[0][2]), "-")


class PairQueryRows(unittest.TestCase):
    """Queries beyond the SAT registry: timed by sepax_bench_gomez (tests_per_s),
    judged by verify's pair-query campaigns; FCL's double kernel stands in both rows."""

    def test_sphere_sphere_rows_against_fcl(self):
        def pq(kernel, scalar, gross=0):
            return json.dumps({"table": "pair_queries", "query": "sphere_sphere", "mode": "test_static",
                               "kernel": kernel, "scalar": scalar, "family": "random", "cases": 400, "ok": 400 - gross,
                               "boundary": 0, "gross": gross, "peer": kernel.startswith("fcl/")})
        verify = [pq("sphere_sphere/test_static/float", "float"), pq("sphere_sphere/test_static/double", "double", 1),
                  pq("fcl/sphere_sphere/double", "double")]
        doc = {"context": {}, "benchmarks": [
            bench_entry(f"gomez:{k}:random", tests_per_s=rate) for k, rate in
            (("sphere_sphere/test_static/float", 5e8), ("sphere_sphere/test_static/double", 4e8),
             ("fcl/sphere_sphere/double", 1e8))]}
        rows, _ = summary.summary_rows(load(verify, doc))
        by_scalar = {r[1]: [cell_text(c) for c in r] for r in rows if r[0] == "sphere_sphere"}
        self.assertEqual(by_scalar["float"][2:4], ["test_static", "2.00"])
        self.assertEqual(by_scalar["float"][6:8], ["fcl/sphere_sphere/double", "10.0"])
        self.assertEqual(by_scalar["float"][9], "0.20")
        # The double kernel has a gross verdict: no clean sepax kernel in that row.
        self.assertEqual(by_scalar["double"][2], "-")


class FailureClasses(unittest.TestCase):
    CLASS = {"table": "failure_class", "class": "fcl/obb_overlap/float obb_obb touching false-negative edge",
             "kernel": "fcl/obb_overlap/float", "query": "obb_obb", "scalar": "float", "family": "touching",
             "kind": "false-negative edge", "peer": True, "origin": "fcl", "count": 17, "gross_in_group": 20,
             "files": 3, "folder": "gross/fcl-obb_overlap-float.touching.false-negative-edge",
             "replay": "sepax check gross/x/01.jsonl", "description": "calls overlapping boxes separated"}

    def test_rows_are_read_and_listed_with_their_replay_command(self):
        other = dict(self.CLASS, **{"class": "fcl/obb_overlap/float obb_obb random false-positive",
                                    "family": "random", "kind": "false-positive", "count": 5, "gross_in_group": 5})
        data = load(VERIFY + [json.dumps(self.CLASS), json.dumps(other)])
        blocks = sections.found_blocks(data)
        table = next(b for b in blocks if isinstance(b, Table))
        self.assertEqual([cell_text(r[2]) for r in table.rows], ["false-negative edge", "false-positive"])
        replay = table.rows[0][table.headers.index("replay its smallest case, its worst case")]
        self.assertEqual("".join(cell_text(p) for p in replay), "smallest: sepax check gross/x/01.jsonl")
        self.assertEqual(table.rows[0][table.headers.index("findings / gross in kernel × family")], "17 / 20")

    def test_same_class_from_two_inputs_adds_up(self):
        data = load([json.dumps(self.CLASS), json.dumps(self.CLASS)])
        self.assertEqual(data.failure_classes[self.CLASS["class"]].count, 34)

    def test_without_class_rows_kernel_by_family_stands_in(self):
        data = load(VERIFY)
        classes = failure_classes.failure_classes(data)
        self.assertEqual(sorted((c.kernel, c.family, c.count) for c in classes),
                         [("fcl/obb_overlap/float", "random", 5), ("fcl/obb_overlap/float", "touching", 20),
                          ("obb_obb/test_static_batch/float", "touching", 1)])
        # sepax's own class first, whatever its count.
        self.assertEqual(classes[0].kernel, "obb_obb/test_static_batch/float")

    def test_malformed_class_row_names_the_field(self):
        bad = dict(self.CLASS, count="many")
        with self.assertRaisesRegex(Exception, r"verify.jsonl:1: field \"count\""):
            load([json.dumps(bad)])


class PageStructure(unittest.TestCase):
    def setUp(self):
        self.data = load(VERIFY, bench(TIMES))
        self.blocks = report.build_report(self.data, "t")
        self.html = html_page.render_html(self.blocks, "t")

    def test_summary_comes_first_and_details_are_folded(self):
        self.assertLess(self.html.index('id="summary"'), self.html.index("<details>"))
        self.assertNotIn("<details><summary><h2 id=\"summary\"", self.html)
        self.assertIn('<details><summary><h2 id="obb-obb">obb_obb</h2></summary>', self.html)
        self.assertIn('<a href="#obb-obb">', self.html)

    def test_anchors_are_unique(self):
        import re
        ids = re.findall(r' id="([^"]+)"', self.html)
        self.assertEqual(len(ids), len(set(ids)), [i for i in ids if ids.count(i) > 1])

    def test_tables_have_a_head_for_the_sorting_script(self):
        self.assertEqual(self.html.count("<table"), self.html.count("<thead>"))
        self.assertIn("makeSortable", self.html)
        self.assertIn("makeFilterable", self.html)


class PlotLayout(unittest.TestCase):
    """Every figure the report draws from the fixtures: no legend over data
    or over another legend, no panel over another, nothing cut off, tick
    labels apart; and every plot has a caption."""

    def test_every_plot_of_the_fixture_report_is_clean(self):
        from sepax_reporting import inputs
        fixtures = HERE / "fixtures"
        data = inputs.load_inputs([str(fixtures / "verify-seed11"), str(fixtures / "verify_synthetic.jsonl"),
                                   str(fixtures / "benchmark_synthetic.json")])
        del plot_style.LAYOUT_PROBLEMS[:]
        blocks = report.build_report(data, "t")
        images = [b for b in blocks if b.__class__.__name__ == "Image"]
        self.assertGreaterEqual(len(images), 10)
        self.assertEqual(plot_style.LAYOUT_PROBLEMS, [])
        for img in images:
            self.assertGreater(len(img.caption), 40, img.name)

    def test_the_check_sees_a_legend_over_data(self):
        plt = plot_style.pyplot()
        fig, ax = plt.subplots(figsize=(4, 3))
        ax.plot([1, 2], [1, 2], label="a kernel")
        ax.legend(loc="center")
        problems = plot_style.layout_problems(fig)
        plt.close(fig)
        self.assertTrue(any("overlaps" in p for p in problems), problems)

    def test_a_speed_figure_of_many_kernels_keeps_its_legend_inside(self):
        # 40 kernels on 8 families (the main job's obb_obb had 33): the
        # legend once took two columns and ran past the figure's edge.
        from sepax_reporting import model
        from sepax_reporting.plotting import speed_plots
        data = model.Dataset()
        families = ["random", "parallel-edges", "near-parallel", "ultra-parallel", "coplanar", "touching", "scale",
                    "degenerate-shapes"]
        points = []
        for k in range(40):
            kernel = f"obb_obb/test_static_{k}/float" if k < 10 else f"peerlib{k}/box_box_overlap_test/double"
            for f in families:
                stats = model.StaticStats(kernel, f, cases=1000, ok=1000 - k % 3, gross=k % 3)
                points.append((kernel, f, 10.0 + k, stats))
        fig = speed_plots._facet_figure(data, "obb_obb", points, lambda s: s.gross_rate, 1e-5, 1.0,
                                        "gross-error rate", "speed against gross errors, per family")
        problems = plot_style.layout_problems(fig)
        plot_style.pyplot().close(fig)
        self.assertEqual(problems, [])

    def test_many_kernels_get_distinct_styles(self):
        kernels = [f"k{i}" for i in range(40)]
        styles = plot_style.kernel_styles(kernels)
        self.assertEqual(len({(tuple(c), m) for c, m in styles.values()}), 40)


if __name__ == "__main__":
    unittest.main()
