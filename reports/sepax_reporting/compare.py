"""`sepax report --compare BASE NEW`: what changed between two runs, short
enough for a pull-request comment (Markdown) and complete as JSON.

A run is a results directory (verify.jsonl, or verify/verify.jsonl as the
gate writes it, and the Google Benchmark JSON files beside it), a file, or
several joined with ','. Reported:
- speed: kernel × family × set benchmarks whose ns/test moved beyond the
  noise band once the runs' common drift (the median change over every
  benchmark, reported apart) is taken out. The band is max(Z × the combined
  relative spread of both runs' repetitions, Z × the run-to-run spread of
  all benchmarks around the drift (a robust sigma: a few real changes do not
  move it), FLOOR): on a shared VM two runs differ by 10-30 % on the same
  code, which repetitions within one run do not see;
- gross verdicts: failure classes (kernel × family × kind) present in one
  run only — "new" in NEW, "vanished" from BASE;
- changed classes: failure classes of both runs whose cause changed, or
  whose worst severity found grew more than SEVERITY_FACTOR times (a class
  that threw in NEW only counts as grown);
- band widening: kernel × family rows whose boundary band grew beyond
  BAND_FACTOR × the base's, or that had none in BASE over at least as many
  cases.
Runs differ in what they measured: rows only one run has are counted, not
listed as changes."""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from pathlib import Path

from .fields import InputError
from .findings.failure_classes import failure_classes
from .findings.severity import fmt_severity, severity_json
from .inputs import load_inputs
from .provenance import provenance

Z = 3.0              # spreads: a change beyond 3 combined standard deviations
FLOOR = 0.10         # ... and beyond 10 % (run-to-run drift, see the module comment)
BAND_FACTOR = 2.0    # a band is a maximum: only doubling counts
SEVERITY_FACTOR = 10.0  # a worst severity is one case a search found: only a decade counts
LIST_CAP = 8         # rows per Markdown list; the JSON has all


def run_inputs(arg: str) -> list:
    """The report inputs of one run: a directory, a file, or several of them
    joined with ',' (as `sepax gate --compare-base` passes its inputs)."""
    if "," in arg:
        return [p for part in arg.split(",") if part for p in run_inputs(part)]
    path = Path(arg)
    if not path.exists():
        raise InputError(f"{path}: no such file or directory")
    if path.is_file():
        return [str(path)]
    found = []
    for sub in (path, path / "verify"):
        if (sub / "verify.jsonl").is_file():
            found.append(str(sub))
            break
    found += sorted(str(p) for p in path.glob("*.json") if _is_benchmark(p))
    if not found:
        raise InputError(f"{path}: no verify.jsonl and no Google Benchmark JSON in this directory")
    return found


def _is_benchmark(p: Path) -> bool:
    try:
        with p.open(encoding="utf-8") as f:
            head = f.read(4096)
    except OSError:
        return False
    return '"benchmarks"' in head or '"context"' in head


@dataclasses.dataclass
class SpeedChange:
    kernel: str
    family: str
    set: str
    base_ns: float
    new_ns: float
    band: float          # relative change beyond which it counts (after the drift)
    drift: float         # the run's common factor new/base (1: none taken out)

    @property
    def ratio(self) -> float:
        return self.new_ns / self.base_ns

    @property
    def relative(self) -> float:
        """The change once the run's common drift is taken out."""
        return self.ratio / self.drift


# With this many benchmarks in both runs, their common drift and the spread
# around it are estimated from the runs themselves.
MIN_FOR_DRIFT = 8


def run_drift(log_ratios: list):
    """(median log ratio, robust sigma of the log ratios around it) over
    every benchmark both runs have: the machine's drift between the runs and
    the run-to-run noise, which repetitions within one run do not see. A few
    real changes do not move a median or a MAD."""
    if len(log_ratios) < MIN_FOR_DRIFT:
        return 0.0, 0.0
    drift = statistics.median(log_ratios)
    mad = statistics.median(abs(x - drift) for x in log_ratios)
    return drift, 1.4826 * mad


def speed_changes(base, new, floor=FLOOR, z=Z):
    """(slower, faster, compared, drift, run sigma): benchmarks whose change,
    after the runs' common drift, is beyond their noise band
    max(z × the repetitions' combined spread, z × the run-to-run sigma, floor)."""
    pairs = []
    for key, b in base.bench.items():
        n = new.bench.get(key)
        if n is not None and b.ns_per_test and n.ns_per_test:
            pairs.append((key, b, n))
    drift, run_sigma = run_drift([math.log(n.ns_per_test / b.ns_per_test) for _, b, n in pairs])
    slower, faster = [], []
    for key, b, n in pairs:
        spread = math.hypot(b.relative_noise or 0.0, n.relative_noise or 0.0)
        band_log = max(z * spread, z * run_sigma, math.log1p(floor))
        change = SpeedChange(key[1], key[2], key[3], b.ns_per_test, n.ns_per_test, math.expm1(band_log),
                             math.exp(drift))
        deviation = math.log(change.relative)
        if deviation > band_log:
            slower.append(change)
        elif deviation < -band_log:
            faster.append(change)
    slower.sort(key=lambda c: -c.relative)
    faster.sort(key=lambda c: c.relative)
    return slower, faster, len(pairs), math.exp(drift), run_sigma


