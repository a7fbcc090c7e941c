"""`--latex`: the summary tables as booktabs LaTeX for a paper, each with the
run's provenance beside it, and a figures file that includes every plot's
PDF with its caption. Written to DIR/latex/ (\\input{} them; the preamble
needs booktabs and graphicx)."""

from __future__ import annotations

from pathlib import Path

from ..document import Code, Em, Image, Strong, Table
from ..findings.failure_classes import failure_classes
from ..findings.sections import LATEX_FOUND_COLUMNS, SUMMARY_CLASSES, found_table
from ..provenance import provenance
from ..summary import summary_table

_ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
            "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
            "≤": r"$\le$", "≥": r"$\ge$", ">": r"$>$", "<": r"$<$", "×": r"$\times$", "÷": "/", "−": "-",
            "–": "--", "—": "---", "→": r"$\to$",
            "≈": r"$\approx$", "|": r"$|$"}


def escape(text: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in str(text))


def cell(part) -> str:
    if isinstance(part, list):   # a cell of several parts
        return "".join(cell(p) for p in part)
    if isinstance(part, Em):
        return r"\emph{" + escape(part.text) + "}"
    if isinstance(part, Code):
        return r"\texttt{" + escape(part.text) + "}"
    if isinstance(part, Strong):
        return r"\textbf{" + escape(part.text) + "}"
    return escape(part)


def provenance_note(data) -> str:
    p = provenance(data)
    if not p:
        return r"\par\footnotesize Provenance: not recorded in the inputs."
    return r"\par\footnotesize Provenance: " + "; ".join(escape(f"{k} {v}") for k, v in p.items()) + "."


def booktabs(table: Table, caption: str, label: str, note: str, columns=None) -> str:
    """One table environment: booktabs rules, numbers right-aligned, the
    caption above and the provenance under it."""
    cols = columns if columns is not None else range(len(table.headers))
    spec = "".join("r" if table.numeric[i] else "l" for i in cols)
    lines = [r"\begin{table}[htbp]", r"\centering\small", r"\caption{" + escape(caption) + "}",
             r"\label{" + label + "}", r"\resizebox{\textwidth}{!}{%", r"\begin{tabular}{" + spec + "}", r"\toprule",
             " & ".join(escape(table.headers[i]) for i in cols) + r" \\", r"\midrule"]
    for row in table.rows:
        lines.append(" & ".join(cell(row[i]) for i in cols) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}}", note, r"\end{table}", ""]
    return "\n".join(lines)


def figures_tex(blocks: list) -> str:
    out = []
    for img in (b for b in blocks if isinstance(b, Image) and b.pdf):
        stem = img.name.rsplit(".", 1)[0]
        out += [r"\begin{figure}[htbp]", r"\centering",
                r"\includegraphics[width=\textwidth]{plots/" + stem + ".pdf}",
                r"\caption{" + escape(img.alt) + ". " + escape(img.caption) + "}",
                r"\label{fig:sepax-" + stem.replace("_", "-") + "}", r"\end{figure}", ""]
    return "\n".join(out)


def write_latex(data, blocks: list, out_dir: Path) -> list:
    """Writes DIR/latex/summary.tex and figures.tex; returns their paths."""
    latex = out_dir / "latex"
    latex.mkdir(parents=True, exist_ok=True)
    note = provenance_note(data)
    parts = ["% sepax summary tables (booktabs). Preamble: \\usepackage{booktabs,graphicx}.", ""]
    table, _ = summary_table(data)
    if table is not None:
        parts.append(booktabs(table, "Fastest sepax kernel with no gross verdict against the fastest peer and the "
                              "fastest peer with no gross verdict (ns/test: geometric mean over the families, mixed "
                              "sets; a gross rate of 0 with its one-sided 95% Clopper-Pearson upper bound).",
                              "tab:sepax-summary", note))
    classes = failure_classes(data)
    if classes:
        found = found_table(classes, SUMMARY_CLASSES)
        parts.append(booktabs(found, f"Failure classes found ({len(classes)} in all; the first "
                              f"{min(len(classes), SUMMARY_CLASSES)}, sepax's own first, each side by the worst "
                              "severity found: |margin| relative to the larger shape's size, with the largest and "
                              "median over the findings sampled; cause as verify explains it).",
                              "tab:sepax-failure-classes", note, columns=LATEX_FOUND_COLUMNS))
    summary_path = latex / "summary.tex"
    summary_path.write_text("\n".join(parts), encoding="utf-8")
    figures_path = latex / "figures.tex"
    figures_path.write_text("% sepax plots as PDF (paths relative to the report directory).\n"
                            + figures_tex(blocks), encoding="utf-8")
    return [summary_path, figures_path]
