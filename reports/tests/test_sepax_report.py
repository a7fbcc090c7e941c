"""Tests of reports/sepax_report.py (run with Debian's /usr/bin/python3):

    /usr/bin/python3 -m unittest discover -s reports/tests -v

Fixtures in fixtures/: verify-seed11/ is a real `sepax verify` output;
benchmark_synthetic.json and verify_synthetic.jsonl are synthetic (see
fixtures/make_synthetic_fixtures.py for what each number is chosen to test).
"""

import contextlib
import importlib.util
import io
import json
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE.parent / "sepax_report.py"
FIXTURES = HERE / "fixtures"
REAL_VERIFY = FIXTURES / "verify-seed11"
SYNTH_VERIFY = FIXTURES / "verify_synthetic.jsonl"
SYNTH_BENCH = FIXTURES / "benchmark_synthetic.json"


def load_module():
    spec = importlib.util.spec_from_file_location("sepax_report", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["sepax_report"] = module   # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


sr = load_module()


def write(tmp: Path, name: str, text: str) -> Path:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return p


class BenchmarkNames(unittest.TestCase):
    def test_plain_name(self):
        self.assertEqual(sr.split_benchmark_name("kernel:obb_obb/test_static/float:random:mixed"),
                         ("kernel", "obb_obb/test_static/float", "random", "mixed"))

    def test_peer_and_oracle_ids_keep_their_slashes(self):
        self.assertEqual(sr.split_benchmark_name("kernel:fcl/obb_overlap/float:near-parallel:separated"),
                         ("kernel", "fcl/obb_overlap/float", "near-parallel", "separated"))
        self.assertEqual(sr.split_benchmark_name("oracle:oracle/exact_sat/obb_obb/float:touching:intersecting"),
                         ("oracle", "oracle/exact_sat/obb_obb/float", "touching", "intersecting"))

    def test_google_benchmark_suffixes_are_stripped(self):
        for suffix in ("/repeats:5", "/threads:1/real_time", "/min_time:0.500/repeats:3",
                       "/iterations:100", "/8", "/manual_time"):
            with self.subTest(suffix=suffix):
                self.assertEqual(
                    sr.split_benchmark_name("kernel:tri_tri/test_static/double:coplanar:mixed" + suffix),
                    ("kernel", "tri_tri/test_static/double", "coplanar", "mixed"))

    def test_other_shapes_are_not_sepax_names(self):
        for name in ("BM_unrelated_helper", "kernel:only_two:parts", "other:a/b/c:random:mixed",
                     "kernel::random:mixed", "kernel:a/b/float:random:"):
            with self.subTest(name=name):
                self.assertIsNone(sr.split_benchmark_name(name))

    def test_run_name_without_run_name_field(self):
        entry = {"name": "kernel:x/y/float:random:mixed/repeats:3_median",
                 "run_type": "aggregate", "aggregate_name": "median"}
        self.assertEqual(sr.entry_run_name(entry), "kernel:x/y/float:random:mixed/repeats:3")


class BenchmarkReading(unittest.TestCase):
    def setUp(self):
        self.data = sr.load_inputs([str(SYNTH_BENCH)])

    def ns(self, ident, family, set_name="mixed", suite="kernel"):
        return self.data.bench_ns(ident, family, set_name, suite)

    def test_median_aggregate_wins_over_mean_and_iterations(self):
        # Iterations 4, 3, 9; mean 5.33; the median aggregate says 4.0.
        self.assertEqual(self.ns("obb_obb/test_static/float", "random"), 4.0)

    def test_without_aggregates_the_median_of_iterations(self):
        # Iterations 6, 5, 8 and no aggregate rows.
        self.assertEqual(self.ns("obb_obb/test_static/double", "random"), 6.0)

    def test_ns_per_test_from_real_time_when_counter_missing(self):
        # 0.0256 µs per iteration over 8 pairs.
        self.assertAlmostEqual(self.ns("tri_obb/test_static/float", "random"), 3.2)

    def test_sets_suites_and_counters(self):
        self.assertEqual(self.ns("obb_obb/test_static/float", "random", "separated"), 2.5)
        self.assertEqual(self.ns("obb_obb/test_static/float", "random", "intersecting"), 7.5)
        self.assertEqual(self.ns("oracle/exact_sat/obb_obb/float", "random", "mixed", "oracle"), 900.0)
        self.assertEqual(self.data.bench[("kernel", "obb_obb/test_static/float", "random", "intersecting")].hit, 1.0)

    def test_errors_and_foreign_names_are_skipped(self):
        self.assertIsNone(self.ns("tri_tri/test_static/double", "coplanar"))
        self.assertTrue(any("reported an error" in n for n in self.data.notes))
        self.assertEqual(sum(self.data.skipped.values()), 1)

    def test_context_becomes_run_info(self):
        info = self.data.sources[0].info
        self.assertEqual(info["date"], "2026-11-20T10:00:00+00:00")
        self.assertIn("2 CPUs", info["machine"])
        self.assertIn("L3 32 MiB", info["machine"])
        self.assertIn("release", info["benchmark library"])

    def test_one_line_benchmark_file_is_not_json_lines(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), "bench.json", json.dumps(json.loads(SYNTH_BENCH.read_text())))
            data = sr.load_inputs([str(p)])
        self.assertEqual(data.sources[0].kind, "benchmark")
        self.assertEqual(data.bench_ns("obb_obb/test_static/float", "random", "mixed"), 4.0)

    def test_peers_and_queries_from_ids(self):
        self.assertTrue(self.data.is_peer("fcl/obb_overlap/float"))
        self.assertFalse(self.data.is_peer("obb_obb/test_static_eps/float"))
        self.assertEqual(self.data.query_of("textbook/obb_obb_sat/float"), "obb_obb")
        self.assertEqual(self.data.query_of("oracle/exact_sat/tri_tri/float"), "tri_tri")


