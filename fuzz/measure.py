#!/usr/bin/env python3
"""Fuzzing figures, measured: executions/s and finding signatures per target
(against the throughput goal of its kind: sepax's kernels on the fast path,
or the peers'), and the time a target takes to find a known bug (a peer's, or
a planted sepax mutant), over several libFuzzer seeds. Writes one JSON
document that `sepax report` reads (its "Fuzzing" section) and prints a table,
and beside it, in findings/<target>/, the case files of the sepax and oracle
findings of the throughput runs (replay: sepax check FILE).

    fuzz/measure.py [--seconds 60] [--seeds 3] [--jobs 1] [--out build/fuzz-measure/fuzz_summary.json]
                    [--only throughput|hunts] [--targets T,...] [--hunts NAME,...]
                    [--survey-seconds S] [--fuzz-out DIR] [--mutants runtime|compiled] [--mutant-out DIR]
                    [--baseline SUMMARY] [--libfuzzer-options "OPTS"]

Every run starts from the committed seed corpus alone (a fresh, empty working
corpus), so runs are comparable and repeatable with their seed; each is one
libFuzzer process (one core), --jobs of them at a time. Targets come from
build/fuzz-out (fuzz/build.sh). Mutant hunts run the build that plants every
mutant behind SEPAX_MUTANT=<name>, SEPAX_MUTANT_RUNTIME=1
OUT=build/fuzz-out-mutants fuzz/build.sh (--mutants runtime, the default), or
one build per mutant, SEPAX_MUTANT=<name> OUT=build/fuzz-out-<name>
fuzz/build.sh (--mutants compiled); built here when missing. A build from
before the peers had targets of their own (no fuzz_peers_*) runs the peers'
hunts on the combined target. With --baseline, an earlier summary (say the
committed one: git show HEAD:fuzz/measured/fuzz_summary.json > before.json),
each hunt keeps that summary's median time to first finding as "before"
(matched by name and query: a peer hunt on the combined target of an older
build matches its peers_ target), and the report shows both.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEPAX_TARGETS = ["obb_obb", "tri_obb", "tri_tri", "moving_obb_obb", "moving_tri_obb", "moving_tri_tri", "case_file"]
PEER_TARGETS = ["peers_obb_obb", "peers_tri_obb", "peers_tri_tri", "peers_moving_obb_obb"]
TARGETS = SEPAX_TARGETS + PEER_TARGETS
# Executions per second each kind of target is meant to reach (issue 33), one
# process, the ASan/UBSan build of fuzz/build.sh.
GOAL = {"sepax": 10_000, "peers": 2_000}
# What fuzz/run.sh sets too, unless ASAN_OPTIONS is set.
ASAN_OPTIONS = "malloc_context_size=4"
# libFuzzer options of a target's runs (fuzz/run.sh's too; --libfuzzer-options
# replaces them for every target). The entropic power schedule (libFuzzer's
# default) updates a frequency per feature on every execution, a fifth of an
# obb_obb execution early on (perf, issue 33); on the case targets the plain
# schedule reached as much coverage in the same time and the peers' hunts were
# no slower. case_file keeps entropic: without it libFuzzer favours long case
# files, and executions per CPU second halved, coverage fell by a tenth. Its
# inputs are capped at 1,024 bytes, two to four case lines (a box pair's line
# is 250-560 bytes): the corpus's 100 KB long-string seed had set the cap to
# 100 KB (15 s runs: 1,526 exec/s), 4,096 bytes read 3,952; the reader's
# DOM allocates per value, so its cost grows with the input, and 30 s runs
# on one build read 4,170 exec/s at 4 KB, 8,141 at 1 KB, with more coverage
# in 15 s (5,647 against 5,366). The long seeds still run whole in ctest.
LIBFUZZER_OPTIONS = {"case_file": ["-max_len=1024"]}
DEFAULT_LIBFUZZER_OPTIONS = ["-entropic=0"]


def libfuzzer_options(target: str, override: list | None) -> list:
    return override if override is not None else LIBFUZZER_OPTIONS.get(target, DEFAULT_LIBFUZZER_OPTIONS)

# Known bugs to hunt: (name, target, kernel-id prefix kept, mutant or None).
# The peers' are bugs the main job's campaign finds in them (gross verdicts of `sepax verify`).
HUNTS = [
    ("ODE dBoxTouchesBox", "peers_obb_obb", "ode/box_touches_box/", None),
    ("Möller tri-tri (no epsilon)", "peers_tri_tri", "textbook/tri_tri_moller/", None),
    ("Bullet GJK box-box", "peers_obb_obb", "bullet/gjk_obb_obb/", None),
    ("Bullet GJK triangle-box", "peers_tri_obb", "bullet/gjk_tri_obb/", None),
    ("mutant obb_face_ge", "obb_obb", None, "obb_face_ge"),
    ("mutant table2_sigma", "moving_obb_obb", None, "table2_sigma"),
    ("mutant tri_obb_face_ge", "tri_obb", None, "tri_obb_face_ge"),
    ("mutant tri_tri_touch_le", "tri_tri", None, "tri_tri_touch_le"),
    ("mutant tri_obb_sweep_ge", "moving_tri_obb", None, "tri_obb_sweep_ge"),
    ("mutant tri_tri_moving_no_inplane", "moving_tri_tri", None, "tri_tri_moving_no_inplane"),
    ("mutant obb_face_ge", "case_file", None, "obb_face_ge"),
]

STAT = re.compile(r"^stat::(\w+):\s+(\d+)", re.M)
SIGNATURE = re.compile(r"^\s+(\d+)\s+(.+)$")
PATHS = re.compile(r"judged (\d+) cases on the fast path, (\d+) fully \(sampled\); (\d+) kernel answers escalated")


def kind(target: str) -> str:
    return "peers" if target.startswith("peers_") else "sepax"


def corpus(target: str) -> Path:
    """A peers_ target reads the corpus of its query's sepax target."""
    return ROOT / "fuzz" / "corpus" / target.removeprefix("peers_")


