"""Report assembly: the document blocks of every section in order, the
files written (report.md, report.html, plots/*.png, severity_by_library.json),
and the command line (`main`, called by reports/sepax_report.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .document import Code, Em, Heading, Image, Para, Strong, render_markdown
from .compare import FLOOR, main_compare
from .fields import InputError
from .fuzzing import fuzz_blocks
from .inputs import load_inputs
from .rendering.latex import write_latex
from .model import Dataset
from .rendering.html_page import render_html
from .plotting.plot_style import LAYOUT_PROBLEMS, OPTIONS
from .plotting.plots import plot_margin, plot_moving
from .plotting.speed_plots import plot_speed_band, plot_speed_gross
from .findings.reported_bugs import reported_bug_blocks
from .findings.sections import all_classes_blocks, boundary_blocks, cause_legend, library_blocks
from .findings.severity import CAUSES, write_severity_json
from .summary import summary_blocks
from .tables import (fastest_table, margin_table, moving_table, oracle_bench_table, oracle_cost_rows_table,
                     run_info_blocks, static_table, totals_block)
from .integrator_drift import drift_blocks
from .certified import certified_blocks
from .findings.mutation import mutation_blocks
from .pair_queries import pair_query_blocks
from .trees import tree_blocks
from .vocabulary import OTHER_QUERY

READING_NOTES = [
    [Strong("How to read."), " ", Strong("gross"), ": the kernel disagrees with the exact oracle by "
     "more than the rounding band its scalar can resolve (a bug, in sepax or in the peer). ",
     Strong("boundary"), ": it disagrees within that band. ", Strong("band width"), ": the largest "
     "|margin| / size among the boundary verdicts seen (0: only exactly touching cases; - : no "
     "boundary verdict). ", Strong("ns/test"), ": Google Benchmark median over the set's pairs; ",
     Code("mixed"), " is the headline, ", Code("separated"), " favours early-out, ", Code("intersecting"),
     " is the worst case. ", Em("Peers"), " (other libraries' kernels) are in italics, with their "
     "library in the origin column."],
    ["On log axes the grey row labelled 0 holds exact zeros; a rate of 0 over N cases only says "
     "that the true rate is likely below about 3/N."],
    [Strong("severity"), ": |margin| relative to the larger shape's size, the distance the exact answer is from "
     "flipping. Gross verdicts are counted at three levels: beyond the band (all of them), ≥ 1e-6 and ≥ 1e-3 of "
     "the size (a millimetre on a metre box). A kernel may promise a tolerance (", Code("--tolerance"),
     " on verify and check, ", Code("\"tolerance\""), " in an external kernel's announce line): a "
     "disagreement within max(band, tolerance) is then boundary, not gross. verify searches around each failure "
     "class and each kind of boundary verdict for its worst case (“grow”) and explains it with one cause:"],
]

# Under the static kernel table: its two columns that need words.
STATIC_NOTES = [
    Strong("convention"), ": cases where a library that treats shapes as open sets (touching is not "
    "overlapping, as its documentation says) called exactly touching shapes separated. They are judged, "
    "but counted apart from ok, boundary and gross; only such libraries have the column (- for the "
    "others). ", Strong("zero band"), ": share of the row's cases whose separating-axis arithmetic is exact "
    "in the kernel's scalar, for the whole test or for at least one box face axis. A verdict that rests "
    "on exact arithmetic gets no rounding band: if it disagrees with the oracle, it is gross, never "
    "boundary. - : the input predates these counts."]

# Under the moving kernel table: how a find kernel's contact point was made.
MOVING_NOTES = [
    Strong("rescued"), ": share of a find kernel's first-contact answers (with the counts) whose "
    "contact point came from the closest-points rescue instead of the primary way, the features "
    "(vertex, edge or face) that support the contact on the axis found. ", Strong("primary point p99"),
    ": 99th percentile of the distance / size of the primary way's own contact point, on scored first "
    "contacts whose contact axis is well-conditioned; it is held to the same bound, so a rescue cannot "
    "hide a wrong primary point. - : a test_moving kernel, or an input that predates these counts."]


def query_blocks(data: Dataset, query: str) -> list:
    title = query if query != OTHER_QUERY else "other kernels (query unknown)"
    blocks = [Heading(2, title)]
    added = False

    t = static_table(data, query)
    if t:
        blocks += [Heading(3, "Static kernels × families"), t, Para(STATIC_NOTES)]
        added = True
    ft = fastest_table(data, query)
    if ft:
        blocks += [Heading(3, "Fastest kernel per family"),
                   Para(["The fastest kernel of each side on the mixed set, counting a kernel as correct only "
                         "where verify judged it on that family with no gross verdict; ratios below 1 mean "
                         "the sepax kernel is faster."]), ft]
    gross_png, band_png = plot_speed_gross(data, query), plot_speed_band(data, query)
    if gross_png:
        blocks += [Heading(3, "Speed versus robustness"),
                   Image(f"{query}_speed_gross.png", f"{query}: ns/test against gross-error rate, per family",
                         gross_png, "Look for kernels low and to the left in every panel: fast and with no gross "
                         "verdict (the grey row labelled 0). A peer (hollow) above the 0 row is wrong beyond "
                         "rounding on that family; one colour × marker per kernel, the same in every panel.")]
        if band_png:
            blocks.append(Image(f"{query}_speed_band.png", f"{query}: ns/test against boundary-band width, per family",
                                band_png, "Lower is more precise: the widest |margin| / size at which the kernel "
                                "still disagreed with the exact answer (rounding); only kernel × family rows with "
                                "boundary verdicts are drawn. A band near the scalar's epsilon is the floor."))
    elif t:
        blocks.append(Para(["No speed-versus-robustness plot: it needs a benchmark (mixed set) and verify "
                            "results for the same kernel × family."]))

    mt = margin_table(data, query)
    if mt:
        png = plot_margin(data, query)
        blocks += [Heading(3, "Error rate against margin"),
                   Para(["Wrong verdicts (boundary, gross and convention) over cases, per decade of the exact |margin| "
                         "relative to size; all families summed."]), mt,
                   Image(f"{query}_margin.png", f"{query}: error rate against margin", png,
                         "Wrong verdicts should fall to 0 (the grey row) a few decades above the scalar's epsilon: "
                         "a kernel still wrong at large margins is gross there. All families, then each; dashed: "
                         "moving kernels.")]

    mv = moving_table(data, query)
    if mv:
        blocks += [Heading(3, "Moving kernels"),
                   Para(["TOI error = |t − t*| / T and contact-point distance / size over well-conditioned "
                         "first contacts (scored); bound = what a find kernel must meet to be ok."]), mv,
                   Para(MOVING_NOTES)]
        png = plot_moving(data, query)
        if png:
            blocks.append(Image(f"{query}_moving.png", f"{query}: TOI error and contact-point distance", png,
                                "Every marker should sit below its kernel's dashed bound (what ok requires): per "
                                "find kernel × family, circle p50, triangle p99, bar max of the TOI error (top) and "
                                "of the contact-point distance (bottom)."))
        added = True

    ob = oracle_bench_table(data, query)
    oc = oracle_cost_rows_table([r for r in data.oracle_costs if r["query"] == query], "static oracle")
    mc = oracle_cost_rows_table([r for r in data.moving_oracle_costs if r["query"] == query], "moving oracle")
    if ob or oc or mc:
        blocks.append(Heading(3, "Oracle cost"))
        if ob:
            blocks += [Para(["Benchmarked oracles (× kernel: how many sepax test_static calls one oracle call costs)."]), ob]
        if oc:
            blocks += [Para(["Measured inside sepax verify, one thread; cases timed = the cases that took that path "
                              "(the filter on every case, the others on fallbacks or samples)."]), oc]
        if mc:
            blocks.append(mc)
        added = True
    return blocks if added else []


def build_report(data: Dataset, title: str) -> list:
    """The summary and what the run found first; then the details, each
    section folded in the HTML."""
    details = [Heading(2, "How to read")] + [Para(parts) for parts in READING_NOTES] + cause_legend(CAUSES)
    for q in data.queries():
        details += query_blocks(data, q)
    details += tree_blocks(data)
    details += pair_query_blocks(data)
    details += drift_blocks(data)
    details += certified_blocks(data)
    details += mutation_blocks(data)
    details += fuzz_blocks(data)
    details += all_classes_blocks(data)
    details += boundary_blocks(data)
    details += library_blocks(data)
    details += reported_bug_blocks(data)
    details += run_info_blocks(data)
    details += totals_block(data)
    if data.skipped or data.notes:
        details.append(Heading(2, "Input notes"))
        for reason, n in sorted(data.skipped.items()):
            details.append(Para([f"Skipped {n} × {reason} (first: {data.skip_examples.get(reason, '?')})."]))
        for note in sorted(set(data.notes)):
            details.append(Para([note]))
    for b in details:
        if isinstance(b, Heading) and b.level == 2:
            b.collapsed = True
    return [Heading(1, title)] + summary_blocks(data) + details


def write_report(blocks: list, out_dir: Path, title: str) -> list:
    """Writes report.md, report.html and plots/*.png (and *.pdf with
    --latex); returns the PNG paths."""
    plots_dir = out_dir / "plots"
    plots_dir.mkdir(parents=True, exist_ok=True)
    images = [b for b in blocks if isinstance(b, Image)]
    written, kept = [], set()
    for img in images:
        p = plots_dir / img.name
        p.write_bytes(img.png)
        written.append(p)
        kept.add(p)
        pdf = getattr(img.png, "pdf", None)
        if pdf:
            img.pdf = pdf
            kept.add(p.with_suffix(".pdf"))
            p.with_suffix(".pdf").write_bytes(pdf)
    # A plot from an earlier report into the same DIR would look current.
    for stale in sorted(list(plots_dir.glob("*.png")) + list(plots_dir.glob("*.pdf"))):
        if stale not in kept:
            stale.unlink()
    (out_dir / "report.md").write_text(render_markdown(blocks), encoding="utf-8")
    (out_dir / "report.html").write_text(render_html(blocks, title), encoding="utf-8")
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="sepax speed-versus-robustness report from verify results and Google Benchmark JSON.")
    ap.add_argument("inputs", nargs="+", metavar="INPUT",
                    help="results directory of `sepax verify`, a verify.jsonl, a Google Benchmark JSON file, or "
                         "the fuzzing summary of fuzz/measure.py")
    ap.add_argument("-o", "--out", metavar="DIR", help="output directory (required unless --compare)")
    ap.add_argument("--title", default="sepax: speed versus robustness", help="report title")
    ap.add_argument("--compare", action="store_true",
                    help="the two INPUTs are runs BASE and NEW (results directories or files): print what changed "
                         "as Markdown (and write compare.md, compare.json to DIR with -o)")
    ap.add_argument("--noise-floor", type=float, default=FLOOR, metavar="F",
                    help=f"--compare: the smallest relative speed change reported (default {FLOOR:g})")
    ap.add_argument("--latex", action="store_true",
                    help="also write latex/ (booktabs tables with provenance) and every plot as PDF")
    args = ap.parse_args(argv)
    if args.compare:
        if len(args.inputs) != 2:
            ap.error("--compare takes exactly two runs: BASE NEW")
        try:
            return main_compare(args.inputs[0], args.inputs[1], args.out, args.noise_floor)
        except InputError as e:
            print(f"sepax_report: error: {e}", file=sys.stderr)
            return 2
    if not args.out:
        ap.error("the following arguments are required: -o/--out")
    try:
        data = load_inputs(args.inputs)
    except InputError as e:
        print(f"sepax_report: error: {e}", file=sys.stderr)
        return 2
    for reason, n in sorted(data.skipped.items()):
        print(f"sepax_report: skipped {n} × {reason} (first: {data.skip_examples.get(reason, '?')})",
              file=sys.stderr)
    if (not data.static and not data.moving and not data.bench and not data.trees and not data.tree_queries
            and not data.pair_queries and not data.rect_bench and not data.fuzz and not data.mutants):
        print("sepax_report: warning: no kernel rows and no benchmarks in the inputs; the report is empty",
              file=sys.stderr)
    OPTIONS["pdf"] = args.latex
    blocks = build_report(data, args.title)
    for problem in LAYOUT_PROBLEMS:
        print(f"sepax_report: warning: plot layout: {problem}", file=sys.stderr)
    out_dir = Path(args.out)
    plots = write_report(blocks, out_dir, args.title)
    write_severity_json(data, out_dir)
    if args.latex:
        for p in write_latex(data, blocks, out_dir):
            print(f"sepax_report: wrote {p}")
    print(f"sepax_report: wrote {out_dir / 'report.md'}, {out_dir / 'report.html'}, "
          f"{out_dir / 'severity_by_library.json'} and {len(plots)} plots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
