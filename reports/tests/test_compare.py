"""`sepax report --compare BASE NEW`: speed changes beyond the noise band of
the repetitions, new and vanished failure classes, band widening; the
Markdown short enough for a pull-request comment. The committed runs in
fixtures/compare/ (make_runs.sh) differ by exactly one planted regression:
the plugin kernel example_fixed/obb_sat made 2x slower and given back its
planted bug."""

import json
import math
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from sepax_reporting import compare  # noqa: E402

SCRIPT = HERE.parent / "sepax_report.py"
RUNS = HERE / "fixtures" / "compare"


def bench_doc(rows):
    """(kernel, family, median ns, stddev ns) -> Google Benchmark JSON with aggregates."""
    out = []
    for kernel, family, median, std in rows:
        name = f"kernel:{kernel}:{family}:mixed/repeats:5"
        for agg, v in (("median", median), ("stddev", std)):
            out.append({"name": f"{name}_{agg}", "run_name": name, "run_type": "aggregate", "aggregate_name": agg,
                        "repetitions": 5, "real_time": v, "cpu_time": v, "time_unit": "ns", "ns_per_test": v,
                        "pairs": 1})
    return {"context": {}, "benchmarks": out}


def write_run(tmp: Path, name: str, verify_rows, bench_rows) -> str:
    d = tmp / name
    d.mkdir()
    (d / "verify.jsonl").write_text("".join(json.dumps(r) + "\n" for r in verify_rows), encoding="utf-8")
    (d / "bench.json").write_text(json.dumps(bench_doc(bench_rows)), encoding="utf-8")
    return str(d)


def row(kernel, family, gross=0, boundary=0, band=None, cases=1000):
    return {"kernel": kernel, "query": "obb_obb", "family": family, "cases": cases,
            "ok": cases - gross - boundary, "boundary": boundary, "gross": gross, "max_boundary_margin": band}


