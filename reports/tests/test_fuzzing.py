"""The fuzzing section of the report: fuzz/measure.py's summary read, its
errors named, its two tables built from the runs (not from any figure the
summary precomputed)."""

import json
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from sepax_reporting import document, fields, fuzzing, inputs, report  # noqa: E402
from sepax_reporting.rendering import html_page  # noqa: E402


def run(seconds, stopped, first=None, **extra):
    r = {"seed": 1, "seconds": seconds, "stopped": stopped, "exit": 1 if stopped else 0, "executions": 1000,
         "exec_per_s": 200, "signatures": {}, "first_finding": first}
    r.update(extra)
    return r


SUMMARY = {
    "sepax_fuzz_summary": 1, "seconds_per_run": 60, "machine": "2 cores, x86_64", "date": "2026-11-26",
    "commit": "abc1234", "sample_every": 64, "goal_exec_per_s": {"sepax": 10000, "peers": 2000},
    "targets": [dict(run(60.2, False, signatures={"ode/box_touches_box/double obb_obb raw false-negative": 3,
                                                  "bullet/gjk_obb_obb/double obb_obb raw false-positive": 1}),
                     target="obb_obb", exec_per_s=12345),
                dict(run(12.0, True, first="obb_obb/test_static/double obb_obb raw false-negative"),
                     target="tri_obb"),
                dict(run(60.0, False), target="peers_obb_obb", exec_per_s=2500),
                dict(run(60.0, False, signatures={"obb_obb/test_static/float obb_obb raw false-negative": 2,
                                                  "oracle obb_obb raw threw": 1}),
                     target="obb_obb", sepax_findings=["obb_obb/test_static/float obb_obb raw false-negative",
                                                       "oracle obb_obb raw threw"])],
    "hunts": [
        {"name": "ODE dBoxTouchesBox", "target": "obb_obb", "kernel": "ode/box_touches_box/", "mutant": None,
         "runs": [run(3.0, True), run(9.5, True), run(60.1, False)], "distinct_signatures": 2},
        {"name": "mutant obb_face_ge", "target": "obb_obb", "kernel": None, "mutant": "obb_face_ge",
         "runs": [run(0.8, True), run(0.4, True), run(2.0, True)], "distinct_signatures": 1},
    ],
}


def cells(table):
    """Each cell's text, whatever its style."""
    return [[c if isinstance(c, str) else c.text for c in row] for row in table.rows]


class FuzzSummaryTest(unittest.TestCase):
    def load(self, obj, name="fuzz_summary.json"):
        with tempfile.TemporaryDirectory() as tmp:
            p = Path(tmp) / name
            p.write_text(json.dumps(obj), encoding="utf-8")
            return inputs.load_inputs([str(p)])

    def test_summary_is_recognised_and_kept(self):
        data = self.load(SUMMARY)
        self.assertEqual(data.fuzz["commit"], "abc1234")
        self.assertEqual(data.sources[0].kind, "fuzz")
        self.assertEqual(data.sources[0].rows, 6)

    def test_targets_table_counts_signatures_and_says_what_stopped(self):
        t = fuzzing.target_table(SUMMARY)
        rows = cells(t)
        self.assertEqual(rows[0][4], "2")
        self.assertEqual(rows[0][5], "clean")
        self.assertIn("stopped", rows[1][5])
        self.assertIn("false-negative", rows[1][5])
        # A run that did not stop but found something of sepax's or the oracles' is not clean.
        self.assertEqual(rows[3][5], "2 finding signature(s): obb_obb/test_static/float obb_obb raw false-negative …")

    def test_targets_table_shows_exec_per_s_against_the_goal_of_its_kind(self):
        rows = cells(fuzzing.target_table(SUMMARY))
        self.assertEqual(rows[0][1], "12,345")
        self.assertEqual(rows[0][2], "10,000 (met)")       # a sepax target
        self.assertEqual(rows[1][2], "10,000 (below)")     # 200 exec/s
        self.assertEqual(rows[2][0], "peers_obb_obb")
        self.assertEqual(rows[2][2], "2,000 (met)")        # a peers target's goal
        # A summary from before the goals: no goal, no verdict.
        old = dict(SUMMARY, goal_exec_per_s=None)
        self.assertEqual(cells(fuzzing.target_table(old))[0][2], fuzzing.DASH)
        # Executions per CPU second, the figure a loaded machine does not halve (none in SUMMARY's runs).
        self.assertEqual(fuzzing.target_table(SUMMARY).headers[-1], "exec per CPU s")
        self.assertEqual(rows[0][6], fuzzing.DASH)

    def test_libfuzzer_options_name_the_targets_that_differ(self):
        self.assertEqual(fuzzing._options({"obb_obb": ["-entropic=0"], "tri_tri": ["-entropic=0"], "case_file": []}),
                         ", libFuzzer options -entropic=0 (case_file: none)")
        self.assertEqual(fuzzing._options(None), "")

    def test_hunt_table_median_and_range_over_the_runs_that_found(self):
        t = fuzzing.hunt_table(SUMMARY)
        rows = cells(t)
        # ODE: found by 2 of 3 seeds (3.0 and 9.5 s): median of two = the upper one, range 3.0–9.5.
        self.assertEqual(rows[0][2], "2/3")
        self.assertEqual(rows[0][3], "9.5")
        self.assertEqual(rows[0][4], "3.0–9.5")
        self.assertEqual(rows[1][3], "0.8")
        self.assertEqual(t.peer_rows, {0})  # the peer's row, not the mutant's

    def test_hunt_table_shows_the_baselines_median_when_given(self):
        # No baseline: no "before" column; signatures stay the last column.
        self.assertNotIn("before (s)", fuzzing.hunt_table(SUMMARY).headers)
        with_before = json.loads(json.dumps(SUMMARY))
        with_before["baseline"] = {"commit": "old1234", "date": "2026-11-26", "seconds_per_run": 60, "jobs": 2,
                                   "mutant_build": "compiled"}
        with_before["hunts"][1]["before"] = {"target": "obb_obb", "found_in": "3/3", "median_seconds_to_first": 0.45}
        t = fuzzing.hunt_table(with_before)
        self.assertEqual(t.headers[5], "before (s)")
        rows = cells(t)
        self.assertEqual(rows[0][5], fuzzing.DASH)   # a hunt the baseline did not have
        self.assertEqual(rows[1][5], "0.5 (3/3)")
        self.assertEqual(rows[1][6], "1")            # signatures
        md = document.render_markdown(fuzzing.fuzz_blocks(self.load(with_before)))
        self.assertIn("commit old1234", md)

    def test_section_appears_in_both_renderings(self):
        data = self.load(SUMMARY)
        blocks = report.build_report(data, "t")
        md = document.render_markdown(blocks)
        html = html_page.render_html(blocks, "t")
        for text in ("## Fuzzing", "Known bugs: time to first finding", "ODE dBoxTouchesBox", "peers_obb_obb",
                     "1 input in 64"):
            self.assertIn(text, md)
        self.assertIn("Fuzzing", html)

    def test_malformed_summary_names_the_field(self):
        bad = dict(SUMMARY, hunts=[{"name": "x"}])
        with self.assertRaises(fields.InputError) as e:
            self.load(bad)
        self.assertIn("hunts[0]", str(e.exception))
        with self.assertRaises(fields.InputError) as e:
            self.load(dict(SUMMARY, targets={"obb_obb": 1}))
        self.assertIn("'targets'", str(e.exception))

    def test_no_summary_no_section(self):
        self.assertEqual(fuzzing.fuzz_blocks(inputs.load_inputs([])), [])


if __name__ == "__main__":
    unittest.main()
