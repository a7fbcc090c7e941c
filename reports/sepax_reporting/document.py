"""The report as a list of blocks (headings, paragraphs, tables, images)
and its two renderings: Markdown (plots referenced from plots/) and
self-contained HTML (CSS inline, plots as base64 PNG, a load check for
tests/html_in_chromium.sh)."""

from __future__ import annotations

import base64
import dataclasses
import html

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


@dataclasses.dataclass
class Para:
    parts: list   # str | Em | Code


@dataclasses.dataclass
class Table:
    headers: list
    rows: list               # list of list of cells (str | Em | Code)
    numeric: list            # per column: right-align
    peer_rows: set = dataclasses.field(default_factory=set)  # row indexes


@dataclasses.dataclass
class Image:
    name: str                # file name under plots/
    alt: str
    png: bytes
    caption: str


def md_inline(part) -> str:
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


def html_inline(part) -> str:
    if isinstance(part, Em):
        return f"<em>{html.escape(part.text)}</em>"
    if isinstance(part, Code):
        return f"<code>{html.escape(part.text)}</code>"
    if isinstance(part, Strong):
        return f"<strong>{html.escape(part.text)}</strong>"
    return html.escape(str(part))


HTML_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 14px; margin: 2em auto;
       max-width: 1300px; padding: 0 1em; color: #222; }
h1 { border-bottom: 2px solid #444; }
h2 { border-bottom: 1px solid #aaa; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; }
td { white-space: nowrap; }
th { background: #eee; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.peer td { background: #fff6e5; }
code { background: #f3f3f3; padding: 0 3px; }
figure { margin: 0.5em 0 1.5em; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-style: italic; color: #555; }
"""

# Runs before the images load, so that any script error is recorded; on load
# it writes what it saw into <body> for tests/html_in_chromium.sh to read.
HTML_CHECK_SCRIPT = """
(function () {
  var errors = [];
  window.onerror = function (msg, src, line) { errors.push(String(msg) + " (line " + line + ")"); };
  window.addEventListener("load", function () {
    var imgs = document.images, loaded = 0;
    for (var i = 0; i < imgs.length; i++) {
      if (imgs[i].complete && imgs[i].naturalWidth > 0) loaded++;
    }
    var b = document.body;
    b.setAttribute("data-plots-total", imgs.length);
    b.setAttribute("data-plots-loaded", loaded);
    b.setAttribute("data-errors", errors.length);
    b.setAttribute("data-error-messages", errors.join(" | "));
    b.setAttribute("data-check", "done");
  });
})();
"""


def render_html(blocks: list, title: str) -> str:
    n_images = sum(isinstance(b, Image) for b in blocks)
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>",
           f"<style>{HTML_STYLE}</style>", f"<script>{HTML_CHECK_SCRIPT}</script>",
           "</head>", f'<body data-plots-expected="{n_images}">']
    for b in blocks:
        if isinstance(b, Heading):
            out.append(f"<h{b.level}>{html.escape(b.text)}</h{b.level}>")
        elif isinstance(b, Para):
            out.append("<p>" + "".join(html_inline(p) for p in b.parts) + "</p>")
        elif isinstance(b, Table):
            out.append("<table>")
            out.append("<tr>" + "".join(
                f"<th{_num_attr(n)}>{html.escape(h)}</th>"
                for h, n in zip(b.headers, b.numeric)) + "</tr>")
            for i, row in enumerate(b.rows):
                cls = ' class="peer"' if i in b.peer_rows else ""
                out.append(f"<tr{cls}>" + "".join(
                    f"<td{_num_attr(n)}>{html_inline(c)}</td>" for c, n in zip(row, b.numeric)) + "</tr>")
            out.append("</table>")
        elif isinstance(b, Image):
            data = base64.b64encode(b.png).decode("ascii")
            out.append(f'<figure><img alt="{html.escape(b.alt)}" src="data:image/png;base64,{data}">'
                       f"<figcaption>{html.escape(b.caption)}</figcaption></figure>")
    out.append("</body>")
    out.append("</html>")
    return "\n".join(out) + "\n"


def _num_attr(numeric: bool) -> str:
    return ' class="num"' if numeric else ""

