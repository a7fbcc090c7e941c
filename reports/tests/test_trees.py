"""The OBB-tree section of the report: verify's "trees" rows, the tree
benchmark's names and counters, the speed-up over FCL, the section itself."""

import json
import re
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import report_inputs  # noqa: E402
from report_inputs import bench_entry  # noqa: E402
from sepax_reporting import document, fields, report, trees  # noqa: E402


def tree_row(kernel, pair, **counts):
    row = {"table": "trees", "kernel": kernel, "pair": pair, "peer": kernel.startswith("fcl/"), "poses": 10,
           "truth_hits": 6, "ok": 10, "boundary": 0, "gross": 0, "seconds": 0.01}
    row.update(counts)
    return json.dumps(row)




# Boolean: sepax 30k/s against FCL's faster BVH 12k/s (obbrss 10k/s): × 2.50.
# All pairs: sepax 15k/s against 10k/s: × 1.50.
BENCH = {"context": {"num_cpus": 2}, "benchmarks": [
    bench_entry("tree:sepax/center/leaf1/double:couplingdownxcouplingdown:boolean", queries_per_s=30000.0),
    bench_entry("tree:fcl/obb:couplingdownxcouplingdown:boolean", queries_per_s=12000.0),
    bench_entry("tree:fcl/obbrss:couplingdownxcouplingdown:boolean", queries_per_s=10000.0),
    bench_entry("tree:sepax/center/leaf1/double:couplingdownxcouplingdown:all_pairs", queries_per_s=15000.0),
    bench_entry("tree:fcl/obb:couplingdownxcouplingdown:all_pairs", queries_per_s=10000.0),
    bench_entry("build:sepax/center/leaf1/double:couplingdown", ns_per_triangle=1500.0, bytes_per_triangle=348.0),
    bench_entry("build:fcl/obb:couplingdown", ns_per_triangle=1700.0, bytes_per_triangle=312.0),
]}


class TreeInputs(unittest.TestCase):
    def load(self, verify_lines=None, bench=None):
        return report_inputs.load(verify_lines, bench)

    def test_rows_of_two_runs_add_up(self):
        data = self.load([tree_row("sepax/center/leaf1/double", "couplingdown x elephant", gross=1, ok=9),
                          tree_row("sepax/center/leaf1/double", "couplingdown x elephant", boundary=2, ok=8)])
        t = data.trees[("sepax/center/leaf1/double", "couplingdown x elephant")]
        self.assertEqual((t.poses, t.truth_hits, t.ok, t.boundary, t.gross), (20, 12, 17, 2, 1))
        self.assertAlmostEqual(t.queries_per_s, 2 * 20 / 0.02)
        self.assertEqual(sum(data.skipped.values()), 0)

    def test_a_bad_count_names_line_and_field(self):
        with self.assertRaises(fields.InputError) as ctx:
            self.load([tree_row("fcl/obb", "elephant x elephant"), tree_row("fcl/obb", "e", gross="two")])
        self.assertRegex(str(ctx.exception), r'verify\.jsonl:2: field "gross" should be an integer')

    def test_tree_benchmarks_are_read_not_skipped(self):
        data = self.load(bench=BENCH)
        self.assertEqual(sum(data.skipped.values()), 0)
        self.assertEqual(data.tree_queries[("fcl/obb", "couplingdownxcouplingdown", "boolean")], [12000.0])
        self.assertEqual(data.tree_builds[("fcl/obb", "couplingdown")],
                         {"ns_per_triangle": 1700.0, "bytes_per_triangle": 312.0})

    def test_speed_up_is_over_the_faster_fcl_bvh(self):
        data = self.load(bench=BENCH)
        t = trees.bench_table(data)
        sepax = next(r for r in t.rows if r[0] == "sepax/center/leaf1/double")
        self.assertEqual(sepax[2:], ["30.0k", "2.50", "15.0k", "1.50"])
        fcl = next(r for r in t.rows if isinstance(r[0], document.Em) and r[0].text == "fcl/obb")
        self.assertEqual(fcl[3], "-")  # no ratio of FCL against itself

    def test_section_tables_and_plot(self):
        data = self.load([tree_row("sepax/center/leaf1/double", "couplingdown x couplingdown", gross=1, ok=9),
                          tree_row("fcl/obb", "couplingdown x couplingdown")], BENCH)
        blocks = report.build_report(data, "t")
        md = "\n".join(report.render_markdown(blocks).splitlines())
        self.assertIn("## OBB trees on real meshes", md)
        self.assertRegex(md, r"\| sepax/center/leaf1/double \| couplingdown x couplingdown \| 10 \| 6 \| 9 \| 0 \| 1 \|")
        self.assertIn("| *fcl/obb* |", md)
        self.assertIn("plots/trees_speed.png", md)
        self.assertTrue(any(isinstance(b, document.Image) and b.png.startswith(b"\x89PNG") for b in blocks))

    def test_no_tree_input_no_section(self):
        data = self.load([json.dumps({"kernel": "obb_obb/test_static/float", "family": "random", "cases": 1,
                                      "ok": 1})])
        self.assertEqual(trees.tree_blocks(data), [])


if __name__ == "__main__":
    unittest.main()
