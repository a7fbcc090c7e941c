"""Tests of the report generator, reports/sepax_report.py and the
sepax_reporting package it runs (run with Debian's /usr/bin/python3):

    /usr/bin/python3 -m unittest discover -s reports/tests -v

Fixtures in fixtures/: verify-seed11/ is a real `sepax verify` output;
benchmark_synthetic.json and verify_synthetic.jsonl are synthetic (see
fixtures/make_synthetic_fixtures.py for what each number is chosen to test).
"""

import contextlib
import io
import json
import os
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

# The package beside the entry script; no __pycache__ in the source tree.
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from sepax_reporting import benchmark_input, fields, formatting, inputs, model, report, tables, vocabulary  # noqa: E402


def write(tmp: Path, name: str, text: str) -> Path:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return p


class BenchmarkNames(unittest.TestCase):
    def test_plain_name(self):
        self.assertEqual(benchmark_input.split_benchmark_name("kernel:obb_obb/test_static/float:random:mixed"),
                         ("kernel", "obb_obb/test_static/float", "random", "mixed"))

    def test_peer_and_oracle_ids_keep_their_slashes(self):
        self.assertEqual(benchmark_input.split_benchmark_name("kernel:fcl/obb_overlap/float:near-parallel:separated"),
                         ("kernel", "fcl/obb_overlap/float", "near-parallel", "separated"))
        self.assertEqual(benchmark_input.split_benchmark_name("oracle:oracle/exact_sat/obb_obb/float:touching:intersecting"),
                         ("oracle", "oracle/exact_sat/obb_obb/float", "touching", "intersecting"))

    def test_google_benchmark_suffixes_are_stripped(self):
        for suffix in ("/repeats:5", "/threads:1/real_time", "/min_time:0.500/repeats:3",
                       "/iterations:100", "/8", "/manual_time"):
            with self.subTest(suffix=suffix):
                self.assertEqual(
                    benchmark_input.split_benchmark_name("kernel:tri_tri/test_static/double:coplanar:mixed" + suffix),
                    ("kernel", "tri_tri/test_static/double", "coplanar", "mixed"))

    def test_other_shapes_are_not_sepax_names(self):
        for name in ("BM_unrelated_helper", "kernel:only_two:parts", "other:a/b/c:random:mixed",
                     "kernel::random:mixed", "kernel:a/b/float:random:"):
            with self.subTest(name=name):
                self.assertIsNone(benchmark_input.split_benchmark_name(name))

    def test_run_name_without_run_name_field(self):
        entry = {"name": "kernel:x/y/float:random:mixed/repeats:3_median",
                 "run_type": "aggregate", "aggregate_name": "median"}
        self.assertEqual(benchmark_input.entry_run_name(entry), "kernel:x/y/float:random:mixed/repeats:3")


class BenchmarkReading(unittest.TestCase):
    def setUp(self):
        self.data = inputs.load_inputs([str(SYNTH_BENCH)])

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
            data = inputs.load_inputs([str(p)])
        self.assertEqual(data.sources[0].kind, "benchmark")
        self.assertEqual(data.bench_ns("obb_obb/test_static/float", "random", "mixed"), 4.0)

    def test_peers_and_queries_from_ids(self):
        self.assertTrue(self.data.is_peer("fcl/obb_overlap/float"))
        self.assertFalse(self.data.is_peer("obb_obb/test_static_eps/float"))
        self.assertEqual(self.data.query_of("textbook/obb_obb_sat/float"), "obb_obb")
        self.assertEqual(self.data.query_of("oracle/exact_sat/tri_tri/float"), "tri_tri")


