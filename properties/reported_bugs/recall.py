#!/usr/bin/python3
"""Recall of a sepax verify campaign over the reproduced reported bugs.

    recall.py SEPAX RESULTS_FOLDER

For every expectation of expected.json that is a reproduced bug (class gross)
of a kernel sepax runs (not a "reported/..." answer quoted from a thread), the
kind of the finding is what `sepax check FILE --json --kernel KERNEL` says of
it; the campaign recalls the bug when its results folder has a failure class
of the same kernel and kind. Prints one line per bug and the recall; exits 0
(a measurement, not a gate), 2 on a usage error. Standard library only.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def reason_kind(reason):
    """The failure-class kind of a judge's reason, as sepax names it
    (harness/src/query/query_batch.cpp, reason_kind): "wrong-" and the words
    before the first ';', ':', '(' or digit."""
    head = re.split(r"[;:(0-9]", reason, maxsplit=1)[0]
    kind = "wrong-" + "-".join(re.findall(r"[A-Za-z]+", head)).lower()
    kind = kind.rstrip("-")
    return "wrong-answer" if kind == "wrong" else kind[:48].rsplit("-", 1)[0] if len(kind) > 48 else kind


def finding_kind(sepax, path, line_id, kernel):
    done = subprocess.run([sepax, "check", path, "--json", "--kernel", kernel], capture_output=True, text=True)
    for text in done.stdout.splitlines():
        case = json.loads(text)
        if case.get("id") != line_id:
            continue
        for k in case.get("kernels", []):
            if k.get("kernel") != kernel:
                continue
            says_meets, exact = k.get("intersects", k.get("contact")), case.get("oracle", {}).get("intersects")
            if "distance" in k:
                says_meets = k["distance"] <= 0
            if says_meets is not None and exact is not None and says_meets != exact:
                return "false-positive" if says_meets else "false-negative"
            return reason_kind(k.get("reason", ""))
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sepax, results = sys.argv[1:]
    rows_path = os.path.join(results, "verify.jsonl")
    if not os.path.exists(rows_path):
        print("recall.py: %s has no verify.jsonl" % results, file=sys.stderr)
        return 2
    classes = set()
    with open(rows_path) as f:
        for text in f:
            row = json.loads(text)
            if row.get("table") == "failure_class":
                classes.add((row["kernel"], row["kind"]))
    expected = json.load(open(os.path.join(HERE, "expected.json")))["expectations"]
    bugs = {}
    for e in expected:
        if e["class"] != "gross" or e["kernel"].startswith("reported/"):
            continue
        kind = finding_kind(sepax, os.path.join(HERE, e["file"]), e["id"], e["kernel"])
        bugs.setdefault((e["kernel"], kind), []).append(e["issue"])
    found = 0
    for (kernel, kind), issues in sorted(bugs.items(), key=lambda x: str(x[0])):
        hit = (kernel, kind) in classes
        found += hit
        print("%-9s %s %s (%s)" % ("found" if hit else "MISSED", kernel, kind, ", ".join(sorted(set(issues)))))
    print("recall: %d of %d reproduced bugs (kernel x kind) found by the campaign in %s" % (found, len(bugs), results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
