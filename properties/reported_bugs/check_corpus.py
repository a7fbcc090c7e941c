#!/usr/bin/python3
"""Replays the reported-bug corpus and compares sepax's classes with the reports.

Usage: check_corpus.py SEPAX

For each case file of this folder, one `SEPAX check FILE --json --kernel K ...` call names every kernel that
expected.json lists for it; each expectation's class (from the report, README.md) is compared with the class
sepax prints. `sepax check` exits 1 when a named kernel is gross, which is the point here: the exit status
only counts as an error when it is 2 (usage) or 3 (a kernel or oracle hung or crashed). A file sepax cannot
read, a line it rejects, a line id or kernel missing from its answer, a case file expected.json does not name,
or a line that expected.json neither judges nor explains is a mismatch too.

Exit status: 0 every expectation met; 1 a mismatch; 2 a usage error (arguments, expected.json).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 240  # seconds for one sepax call (the whole corpus takes a few seconds)


def usage(msg):
    print(f"check_corpus.py: {msg}\nusage: check_corpus.py SEPAX", file=sys.stderr)
    sys.exit(2)


def case_ids(path):
    """The ids of a case file's lines, in order (None for a line that is not a JSON object with an id)."""
    ids = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                ids.append(obj.get("id") if isinstance(obj, dict) else None)
            except ValueError:
                ids.append(None)
    return ids


def run_check(sepax, path, kernels):
    """(answers by id, problems): sepax's JSON answer per line id, and what went wrong reading the file."""
    cmd = [sepax, "check", path, "--json"]
    for k in kernels:
        cmd += ["--kernel", k]
    name = os.path.basename(path)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {}, [f"sepax check {name} did not finish in {TIMEOUT} s"]
    except OSError as err:
        return {}, [f"cannot run {sepax}: {err}"]
    if proc.returncode not in (0, 1):
        first = (proc.stderr.strip().splitlines() or ["(no message)"])[0]
        return {}, [f"sepax check {name} failed (exit {proc.returncode}: {first}): the file cannot be read, "
                    "or a kernel is unknown to this build"]
    answers, problems = {}, []
    for text in proc.stdout.splitlines():
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except ValueError:
            problems.append(f"{name}: sepax printed a line that is not JSON: {text[:80]}")
            continue
        if "error" in obj:
            problems.append(f"{name} line {obj.get('line')}: sepax rejects it: {obj['error']}")
        elif "id" in obj:
            answers[obj["id"]] = obj
    return answers, problems


def kernel_class(answer, kernel):
    for k in answer.get("kernels", []):
        if k.get("kernel") == kernel:
            return "refused" if k.get("refused") else k.get("class", "(no class)")
    return None


def main(argv):
    if len(argv) != 2:
        usage("one argument expected, the sepax command")
    sepax = argv[1]
    if not (os.path.isfile(sepax) and os.access(sepax, os.X_OK)):
        usage(f"{sepax} is not an executable file")
    try:
        with open(os.path.join(HERE, "expected.json"), encoding="utf-8") as f:
            doc = json.load(f)
        expectations = doc["expectations"]
        excluded = doc.get("excluded", [])
        unjudged = doc.get("unjudged", [])
        parse_only = {p["file"]: p["kernel"] for p in doc.get("parse_only", [])}
    except (OSError, ValueError, KeyError, TypeError) as err:
        usage(f"cannot read expected.json: {err}")

    files = sorted(f for f in os.listdir(HERE) if f.endswith(".jsonl"))
    named = {x["file"] for x in expectations + excluded} | set(parse_only)
    mismatches, counts = [], {"reproduced": 0, "as expected": 0, "excluded": 0, "files": 0}

    def mismatch(text):
        mismatches.append(text)
        print(f"MISMATCH {text}")

    for name in sorted(named - set(files)):
        mismatch(f"{name}: named in expected.json but not in {HERE}")

    for name in files:
        path = os.path.join(HERE, name)
        if name not in named:
            mismatch(f"{name}: a case file expected.json does not name")
            continue
        mine = [x for x in expectations if x["file"] == name]
        mine_x = [x for x in excluded if x["file"] == name]
        kernels = sorted({x["kernel"] for x in mine + mine_x}) or [parse_only[name]]
        answers, problems = run_check(sepax, path, kernels)
        counts["files"] += 1
        for p in problems:
            mismatch(p)
        if problems and not answers:
            continue
        ids = case_ids(path)
        for i, case_id in enumerate(ids, 1):
            if case_id is None:
                mismatch(f"{name} line {i}: no id")
            elif case_id not in answers:
                mismatch(f"{name}: sepax gave no answer for line {case_id}")
        # every line is judged, excluded with a reason, or explained as unjudged
        accounted = {x["id"] for x in mine + mine_x}
        accounted |= {u["id"] for u in unjudged if u["file"] == name}
        if "*" not in accounted:
            for case_id in ids:
                if case_id is not None and case_id not in accounted:
                    mismatch(f"{name}: line {case_id} is neither judged nor explained in expected.json")
        if not mine and not mine_x:
            print(f"parses   {name}: {len(answers)} of {len(ids)} lines read (no kernel of the reported routine)")
        for x in mine + mine_x + [u for u in unjudged if u["file"] == name]:
            if x["id"] != "*" and x["id"] not in ids:
                mismatch(f"{name}: expected.json names line {x['id']}, which the file does not have")
        for x in mine:
            where = f"{name} {x['id']} {x['kernel']}"
            if x["id"] not in answers:
                continue  # a mismatch already printed above
            got = kernel_class(answers[x["id"]], x["kernel"])
            if got is None:
                mismatch(f"{where}: the kernel did not run on this line (expected {x['class']}; {x['issue']})")
            elif got != x["class"]:
                mismatch(f"{where}: sepax says {got}, the report {x['class']} ({x['issue']}: {x['why']})")
            elif got == "gross":
                counts["reproduced"] += 1
                print(f"reproduced {where}: gross ({x['issue']})")
            else:
                counts["as expected"] += 1
                print(f"as expected {got} {where} ({x['issue']})")
        for x in mine_x:
            where = f"{name} {x['id']} {x['kernel']}"
            got = kernel_class(answers.get(x["id"], {}), x["kernel"])
            counts["excluded"] += 1
            note = ""
            if got == x["report_class"]:
                note = " - sepax now agrees with the report: move it to expectations"
            elif got != x["sepax_class"]:
                note = f" - sepax's class changed from {x['sepax_class']}: look again"
            print(f"excluded {where}: report {x['report_class']}, sepax {got} (see README){note}")

    print(f"\n{len(expectations)} expectations in {counts['files']} files: {counts['reproduced']} reproduced (gross), "
          f"{counts['as expected']} as expected (ok/boundary), {len(mismatches)} mismatches; "
          f"{counts['excluded']} excluded (sepax disagrees with the report, explained in README.md)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