class VerifyReading(unittest.TestCase):
    def test_real_fixture(self):
        data = inputs.load_inputs([str(REAL_VERIFY)])
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
        data = inputs.load_inputs([str(SYNTH_VERIFY)])
        info = data.sources[0].info
        for key in ("command", "commit", "compiler", "flags", "machine", "date"):
            self.assertIn(key, info)
        s = data.static[("fcl/obb_overlap/float", "random")]
        self.assertEqual(s.bins, {None: [4, 1], -8: [30, 1], -4: [66, 4], -2: [100, 8]})
        self.assertEqual(data.origin_of("fcl/obb_overlap/float"), "fcl")
        self.assertEqual(sum(data.skipped.values()), 1)   # the unknown table

    def test_gross_rate(self):
        data = inputs.load_inputs([str(SYNTH_VERIFY)])
        self.assertAlmostEqual(data.static[("fcl/obb_overlap/float", "random")].gross_rate, 12 / 200)
        self.assertAlmostEqual(data.static[("textbook/obb_obb_sat/float", "parallel-edges")].gross_rate, 0.2)
        self.assertEqual(data.static[("fcl/obb_overlap/float", "touching")].gross_rate, 0.0)
        self.assertIsNone(model.gross_rate(0, 0))

    def test_rows_of_two_runs_add_up(self):
        with tempfile.TemporaryDirectory() as tmp:
            row = {"kernel": "obb_obb/test_static/float", "query": "obb_obb", "family": "random",
                   "cases": 10, "ok": 7, "boundary": 1, "gross": 2, "max_boundary_margin": 1e-9,
                   "margin_bins": [[None, 2, 1], [-9, 8, 2]]}
            a = write(Path(tmp), "a.jsonl", json.dumps(row) + "\n")
            b = write(Path(tmp), "b.jsonl", json.dumps(dict(row, gross=0, ok=9, max_boundary_margin=3e-9,
                                                             margin_bins=[[-9, 10, 1]])) + "\n")
            data = inputs.load_inputs([str(a), str(b)])
        s = data.static[("obb_obb/test_static/float", "random")]
        self.assertEqual((s.judged, s.gross, s.band), (20, 2, 3e-9))
        self.assertAlmostEqual(s.gross_rate, 0.1)
        self.assertEqual(s.bins, {None: [2, 1], -9: [18, 3]})

    def test_unknown_rows_are_skipped(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), "v.jsonl",
                      '{"table":"brand_new","x":1}\n\n{"something":"else"}\n'
                      '{"kernel":"tri_tri/test_static/float","family":"random","cases":3,"ok":3}\n')
            data = inputs.load_inputs([str(p)])
        self.assertEqual(sum(data.skipped.values()), 2)
        self.assertEqual(data.static[("tri_tri/test_static/float", "random")].judged, 3)


class MalformedInput(unittest.TestCase):
    def assert_input_error(self, text, name, pattern):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), name, text)
            with self.assertRaises(fields.InputError) as ctx:
                inputs.load_inputs([str(p)])
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

    def test_bad_convention_and_zero_band_counts(self):
        row = '{"kernel":"ode/box_box/float","family":"touching","cases":50,"ok":50'
        for extra, pattern in ((',"convention":"some"}', r':2: field "convention" should be a non-negative integer'),
                               (',"convention":-1}', r':2: field "convention" should be a non-negative integer'),
                               (',"zero_band_cases":2.5}', r':2: field "zero_band_cases" should be a non-negative integer'),
                               (',"zero_band_cases":60}', r':2: field "zero_band_cases" \(60\) exceeds "cases" \(50\)')):
            with self.subTest(extra=extra):
                self.assert_input_error(row + '}\n' + row + extra + '\n', "verify.jsonl", pattern)

    def test_bad_point_paths(self):
        row = ('{"table":"moving","kernel":"obb_obb/find_first_contact/float","family":"random","cases":5,'
               '"ok":5,"point_paths":%s}\n')
        for value in ('[3,1]', '{"features":3}', '{"features":3,"closest_points":1.5}',
                      '{"features":true,"closest_points":1}', '{"features":3,"closest_points":-1}'):
            with self.subTest(value=value):
                self.assert_input_error(row % value, "verify.jsonl", r':1: field "point_paths" should be an object')

    def test_bad_primary_point_distance(self):
        row = ('{"table":"moving","kernel":"obb_obb/find_first_contact/float","family":"random","cases":5,'
               '"ok":5,"primary_point_distance":%s}\n')
        self.assert_input_error(row % '"small"', "verify.jsonl",
                                r':1: field "primary_point_distance" should be an object with p50/p99/max')
        self.assert_input_error(row % '{"p50":1e-8,"p99":"x","max":1e-7}', "verify.jsonl",
                                r':1: field "primary_point_distance" should have a finite number as p99')

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

    def test_entry_point_writes_no_bytecode_into_the_source_tree(self):
        # `sepax report` runs the script without PYTHONDONTWRITEBYTECODE.
        package = SCRIPT.parent / "sepax_reporting"
        if (package / "__pycache__").exists():
            self.skipTest(f"{package}/__pycache__ exists already")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        r = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("INPUT", r.stdout)
        self.assertFalse((package / "__pycache__").exists())

    def test_missing_input(self):
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaisesRegex(fields.InputError, "directory without verify.jsonl"):
                inputs.load_inputs([tmp])


