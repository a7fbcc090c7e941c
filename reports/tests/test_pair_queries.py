"""The report's section of the queries beyond the registry: verify's
"pair_queries" rows (2D rectangles, Gomez's spheres, contact manifolds), the
benchmarks' names and counters, the ratio against the peer, the section itself."""

import json
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
from sepax_reporting import document, fields, pair_queries, report  # noqa: E402


def planar_row(kernel, family, **counts):
    row = {"table": "pair_queries", "query": "rect_rect", "mode": "test_static", "kernel": kernel, "scalar": "float", "family": family,
           "peer": kernel.startswith("box2d/"), "cases": 100, "truth_hits": 40, "ok": 100, "boundary": 0,
           "gross": 0, "refused": 0}
    row.update(counts)
    return json.dumps(row)




# sepax 50M tests/s = 20 ns; Box2D 8M/s = 125 ns: ratio 0.16.
BENCH = {"context": {"num_cpus": 2}, "benchmarks": [
    bench_entry("rect:rect_rect/test_static/float:random", tests_per_s=50e6),
    bench_entry("rect:box2d/test_overlap/float:random", tests_per_s=8e6),
]}


class PlanarSection(unittest.TestCase):
    def load(self, verify_lines=None, bench=None):
        return report_inputs.load(verify_lines, bench)

    def test_rows_of_two_runs_add_up_and_are_not_skipped(self):
        data = self.load([planar_row("rect_rect/test_static/float", "touching", ok=60, boundary=40),
                          planar_row("rect_rect/test_static/float", "touching", ok=55, boundary=45)])
        s = data.pair_queries[("rect_rect", "test_static", "rect_rect/test_static/float", "float", "touching")]
        self.assertEqual((s.cases, s.ok, s.boundary, s.gross), (200, 115, 85, 0))
        self.assertEqual(sum(data.skipped.values()), 0)

    def test_a_bad_count_names_line_and_field(self):
        with self.assertRaises(fields.InputError) as ctx:
            self.load([planar_row("box2d/test_overlap/float", "random", refused="many")])
        self.assertRegex(str(ctx.exception), r'verify\.jsonl:1: field "refused" should be an integer')

    def test_ratio_is_sepax_over_box2d_in_the_same_run(self):
        data = self.load(bench=BENCH)
        self.assertEqual(sum(data.skipped.values()), 0)
        t = pair_queries.speed_table(data)
        sepax = next(r for r in t.rows if r[1] == "rect_rect/test_static/float")
        self.assertEqual(sepax[2:], ["random", "20.0", "0.16"])
        box2d = next(r for r in t.rows if isinstance(r[1], document.Em))
        self.assertEqual(box2d[0], "rect_rect")
        self.assertEqual(box2d[3:], ["125.0", "-"])

    def test_sphere_benchmarks_are_compared_with_fcl(self):
        bench = {"context": {"num_cpus": 2}, "benchmarks": [
            bench_entry("gomez:sphere_sphere/test_static/double:touching", tests_per_s=500e6),
            bench_entry("gomez:fcl/sphere_sphere/double:touching", tests_per_s=50e6),
            bench_entry("gomez:aabb_sphere/test_static/float:touching", tests_per_s=40e6)]}
        data = self.load(bench=bench)
        self.assertEqual(sum(data.skipped.values()), 0)
        rows = pair_queries.speed_table(data).rows
        sphere = next(r for r in rows if r[1] == "sphere_sphere/test_static/double")
        self.assertEqual(sphere[0], "sphere_sphere")
        self.assertEqual(sphere[3:], ["2.0", "0.10"])
        arvo = next(r for r in rows if r[1] == "aabb_sphere/test_static/float")
        self.assertEqual(arvo[4], "-")  # no FCL row for it in this input

    def test_general_motion_is_compared_with_constant_velocity_and_sweeps_have_no_ratio(self):
        bench = {"context": {"num_cpus": 2}, "benchmarks": [
            bench_entry("motion:general_motion/find_first_contact/float:tri_obb-spin", tests_per_s=1e5),
            bench_entry("motion:tri_obb/find_first_contact/double:tri_obb-spin", tests_per_s=1e6),
            bench_entry("gomez:sphere_sphere/find_first_contact/double:random", tests_per_s=4e7),
            bench_entry("gomez:fcl/sphere_sphere/double:random", tests_per_s=5e7)]}
        data = self.load(bench=bench)
        self.assertEqual(sum(data.skipped.values()), 0)
        rows = pair_queries.speed_table(data).rows
        general = next(r for r in rows if r[1] == "general_motion/find_first_contact/float")
        self.assertEqual(general[0], "general_motion")
        self.assertEqual(general[3:], ["10000.0", "10.00"])
        linear = next(r for r in rows if r[1] == "tri_obb/find_first_contact/double")
        self.assertEqual(linear[0], "tri_obb (constant velocity)")
        self.assertEqual(linear[4], "-")
        sweep = next(r for r in rows if r[1] == "sphere_sphere/find_first_contact/double")
        self.assertEqual(sweep[0], "sphere_sphere (sweep)")
        self.assertEqual(sweep[4], "-")

    def test_section_in_the_report(self):
        data = self.load([planar_row("rect_rect/test_static/float", "random", ok=99, gross=1),
                          planar_row("box2d/test_overlap/float", "random", ok=90, refused=10)], BENCH)
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertIn("## Queries beyond the SAT registry", md)
        self.assertIn("### 2D oriented rectangles (rect_rect), static test", md)
        self.assertRegex(md, r"\| rect_rect/test_static/float \| float \| random \| 100 \| 40 \| 99 \| 0 \| 1 \| 0 \|")
        self.assertIn("| *box2d/test_overlap/float* |", md)

    def test_no_planar_input_no_section(self):
        data = self.load([json.dumps({"kernel": "obb_obb/test_static/float", "family": "random", "cases": 1,
                                      "ok": 1})])
        self.assertEqual(pair_queries.pair_query_blocks(data), [])

    def test_sweep_rows_show_the_time_error(self):
        sweep = json.dumps({"table": "pair_queries", "query": "sphere_sphere", "mode": "find_first_contact",
                            "kernel": "sphere_sphere/find_first_contact/double", "scalar": "double", "family": "random",
                            "cases": 10, "truth_hits": 7, "ok": 10, "boundary": 0, "gross": 0, "refused": 0,
                            "time_error": {"p50": 1e-17, "p99": 3.3e-16, "max": 4e-16, "n": 7}})
        data = self.load([sweep])
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertIn("### Gomez's sphere–sphere sweep: state and first time", md)
        self.assertRegex(md, r"\| sphere_sphere/find_first_contact/double \| double \| random \| 10 \| 7 \| 10 \| 0 \| 0 \| 0 "
                             r"\| 3\.3e-16 \|")


