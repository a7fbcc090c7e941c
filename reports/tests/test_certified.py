"""The report's certified-kernels section: the exact-path share from the
verify rows' answer_paths, verdicts that are not exact counted (boundary
too), the time per test beside ODE from a benchmark file, and a malformed
answer_paths naming its line and field."""

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
from sepax_reporting import fields, report  # noqa: E402

KERNEL = "obb_obb/test_certified/float"


def row(family, cases, fast, full, boundary=0, gross=0, kernel=KERNEL):
    return json.dumps({"kernel": kernel, "family": family, "cases": cases, "ok": cases - boundary - gross,
                       "boundary": boundary, "gross": gross, "answer_paths": {"fast": fast, "full": full}})


class CertifiedSection(unittest.TestCase):
    def test_exact_path_share_per_family(self):
        data = report_inputs.load([row("random", 1000, 1000, 0), row("touching", 400, 0, 400),
                                   row("coplanar", 800, 600, 200)])
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertIn("## Certified kernels", md)
        self.assertIn("all 2200 verdicts are the exact ones", md)
        self.assertRegex(md, r"\| `obb_obb/test_certified/float` \| coplanar \| 800 \| 0 \| 25\.0% \|")
        self.assertRegex(md, r"\| `obb_obb/test_certified/float` \| touching \| 400 \| 0 \| 100% \|")
        self.assertRegex(md, r"\| `obb_obb/test_certified/float` \| random \| 1000 \| 0 \| 0% \|")

    def test_a_boundary_verdict_is_not_exact(self):
        data = report_inputs.load([row("random", 100, 100, 0, boundary=2), row("scale", 50, 50, 0, gross=1)])
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertIn("3 of 150 verdicts differ from the exact one", md)
        self.assertRegex(md, r"\| random \| 100 \| 2 \|")

    def test_time_per_test_beside_ode(self):
        bench = {"benchmarks": [
            report_inputs.bench_entry(f"kernel:{KERNEL}:random:mixed", ns_per_test=50.0),
            report_inputs.bench_entry("kernel:ode/box_touches_box/float:random:mixed", ns_per_test=40.0),
            report_inputs.bench_entry("kernel:obb_obb/test_static/float:random:mixed", ns_per_test=25.0)]}
        data = report_inputs.load([row("random", 10, 10, 0)], bench)
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertIn("50.0 / 40.0 = 1.25x", md)
        self.assertIn("50.0 / 25.0 = 2.00x", md)

    def test_no_certified_kernel_no_section(self):
        data = report_inputs.load([row("random", 10, 10, 0, kernel="obb_obb/test_static/float")])
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertNotIn("## Certified kernels", md)

    def test_malformed_answer_paths_names_line_and_field(self):
        bad = json.dumps({"kernel": KERNEL, "family": "random", "cases": 1, "ok": 1, "answer_paths": {"fast": -1}})
        with self.assertRaises(fields.InputError) as ctx:
            report_inputs.load([row("random", 1, 1, 0), bad])
        self.assertRegex(str(ctx.exception), r'verify\.jsonl:2: field "answer_paths"')


if __name__ == "__main__":
    unittest.main()
