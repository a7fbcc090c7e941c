"""The report's integrator-drift section: verify's "general_motion_drift"
rows read, a table per motion (one column per integrator and Gram–Schmidt
choice), the plot, and a bad row naming its line and field."""

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
from sepax_reporting import fields, integrator_drift, report  # noqa: E402


def drift_row(steps, integrator, gs, error, motion="off-axis"):
    return json.dumps({"table": "general_motion_drift", "motion": motion, "turn": 2.3, "steps": steps,
                       "integrator": integrator, "gram_schmidt": gs, "frame_error": error, "defect": 1e-16})


class DriftSection(unittest.TestCase):
    def rows(self):
        out = []
        for n, e in ((8, 0.1), (16, 0.05)):
            out += [drift_row(n, "euler", True, e), drift_row(n, "euler", False, 3 * e),
                    drift_row(n, "rk4", True, e ** 4), drift_row(n, "rk4", False, 2 * e ** 4)]
        return out

    def test_table_has_a_column_per_variant_in_order(self):
        data = report_inputs.load(self.rows())
        self.assertEqual(sum(data.skipped.values()), 0)
        t = integrator_drift.drift_table(data, "off-axis")
        self.assertEqual(t.headers, ["N", "Euler + GS", "Euler", "RK4 + GS", "RK4"])
        self.assertEqual(t.rows[0], ["8", "1.0e-01", "3.0e-01", "1.0e-04", "2.0e-04"])
        self.assertEqual(t.rows[1][0], "16")

    def test_section_and_plot_in_the_report(self):
        data = report_inputs.load(self.rows())
        blocks = report.build_report(data, "t")
        md = report.render_markdown(blocks)
        self.assertIn("## General motion: integrator drift", md)
        self.assertIn("### off-axis", md)
        self.assertIn("plots/general_motion_drift.png", md)
        png = integrator_drift.plot_drift(data)
        self.assertTrue(png.startswith(b"\x89PNG"))

    def test_a_bad_row_names_line_and_field(self):
        bad = json.dumps({"table": "general_motion_drift", "motion": "off-axis", "turn": 2.3, "steps": "eight",
                          "integrator": "rk4", "gram_schmidt": True, "frame_error": 1e-3, "defect": 0})
        with self.assertRaises(fields.InputError) as ctx:
            report_inputs.load([bad])
        self.assertRegex(str(ctx.exception), r'verify\.jsonl:1: field "steps"')

    def test_no_rows_no_section(self):
        data = report_inputs.load([json.dumps({"kernel": "obb_obb/test_static/float", "family": "random",
                                               "cases": 1, "ok": 1})])
        self.assertEqual(integrator_drift.drift_blocks(data), [])


if __name__ == "__main__":
    unittest.main()