class VerifyReading(unittest.TestCase):
    def test_real_fixture(self):
        data = sr.load_inputs([str(REAL_VERIFY)])
        # 4 static kernels × 7 families × (float, double) in one file per query pair.
        self.assertEqual(len(data.static), 56)
        self.assertEqual(len(data.moving), 84)
        self.assertEqual(len(data.oracle_costs), 6)
        self.assertEqual(len(data.moving_oracle_costs), 6)
        s = data.static[("obb_obb/test_static/float", "random")]
        self.assertEqual((s.cases, s.judged, s.gross), (20, 20, 0))
        m = data.moving[("obb_obb/find_first_contact/double", "random")]
        self.assertIsNotNone(m.time_error)
        self.assertEqual(m.bound, 1e-12)
        # summary.md beside verify.jsonl stands in for a run_info row.
        self.assertIn("sepax verify", data.sources[0].info["command"])
        self.assertFalse(data.skipped)

    def test_run_info_and_margin_bins(self):
        data = sr.load_inputs([str(SYNTH_VERIFY)])
        info = data.sources[0].info
        for key in ("command", "commit", "compiler", "flags", "machine", "date"):
            self.assertIn(key, info)
        s = data.static[("fcl/obb_overlap/float", "random")]
        self.assertEqual(s.bins, {None: [4, 1], -8: [30, 1], -4: [66, 4], -2: [100, 8]})
        self.assertEqual(data.origin_of("fcl/obb_overlap/float"), "fcl")
        self.assertEqual(sum(data.skipped.values()), 1)   # the unknown table

    def test_gross_rate(self):
        data = sr.load_inputs([str(SYNTH_VERIFY)])
        self.assertAlmostEqual(data.static[("fcl/obb_overlap/float", "random")].gross_rate, 12 / 200)
        self.assertAlmostEqual(data.static[("textbook/obb_obb_sat/float", "parallel-edges")].gross_rate, 0.2)
        self.assertEqual(data.static[("fcl/obb_overlap/float", "touching")].gross_rate, 0.0)
        self.assertIsNone(sr.gross_rate(0, 0))

    def test_rows_of_two_runs_add_up(self):
        with tempfile.TemporaryDirectory() as tmp:
            row = {"kernel": "obb_obb/test_static/float", "query": "obb_obb", "family": "random",
                   "cases": 10, "ok": 7, "boundary": 1, "gross": 2, "max_boundary_margin": 1e-9,
                   "margin_bins": [[None, 2, 1], [-9, 8, 2]]}
            a = write(Path(tmp), "a.jsonl", json.dumps(row) + "\n")
            b = write(Path(tmp), "b.jsonl", json.dumps(dict(row, gross=0, ok=9, max_boundary_margin=3e-9,
                                                             margin_bins=[[-9, 10, 1]])) + "\n")
            data = sr.load_inputs([str(a), str(b)])
        s = data.static[("obb_obb/test_static/float", "random")]
        self.assertEqual((s.judged, s.gross, s.band), (20, 2, 3e-9))
        self.assertAlmostEqual(s.gross_rate, 0.1)
        self.assertEqual(s.bins, {None: [2, 1], -9: [18, 3]})

    def test_unknown_rows_are_skipped(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), "v.jsonl",
                      '{"table":"brand_new","x":1}\n\n{"something":"else"}\n'
                      '{"kernel":"tri_tri/test_static/float","family":"random","cases":3,"ok":3}\n')
            data = sr.load_inputs([str(p)])
        self.assertEqual(sum(data.skipped.values()), 2)
        self.assertEqual(data.static[("tri_tri/test_static/float", "random")].judged, 3)


