#!/usr/bin/python3
"""sepax speed-versus-robustness report (SPEC §9).

Turns `sepax verify` results (verify.jsonl, or the directory holding it) and
Google Benchmark JSON files into DIR/report.md (tables, with plots referenced
from DIR/plots/*.png) and DIR/report.html (the same content, self-contained:
CSS inline, plots embedded as base64 PNG, no external reference at all).

    /usr/bin/python3 reports/sepax_report.py INPUT... -o DIR [--title TITLE]

Run it with Debian's interpreter and python3-matplotlib (scripts/setup.sh
installs it); nothing else outside the standard library is needed.

Inputs:
- verify.jsonl rows: static kernel rows (no "table"), "table":"moving" rows,
  "oracle_costs" / "moving_oracle_costs" rows, and, when present, "run_info"
  rows and "margin_bins" on kernel rows. Unknown row kinds are skipped with a
  note; a line that is not a JSON object, or a known row with a field of the
  wrong type, stops the run with FILE:LINE and the reason.
- Google Benchmark JSON (--benchmark_out_format=json) whose names are
  `<suite>:<id>:<family>:<set>` (suite `kernel` or `oracle`). Medians of
  repetitions are used when the file has them, else the iteration rows
  (their median when there are several).

Output is deterministic for the same inputs: sorted orders, fixed figure
sizes, no timestamps (PNG metadata carries no date and no software string).

This file is the entry point `sepax report` runs; the work is done by the
sepax_reporting package beside it (see its __init__.py for the modules).
"""

import sys
from pathlib import Path

# No __pycache__ in the source tree: `sepax report` runs this file from it.
sys.dont_write_bytecode = True
_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from sepax_reporting.report import main  # noqa: E402  (after the path is set)

if __name__ == "__main__":
    sys.exit(main())
