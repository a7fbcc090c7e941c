"""sepax campaigns under a workload manager, as a site would run them.

Slurm: a one-node cluster on this machine (slurm/local_cluster.sh: munged,
slurmctld and slurmd on free loopback ports, every file in a temporary
folder) runs slurm/submit.sh's 4-task array and its dependent merge; one run
is left alone and timed, another has a task requeued (killed and run again)
mid-shard and resuming. Kubernetes: the manifests' commands, read from the
YAML, run once per index with JOB_COMPLETION_INDEX set, one process each.
Every merged folder must equal the unsharded run row for row.

Run by ctest (examples.cluster_campaigns) with SEPAX_BINARY set; as root.
"""
import json
import os
import pathlib
import re
import subprocess
import time

import pytest
import yaml

HERE = pathlib.Path(__file__).resolve().parent
SEPAX = os.environ.get("SEPAX_BINARY", "")
# The campaign of the manifests (kubernetes/campaign-job.yaml) and of the Slurm runs.
CAMPAIGN = ["--cases", "1000", "--batch-cases", "25", "--no-trees", "--family", "random",
            "--family", "parallel-edges"]
SHARDS = 4
TIMINGS = pathlib.Path(os.environ.get("SEPAX_CLUSTER_TIMINGS", "cluster_timings.json"))

pytestmark = pytest.mark.skipif(not SEPAX, reason="SEPAX_BINARY is not set (ctest sets it)")


def rows_without_timings(folder):
    """verify.jsonl's rows without run ids, timings and replay commands (which name the folder)."""
    rows = []
    for line in (folder / "verify.jsonl").read_text().splitlines():
        if not line:
            continue
        row = json.loads(line)
        if row.get("table") == "run_info":
            continue
        for key in ("run", "replay", "worst_replay"):
            row.pop(key, None)
        rows.append({k: v for k, v in row.items()
                     if "seconds" not in k and "per_second" not in k and not k.startswith("ns_per_")})
    return rows


def replay_files(folder):
    """Every replay file under gross/, boundary/ and harness/, class.json without its replay commands."""
    files = {}
    for sub in ("gross", "boundary", "harness"):
        for path in sorted((folder / sub).rglob("*")) if (folder / sub).exists() else []:
            if not path.is_file():
                continue
            text = path.read_text()
            if path.name == "class.json":
                data = json.loads(text)
                data.pop("replay", None)
                data.pop("worst_replay", None)
                text = json.dumps(data, sort_keys=True)
            files[str(path.relative_to(folder))] = text
    return files


def assert_same_campaign(expected, actual):
    a, b = rows_without_timings(expected), rows_without_timings(actual)
    assert a, f"{expected} has no rows"
    assert len(a) == len(b), f"{len(a)} rows unsharded, {len(b)} merged"
    for i, (x, y) in enumerate(zip(a, b)):
        assert x == y, f"row {i} differs:\n unsharded {x}\n merged    {y}"
    fa, fb = replay_files(expected), replay_files(actual)
    assert fa, "the campaign should leave peer findings to compare"
    assert fa == fb, f"replay files differ: {sorted(set(fa) ^ set(fb))[:5]}"


def cases_judged(folder):
    """Cases generated over every group: the batches' extents."""
    return sum(batch["end"] - batch["begin"] for batch in rows_of_log(folder))


def rows_of_log(folder):
    """The batches a run wrote (batches.jsonl), in order."""
    return [json.loads(l) for l in (folder / "batches.jsonl").read_text().splitlines() if l]


def record(name, seconds, folder, cases=None):
    timings = json.loads(TIMINGS.read_text()) if TIMINGS.exists() else {}
    cases = cases_judged(folder) if cases is None else cases
    timings[name] = {"seconds": round(seconds, 2), "cases": cases, "cases_per_second": round(cases / seconds, 1)}
    TIMINGS.write_text(json.dumps(timings, indent=1) + "\n")
    print(f"{name}: {seconds:.1f} s, {cases} cases, {cases / seconds:.0f} cases/s")


