#!/usr/bin/env python3
"""Fuzzing figures, measured: executions/s and finding signatures per target,
and the time a target takes to find a known bug (a peer's, or a planted sepax
mutant), over several libFuzzer seeds. Writes one JSON document that
`sepax report` reads (its "Fuzzing" section) and prints a table.

    fuzz/measure.py [--seconds 60] [--seeds 3] [--jobs 2] [--out build/fuzz-measure/fuzz_summary.json]
                    [--only throughput|hunts] [--mutant-out DIR]

Every run starts from the committed seed corpus alone (a fresh, empty working
corpus), so runs are comparable and repeatable with their seed. Targets come
from build/fuzz-out (fuzz/build.sh); mutant hunts need a build with the
mutant, SEPAX_MUTANT=<name> OUT=build/fuzz-out-<name> fuzz/build.sh (built here
when missing).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ["obb_obb", "tri_obb", "tri_tri", "moving_obb_obb", "moving_tri_obb", "moving_tri_tri", "case_file"]

# Known bugs to hunt: (name, target, kernel-id prefix kept, mutant or None).
# The peers' are bugs the main job's campaign finds in them (gross verdicts of `sepax verify`).
HUNTS = [
    ("ODE dBoxTouchesBox", "obb_obb", "ode/box_touches_box/", None),
    ("Möller tri-tri (no epsilon)", "tri_tri", "textbook/tri_tri_moller/", None),
    ("Bullet GJK box-box", "obb_obb", "bullet/gjk_obb_obb/", None),
    ("Bullet GJK triangle-box", "tri_obb", "bullet/gjk_tri_obb/", None),
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


def fuzz(binary: Path, target: str, seconds: float, seed: int, env: dict) -> dict:
    """One libFuzzer run from the committed corpus; wall time, stats, signatures."""
    with tempfile.TemporaryDirectory(prefix=f"sepax-fuzz-{target}-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        run_env = dict(os.environ, SEPAX_FUZZ_FINDINGS=str(Path(tmp) / "findings"), **env)
        cmd = [str(binary), f"-max_total_time={seconds:g}", f"-seed={seed}", "-timeout=30",
               "-rss_limit_mb=4096", "-print_final_stats=1", f"-artifact_prefix={tmp}/",
               str(work), str(ROOT / "fuzz" / "corpus" / target)]
        start = time.monotonic()
        p = subprocess.run(cmd, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True, errors="replace")
        wall = time.monotonic() - start
    stats = {k: int(v) for k, v in STAT.findall(p.stderr)}
    signatures, in_list = {}, False
    for line in p.stderr.splitlines():
        if "distinct finding signature" in line:
            in_list = True
            continue
        m = SIGNATURE.match(line) if in_list else None
        if m:
            signatures[m.group(2)] = int(m.group(1))
        else:
            in_list = False
    found = p.returncode != 0
    first = next((ln.split("finding ", 1)[1] for ln in p.stderr.splitlines()
                  if ln.startswith("sepax fuzz: new finding ") or ln.startswith("sepax fuzz: finding ")), None)
    return {"seed": seed, "seconds": round(wall, 2), "stopped": found, "exit": p.returncode,
            "executions": stats.get("number_of_executed_units"), "exec_per_s": stats.get("average_exec_per_sec"),
            "signatures": signatures, "first_finding": first}


def hunted(signatures: dict, keep: str | None, mutant: str | None) -> list:
    """The signatures of the hunted bug: the peer's (its id prefix), or for a
    planted mutant sepax's own kernels' (ids start with their query); the
    survey run judges every other kernel too."""
    def kernel(sig: str) -> str:
        return sig.split(" ", 1)[0]
    if mutant:
        return [s for s in signatures if kernel(s).split("/", 1)[0] in ("obb_obb", "tri_obb", "tri_tri")]
    return [s for s in signatures if kernel(s).startswith(keep)]


def ensure_mutant_build(name: str, out: Path) -> Path:
    if not (out / "fuzz_obb_obb").exists():
        print(f"measure: building the fuzz targets with mutant {name} into {out} ...", file=sys.stderr)
        subprocess.run(["bash", str(ROOT / "fuzz" / "build.sh")], check=True,
                       env=dict(os.environ, SEPAX_MUTANT=name, OUT=str(out)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60, help="per run (60)")
    ap.add_argument("--seeds", type=int, default=3, help="libFuzzer seeds per hunt (3)")
    ap.add_argument("--out", default=str(ROOT / "build" / "fuzz-measure" / "fuzz_summary.json"))
    ap.add_argument("--only", choices=["throughput", "hunts"])
    ap.add_argument("--jobs", type=int, default=2, help="runs at a time (2; each is one process, one core)")
    ap.add_argument("--fuzz-out", default=str(ROOT / "build" / "fuzz-out"), help="targets without a mutant")
    ap.add_argument("--mutant-out", default=str(ROOT / "build"), help="parent of fuzz-out-<mutant>")
    args = ap.parse_args()
    plain = Path(args.fuzz_out)
    if not (plain / "fuzz_obb_obb").exists():
        subprocess.run(["bash", str(ROOT / "fuzz" / "build.sh")], check=True, env=dict(os.environ, OUT=str(plain)))

    summary = {"sepax_fuzz_summary": 1, "seconds_per_run": args.seconds, "jobs": args.jobs,
               "machine": f"{os.cpu_count()} cores, {os.uname().machine}",
               "date": time.strftime("%Y-%m-%d"), "commit": commit(), "targets": [], "hunts": []}
    # Every run is independent: (key, binary, target, seed, env), run args.jobs at a time.
    runs = []
    if args.only != "hunts":
        runs += [(("target", t), plain / f"fuzz_{t}", t, 1, {}) for t in TARGETS]
    hunts = HUNTS if args.only != "throughput" else []
    for h, (name, target, keep, mutant) in enumerate(hunts):
        if mutant:
            binary = ensure_mutant_build(mutant, Path(args.mutant_out) / f"fuzz-out-{mutant}") / f"fuzz_{target}"
            env = {"SEPAX_FUZZ_ABORT": "sepax"}
        else:
            binary = plain / f"fuzz_{target}"
            # Only the hunted peer (and sepax's kernels, which must stay clean) run.
            env = {"SEPAX_FUZZ_ABORT": "all", "SEPAX_FUZZ_ONLY": keep}
        runs += [(("hunt", h, seed), binary, target, seed, env) for seed in range(1, args.seeds + 1)]
        # Distinct signatures of the hunted bug over a whole run that does not stop.
        runs.append((("survey", h), binary, target, 1, dict(env, SEPAX_FUZZ_ABORT="none")))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = dict(zip([r[0] for r in runs],
                           pool.map(lambda r: fuzz(r[1], r[2], args.seconds, r[3], r[4]), runs)))
    for key, result in results.items():
        if key[0] == "target":
            result["target"] = key[1]
            summary["targets"].append(result)
            print(f"{key[1]:16} {result['exec_per_s']} exec/s, {result['executions']} executions, "
                  f"{'STOPPED on ' + str(result['first_finding']) if result['stopped'] else 'clean'}; "
                  f"{len(result['signatures'])} signature(s)")
    for h, (name, target, keep, mutant) in enumerate(hunts):
        found_runs = [results[("hunt", h, seed)] for seed in range(1, args.seeds + 1)]
        found = sorted(r["seconds"] for r in found_runs if r["stopped"])
        survey = results[("survey", h)]
        hunt = {"name": name, "target": target, "kernel": keep, "mutant": mutant, "runs": found_runs,
                "found_in": f"{len(found)}/{len(found_runs)}",
                "median_seconds_to_first": found[len(found) // 2] if found else None,
                "distinct_signatures": len(hunted(survey["signatures"], keep, mutant)), "survey": survey}
        summary["hunts"].append(hunt)
        print(f"{name:34} {target:15} found {hunt['found_in']}, median {hunt['median_seconds_to_first']} s, "
              f"{hunt['distinct_signatures']} signature(s) in {args.seconds:g} s")
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
