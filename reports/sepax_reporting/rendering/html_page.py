"""The report as one self-contained HTML page: CSS and script inline
(report_page.css, report_page.js beside this file), plots as base64 PNG, one
section per level-2 heading with an anchor, the sections after the summary
folded (<details>) until opened, a contents line linking every section."""

from __future__ import annotations

import base64
import html
from pathlib import Path

from ..document import Code, Em, Heading, Image, Para, Strong, Table, slug

_HERE = Path(__file__).resolve().parent


def _asset(name: str) -> str:
    return (_HERE / name).read_text(encoding="utf-8")


def html_inline(part) -> str:
    if isinstance(part, list):   # a cell of several parts
        return "".join(html_inline(p) for p in part)
    if isinstance(part, Em):
        return f"<em>{html.escape(part.text)}</em>"
    if isinstance(part, Code):
        return f"<code>{html.escape(part.text)}</code>"
    if isinstance(part, Strong):
        return f"<strong>{html.escape(part.text)}</strong>"
    return html.escape(str(part))


def _num_attr(numeric: bool, wrap: bool = False) -> str:
    classes = (["num"] if numeric else []) + (["wrap"] if wrap else [])
    return f' class="{" ".join(classes)}"' if classes else ""


def _table(b: Table) -> list:
    ident = f' id="{html.escape(b.ident)}"' if b.ident else ""
    out = [f"<table{ident}>", "<thead><tr>" + "".join(
        f"<th{_num_attr(n)}>{html.escape(h)}</th>" for h, n in zip(b.headers, b.numeric)) + "</tr></thead>",
        "<tbody>"]
    for i, row in enumerate(b.rows):
        cls = ' class="peer"' if i in b.peer_rows else ""
        out.append(f"<tr{cls}>" + "".join(
            f"<td{_num_attr(n, j in b.wrap)}>{html_inline(c)}</td>"
            for j, (c, n) in enumerate(zip(row, b.numeric))) + "</tr>")
    out += ["</tbody>", "</table>"]
    return out


def _block(b, ids: dict, anchors: dict) -> list:
    if isinstance(b, Heading):
        return [f'<h{b.level} id="{anchors[id(b)]}">{html.escape(b.text)}</h{b.level}>']
    if isinstance(b, Para):
        cls = f' class="{b.css}"' if b.css else ""
        return [f"<p{cls}>" + "".join(html_inline(p) for p in b.parts) + "</p>"]
    if isinstance(b, Table):
        return _table(b)
    if isinstance(b, Image):
        data = base64.b64encode(b.png).decode("ascii")
        return [f'<figure id="{_unique("plot-" + slug(b.name.rsplit(".", 1)[0]), ids)}">'
                f'<img alt="{html.escape(b.alt)}" src="data:image/png;base64,{data}">'
                f"<figcaption>{html.escape(b.caption)}</figcaption></figure>"]
    return []


def heading_anchors(blocks: list) -> dict:
    """id(heading) -> its anchor: the heading's words; a level-3 heading's
    prefixed by its section's (the same subtitle recurs in every query)."""
    ids, anchors, section = {}, {}, ""
    for b in blocks:
        if isinstance(b, Heading):
            base = slug(b.text) if b.level <= 2 else f"{section}--{slug(b.text)}"
            anchors[id(b)] = _unique(base, ids)
            if b.level == 2:
                section = anchors[id(b)]
    return anchors


def _unique(anchor: str, ids: dict) -> str:
    """Anchors are unique in the page: a repeated heading gets -2, -3, …"""
    n = ids.get(anchor, 0) + 1
    ids[anchor] = n
    return anchor if n == 1 else f"{anchor}-{n}"


def _sections(blocks: list):
    """(level-2 heading or None, its blocks) in order; the title and what
    precedes the first section come first with heading None."""
    out = [(None, [])]
    for b in blocks:
        if isinstance(b, Heading) and b.level <= 2:
            if b.level == 2:
                out.append((b, []))
                continue
        out[-1][1].append(b)
    return out


def render_html(blocks: list, title: str) -> str:
    n_images = sum(isinstance(b, Image) for b in blocks)
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>",
           f"<style>{_asset('report_page.css')}</style>", f"<script>{_asset('report_page.js')}</script>",
           "</head>", f'<body data-plots-expected="{n_images}">']
    ids: dict = {"": 1}          # figures' ids; headings' come from heading_anchors
    anchors = heading_anchors(blocks)
    sections = _sections(blocks)
    for b in sections[0][1]:
        out += _block(b, ids, anchors)
    links = [f'<a href="#{anchors[id(h)]}">{html.escape(h.text)}</a>' for h, _ in sections[1:]]
    if links:
        out.append('<nav class="toc">' + "".join(links) + "</nav>")
    for h, body in sections[1:]:
        heading = _block(h, ids, anchors)[0]
        if h.collapsed:
            out.append("<details><summary>" + heading + "</summary>")
        else:
            out.append("<section>" + heading)
        for b in body:
            out += _block(b, ids, anchors)
        out.append("</details>" if h.collapsed else "</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"