class FastestTable(unittest.TestCase):
    """Which kernel each side of the fastest-kernel table names, and the ratios."""

    def setUp(self):
        d = model.Dataset()

        def kernel(ident, family, ns, gross=None, judged=100):
            d.bench[("kernel", ident, family, "mixed")] = model.BenchStats("kernel", ident, family, "mixed", ns=[ns])
            d.kernel_query[ident] = ident.split("/")[0] if ident.startswith(vocabulary.KNOWN_QUERIES) else "obb_obb"
            if gross is not None:
                d.static[(ident, family)] = model.StaticStats(ident, family, ok=judged - gross, gross=gross)

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
        d.bench[("kernel", "obb_obb/test_static/float", "random", "separated")] = model.BenchStats(
            "kernel", "obb_obb/test_static/float", "random", "separated", ns=[0.1])
        kernel("obb_obb/test_moving/float", "random", 0.2, gross=0)
        self.table = tables.fastest_table(d, "obb_obb")

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
        self.assertIsNone(tables.fastest_table(model.Dataset(), "obb_obb"))


class EndToEnd(unittest.TestCase):
    """The report from all three fixtures, generated once for every check."""

    PLOTS = ["obb_obb_speed_gross.png", "obb_obb_speed_band.png", "obb_obb_margin.png", "obb_obb_moving.png",
             "tri_obb_speed_gross.png", "tri_obb_speed_band.png", "tri_obb_moving.png",
             "tri_tri_speed_gross.png", "tri_tri_speed_band.png", "tri_tri_moving.png"]

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
        # The fixtures predate convention, zero band and point paths: '-'.
        self.assertIn("| `obb_obb/test_static/float` | sepax | random | 4.00 | 2.50 | 7.50 | 50% | 20 | 0 | 0 | 1 "
                      "| 4.5e-08 | - | - |\n", self.md)
        self.assertIn("| `obb_obb/find_first_contact/double` | sepax | random | - | 20 | 20 | 0 | 0 | 9 | 0 | 9 "
                      "| 2.1e-15 | 1.5e-14 | 1.5e-14 | 3.4e-17 | 2.8e-16 | 2.8e-16 | - | - | 1.0e-12 |\n", self.md)
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
        # Links only inside the page (anchors); images only as data.
        self.assertNotRegex(self.html, r'(src|href)="(?!data:|#)')
        self.assertIn("<em>fcl/obb_overlap/float</em>", self.html)
        self.assertIn('<tr class="peer">', self.html)

    def test_same_inputs_same_bytes(self):
        again = Path(self.tmp.name) / "again"
        r = subprocess.run([sys.executable, str(SCRIPT), str(REAL_VERIFY), str(SYNTH_VERIFY), str(SYNTH_BENCH),
                            "-o", str(again)], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        for name in ["report.md", "report.html"] + ["plots/" + p for p in self.PLOTS]:
            self.assertEqual((again / name).read_bytes(), (self.out / name).read_bytes(), name)


def jsonl(*rows) -> str:
    return "".join(json.dumps(r) + "\n" for r in rows)


# Rows of the current `sepax verify` with the fields older rows lack; the
# numbers are chosen so that every merged value below is worked out by hand.
OPEN_SET_PEER = {"kernel": "ode/box_box/float", "origin": "ode", "query": "obb_obb", "family": "touching",
                 "cases": 50, "ok": 30, "boundary": 5, "gross": 1, "convention": 12, "unjudged": 2,
                 "zero_band_cases": 20, "max_boundary_margin": 0}
OPEN_SET_PEER_AGAIN = dict(OPEN_SET_PEER, ok=44, boundary=2, gross=1, convention=3, unjudged=0,
                           zero_band_cases=5, max_boundary_margin=None)
CLOSED_SET = {"kernel": "obb_obb/test_static/float", "origin": "sepax", "query": "obb_obb", "family": "touching",
              "cases": 40, "ok": 40, "boundary": 0, "gross": 0, "unjudged": 0, "zero_band_cases": 1}
OLD_STATIC = {"kernel": "obb_obb/test_static/double", "query": "obb_obb", "family": "touching", "cases": 10, "ok": 10}
FIND = {"table": "moving", "kernel": "obb_obb/find_first_contact/float", "mode": "find_first_contact",
        "query": "obb_obb", "family": "random", "cases": 100, "ok": 100, "boundary": 0, "gross": 0, "unjudged": 0,
        "bound": 1e-05, "both_first_contact": 60, "ill_conditioned": 20, "scored": 40,
        "time_error": {"p50": 1e-8, "p99": 2e-8, "max": 3e-8},
        "point_distance": {"p50": 1e-8, "p99": 4e-8, "max": 5e-8},
        "point_paths": {"features": 90, "closest_points": 10},
        "primary_point_distance": {"p50": 1e-8, "p99": 6e-8, "max": 7e-8}}
FIND_AGAIN = dict(FIND, cases=50, ok=50, both_first_contact=30, ill_conditioned=10, scored=10,
                  time_error={"p50": 5e-9, "p99": 1e-8, "max": 8e-8},
                  point_distance={"p50": 2e-9, "p99": 3e-9, "max": 4e-9},
                  point_paths={"features": 45, "closest_points": 5},
                  primary_point_distance={"p50": 2e-8, "p99": 3e-8, "max": 9e-8})
# A find kernel × family with no first-contact answer at all.
FIND_NO_CONTACT = dict(FIND, family="touching", both_first_contact=0, ill_conditioned=0, scored=0,
                       time_error=None, point_distance=None, point_paths={"features": 0, "closest_points": 0},
                       primary_point_distance=None)
OLD_FIND = {k: v for k, v in FIND.items() if k not in ("point_paths", "primary_point_distance")}
OLD_FIND.update(kernel="obb_obb/find_first_contact/double", bound=1e-12)
TEST_MOVING = {"table": "moving", "kernel": "obb_obb/test_moving/float", "mode": "test_moving", "query": "obb_obb",
               "family": "random", "cases": 30, "ok": 29, "boundary": 1, "gross": 0, "unjudged": 0}


class NewVerifyFields(unittest.TestCase):
    """convention, zero_band_cases, point_paths, primary_point_distance."""

    @classmethod
    def setUpClass(cls):
        with tempfile.TemporaryDirectory() as tmp:
            a = write(Path(tmp), "a.jsonl", jsonl(OPEN_SET_PEER, CLOSED_SET, OLD_STATIC, FIND, FIND_NO_CONTACT,
                                                  OLD_FIND, TEST_MOVING))
            b = write(Path(tmp), "b.jsonl", jsonl(OPEN_SET_PEER_AGAIN, FIND_AGAIN))
            cls.data = inputs.load_inputs([str(a), str(b)])

    def test_convention_is_judged_apart_from_ok_boundary_gross(self):
        s = self.data.static[("ode/box_box/float", "touching")]
        self.assertEqual((s.ok, s.boundary, s.gross, s.convention, s.unjudged), (74, 7, 2, 15, 2))
        self.assertEqual(s.judged, 98)
        self.assertAlmostEqual(s.gross_rate, 2 / 98)

    def test_zero_band_share_of_the_cases(self):
        self.assertEqual(self.data.static[("ode/box_box/float", "touching")].zero_band_share, 25 / 100)
        s = self.data.static[("obb_obb/test_static/float", "touching")]
        self.assertIsNone(s.convention)          # closed-set kernels have no convention count
        self.assertEqual((s.zero_band, s.zero_band_of), (1, 40))

    def test_ok_without_ok_field_leaves_out_convention(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = write(Path(tmp), "v.jsonl", jsonl({"kernel": "bullet/box_box_detector/float", "family": "touching",
                                                   "cases": 10, "boundary": 1, "gross": 1, "convention": 3,
                                                   "unjudged": 1}))
            s = inputs.load_inputs([str(p)]).static[("bullet/box_box_detector/float", "touching")]
        self.assertEqual((s.ok, s.judged), (4, 9))

    def test_point_paths_and_primary_distance_merge_over_runs(self):
        m = self.data.moving[("obb_obb/find_first_contact/float", "random")]
        self.assertEqual(m.point_paths, {"features": 135, "closest_points": 15})
        self.assertEqual(m.first_contacts, 150)
        self.assertAlmostEqual(m.rescued_share, 0.1)
        # p50/p99 of the run that scored more (40 > 10), the max of both.
        self.assertEqual({k: m.primary_point_distance[k] for k in ("p50", "p99", "max")},
                         {"p50": 1e-8, "p99": 6e-8, "max": 9e-8})

    def test_absent_in_old_rows(self):
        s = self.data.static[("obb_obb/test_static/double", "touching")]
        self.assertEqual((s.convention, s.zero_band, s.zero_band_share), (None, None, None))
        for kernel in ("obb_obb/find_first_contact/double", "obb_obb/test_moving/float"):
            m = self.data.moving[(kernel, "random")]
            self.assertEqual((m.point_paths, m.primary_point_distance, m.rescued_share), (None, None, None))

    def test_static_table_columns(self):
        t = tables.static_table(self.data, "obb_obb")
        self.assertEqual(t.headers[-2:], ["convention", "zero band"])
        rows = {(r[0].text, r[2]): [c if isinstance(c, str) else c.text for c in r] for r in t.rows}
        self.assertEqual(rows[("ode/box_box/float", "touching")][-7:],
                         ["98", "2", "2.0e-02", "7", "0", "15", "25.0%"])
        self.assertEqual(rows[("obb_obb/test_static/float", "touching")][-2:], ["-", "2.5%"])
        self.assertEqual(rows[("obb_obb/test_static/double", "touching")][-2:], ["-", "-"])

    def test_moving_table_columns(self):
        t = tables.moving_table(self.data, "obb_obb")
        self.assertEqual(t.headers[-3:], ["primary point p99", "rescued", "bound"])
        rows = {(r[0].text, r[2]): r for r in t.rows}
        self.assertEqual(rows[("obb_obb/find_first_contact/float", "random")][3:],
                         ["150", "150", "0", "0", "90", "30", "50", "1.0e-08", "2.0e-08", "8.0e-08",
                          "1.0e-08", "4.0e-08", "5.0e-08", "6.0e-08", "10.0% (15/150)", "1.0e-05"])
        self.assertEqual(rows[("obb_obb/find_first_contact/float", "touching")][-3:], ["-", "-", "1.0e-05"])
        self.assertEqual(rows[("obb_obb/find_first_contact/double", "random")][-3:], ["-", "-", "1.0e-12"])
        self.assertEqual(rows[("obb_obb/test_moving/float", "random")][-3:], ["-", "-", "-"])

    def test_report_shows_the_columns_and_the_convention_total(self):
        with tempfile.TemporaryDirectory() as tmp:
            a = write(Path(tmp), "a.jsonl", jsonl(OPEN_SET_PEER, CLOSED_SET, OLD_STATIC, FIND, FIND_NO_CONTACT,
                                                  OLD_FIND, TEST_MOVING))
            b = write(Path(tmp), "b.jsonl", jsonl(OPEN_SET_PEER_AGAIN, FIND_AGAIN))
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(report.main([str(a), str(b), "-o", str(Path(tmp) / "r")]), 0)
            md = (Path(tmp) / "r" / "report.md").read_text(encoding="utf-8")
            page = (Path(tmp) / "r" / "report.html").read_text(encoding="utf-8")
        self.assertIn("| what | rows | cases judged | gross | boundary | convention |\n", md)
        self.assertIn("| static kernel × family rows | 3 | 148 | 2 | 7 | 15 |\n", md)
        self.assertIn("| moving kernel × family rows | 4 | 380 | 0 | 1 | - |\n", md)
        self.assertIn("15 convention verdicts", md)
        self.assertIn("ode/box_box/float ×15", md)
        self.assertIn("| *ode/box_box/float* | *ode* | touching | - | - | 98 | 2 | 2.0e-02 | 7 | 0 | 15 | 25.0% |\n", md)
        self.assertIn("| `obb_obb/find_first_contact/float` | sepax | random | 150 | 150 | 0 | 0 | 90 | 30 | 50 "
                      "| 1.0e-08 | 2.0e-08 | 8.0e-08 | 1.0e-08 | 4.0e-08 | 5.0e-08 | 6.0e-08 | 10.0% (15/150) "
                      "| 1.0e-05 |\n", md)
        for words in ("**convention**: ", "**zero band**: ", "**rescued**: ", "**primary point p99**: "):
            self.assertEqual(md.count(words), 1, words)
        for header in ("convention", "zero band", "primary point p99", "rescued"):
            self.assertIn(f'<th class="num">{header}</th>', page)
        self.assertIn('<td class="num">10.0% (15/150)</td>', page)


class ShareFormatting(unittest.TestCase):
    def test_shares(self):
        for value, text in ((None, "-"), (0, "0%"), (1, "100%"), (0.0004, "<0.1%"), (0.9996, ">99.9%"),
                            (0.25, "25.0%"), (18 / 798, "2.3%")):
            with self.subTest(value=value):
                self.assertEqual(formatting.fmt_share(value), text)

    def test_share_with_counts(self):
        self.assertEqual(formatting.fmt_share_of(18, 798), "2.3% (18/798)")
        self.assertEqual(formatting.fmt_share_of(0, 465), "0% (0/465)")
        self.assertEqual(formatting.fmt_share_of(0, 0), "-")


class OnlyVerify(unittest.TestCase):
    def test_report_without_benchmarks(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "r"
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(report.main([str(REAL_VERIFY), "-o", str(out)]), 0)
            md = (out / "report.md").read_text(encoding="utf-8")
        self.assertIn("No speed-versus-robustness plot", md)
        self.assertNotIn("### Error rate against margin", md)   # no margin_bins in this run
        self.assertEqual(len(re.findall(r"!\[", md)), 3)          # the three moving plots


if __name__ == "__main__":
    unittest.main()
