"""--latex: booktabs tables with provenance, every plot also as PDF, and a
figures file; CITATION.cff beside the sources."""

import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from sepax_reporting.rendering import latex  # noqa: E402

SCRIPT = HERE.parent / "sepax_report.py"
FIXTURES = HERE / "fixtures"
ROOT = HERE.parent.parent


def strip_commands(tex: str) -> str:
    """The text left once escapes and commands are removed: any _ % & # left is unescaped."""
    return re.sub(r"\\[A-Za-z]+\{\}|\\[A-Za-z]+|\\[_%&#${}]|\$[^$]*\$", "", tex)


class Escaping(unittest.TestCase):
    def test_specials_are_escaped(self):
        text = latex.escape("obb_obb 95 % & #1 ≤ 3e-05 × 2 {x} a\\b")
        self.assertNotRegex(strip_commands(text), r"[_%&#{}]")
        self.assertIn(r"$\le$", text)
        self.assertIn(r"\textbackslash{}", text)


class LatexOutput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = Path(cls.tmp.name)
        r = subprocess.run([sys.executable, str(SCRIPT), str(FIXTURES / "verify-seed11"),
                            str(FIXTURES / "verify_synthetic.jsonl"), str(FIXTURES / "benchmark_synthetic.json"),
                            "-o", str(cls.out), "--latex"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        cls.summary = (cls.out / "latex" / "summary.tex").read_text(encoding="utf-8")
        cls.figures = (cls.out / "latex" / "figures.tex").read_text(encoding="utf-8")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_booktabs_tables_with_provenance_under_each(self):
        tables = self.summary.split(r"\begin{table}")[1:]
        self.assertEqual(len(tables), 2)
        for t in tables:
            for rule in (r"\toprule", r"\midrule", r"\bottomrule"):
                self.assertEqual(t.count(rule), 1, rule)
            self.assertNotIn(r"\hline", t)
            self.assertIn("Provenance: commit c454b1f74a7e", t)
            self.assertIn("GNU 12.2.0", t)
            self.assertIn("verify seeds 11, 5", t)
            self.assertEqual(t.count("{"), t.count("}"))

    def test_rows_have_as_many_cells_as_columns(self):
        for t in self.summary.split(r"\begin{table}")[1:]:
            spec = re.search(r"\\begin\{tabular\}\{([lr]+)\}", t).group(1)
            body = t.split(r"\midrule")[1].split(r"\bottomrule")[0]
            for row in filter(None, (r.strip() for r in body.split(r"\\"))):
                self.assertEqual(len(re.split(r"(?<!\\)&", row)), len(spec), row)

    def test_every_plot_is_also_a_vector_pdf_and_in_the_figures_file(self):
        pngs = sorted(p.stem for p in (self.out / "plots").glob("*.png"))
        pdfs = sorted(p.stem for p in (self.out / "plots").glob("*.pdf"))
        self.assertEqual(pngs, pdfs)
        for stem in pdfs:
            self.assertTrue((self.out / "plots" / f"{stem}.pdf").read_bytes().startswith(b"%PDF"), stem)
            self.assertIn(f"plots/{stem}.pdf", self.figures)
        self.assertEqual(self.figures.count(r"\begin{figure}"), len(pdfs))

    def test_without_latex_no_pdf(self):
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([sys.executable, str(SCRIPT), str(FIXTURES / "verify-seed11"), "-o", tmp],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(list(Path(tmp, "plots").glob("*.pdf")), [])
            self.assertFalse(Path(tmp, "latex").exists())


class Citation(unittest.TestCase):
    def test_citation_file_is_valid_and_names_this_version(self):
        import yaml
        cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
        self.assertEqual(cff["cff-version"], "1.2.0")
        for key in ("message", "title", "authors", "version"):
            self.assertTrue(cff.get(key), key)
        version = re.search(r"project\(sepax VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
        self.assertEqual(str(cff["version"]), version)


if __name__ == "__main__":
    unittest.main()
