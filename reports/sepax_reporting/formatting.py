"""Cell formatting: numbers at fixed precision (reports diff cleanly
between runs), kernel ids and origins (peers in italics)."""

from __future__ import annotations

from .document import Code, Em
from .model import Dataset
from .vocabulary import DASH

def fmt_ns(v):
    if v is None:
        return DASH
    if v < 10:
        return f"{v:.2f}"
    if v < 100:
        return f"{v:.1f}"
    return f"{v:.0f}"


def fmt_sci(v):
    if v is None:
        return DASH
    if v == 0:
        return "0"
    return f"{v:.1e}"


# A rate is printed like any small magnitude.
fmt_rate = fmt_sci


def fmt_int(v):
    return DASH if v is None else str(v)


def fmt_pct(v):
    return DASH if v is None else f"{100 * v:.0f}%"


def fmt_share(v):
    """A share as a percentage: one decimal, exact 0 and 100 % kept apart
    from small and large shares."""
    if v is None:
        return DASH
    if v == 0 or v == 1:
        return f"{100 * v:.0f}%"
    if v < 0.001:
        return "<0.1%"
    if v > 0.999:
        return ">99.9%"
    return f"{100 * v:.1f}%"


def fmt_share_of(n, total):
    """`n` of `total` as a share with its counts: "2.3% (18/798)"."""
    if n is None or not total:
        return DASH
    return f"{fmt_share(n / total)} ({n}/{total})"


def kernel_cell(data: Dataset, kernel: str):
    return Em(kernel) if data.is_peer(kernel) else Code(kernel)


def origin_cell(data: Dataset, kernel: str):
    origin = data.origin_of(kernel)
    return Em(origin) if origin != "sepax" else origin