class MalformedInput(unittest.TestCase):
    def assert_input_error(self, text, name, pattern):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), name, text)
            with self.assertRaises(sr.InputError) as ctx:
                sr.load_inputs([str(p)])
            self.assertRegex(str(ctx.exception), re.escape(str(p)) + pattern)

    def test_bad_json_line_names_file_and_line(self):
        good = '{"kernel":"obb_obb/test_static/float","family":"random","cases":1,"ok":1}\n'
        self.assert_input_error(good + good + '{"kernel": oops}\n' + good, "verify.jsonl",
                                r":3: not valid JSON")

    def test_wrong_field_type_names_line_and_field(self):
        self.assert_input_error('{"kernel":"obb_obb/test_static/float","family":"random","cases":"many"}\n',
                                "verify.jsonl", r':1: field "cases" should be an integer')

    def test_bad_margin_bins(self):
        self.assert_input_error('\n{"kernel":"k/m/float","family":"f","cases":1,"margin_bins":[[1,2]]}\n',
                                "verify.jsonl", r':2: field "margin_bins"')

    def test_broken_benchmark_json_names_line(self):
        self.assert_input_error('{\n  "context": {},\n  "benchmarks": [\n    {"name": "x",,}\n  ]\n}\n',
                                "bench.json", r":4: not valid JSON")

    def test_benchmark_without_time_names_entry(self):
        doc = {"benchmarks": [{"name": "kernel:a/b/float:random:mixed", "run_type": "iteration"}]}
        self.assert_input_error(json.dumps(doc, indent=1), "bench.json",
                                r":4 \(benchmark kernel:a/b/float:random:mixed\): no ns_per_test")

    def test_command_line_exit_status_and_message(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), "verify.jsonl", '{"kernel":"a/b/float","family":"f","cases":1}\nnot json\n')
            r = subprocess.run([sys.executable, str(SCRIPT), str(p), "-o", str(Path(tmp) / "out")],
                               capture_output=True, text=True)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn(f"{p}:2: not valid JSON", r.stderr)
            self.assertFalse((Path(tmp) / "out" / "report.md").exists())

    def test_missing_input(self):
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaisesRegex(sr.InputError, "directory without verify.jsonl"):
                sr.load_inputs([tmp])


