"""A Python campaign's results folder, in the layout `sepax verify` writes
(docs/campaigns.md): campaign.json (the arguments), verify.jsonl (a
run_info row, one pair_queries row per family as it finishes, one
failure_class row per class), gross/<class>/ (replay files and class.json)
and summary.md. Rows are appended and flushed as they come, so an
interrupted campaign keeps what it finished."""

import datetime
import json
import os
import platform
import shutil
import sys

import numpy as np

from . import _sepax
from ._structure import InputError

# Queries whose case files carry a kernel's recorded answer ("verdicts": the
# docs/case-files.md), so `sepax check` replays it with no Python at all.
RECORDED_QUERIES = ("obb_obb", "tri_obb", "tri_tri")
STATES = ("overlapping_at_start", "separated_throughout", "first_contact")


def slug(text):
    """A name safe as a folder's, the same rule as verify's class folders."""
    out = ""
    for ch in str(text):
        if ch.isascii() and (ch.isalnum() or ch == "_"):
            out += ch
        elif out and out[-1] != "-":
            out += "-"
    return out.rstrip("-")


def sepax_command():
    """How to run the sepax command: $SEPAX_COMMAND, the one built or
    installed with this package, or `sepax` on PATH."""
    if os.environ.get("SEPAX_COMMAND"):
        return os.environ["SEPAX_COMMAND"]
    try:
        from ._paths import SEPAX_COMMAND
        if os.path.exists(SEPAX_COMMAND):
            return SEPAX_COMMAND
    except ImportError:
        pass
    return shutil.which("sepax") or "sepax"


