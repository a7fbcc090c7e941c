"""The report's mutation-score section: sepax mutate's rows read, the score
counted, survivors marked, a results directory with only mutate.jsonl
accepted, and a bad row naming its line and field."""

import json
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import report_inputs  # noqa: E402
from sepax_reporting import fields, inputs, report  # noqa: E402


def row(name, killed, families=("obb_obb/touching",), campaign="small"):
    r = {"table": "mutation", "mutant": name, "kernel": "obb_obb test_static", "bug": "a bug", "killed": killed,
         "seconds": 1.25, "families": list(families) if killed else []}
    if killed:
        r["campaign"] = campaign
    return json.dumps(r)


class MutationSection(unittest.TestCase):
    def test_score_and_survivors_in_the_report(self):
        data = report_inputs.load([row("obb_face_ge", True), row("rect_touch_ge", False)])
        self.assertEqual(sum(data.skipped.values()), 0)
        md = report.render_markdown(report.build_report(data, "t"))
        self.assertIn("## Mutation score", md)
        self.assertIn("mutation score: 1/2 killed", md)
        self.assertRegex(md, r"\| rect_touch_ge \| obb_obb test_static \| a bug \| SURVIVED \| 1.2 \| - \|")
        self.assertIn("| obb_face_ge | obb_obb test_static | a bug | small | 1.2 | obb_obb/touching |", md)

    def test_a_mutate_results_directory_is_an_input(self):
        with tempfile.TemporaryDirectory() as d:
            (Path(d) / "mutate.jsonl").write_text(row("obb_face_ge", True) + "\n", encoding="utf-8")
            data = inputs.load_inputs([d])
            self.assertIn("obb_face_ge", data.mutants)

    def test_a_bad_row_names_line_and_field(self):
        bad = json.dumps({"table": "mutation", "mutant": "x", "killed": "yes", "seconds": 1})
        with self.assertRaises(fields.InputError) as ctx:
            report_inputs.load([bad])
        self.assertRegex(str(ctx.exception), r'verify\.jsonl:1: field "killed"')


if __name__ == "__main__":
    unittest.main()