class FastestTable(unittest.TestCase):
    """Which kernel each side of the fastest-kernel table names, and the ratios."""

    def setUp(self):
        d = sr.Dataset()

        def kernel(ident, family, ns, gross=None, judged=100):
            d.bench[("kernel", ident, family, "mixed")] = sr.BenchStats("kernel", ident, family, "mixed", ns=[ns])
            d.kernel_query[ident] = ident.split("/")[0] if ident.startswith(sr.KNOWN_QUERIES) else "obb_obb"
            if gross is not None:
                d.static[(ident, family)] = sr.StaticStats(ident, family, ok=judged - gross, gross=gross)

        # random: the fastest sepax kernel has gross verdicts, the next has none;
        # the fastest peer is wrong 5 times in 100, the next never.
        kernel("obb_obb/test_static_batch/float", "random", 2.0, gross=3)
        kernel("obb_obb/test_static/float", "random", 4.0, gross=0)
        kernel("fcl/obb_overlap/float", "random", 3.0, gross=5)
        kernel("ode/box_touches_box/float", "random", 6.0, gross=0)
        # scale: the fast sepax kernel has no verify row there, so it is not
        # counted as correct; a slower one with a row is.
        kernel("obb_obb/test_static_batch/float", "scale", 1.0)
        kernel("obb_obb/test_static/float", "scale", 8.0, gross=0)
        kernel("fcl/obb_overlap/float", "scale", 2.0, gross=0)
        # Other queries, sets and moving kernels stay out.
        kernel("tri_tri/test_static/float", "random", 0.5, gross=0)
        d.bench[("kernel", "obb_obb/test_static/float", "random", "separated")] = sr.BenchStats(
            "kernel", "obb_obb/test_static/float", "random", "separated", ns=[0.1])
        kernel("obb_obb/test_moving/float", "random", 0.2, gross=0)
        self.table = sr.fastest_table(d, "obb_obb")

    @staticmethod
    def text(cell):
        return cell if isinstance(cell, str) else cell.text

    def row(self, family):
        rows = [r for r in self.table.rows if r[1] == family]
        self.assertEqual(len(rows), 1, family)
        return [self.text(c) for c in rows[0]]

    def test_one_row_per_scalar_and_family(self):
        self.assertEqual([(r[0], r[1]) for r in self.table.rows], [("float", "random"), ("float", "scale")])

    def test_correct_means_judged_with_no_gross_verdict(self):
        self.assertEqual(self.row("random"),
                         ["float", "random", "obb_obb/test_static/float", "4.00", "fcl/obb_overlap/float", "3.00",
                          "5.0e-02", "ode/box_touches_box/float", "6.00", "1.33", "0.67"])
        self.assertEqual(self.row("scale"),
                         ["float", "scale", "obb_obb/test_static/float", "8.00", "fcl/obb_overlap/float", "2.00",
                          "0", "fcl/obb_overlap/float", "2.00", "4.00", "4.00"])

    def test_no_benchmark_no_table(self):
        self.assertIsNone(sr.fastest_table(sr.Dataset(), "obb_obb"))