def gross_changes(base, new):
    """(new classes, vanished classes): failure classes in one run only."""
    b = {c.signature: c for c in failure_classes(base)}
    n = {c.signature: c for c in failure_classes(new)}
    appeared = [n[s] for s in n if s not in b]
    vanished = [b[s] for s in b if s not in n]
    key = lambda c: (c.peer, c.kernel, c.family, c.kind)  # noqa: E731
    return sorted(appeared, key=key), sorted(vanished, key=key)


def class_changes(base, new, factor=SEVERITY_FACTOR):
    """(base class, new class, reasons) of the failure classes of both runs
    whose cause changed or whose worst severity grew beyond `factor` × the
    base's; a field one run does not record (older results) is no change."""
    b = {c.signature: c for c in failure_classes(base)}
    out = []
    for n in failure_classes(new):
        o = b.get(n.signature)
        if o is None:
            continue
        reasons = []
        if o.cause and n.cause and o.cause != n.cause:
            reasons.append("cause")
        if o.worst is not None and n.worst is not None and n.worst > factor * o.worst:
            reasons.append("severity")
        if reasons:
            out.append((o, n, reasons))
    return sorted(out, key=lambda t: (t[1].peer, t[1].kernel, t[1].family, t[1].kind))


def band_changes(base, new, factor=BAND_FACTOR):
    out = []
    for key, n in new.static.items():
        b = base.static.get(key)
        if b is None or not n.boundary or n.band is None:
            continue
        if b.boundary and b.band is not None:
            if n.band > factor * b.band and n.band > 0:
                out.append((key[0], key[1], b.band, n.band))
        elif b.judged >= n.judged and n.band > 0:
            out.append((key[0], key[1], None, n.band))
    return sorted(out)


def compare(base_args: list, new_args: list, floor=FLOOR) -> dict:
    base = load_inputs(base_args)
    new = load_inputs(new_args)
    slower, faster, compared, drift, run_sigma = speed_changes(base, new, floor)
    appeared, vanished = gross_changes(base, new)
    changed = class_changes(base, new)
    bands = band_changes(base, new)
    only_base = len(set(base.bench) - set(new.bench)) + len(set(base.static) - set(new.static))
    only_new = len(set(new.bench) - set(base.bench)) + len(set(new.static) - set(base.static))

    def cls(c):
        return {"class": c.signature, "kernel": c.kernel, "family": c.family, "kind": c.kind, "peer": c.peer,
                "count": c.count, "replay": c.replay, "worst_replay": c.worst_replay, "cause": c.cause or None,
                "worst_severity": severity_json(c.worst)}

    def changed_class(o, n, reasons):
        return {"class": n.signature, "kernel": n.kernel, "family": n.family, "kind": n.kind, "peer": n.peer,
                "changed": reasons, "base_cause": o.cause or None, "new_cause": n.cause or None,
                "base_worst_severity": severity_json(o.worst), "new_worst_severity": severity_json(n.worst),
                "replay": n.worst_replay or n.replay}

    def speed(c):
        return {"kernel": c.kernel, "family": c.family, "set": c.set, "base_ns": c.base_ns, "new_ns": c.new_ns,
                "ratio": round(c.ratio, 4), "after_drift": round(c.relative, 4), "noise_band": round(c.band, 4)}

    return {
        "base": {"inputs": base_args, "provenance": provenance(base)},
        "new": {"inputs": new_args, "provenance": provenance(new)},
        "noise": {"z": Z, "floor": floor, "band_factor": BAND_FACTOR, "severity_factor": SEVERITY_FACTOR,
                  "drift": round(drift, 4), "run_sigma": round(run_sigma, 4)},
        "benchmarks_compared": compared,
        "rows_only_in_base": only_base, "rows_only_in_new": only_new,
        "slower": [speed(c) for c in slower], "faster": [speed(c) for c in faster],
        "new_gross": [cls(c) for c in appeared], "vanished_gross": [cls(c) for c in vanished],
        "changed_classes": [changed_class(*t) for t in changed],
        "band_widened": [{"kernel": k, "family": f, "base_band": b, "new_band": n} for k, f, b, n in bands],
    }


def _pct(ratio: float) -> str:
    return f"{(ratio - 1) * 100:+.0f} %"