if __name__ == "__main__":
    unittest.main()


class ManifoldRows(unittest.TestCase):
    def test_manifold_rows_show_depth_and_point_spreads(self):
        row = {"table": "pair_queries", "query": "obb_obb_manifold", "mode": "find_manifold",
               "kernel": "ode/box_box_manifold/double", "scalar": "double", "family": "random", "peer": True,
               "cases": 10, "truth_hits": 5, "ok": 9, "boundary": 0, "gross": 1, "refused": 0,
               "depth_error": {"p50": 0, "p99": 0.0021, "max": 0.003, "n": 5},
               "point_distance": {"p50": 0, "p99": 0.1, "max": 0.14, "n": 5}}
        data = report_inputs.load([json.dumps(row)])
        t = pair_queries.verdict_table(data, "obb_obb_manifold", "find_manifold")
        self.assertEqual(t.headers[-2:], ["depth err p99", "point dist max"])
        self.assertEqual(t.rows[0][-2:], ["0.0021", "0.14"])
        self.assertEqual(t.peer_rows, {0})

    def test_manifold_benchmarks_are_compared_with_ode(self):
        bench = {"context": {"num_cpus": 2}, "benchmarks": [
            bench_entry("manifold:obb_obb_manifold/find_manifold/double:random", tests_per_s=2e6),
            bench_entry("manifold:ode/box_box_manifold/double:random", tests_per_s=4e6),
            bench_entry("manifold:bullet/box_box_manifold/float:random", tests_per_s=5e6)]}
        data = report_inputs.load(bench=bench)
        self.assertEqual(sum(data.skipped.values()), 0)
        t = pair_queries.speed_table(data)
        by_kernel = {str(r[1]): r for r in t.rows}
        sepax = next(r for r in t.rows if r[1] == "obb_obb_manifold/find_manifold/double")
        self.assertEqual(sepax[0], "obb_obb_manifold")
        self.assertEqual(sepax[3:], ["500.0", "2.00"])  # 500 ns against ODE's 250 ns
        self.assertEqual(len(by_kernel), 3)
        self.assertTrue(all(r[0] == "obb_obb_manifold" for r in t.rows))

    def test_a_peer_library_added_later_is_a_peer_of_its_query(self):
        # MuJoCo's manifold, in no list of libraries: a peer of obb_obb_manifold,
        # not a sepax kernel of a query named "mujoco" (a main-job report had
        # such a summary row, all dashes).
        bench = {"context": {"num_cpus": 2}, "benchmarks": [
            bench_entry("manifold:obb_obb_manifold/find_manifold/double:random", tests_per_s=2e6),
            bench_entry("manifold:mujoco/box_box_manifold/double:random", tests_per_s=4e6)]}
        data = report_inputs.load(bench=bench)
        t = pair_queries.speed_table(data)
        self.assertEqual([r[0] for r in t.rows], ["obb_obb_manifold", "obb_obb_manifold"])
        mujoco = next(r for r in t.rows if "mujoco" in str(r[1]))
        self.assertIsInstance(mujoco[1], document.Em)  # peers in italics
        self.assertEqual(pair_queries.query_of_kernel("mujoco/box_box_manifold/double"), "obb_obb_manifold")
        self.assertEqual(pair_queries.query_of_kernel("rect_rect/test_static/float"), "rect_rect")
