"""The report as a list of blocks (headings, paragraphs, tables, images)
and its Markdown rendering (plots referenced from plots/); html_page.py
renders the same blocks as one self-contained HTML page."""

from __future__ import annotations

import dataclasses

@dataclasses.dataclass(frozen=True)
class Em:
    """Italic text (peers: never to be mistaken for sepax kernels)."""
    text: str


@dataclasses.dataclass(frozen=True)
class Code:
    text: str


@dataclasses.dataclass(frozen=True)
class Strong:
    text: str


@dataclasses.dataclass
class Heading:
    level: int
    text: str
    # HTML: a level-2 section folded (<details>) until the reader opens it.
    collapsed: bool = False


@dataclasses.dataclass
class Para:
    parts: list   # str | Em | Code
    css: str = ""  # HTML class (e.g. "provenance")


@dataclasses.dataclass
class Table:
    headers: list
    rows: list               # list of list of cells (str | Em | Code | Strong, or a list of them)
    numeric: list            # per column: right-align
    peer_rows: set = dataclasses.field(default_factory=set)  # row indexes
    ident: str = ""          # HTML id (a link target; the summary's for the first-screen test)
    wrap: list = dataclasses.field(default_factory=list)     # columns whose long text may wrap
    latex: bool = False      # also written as a booktabs table by --latex


@dataclasses.dataclass
class Image:
    name: str                # file name under plots/ (.png; the PDF beside it with --latex)
    alt: str
    png: bytes
    caption: str             # what to look for
    pdf: bytes | None = None


def md_inline(part) -> str:
    if isinstance(part, list):   # a cell of several parts: a name and a note
        return "".join(md_inline(p) for p in part)
    if isinstance(part, Em):
        return f"*{md_escape(part.text)}*"
    if isinstance(part, Code):
        return f"`{part.text}`"
    if isinstance(part, Strong):
        return f"**{md_escape(part.text)}**"
    return md_escape(str(part))


def md_escape(s: str) -> str:
    # Only what would break a table or start emphasis inside our cells.
    return (s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*")
            .replace("<", "\\<"))


def render_markdown(blocks: list) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Heading):
            out.append("#" * b.level + " " + b.text)
        elif isinstance(b, Para):
            out.append("".join(md_inline(p) for p in b.parts))
        elif isinstance(b, Table):
            out.append("| " + " | ".join(md_escape(h) for h in b.headers) + " |")
            out.append("|" + "|".join("---:" if n else "---" for n in b.numeric) + "|")
            for row in b.rows:
                out.append("| " + " | ".join(md_inline(c) for c in row) + " |")
        elif isinstance(b, Image):
            out.append(f"![{b.alt}](plots/{b.name})")
            if b.caption:
                out.append("")
                out.append(f"*{md_escape(b.caption)}*")
        out.append("")
    return "\n".join(out)


def slug(text: str) -> str:
    """An HTML id / Markdown anchor for a heading: lower case, words joined by '-'."""
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in text)
    return "-".join(w for w in out.split("-") if w)