def _capped(lines: list, items: list, render) -> None:
    for item in items[:LIST_CAP]:
        lines.append(render(item))
    if len(items) > LIST_CAP:
        lines.append(f"| … {len(items) - LIST_CAP} more (compare.json) | | | |")


def _kernel_md(c: dict) -> str:
    """A peer's id in italics, sepax's as code."""
    return f"*{c['kernel']}*" if c["peer"] else f"`{c['kernel']}`"


def markdown(diff: dict) -> str:
    """The diff as a pull-request comment: a verdict line, then one short
    table per kind of change that happened."""
    own_new = [c for c in diff["new_gross"] if not c["peer"]]
    changes = sum(len(diff[k]) for k in ("slower", "faster", "new_gross", "vanished_gross", "changed_classes",
                                         "band_widened"))
    commit = lambda side: diff[side]["provenance"].get("commit", "?")  # noqa: E731
    lines = [f"### sepax: {commit('new')} against {commit('base')}", ""]
    verdict = ("**New gross verdicts of sepax kernels.** " if own_new else "") + (
        f"{changes} change{'s' if changes != 1 else ''} beyond noise" if changes else "No change beyond noise")
    noise = diff["noise"]
    lines.append(f"{verdict} — {diff['benchmarks_compared']} benchmarks compared. Noise band: max({noise['z']:g} × "
                 f"the repetitions' combined spread, {noise['z']:g} × the run-to-run spread {noise['run_sigma']:.0%}, "
                 f"{noise['floor']:.0%}).")
    if abs(noise["drift"] - 1) >= 0.005:
        lines.append(f"All benchmarks moved by a median of {_pct(noise['drift'])} (the machine between the runs, or "
                     "a change common to every kernel: not judged); changes below are after it.")
    if diff["rows_only_in_base"] or diff["rows_only_in_new"]:
        lines.append(f"Not compared: {diff['rows_only_in_base']} rows only in base, "
                     f"{diff['rows_only_in_new']} only in new.")
    for key, title in (("slower", "Slower"), ("faster", "Faster")):
        if diff[key]:
            lines += ["", f"**{title}** ({len(diff[key])})", "",
                      "| kernel | family / set | ns/test base → new | change after drift (band) |", "|---|---|---:|---:|"]
            _capped(lines, diff[key], lambda c: f"| `{c['kernel']}` | {c['family']} / {c['set']} | "
                    f"{c['base_ns']:.3g} → {c['new_ns']:.3g} | {_pct(c['after_drift'])} (±{c['noise_band']:.0%}) |")
    for key, title in (("new_gross", "New gross verdicts"), ("vanished_gross", "Gross verdicts gone")):
        if diff[key]:
            lines += ["", f"**{title}** ({len(diff[key])})", "", "| kernel | family | what goes wrong | findings |",
                      "|---|---|---|---:|"]
            _capped(lines, diff[key], lambda c: f"| {_kernel_md(c)} | {c['family']} | {c['kind']} | {c['count']} |")
    if diff["changed_classes"]:
        sev = lambda v: fmt_severity(math.inf if v == "threw" else v)  # noqa: E731
        lines += ["", f"**Failure classes changed** ({len(diff['changed_classes'])}: their cause, or their worst "
                  f"severity grew more than {diff['noise']['severity_factor']:g}×)", "",
                  "| kernel | family / kind | cause base → new | worst severity base → new |", "|---|---|---|---:|"]
        _capped(lines, diff["changed_classes"], lambda c: f"| {_kernel_md(c)} | {c['family']} / {c['kind']} | "
                f"{c['base_cause'] or '-'} → {c['new_cause'] or '-'} | "
                f"{sev(c['base_worst_severity'])} → {sev(c['new_worst_severity'])} |")
    if diff["band_widened"]:
        lines += ["", f"**Boundary band widened** ({len(diff['band_widened'])})", "",
                  "| kernel | family | band base → new | |", "|---|---|---:|---|"]
        _capped(lines, diff["band_widened"], lambda b: f"| `{b['kernel']}` | {b['family']} | "
                f"{'none' if b['base_band'] is None else format(b['base_band'], '.1e')} → {b['new_band']:.1e} | |")
    replay = [c for c in diff["new_gross"] if c["replay"]][:3]
    if replay:
        lines += ["", "Replay: " + "; ".join(f"`{c['replay']}`" for c in replay)]
    return "\n".join(lines) + "\n"


def main_compare(base: str, new: str, out_dir, floor: float) -> int:
    diff = compare(run_inputs(base), run_inputs(new), floor)
    text = markdown(diff)
    print(text, end="")
    if out_dir is not None:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        (out / "compare.md").write_text(text, encoding="utf-8")
        (out / "compare.json").write_text(json.dumps(diff, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0