def python_command():
    """This interpreter, with PYTHONPATH when the package is not where it looks by itself."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    prefix = "" if ("-packages" in here) else "PYTHONPATH=%s " % here
    return prefix + sys.executable


def _number(x):
    """A double as case files write it: an integer, or its hex-float text."""
    x = float(x)
    return int(x) if x.is_integer() and abs(x) < 2 ** 53 and not (x == 0 and np.signbit(x)) else x.hex()


def recorded_verdict(mode, answer, bias=None):
    """A kernel's answer (its answer values) as a case file's recorded verdict
    (None: case files carry no bias for a moving answer)."""
    if mode == "test_static":
        if bias is not None:
            return {"intersects": bool(answer[0]), "bias": {"method": bias["method"], "epsilon": bias["epsilon"]}}
        return bool(answer[0])
    if bias is not None:
        return None
    if mode == "test_moving":
        return {"meets": bool(answer[0])}
    state = STATES[int(answer[0])]
    if state != "first_contact":
        return {"state": state}
    return {"state": state, "t": _number(answer[1]), "point": [_number(v) for v in answer[2:5]]}


class ResultsWriter:
    def __init__(self, out, about):
        self.out, self.about = out, about
        if os.path.exists(out) and not os.path.isdir(out):
            raise InputError("out: %r is a file, not a folder" % out)
        if os.path.isdir(out) and os.listdir(out):
            previous = os.path.join(out, "campaign.json")
            if not os.path.exists(previous):
                raise InputError("out: %r holds files that are not a campaign's results; give an empty or new folder"
                                 % out)
            shutil.rmtree(os.path.join(out, "gross"), ignore_errors=True)  # a previous campaign's
            for name in ("verify.jsonl", "summary.md"):
                if os.path.exists(os.path.join(out, name)):
                    os.remove(os.path.join(out, name))
        os.makedirs(out, exist_ok=True)
        self.run = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        with open(os.path.join(out, "campaign.json"), "w") as f:
            json.dump(about, f, indent=2)
            f.write("\n")
        self.rows = []
        self.recorded = set()  # replay files that carry the kernel's answer
        self._append(dict(table="run_info", command="sepax.campaign(%s, %r, %r)" % (about["kernel"], about["query"],
                                                                                   about["scalar"]),
                          machine=platform.platform(), threads=os.cpu_count(), date=self.run, seed=about["seed"],
                          python=sys.version.split()[0]))

    def _append(self, row):
        row = dict(run=self.run, **row)
        self.rows.append(row)
        with open(os.path.join(self.out, "verify.jsonl"), "a") as f:
            f.write(json.dumps(row) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def group_row(self, group, kernel_id):
        a = self.about
        seconds = max(group.kernel_seconds, 1e-9)
        row = dict(table="pair_queries", seed=a["seed"], query=a["query"], mode=a["mode"], kernel=kernel_id,
                   scalar=a["scalar"], family=group.family, peer=False, cases=group.cases,
                   truth_hits=group.exact_hits, ok=group.counts["ok"], boundary=group.counts["boundary"],
                   gross=group.counts["gross"], convention=group.counts["convention"],
                   threw=len(group.findings.get("threw", [])), refused=0,
                   ns_per_call=1e9 * seconds / max(group.cases, 1), cases_per_second=group.cases / seconds)
        self._append(row)
        return row

    def replay_files(self, kernel_id, query, mode, scalar, family, kind, picks, answer_of, bias=None):
        """Writes each pick (stem, values, index, shrunk) as a case file of one
        line, with the kernel's recorded answer where case files carry one."""
        folder = os.path.join("gross", "%s.%s.%s" % (slug(kernel_id), slug(family), slug(kind)))
        os.makedirs(os.path.join(self.out, folder), exist_ok=True)
        files = []
        group = "%s/%s/%s/%s" % (query, mode, scalar, family)
        for n, (stem, values, index, shrunk) in enumerate(picks, 1):
            origin = {"seed": self.about["seed"], "group": group, "index": int(index), "kernel": kernel_id,
                      "campaign": "sepax.campaign"}
            if shrunk:
                origin["shrunk"] = True
            path = os.path.join(folder, "%02d-%s.jsonl" % (n, slug(stem)))
            line = _sepax.values_case_line(query, mode, scalar, np.asarray(values, dtype=np.float64),
                                           "%s-%s" % (group, stem), family, json.dumps(origin))
            if answer_of is not None and query in RECORDED_QUERIES:
                try:
                    verdict = recorded_verdict(mode, answer_of(values), bias)
                except Exception:  # the kernel raised on it now: the file still replays the case
                    verdict = None
                if verdict is not None:
                    case = json.loads(line)
                    case["verdicts"] = {kernel_id: verdict}
                    line = json.dumps(case, separators=(",", ":"))
                    self.recorded.add(path)
            with open(os.path.join(self.out, path), "w") as f:
                f.write(line + "\n")
            files.append(path)
        return files

    def class_row(self, c):
        """The failure_class row (verify.jsonl, class.json), with its replay commands."""
        fn = c.pop("fn")
        files = c.pop("files")
        folder = os.path.dirname(files[0]) if files else ""
        first = os.path.join(self.out, files[0]) if files else ""
        commands = []
        if files and files[0] in self.recorded:
            commands.append("%s check %s --kernel %s" % (sepax_command(), first, c["kernel"]))
        source = getattr(getattr(fn, "__code__", None), "co_filename", None)
        if files and source and os.path.exists(source) and getattr(fn, "__name__", "<lambda>") != "<lambda>":
            commands.append("%s -m sepax check %s %s:%s" % (python_command(), first, source, fn.__name__))
        what = {"false-negative": "calls intersecting shapes separated",
                "false-positive": "calls separated shapes intersecting",
                "threw": "raises"}.get(c["kind"], c["kind"])
        row = dict(table="failure_class", **{"class": "%s %s %s %s" % (c["kernel"], c["query"], c["family"],
                                                                      c["kind"])})
        row.update(c)
        row.update(peer=False, origin="python", files=len(files), replay_files=files, folder=folder,
                   replay=commands[0] if commands else "", replay_commands=commands,
                   description="%s %s on %s" % (c["kernel"], what, c["family"]), verdicts="gross",
                   worst_is_gross=True)
        self._append(row)
        if folder:
            with open(os.path.join(self.out, folder, "class.json"), "w") as f:
                json.dump({k: v for k, v in row.items() if k != "run"}, f, indent=2)
                f.write("\n")
        return row

    def finish(self, result, seconds):
        """summary.md: the groups and the failure classes, with how to replay them."""
        a = self.about
        lines = ["# sepax.campaign", "",
                 "- kernel: `%s` (%s %s, %s)" % (a["kernel"], a["query"], a["mode"], a["scalar"]),
                 "- run: %s" % self.run, "- seed: %d" % a["seed"], "- cases: %d per family" % a["cases"],
                 "- wall time: %.1f s%s" % (seconds, " (interrupted: the families below are those finished)"
                                            if result.get("interrupted") else ""),
                 "", "| family | cases | exact hits | ok | boundary | gross | threw | cases/s |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for g in result["groups"]:
            lines.append("| %s | %d | %d | %d | %d | %d | %d | %.0f |" % (
                g["family"], g["cases"], g["truth_hits"], g["ok"], g["boundary"], g["gross"], g["threw"],
                g["cases_per_second"]))
        lines += ["", "## Failure classes", ""]
        if not result["failure_classes"]:
            lines.append("None: no gross verdict.")
        for c in result["failure_classes"]:
            lines.append("- **%s**: %d case%s; severity max %s (band %s); cause **%s**: %s" % (
                c["description"], c["count"], "" if c["count"] == 1 else "s",
                "%.3g" % c["severity_max"] if c["severity_max"] is not None else "-",
                "%.3g" % c["worst_band"] if c["worst_band"] is not None else "-", c["cause"], c["cause_detail"]))
            if c.get("fix"):
                lines.append("  - fix: %s" % c["fix"])
            for command in c["replay_commands"]:
                lines.append("  - replay: `%s`" % command)
        with open(os.path.join(self.out, "summary.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