def keep_sepax_findings(findings: Path, keep: Path) -> list:
    """Copies the case files of sepax's and the oracles' findings (not the
    peers') into `keep`; their names, relative to keep's parent."""
    kept = []
    for f in sorted(findings.glob("*.jsonl")) if findings.is_dir() else []:
        if f.name.startswith(("obb_obb_", "tri_obb_", "tri_tri_", "oracle")):
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(f, keep / f.name)
            kept.append(f"{keep.name}/{f.name}")
    return kept


def fuzz(binary: Path, target: str, seconds: float, seed: int, env: dict, options: list,
         keep: Path | None = None) -> dict:
    """One libFuzzer run from the committed corpus; wall and CPU time, stats,
    signatures; with `keep`, sepax's findings' case files copied there."""
    with tempfile.TemporaryDirectory(prefix=f"sepax-fuzz-{target}-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        run_env = dict(os.environ, SEPAX_FUZZ_FINDINGS=str(Path(tmp) / "findings"), **env)
        # ASan records every allocation's stack (30 frames by default): a fifth
        # of an execution. A short context keeps every check; a report names
        # fewer callers of an allocation. Set ASAN_OPTIONS to override.
        run_env.setdefault("ASAN_OPTIONS", ASAN_OPTIONS)
        cmd = [str(binary), f"-max_total_time={seconds:g}", f"-seed={seed}", "-timeout=30",
               "-rss_limit_mb=4096", "-print_final_stats=1", f"-artifact_prefix={tmp}/", *options,
               str(work), str(corpus(target))]
        start = time.monotonic()
        with open(Path(tmp) / "stderr", "w+", encoding="utf-8", errors="replace") as err:
            p = subprocess.Popen(cmd, env=run_env, stdout=subprocess.DEVNULL, stderr=err)
            # wait4: the CPU time of this run alone, however many run at once.
            _, status, usage = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
            err.seek(0)
            stderr = err.read()
        wall = time.monotonic() - start
        kept = keep_sepax_findings(Path(tmp) / "findings", keep) if keep else []
    stats = {k: int(v) for k, v in STAT.findall(stderr)}
    signatures, in_list = {}, False
    for line in stderr.splitlines():
        if "distinct finding signature" in line:
            in_list = True
            continue
        m = SIGNATURE.match(line) if in_list else None
        if m:
            signatures[m.group(2)] = int(m.group(1))
        else:
            in_list = False
    found = p.returncode != 0
    first = next((ln.split("finding ", 1)[1] for ln in stderr.splitlines()
                  if ln.startswith("sepax fuzz: new finding ") or ln.startswith("sepax fuzz: finding ")), None)
    paths = PATHS.search(stderr)
    cpu = usage.ru_utime + usage.ru_stime
    executions = stats.get("number_of_executed_units")
    return {"seed": seed, "libfuzzer_options": options, "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2), "stopped": found,
            "exit": p.returncode, "executions": executions, "exec_per_s": stats.get("average_exec_per_sec"),
            "exec_per_cpu_s": round(executions / cpu) if executions and cpu > 0 else None,
            "paths": dict(zip(("fast", "sampled", "escalated"), map(int, paths.groups()))) if paths else None,
            "signatures": signatures, "first_finding": first, "finding_files": kept}


def is_sepax(signature: str) -> bool:
    """A finding of sepax's kernels or of the oracles (not a peer's)."""
    head = signature.split(" ", 1)[0]
    return head == "oracle" or head.split("/", 1)[0] in ("obb_obb", "tri_obb", "tri_tri")


def hunted(signatures: dict, keep: str | None, mutant: str | None) -> list:
    """The signatures of the hunted bug: the peer's (its id prefix), or for a
    planted mutant sepax's own kernels' (ids start with their query); the
    survey run judges every other kernel too."""
    def kernel(sig: str) -> str:
        return sig.split(" ", 1)[0]
    if mutant:
        return [s for s in signatures if kernel(s).split("/", 1)[0] in ("obb_obb", "tri_obb", "tri_tri")]
    return [s for s in signatures if kernel(s).startswith(keep)]


def hunt_key(name: str, target: str) -> tuple:
    """A hunt's identity across summaries: a peers_ target and the combined target before it are one."""
    return name, target.removeprefix("peers_")


def baseline_hunts(path: str | None) -> tuple[dict | None, dict]:
    """The baseline summary's provenance, and its hunts by hunt_key."""
    if not path:
        return None, {}
    old = json.loads(Path(path).read_text(encoding="utf-8"))
    about = {k: old.get(k) for k in ("commit", "date", "machine", "seconds_per_run", "jobs", "mutant_build")}
    about["mutant_build"] = about["mutant_build"] or "compiled"  # summaries before the runtime build
    return about, {hunt_key(h["name"], h["target"]): h for h in old.get("hunts", [])}


def ensure_mutant_build(name: str, out: Path, runtime: bool) -> Path:
    if not (out / "fuzz_obb_obb").exists():
        what = "every mutant behind SEPAX_MUTANT" if runtime else f"mutant {name}"
        print(f"measure: building the fuzz targets with {what} into {out} ...", file=sys.stderr)
        # A planted bug is hunted on sepax's targets alone: no peer is compiled.
        env = dict(os.environ, OUT=str(out), SEPAX_FUZZ_TARGETS=" ".join(SEPAX_TARGETS))
        env.update({"SEPAX_MUTANT_RUNTIME": "1"} if runtime else {"SEPAX_MUTANT": name})
        subprocess.run(["bash", str(ROOT / "fuzz" / "build.sh")], check=True, env=env)
    return out


def target_binary(build: Path, target: str) -> tuple[Path, str]:
    """The target's binary, and the target run: a peers_ target falls back to
    its query's combined target in a build from before the split."""
    binary = build / f"fuzz_{target}"
    if not binary.exists() and target.startswith("peers_") and (build / f"fuzz_{target.removeprefix('peers_')}").exists():
        combined = target.removeprefix("peers_")
        return build / f"fuzz_{combined}", combined
    return binary, target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60, help="per run (60)")
    ap.add_argument("--seeds", type=int, default=3, help="libFuzzer seeds per hunt (3)")
    ap.add_argument("--out", default=str(ROOT / "build" / "fuzz-measure" / "fuzz_summary.json"))
    ap.add_argument("--only", choices=["throughput", "hunts"])
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time (1; each is one process, one core)")
    ap.add_argument("--targets", help="comma-separated targets of the throughput runs (default: all)")
    ap.add_argument("--hunts", help="comma-separated hunt names, or 'mutants' / 'peers' (default: all)")
    ap.add_argument("--survey-seconds", type=float, help="length of each hunt's survey run (default: --seconds; 0: none)")
    ap.add_argument("--known-from", help="a summary whose targets' sepax findings are the open ones "
                    "(default: this run's throughput runs) — they do not stop a mutant's hunt")
    ap.add_argument("--fuzz-out", default=str(ROOT / "build" / "fuzz-out"), help="targets without a mutant")
    ap.add_argument("--mutants", choices=["runtime", "compiled"], default="runtime",
                    help="one build with every mutant behind SEPAX_MUTANT (runtime), or one build per mutant")
    ap.add_argument("--mutant-out", default=str(ROOT / "build"),
                    help="parent of fuzz-out-mutants (runtime) or fuzz-out-<mutant> (compiled)")
    ap.add_argument("--libfuzzer-options", help="space-separated libFuzzer options of every run, instead of "
                    f"{' '.join(DEFAULT_LIBFUZZER_OPTIONS)!r} (case_file: none); '' for none")
    ap.add_argument("--baseline", help="an earlier summary whose hunts' times to first finding are kept beside "
                    "this run's (each hunt's 'before')")
    args = ap.parse_args()
    survey_seconds = args.seconds if args.survey_seconds is None else args.survey_seconds
    override = None if args.libfuzzer_options is None else args.libfuzzer_options.split()
    options = {t: libfuzzer_options(t, override) for t in TARGETS}
    plain = Path(args.fuzz_out)
    if not (plain / "fuzz_obb_obb").exists():
        subprocess.run(["bash", str(ROOT / "fuzz" / "build.sh")], check=True, env=dict(os.environ, OUT=str(plain)))

    summary = {"sepax_fuzz_summary": 1, "seconds_per_run": args.seconds, "jobs": args.jobs,
               "machine": f"{os.cpu_count()} cores, {os.uname().machine}",
               "date": time.strftime("%Y-%m-%d"), "commit": commit(),
               "sample_every": int(os.environ.get("SEPAX_FUZZ_SAMPLE", "64")), "goal_exec_per_s": GOAL,
               "asan_options": os.environ.get("ASAN_OPTIONS", ASAN_OPTIONS), "libfuzzer_options": options,
               "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
               "mutant_build": args.mutants, "targets": [], "hunts": []}
    baseline, before = baseline_hunts(args.baseline)
    if baseline:
        summary["baseline"] = baseline
    # Every run is independent: (key, binary, target, seed, env, seconds), run args.jobs at a time.
    def run_all(runs):
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            return dict(zip([r[0] for r in runs], pool.map(
                lambda r: fuzz(r[1], r[2], r[5], r[3], r[4], options[r[2]], r[6] if len(r) > 6 else None), runs)))

    # Throughput: every target for the whole run, its findings recorded, none stopping it.
    runs = []
    if args.only != "hunts":
        chosen = args.targets.split(",") if args.targets else TARGETS
        for t in chosen:
            if (plain / f"fuzz_{t}").exists():
                # sepax's findings kept beside the summary, to replay (`sepax check`) and keep.
                runs.append((("target", t), plain / f"fuzz_{t}", t, 1, {"SEPAX_FUZZ_ABORT": "none"}, args.seconds,
                             Path(args.out).parent / "findings" / t))
            else:
                print(f"measure: {plain}/fuzz_{t} missing, left out", file=sys.stderr)
    results = run_all(runs)
    open_findings = {}  # target -> sepax signatures the unplanted build found
    if args.known_from:
        for t in json.loads(Path(args.known_from).read_text(encoding="utf-8")).get("targets", []):
            open_findings[t["target"]] = t.get("sepax_findings") or sorted(
                g for g in t.get("signatures", {}) if is_sepax(g))
    for key, result in results.items():
        result["target"] = key[1]
        result["kind"] = kind(key[1])
        result["goal_exec_per_s"] = GOAL[kind(key[1])]
        result["sepax_findings"] = sorted(s for s in result["signatures"] if is_sepax(s))
        open_findings[key[1]] = result["sepax_findings"]
        summary["targets"].append(result)
        print(f"{key[1]:20} {result['exec_per_s']} exec/s (goal {GOAL[kind(key[1])]:,}; "
              f"{result['exec_per_cpu_s']} per CPU second), {result['executions']} executions, "
              f"{len(result['sepax_findings'])} sepax/oracle finding signature(s)"
              f"{': ' + result['sepax_findings'][0] if result['sepax_findings'] else ''}; "
              f"{len(result['signatures'])} signature(s)")

    hunts = [] if args.only == "throughput" else [
        h for h in HUNTS if not args.hunts or h[0] in args.hunts.split(",")
        or (args.hunts == "mutants" and h[3]) or (args.hunts == "peers" and not h[3])]
    known_dir = Path(tempfile.mkdtemp(prefix="sepax-fuzz-known-"))
    runs = []
    for h, (name, target, keep, mutant) in enumerate(hunts):
        if mutant:
            runtime = args.mutants == "runtime"
            build = Path(args.mutant_out) / ("fuzz-out-mutants" if runtime else f"fuzz-out-{mutant}")
            binary = ensure_mutant_build(mutant, build, runtime) / f"fuzz_{target}"
            run_target = target
            env = {"SEPAX_FUZZ_ABORT": "sepax"}
            if runtime:
                env["SEPAX_MUTANT"] = mutant
            # What the unplanted target finds is not the planted bug: it does not stop the hunt.
            if open_findings.get(target):
                known = known_dir / f"{target}.txt"
                known.write_text("\n".join(open_findings[target]) + "\n", encoding="utf-8")
                env["SEPAX_FUZZ_KNOWN"] = str(known)
        else:
            binary, run_target = target_binary(plain, target)
            # Only the hunted peer runs (and, in a combined target, sepax's kernels, which must stay clean).
            env = {"SEPAX_FUZZ_ABORT": "all", "SEPAX_FUZZ_ONLY": keep}
        runs += [(("hunt", h, seed), binary, run_target, seed, env, args.seconds) for seed in range(1, args.seeds + 1)]
        # Distinct signatures of the hunted bug over a whole run that does not stop.
        if survey_seconds > 0:
            runs.append((("survey", h), binary, run_target, 1, dict(env, SEPAX_FUZZ_ABORT="none"), survey_seconds))
    results = run_all(runs)
    if not any(h[3] for h in hunts):
        summary["mutant_build"] = None  # no planted bug was hunted
    for h, (name, target, keep, mutant) in enumerate(hunts):
        found_runs = [results[("hunt", h, seed)] for seed in range(1, args.seeds + 1)]
        found = sorted(r["seconds"] for r in found_runs if r["stopped"])
        survey = results.get(("survey", h))
        hunt = {"name": name, "target": target, "kernel": keep, "mutant": mutant, "runs": found_runs,
                "known": open_findings.get(target, []) if mutant else [],
                "found_in": f"{len(found)}/{len(found_runs)}",
                "median_seconds_to_first": found[len(found) // 2] if found else None,
                "distinct_signatures": len([g for g in hunted(survey["signatures"], keep, mutant)
                                            if not mutant or g not in open_findings.get(target, [])])
                if survey else None,
                "survey": survey}
        old = before.get(hunt_key(name, target))
        if old:
            hunt["before"] = {"target": old["target"], "found_in": old.get("found_in"),
                              "median_seconds_to_first": old.get("median_seconds_to_first")}
        summary["hunts"].append(hunt)
        was = f" (before: {old.get('found_in')}, median {old.get('median_seconds_to_first')} s)" if old else ""
        print(f"{name:34} {target:20} found {hunt['found_in']}, median {hunt['median_seconds_to_first']} s{was}, "
              f"runs {[r['seconds'] if r['stopped'] else None for r in found_runs]}, "
              f"{hunt['distinct_signatures']} signature(s) in {survey_seconds:g} s")
    summary["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"measure: wrote {out}")
    return 0


def commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