@pytest.fixture(scope="module")
def unsharded(tmp_path_factory):
    out = tmp_path_factory.mktemp("unsharded") / "out"
    start = time.monotonic()
    run = subprocess.run([SEPAX, "verify", *CAMPAIGN, "--threads", str(os.cpu_count() or 1), "--out", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    record("one process", time.monotonic() - start, out)
    return out


# ---------------------------------------------------------------- Slurm


def daemons_alive(folder):
    alive = []
    for name in ("munged", "slurmctld", "slurmd"):
        pid_file = folder / f"{name}.pid"
        if pid_file.exists():
            pid = int(pid_file.read_text().split()[0])
            try:
                os.kill(pid, 0)
                alive.append(f"{name} ({pid})")
            except ProcessLookupError:
                pass
    return alive


@pytest.fixture(scope="module")
def slurm(tmp_path_factory):
    folder = tmp_path_factory.mktemp("slurm")
    script = HERE / "slurm" / "local_cluster.sh"
    started = subprocess.run(["bash", str(script), "start", str(folder)], capture_output=True, text=True)
    env = dict(os.environ, SLURM_CONF=str(folder / "slurm.conf"), SEPAX=SEPAX)
    try:
        assert started.returncode == 0, started.stderr
        assert daemons_alive(folder) and len(daemons_alive(folder)) == 3, daemons_alive(folder)
        yield env
    finally:
        subprocess.run(["bash", str(script), "stop", str(folder)], capture_output=True, text=True)
        assert not daemons_alive(folder), f"still running after stop: {daemons_alive(folder)}"


def slurm_out(env, *args):
    run = subprocess.run(list(args), capture_output=True, text=True, env=env)
    assert run.returncode == 0, f"{' '.join(args)}: {run.stderr}"
    return run.stdout


def job_state(env, job):
    fields = slurm_out(env, "scontrol", "show", "job", "--oneliner", job).split()
    return dict(f.split("=", 1) for f in fields if "=" in f)["JobState"]


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")


def submit(env, folder):
    ids = slurm_out(env, "bash", str(HERE / "slurm" / "submit.sh"), str(SHARDS), str(folder), *CAMPAIGN).split()
    assert len(ids) == 2, ids
    return ids


ACTIVE = ("PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "REQUEUED")


def wait_for_merge(env, merge):
    wait_for(lambda: job_state(env, merge) not in ACTIVE, 900, f"the merge job {merge}")
    assert job_state(env, merge) == "COMPLETED", f"merge job {merge}: {job_state(env, merge)}"


def test_a_slurm_array_campaign_and_its_merge_equal_the_unsharded_run(slurm, unsharded, tmp_path):
    start = time.monotonic()
    array, merge = submit(slurm, tmp_path)
    tasks = [f"{array}_{task}" for task in range(1, SHARDS + 1)]
    wait_for(lambda: all(job_state(slurm, t) not in ACTIVE for t in tasks), 900, "the array's tasks")
    record(f"slurm, {SHARDS} array tasks (submission to the last task's end)", time.monotonic() - start,
           tmp_path, cases=sum(cases_judged(tmp_path / f"shard-{k}") for k in range(1, SHARDS + 1)))
    wait_for_merge(slurm, merge)
    record("slurm, with the merge and report job", time.monotonic() - start, tmp_path / "merged")
    for task in range(1, SHARDS + 1):
        assert job_state(slurm, f"{array}_{task}") == "COMPLETED"
        campaign = json.loads((tmp_path / f"shard-{task}" / "campaign.json").read_text())
        assert campaign["shard"] == f"{task}/{SHARDS}"  # --shard auto read the array task
    assert_same_campaign(unsharded, tmp_path / "merged")
    assert (tmp_path / "report" / "report.html").exists()


def test_a_requeued_array_task_resumes_its_own_shard(slurm, unsharded, tmp_path):
    array, merge = submit(slurm, tmp_path)
    batches = tmp_path / "shard-2" / "batches.jsonl"
    written = lambda: len(batches.read_text().splitlines()) if batches.exists() else 0
    wait_for(lambda: written() >= 3, 300, "shard 2's first batches")
    done_before_kill = written()
    slurm_out(slurm, "scontrol", "requeue", f"{array}_2")  # kills the task, queues it again
    shard_batches = len(rows_of_log(unsharded)) // SHARDS
    assert written() < shard_batches, "the task finished before it was requeued: nothing was resumed"
    # Slurm holds a requeued job for two minutes; start it now.
    wait_for(lambda: job_state(slurm, f"{array}_2") == "PENDING", 60, "the requeued task to be pending")
    slurm_out(slurm, "scontrol", "update", f"JobId={array}_2", "StartTime=now")
    wait_for_merge(slurm, merge)
    log = (tmp_path / f"sepax-campaign-{array}_2.out").read_text()
    assert "resuming" in log, log[-2000:]
    resumed = [l for l in log.splitlines() if l.startswith("sepax verify:") and "done before" in l][-1]
    done = int(re.search(r"(\d+) done before", resumed).group(1))
    assert done_before_kill <= done < shard_batches, resumed  # the batches written before the kill were kept
    starts = [(r["group"], r["begin"]) for r in rows_of_log(tmp_path / "shard-2")]
    assert len(starts) == len(set(starts)) == shard_batches, "a batch judged twice, or one missing"
    assert_same_campaign(unsharded, tmp_path / "merged")


# ---------------------------------------------------------------- Kubernetes


def manifest(name):
    (document,) = yaml.safe_load_all((HERE / "kubernetes" / name).read_text())
    return document


def container_command(job):
    """The container's command and its environment (values as written), with the
    results volume's mount path, which RESULTS must name."""
    spec = job["spec"]["template"]["spec"]
    (container,) = spec["containers"]
    env = {e["name"]: e["value"] for e in container.get("env", [])}
    (mount,) = container["volumeMounts"]
    assert env["RESULTS"] == mount["mountPath"], "RESULTS must be where the results volume is mounted"
    return container["command"], env


def test_the_kubernetes_indexed_job_run_one_process_per_index_merges_to_the_unsharded_run(unsharded, tmp_path):
    campaign, merge = manifest("campaign-job.yaml"), manifest("merge-job.yaml")
    assert campaign["spec"]["completionMode"] == "Indexed"
    completions = campaign["spec"]["completions"]
    command, env = container_command(campaign)
    assert env["SEPAX_SHARD_COUNT"] == str(completions), "SEPAX_SHARD_COUNT must be the Job's completions"
    # The image's sepax is this build's; the volume is a folder here.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "sepax").symlink_to(SEPAX)
    base = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
    results = tmp_path / "results"
    results.mkdir()
    pods = [subprocess.Popen(command, env={**base, **env, "RESULTS": str(results), "JOB_COMPLETION_INDEX": str(k)},
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for k in range(completions)]
    for k, pod in enumerate(pods):
        _, err = pod.communicate(timeout=900)
        assert pod.returncode == 0, f"index {k}: {err[-2000:]}"
        shard = json.loads((results / f"shard-{k}" / "campaign.json").read_text())["shard"]
        assert shard == f"{k + 1}/{completions}"
    # The same campaign as the manifest's: what the unsharded run was given.
    script = " ".join(command[-1].replace("\\\n", " ").split())
    assert " ".join(CAMPAIGN) in script, "the manifest's campaign is not the one the test runs unsharded"
    merge_command, merge_env = container_command(merge)
    run = subprocess.run(merge_command, env={**base, **merge_env, "RESULTS": str(results)}, capture_output=True,
                         text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    assert_same_campaign(unsharded, results / "merged")
    # A pod run again on the same volume resumes its finished shard: nothing new is judged.
    again = subprocess.run(command, env={**base, **env, "RESULTS": str(results), "JOB_COMPLETION_INDEX": "1"},
                           capture_output=True, text=True, timeout=900)
    assert again.returncode == 0, again.stderr[-2000:]
    assert "0 to run" in again.stderr + again.stdout
