#!/usr/bin/env python3
"""A kernel that does no work: every pair is "intersecting". It measures what
the protocol itself costs (harness/tests/external_throughput.cpp), for each
query and mode, in the JSON framing or, with --binary, the binary one."""

import argparse
import os
import sys

sys.dont_write_bytecode = True  # keep examples/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sepax_external  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", action="store_true", help="binary framing of requests")
    args = parser.parse_args()

    def test(pairs, _motions):
        return [True] * len(pairs)

    def find(pairs, _motions):
        return [("overlapping_at_start", 0.0, None)] * len(pairs)

    kernels = []
    for query in ("obb_obb", "tri_obb", "tri_tri"):
        for mode, run in (("test_static", test), ("test_moving", test), ("find_first_contact", find)):
            kernels.append({"name": "%s_%s" % (query, mode), "query": query, "mode": mode,
                            "scalar": "double", "run": run})
    sepax_external.serve("trivial", kernels, binary=args.binary)


if __name__ == "__main__":
    main()
