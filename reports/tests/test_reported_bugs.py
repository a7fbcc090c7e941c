"""Issue 32 in the report: with the reported-bug corpus among the inputs, a
section per library lists the reported bugs reproduced (once per issue and
kernel) and whether the run found that kernel failing, then the run's peer
classes no report names as bug reports (inputs from the class's replay file,
the exact margin, the replay command); sepax's own classes are not there."""

import json
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from report_inputs import class_row  # noqa: E402
from sepax_reporting import inputs  # noqa: E402
from sepax_reporting.document import render_markdown  # noqa: E402
from sepax_reporting.findings.reported_bugs import reported_bug_blocks  # noqa: E402

CORPUS = {"about": "Expected class of the reported library's kernel on each line of the reported-bug corpus",
          "expectations": [
              {"file": "m.jsonl", "id": "m1", "kernel": "mujoco/box_box_manifold/double", "class": "gross",
               "issue": "google-deepmind/mujoco_warp#822", "why": "depth halved"},
              {"file": "m.jsonl", "id": "m2", "kernel": "mujoco/box_box_manifold/double", "class": "gross",
               "issue": "google-deepmind/mujoco_warp#822", "why": "depth halved"},
              {"file": "f.jsonl", "id": "f1", "kernel": "fcl/obb_obb_distance/double", "class": "gross",
               "issue": "flexible-collision-library/fcl#508", "why": "sqrt(10) for 3"},
              {"file": "c.jsonl", "id": "c1", "kernel": "reported/cgal/x", "class": "gross", "issue": "CGAL/cgal#1"},
              {"file": "o.jsonl", "id": "o1", "kernel": "fcl/obb_obb_distance/double", "class": "ok",
               "issue": "flexible-collision-library/fcl#293"}]}
LINE = '{"id":"x","query":"obb_obb","a":{"center":["0x1.8p-3",0,0]}}'


def section(rows):
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results"
        (results / "gross" / "ode-box.random").mkdir(parents=True)
        (results / "gross" / "ode-box.random" / "01-ode.jsonl").write_text(LINE + "\n", encoding="utf-8")
        (results / "verify.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
        corpus = Path(tmp) / "expected.json"
        corpus.write_text(json.dumps(CORPUS), encoding="utf-8")
        data = inputs.load_inputs([str(results), str(corpus)])
        return render_markdown(reported_bug_blocks(data))


class ReportedBugs(unittest.TestCase):
    ROWS = [class_row("mujoco/box_box_manifold/double", "random", "wrong-depth", 12, cause="wrong-contact",
                      worst_severity=0.2),
            class_row("ode/box_box_manifold/double", "random", "wrong-depth", 3, folder="gross/ode-box.random",
                      worst_severity=0.3, worst_band=1e-14, cause_detail="depth 0.1 of the size, exactly 0.4",
                      replay="sepax check gross/ode-box.random/01-ode.jsonl --kernel ode/box_box_manifold/double"),
            class_row("obb_obb/test_static/float", "random", "false-negative", 1)]

    def test_reproduced_reports_are_listed_once_with_whether_the_run_found_them(self):
        text = section(self.ROWS)
        self.assertEqual(text.count("google-deepmind/mujoco_warp#822"), 1, text)
        row = next(l for l in text.splitlines() if "mujoco_warp#822" in l)
        self.assertTrue(row.rstrip(" |").endswith("yes"), row)
        fcl = next(l for l in text.splitlines() if "fcl#508" in l)
        self.assertTrue(fcl.rstrip(" |").endswith("no"), fcl)
        self.assertNotIn("fcl#293", text)        # expected ok: no bug to reproduce
        self.assertNotIn("cgal#1", text)         # a quoted answer, no kernel sepax runs

    def test_classes_no_report_names_are_written_as_bug_reports(self):
        text = section(self.ROWS)
        self.assertIn("1 failure class no report names", text)
        self.assertIn(LINE, text)                         # the inputs, hex floats as written
        self.assertIn("depth 0.1 of the size, exactly 0.4", text)
        self.assertIn("--kernel ode/box_box_manifold/double", text)
        self.assertNotIn("obb_obb/test_static/float", text)  # sepax's own classes are elsewhere

    def test_no_corpus_and_no_peer_class_gives_no_section(self):
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "verify.jsonl").write_text(class_row("obb_obb/test_static/float", "random", "x", 1) + "\n")
            self.assertEqual(reported_bug_blocks(inputs.load_inputs([tmp])), [])


if __name__ == "__main__":
    unittest.main()