class EndToEnd(unittest.TestCase):
    """The report from all three fixtures, generated once for every check."""

    PLOTS = ["obb_obb_speed_robustness.png", "obb_obb_margin.png", "obb_obb_moving.png",
             "tri_obb_speed_robustness.png", "tri_obb_moving.png",
             "tri_tri_speed_robustness.png", "tri_tri_moving.png"]

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = Path(cls.tmp.name) / "report"
        cls.result = subprocess.run(
            [sys.executable, str(SCRIPT), str(REAL_VERIFY), str(SYNTH_VERIFY), str(SYNTH_BENCH),
             "-o", str(cls.out)], capture_output=True, text=True)
        cls.md = (cls.out / "report.md").read_text(encoding="utf-8") if cls.result.returncode == 0 else ""
        cls.html = (cls.out / "report.html").read_text(encoding="utf-8") if cls.result.returncode == 0 else ""

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_exit_status(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)

    def test_markdown_has_every_table(self):
        for query in ("obb_obb", "tri_obb", "tri_tri"):
            self.assertIn(f"\n## {query}\n", self.md)
        for heading in ("## Runs", "## Totals", "### Static kernels × families", "### Speed versus robustness",
                        "### Error rate against margin", "### Moving kernels", "### Oracle cost"):
            self.assertIn(heading, self.md)
        for header in ("| kernel | origin | family | ns/test mixed | ns/test separated | ns/test intersecting |",
                       "| \\|margin\\| / size | obb_obb/test_static/float | fcl/obb_overlap/float |",
                       "| kernel | origin | family | ns/test mixed | cases judged | ok | boundary | gross |",
                       "| oracle | family | ns/test mixed | ns/test intersecting | × kernel (mixed) |",
                       "| scalar | static oracle path | cases timed | ns/case | cases/s |",
                       "| scalar | moving oracle path | cases timed | ns/case | cases/s |"):
            self.assertIn(header, self.md)

    def test_table_rows_carry_the_numbers(self):
        # Peer in italics with its library; its gross rate 12/200.
        self.assertIn("| *fcl/obb_overlap/float* | *fcl* | random | 11.0 | - | - | 50% | 200 | 12 | 6.0e-02 |", self.md)
        # sepax kernel: median 4.0 ns, 2.5 separated, 7.5 intersecting, real verify counts.
        self.assertIn("| `obb_obb/test_static/float` | sepax | random | 4.00 | 2.50 | 7.50 | 50% | 20 | 0 | 0 |", self.md)
        self.assertIn("| [1e-2, 1e-1) | - | 8/100 | 24/100 |", self.md)
        self.assertIn("| `oracle/exact_sat/obb_obb/float` | random | 900 | 1400 | 225× |", self.md)
        # The benchmarked moving kernel is in the moving table, not the static one.
        static_obb = self.md.split("### Static kernels × families")[1].split("###")[0]
        self.assertNotIn("find_first_contact", static_obb)

    def test_run_info(self):
        for text in ("0123456789abcdef0123456789abcdef01234567", "-O2 -ffp-contract=off", "fixture-host",
                     "build/ci/cli/sepax verify --cases 20 --moving --seed 11"):
            self.assertIn(text, self.md)
            self.assertIn(text, self.html)

    def test_markdown_references_each_plot(self):
        refs = re.findall(r"!\[[^\]]*\]\(plots/([^)]+)\)", self.md)
        self.assertEqual(sorted(refs), sorted(self.PLOTS))
        for name in refs:
            data = (self.out / "plots" / name).read_bytes()
            self.assertTrue(data.startswith(b"\x89PNG\r\n\x1a\n"), name)
        self.assertEqual(sorted(p.name for p in (self.out / "plots").iterdir()), sorted(self.PLOTS))

    def test_html_embeds_one_image_per_plot_and_no_url(self):
        imgs = re.findall(r'<img [^>]*src="data:image/png;base64,[A-Za-z0-9+/=]+"', self.html)
        self.assertEqual(len(imgs), len(self.PLOTS))
        self.assertEqual(len(re.findall(r"<img\b", self.html)), len(self.PLOTS))
        self.assertIn(f'data-plots-expected="{len(self.PLOTS)}"', self.html)
        self.assertNotIn("http://", self.html)
        self.assertNotIn("https://", self.html)
        self.assertNotRegex(self.html, r'(src|href)="(?!data:)')
        self.assertIn("<em>fcl/obb_overlap/float</em>", self.html)
        self.assertIn('<tr class="peer">', self.html)

    def test_same_inputs_same_bytes(self):
        again = Path(self.tmp.name) / "again"
        r = subprocess.run([sys.executable, str(SCRIPT), str(REAL_VERIFY), str(SYNTH_VERIFY), str(SYNTH_BENCH),
                            "-o", str(again)], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        for name in ["report.md", "report.html"] + ["plots/" + p for p in self.PLOTS]:
            self.assertEqual((again / name).read_bytes(), (self.out / name).read_bytes(), name)


class OnlyVerify(unittest.TestCase):
    def test_report_without_benchmarks(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "r"
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(sr.main([str(REAL_VERIFY), "-o", str(out)]), 0)
            md = (out / "report.md").read_text(encoding="utf-8")
        self.assertIn("No speed-versus-robustness plot", md)
        self.assertNotIn("### Error rate against margin", md)   # no margin_bins in this run
        self.assertEqual(len(re.findall(r"!\[", md)), 3)          # the three moving plots


if __name__ == "__main__":
    unittest.main()