class NoiseBand(unittest.TestCase):
    def diff(self, base_bench, new_bench, base_rows=(), new_rows=()):
        with tempfile.TemporaryDirectory() as tmp:
            b = write_run(Path(tmp), "b", list(base_rows), base_bench)
            n = write_run(Path(tmp), "n", list(new_rows), new_bench)
            return compare.compare(compare.run_inputs(b), compare.run_inputs(n))

    def test_within_the_floor_is_not_a_change(self):
        d = self.diff([("k/a/float", "random", 10.0, 0.01)], [("k/a/float", "random", 10.9, 0.01)])
        self.assertEqual((d["slower"], d["faster"]), ([], []))
        self.assertEqual(d["benchmarks_compared"], 1)

    def test_beyond_the_floor_with_quiet_repetitions_is_slower(self):
        d = self.diff([("k/a/float", "random", 10.0, 0.01)], [("k/a/float", "random", 11.5, 0.01)])
        self.assertEqual([(c["kernel"], c["ratio"]) for c in d["slower"]], [("k/a/float", 1.15)])

    def test_noisy_repetitions_widen_the_band(self):
        # 5 % spread on each side: band e^(3 x sqrt(2) x 5 %) - 1 = 24 %; +15 % is noise, +25 % is not.
        d = self.diff([("k/a/float", "random", 10.0, 0.5)], [("k/a/float", "random", 11.5, 0.575)])
        self.assertEqual(d["slower"], [])
        d = self.diff([("k/a/float", "random", 10.0, 0.5)], [("k/a/float", "random", 12.5, 0.625)])
        self.assertEqual(len(d["slower"]), 1)
        self.assertAlmostEqual(d["slower"][0]["noise_band"], math.expm1(3 * (0.05 ** 2 * 2) ** 0.5), places=3)

    def test_a_drift_common_to_every_benchmark_is_taken_out_and_said(self):
        # Ten benchmarks all 25 % faster in NEW (a quieter machine), one of them 2x slower than that.
        base = [(f"k/k{i}/float", "random", 10.0, 0.01) for i in range(10)]
        new = [(k, f, 7.5 * (2 if k == "k/k3/float" else 1) * (1 + 0.01 * (i % 3)), 0.01)
               for i, (k, f, _, _) in enumerate(base)]
        d = self.diff(base, new)
        self.assertEqual([c["kernel"] for c in d["slower"]], ["k/k3/float"])
        self.assertEqual(d["faster"], [])
        self.assertAlmostEqual(d["noise"]["drift"], 0.76, places=2)
        self.assertIn("moved by a median of -24 %", compare.markdown(d))

    def test_run_to_run_spread_widens_the_band(self):
        # Controls scattered by +-20 % between the runs: a 30 % change is within that noise.
        spread = [0.8, 1.2, 0.85, 1.15, 0.9, 1.1, 0.95, 1.05, 1.0, 1.3]
        base = [(f"k/k{i}/float", "random", 10.0, 0.01) for i in range(10)]
        new = [(k, f, 10.0 * r, 0.01) for (k, f, _, _), r in zip(base, spread)]
        d = self.diff(base, new)
        self.assertEqual((d["slower"], d["faster"]), ([], []))
        self.assertGreater(d["noise"]["run_sigma"], 0.1)

    def test_faster_is_reported_apart(self):
        d = self.diff([("k/a/float", "random", 10.0, 0.01)], [("k/a/float", "random", 5.0, 0.01)])
        self.assertEqual([c["kernel"] for c in d["faster"]], ["k/a/float"])
        self.assertEqual(d["slower"], [])

    def test_new_and_vanished_gross_and_band_widening(self):
        base = [row("k/a/float", "random", gross=3), row("k/b/float", "random", boundary=2, band=1e-8)]
        new = [row("k/a/float", "touching", gross=1), row("k/b/float", "random", boundary=2, band=5e-8),
               row("k/a/float", "random")]
        d = self.diff([], [], base, new)
        self.assertEqual([(c["kernel"], c["family"]) for c in d["new_gross"]], [("k/a/float", "touching")])
        self.assertEqual([(c["kernel"], c["family"]) for c in d["vanished_gross"]], [("k/a/float", "random")])
        self.assertEqual([(b["kernel"], b["new_band"]) for b in d["band_widened"]], [("k/b/float", 5e-8)])

    def test_a_band_that_grew_less_than_twofold_is_not_flagged(self):
        d = self.diff([], [], [row("k/b/float", "random", boundary=2, band=1e-8)],
                      [row("k/b/float", "random", boundary=3, band=1.9e-8)])
        self.assertEqual(d["band_widened"], [])

    def test_markdown_lists_are_capped(self):
        # 12 of 32 benchmarks twice as slow: the other 20 fix the drift at 0.
        rows = [(f"k/k{i}/float", "random", 10.0, 0.01) for i in range(32)]
        d = self.diff(rows, [(k, f, 20.0 if i < 12 else 10.0, 0.01) for i, (k, f, _, _) in enumerate(rows)])
        md = compare.markdown(d)
        self.assertEqual(len(d["slower"]), 12)
        self.assertIn("… 4 more", md)
        self.assertLess(len(md.splitlines()), 60)

    def test_missing_run_is_a_clear_error(self):
        r = subprocess.run([sys.executable, str(SCRIPT), "--compare", "/nonexistent/base", str(RUNS / "new")],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("/nonexistent/base: no such file or directory", r.stderr)


class CommittedRuns(unittest.TestCase):
    """The acceptance case: exactly the planted changes, nothing else."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        r = subprocess.run([sys.executable, str(SCRIPT), "--compare", str(RUNS / "base"), str(RUNS / "new"),
                            "-o", cls.tmp.name], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        cls.stdout = r.stdout
        cls.md = (Path(cls.tmp.name) / "compare.md").read_text(encoding="utf-8")
        cls.diff = json.loads((Path(cls.tmp.name) / "compare.json").read_text(encoding="utf-8"))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_slowed_kernel_and_only_it_is_slower(self):
        self.assertEqual(sorted((c["kernel"], c["family"]) for c in self.diff["slower"]),
                         [("example_fixed/obb_sat/double", "parallel-edges"), ("example_fixed/obb_sat/double", "random")])
        for c in self.diff["slower"]:
            self.assertGreater(c["ratio"], 1.5)
        self.assertEqual(self.diff["faster"], [])
        # The controls were measured in both runs: the in-process C kernel, sepax's, FCL's.
        self.assertGreaterEqual(self.diff["benchmarks_compared"], 10)

    def test_the_planted_gross_verdicts_and_only_they_are_new(self):
        kernels = {c["kernel"] for c in self.diff["new_gross"]}
        self.assertTrue(kernels)
        self.assertLessEqual(kernels, {"example_fixed/obb_sat/float", "example_fixed/obb_sat/double"})
        self.assertEqual(self.diff["vanished_gross"], [])

    def test_nothing_else(self):
        self.assertEqual(self.diff["band_widened"], [])
        self.assertEqual(self.diff["rows_only_in_base"], 0)
        self.assertEqual(self.diff["rows_only_in_new"], 0)

    def test_markdown_fits_a_pull_request_comment(self):
        self.assertLess(len(self.md.splitlines()), 60)
        self.assertEqual(self.md, self.stdout)
        self.assertIn("example_fixed/obb_sat/double", self.md)
        self.assertNotIn("fcl/obb_overlap", self.md)
        self.assertNotIn("obb_obb/test_static", self.md)


if __name__ == "__main__":
    unittest.main()
