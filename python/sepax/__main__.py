"""python3 -m sepax check CASES.jsonl SCRIPT.py:FUNCTION [--query Q] [--mode M] [--tolerance REL]

Replays a case file (a sepax.campaign replay file, a bug report) on a Python
kernel: the function FUNCTION of SCRIPT.py (loaded as a module: its
`if __name__ == "__main__":` part does not run), judged exactly.
Exit status: 0 no gross verdict; 1 a gross verdict or a line that is no case;
2 a usage error."""

import argparse
import importlib.util
import os
import sys

from ._check import check
from ._structure import InputError


def load(target):
    """SCRIPT.py:FUNCTION → the function."""
    script, _, name = target.rpartition(":")
    if not script or not name:
        raise InputError("kernel: %r is not SCRIPT.py:FUNCTION" % target)
    if not os.path.isfile(script):
        raise InputError("kernel: %r: no such file" % script)
    spec = importlib.util.spec_from_file_location("sepax_user_kernel", script)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    spec.loader.exec_module(module)
    if not callable(getattr(module, name, None)):
        raise InputError("kernel: %s has no function %r" % (script, name))
    return getattr(module, name)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m sepax", description=__doc__.split("\n\n")[1])
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("check", help="a case file on a Python kernel, judged exactly")
    c.add_argument("cases", help="case file (JSON Lines)")
    c.add_argument("kernel", nargs="+", help="SCRIPT.py:FUNCTION (repeatable)")
    c.add_argument("--query", help="the kernels' query (default: @sepax.kernel's, else the case's)")
    c.add_argument("--mode", help="the kernels' mode (default: @sepax.kernel's, else test_static)")
    c.add_argument("--tolerance", type=float, help="the kernels' promise relative to the shapes' size")
    args = parser.parse_args(argv)
    try:
        rows = check(args.cases, [load(k) for k in args.kernel], query=args.query, mode=args.mode,
                     tolerance=args.tolerance)
    except InputError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if not rows:
        print("error: no case of %s is one the kernels take (query, mode, scalar)" % args.cases, file=sys.stderr)
        return 2
    return 1 if any(r["class"] in ("gross", "error") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
