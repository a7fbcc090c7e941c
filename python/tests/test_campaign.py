"""sepax.campaign, sepax.check and sepax.results: a Python kernel run on a
campaign's groups, its bugs found, shrunk, written as replay files that the
sepax command and `python3 -m sepax check` replay; results folders read back."""
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

import sepax
from conftest import run
from test_judge import plain_obb_sat



def spheres_meet(cases, bug=False):
    """An ordinary float64 sphere test, independent of sepax: |ca - cb|^2 <= (ra + rb)^2."""
    a, b = cases["a"], cases["b"]
    d2 = np.sum((a["center"].astype(np.float64) - b["center"]) ** 2, axis=1)
    r = a["radius"].astype(np.float64) + b["radius"]
    return d2 <= (r if bug else r * r)


def spheres_planted(cases):
    return spheres_meet(cases, bug=True)


def spheres_right(cases):
    return spheres_meet(cases)


def significant_bits(x):
    """Bits of a double's significand that matter (0 for 0), independent of sepax."""
    if x == 0:
        return 0
    n = int(math.frexp(abs(float(x)))[0] * 2 ** 53)  # exact: 53 bits
    return 53 - ((n & -n).bit_length() - 1)


def test_a_planted_bug_is_found_shrunk_and_written_with_its_replays(tmp_path):
    out = tmp_path / "res"
    result = sepax.campaign(spheres_planted, "sphere_sphere", "double", families=["random", "touching"], cases=3000,
                            seed=2, out=str(out), quiet=True)
    assert not result.ok and result["gross"] > 0
    assert [g["family"] for g in result["groups"]] == ["random", "touching"]
    assert sum(g["gross"] for g in result["groups"]) == result["gross"]
    assert sum(c["count"] for c in result["failure_classes"]) == result["gross"]
    for c in result["failure_classes"]:
        assert c["kind"] in ("false-positive", "false-negative")
        # touching balls called apart: at margin 0 the cause is the touching convention
        assert c["cause"] in (("convention",) if c["family"] == "touching" else ("false-separation", "false-contact"))
        assert c["severity_max"] >= c["severity_median"] >= 0
        assert c["replay_files"], c
        for f in c["replay_files"]:
            assert (out / f).exists()
        assert (out / c["folder"] / "class.json").exists()
        # the first finding's case, shrunk, is the first file and has fewer significant bits
        assert c["shrunk"] is not None and c["shrunk"]["changed"] > 0
        shrunk = json.loads((out / c["replay_files"][0]).read_text())
        original = json.loads((out / c["replay_files"][1]).read_text())
        assert shrunk["origin"]["shrunk"] is True and "shrunk" not in original["origin"]
        assert shrunk["origin"]["index"] == original["origin"]["index"] == c["first_index"]
    # verify.jsonl and summary.md, in verify's layout
    rows = [json.loads(line) for line in (out / "verify.jsonl").read_text().splitlines()]
    assert [r["table"] for r in rows].count("pair_queries") == 2
    assert [r["table"] for r in rows].count("failure_class") == len(result["failure_classes"])
    assert "sphere_sphere" in (out / "summary.md").read_text()


def test_each_shrunk_case_is_still_the_same_bug_and_simpler(tmp_path):
    result = sepax.campaign(spheres_planted, "sphere_sphere", "double", families=["random"], cases=2000, seed=5,
                            out=str(tmp_path / "r"), quiet=True)
    assert result["failure_classes"]
    for c in result["failure_classes"]:
        checked = sepax.check(str(tmp_path / "r" / c["replay_files"][0]), spheres_planted, quiet=True)
        assert [r["class"] for r in checked] == ["gross"] and checked[0]["kind"] == c["kind"]
        right = sepax.check(str(tmp_path / "r" / c["replay_files"][0]), spheres_right, quiet=True)
        assert [r["class"] for r in right] in (["ok"], ["boundary"])
        shrunk = sepax.generate("sphere_sphere", "random", "double", c["first_index"] + 1, seed=5)
        original = np.concatenate([shrunk["a"]["center"][-1], shrunk["a"]["radius"][-1:],
                                   shrunk["b"]["center"][-1], shrunk["b"]["radius"][-1:]])
        line = json.loads((tmp_path / "r" / c["replay_files"][0]).read_text())
        small = [line["a"]["center"], [line["a"]["radius"]], line["b"]["center"], [line["b"]["radius"]]]
        small = np.array([float.fromhex(v) if isinstance(v, str) else float(v) for part in small for v in part])
        assert sum(map(significant_bits, small)) < sum(map(significant_bits, original))


def test_a_right_kernel_has_no_failure_class(tmp_path):
    result = sepax.campaign(spheres_right, "sphere_sphere", "double", cases=2000, seed=3, out=str(tmp_path / "r"),
                            quiet=True)
    assert result.ok and result["failure_classes"] == []
    assert len(result["groups"]) == len(sepax.families("sphere_sphere"))
    assert all(g["ok"] + g["boundary"] == g["cases"] == 2000 for g in result["groups"])
    assert not (tmp_path / "r" / "gross").exists()


def test_a_kernel_that_raises_on_some_cases_gives_those_cases_as_threw(tmp_path):
    def raises_on_sevens(cases):
        if np.any(cases.indices % 500 == 7):
            raise RuntimeError("cannot take case %d" % cases.indices[np.argmax(cases.indices % 500 == 7)])
        return spheres_meet(cases)
    result = sepax.campaign(raises_on_sevens, "sphere_sphere", "double", families=["random"], cases=2000, seed=1,
                            out=str(tmp_path / "r"), quiet=True, batch=700)
    threw = [c for c in result["failure_classes"] if c["kind"] == "threw"]
    assert len(threw) == 1 and threw[0]["indices"] == [7, 507, 1007, 1507]
    assert "RuntimeError: cannot take case 7" in threw[0]["cause_detail"]
    assert result["groups"][0]["ok"] + result["groups"][0]["boundary"] == 2000 - 4


def test_answers_that_are_no_answers_name_the_cases(tmp_path):
    with pytest.raises(sepax.InputError, match=r"cases 0\.\.99 of random: answers: expected shape \(100,\)"):
        sepax.campaign(lambda cases: np.ones(3, dtype=bool), "sphere_sphere", "double", families="random",
                       cases=100, out=str(tmp_path / "r"), quiet=True)


@pytest.mark.parametrize("arguments, message", [
    (dict(query="sphere_sphere", scalar="double", families=["nope"]), r"families: 'nope' is not a family"),
    (dict(query="sphere_sphere", scalar="double", cases=0), r"cases: 0 is not an integer >= 1"),
    (dict(query="sphere_sphere", scalar="quad"), r"scalar: 'quad'"),
    (dict(scalar="double"), r"query: not given"),
    (dict(query="sphere_sphere", scalar="double", tolerance=-1), r"tolerance: -1"),
])
def test_bad_campaign_arguments_are_named(tmp_path, arguments, message):
    with pytest.raises(sepax.InputError, match=message):
        sepax.campaign(spheres_right, out=str(tmp_path / "r"), quiet=True, **arguments)


def test_a_folder_that_is_not_a_campaigns_is_not_overwritten(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    with pytest.raises(sepax.InputError, match="not a campaign's results"):
        sepax.campaign(spheres_right, "sphere_sphere", "double", cases=10, out=str(tmp_path), quiet=True)
    assert (tmp_path / "mine.txt").read_text() == "keep me"


def test_an_interrupted_campaign_keeps_the_families_it_finished(tmp_path):
    def stops_on_touching(cases):
        if cases.family == "touching":
            raise KeyboardInterrupt
        return spheres_meet(cases)
    with pytest.raises(KeyboardInterrupt):
        sepax.campaign(stops_on_touching, "sphere_sphere", "double", families=["random", "touching"], cases=500,
                       out=str(tmp_path / "r"), quiet=True)
    read = sepax.results(str(tmp_path / "r"))
    assert [r["family"] for r in read["tables"]["pair_queries"]] == ["random"]
    assert "interrupted" in read["summary"]


def test_results_reads_a_campaigns_folder_back(tmp_path):
    result = sepax.campaign(spheres_planted, "sphere_sphere", "double", families=["random"], cases=1000, seed=2,
                            out=str(tmp_path / "r"), quiet=True)
    read = sepax.results(str(tmp_path / "r"))
    assert read["campaign"]["kernel"] == result["kernel"] == "python/spheres_planted/double"
    assert [c["class"] for c in read["failure_classes"]] == [c["class"] for c in result["failure_classes"]]
    assert len(read["replay_files"]) == sum(c["files"] for c in result["failure_classes"])
    with pytest.raises(sepax.InputError, match="not a results folder"):
        sepax.results(str(tmp_path / "nothing"))


def test_results_reads_a_verify_folder(tmp_path, sepax_command):
    done = run(sepax_command, "verify", "--query", "sphere_sphere", "--cases", "200", "--out", tmp_path / "v")
    assert done.returncode == 0, done.stderr
    read = sepax.results(str(tmp_path / "v"))
    assert read["campaign"]["cases"] == 200
    assert {r["query"] for r in read["tables"]["pair_queries"]} == {"sphere_sphere"}


def test_check_gives_a_kernel_the_cases_of_a_case_file_as_generate_does(tmp_path, sepax_command):
    path = tmp_path / "cases.jsonl"
    done = run(sepax_command, "generate", "--query", "aabb_sphere", "--family", "random", "--scalar", "float",
               "--count", "20", "--seed", "9", "-o", path)
    assert done.returncode == 0, done.stderr
    path.write_text(path.read_text() + "{\"query\": \"aabb_sphere\", \"a\": 1}\n")  # a line that is no case
    seen = []

    def records(cases):
        seen.append(cases)
        return np.zeros(1, dtype=bool)
    rows = sepax.check(str(path), records, query="aabb_sphere", quiet=True)
    assert rows[-1]["class"] == "error" and rows[-1]["line"] == 21 and "b" in rows[-1]["error"]
    assert len(seen) == 20
    expected = sepax.generate("aabb_sphere", "random", "float", 20, seed=9)
    for field in ("min", "max"):
        got = np.concatenate([c["a"][field] for c in seen])
        assert got.dtype == np.float32 and got.tobytes() == expected["a"][field].tobytes()
    got = np.concatenate([c["b"]["center"] for c in seen])
    assert got.tobytes() == expected["b"]["center"].tobytes()


def test_a_campaigns_sat_failure_class_gets_the_axis_analysis_of_its_worst_case(tmp_path):
    # As verify explains its classes: the worst case's candidate axes, exactly
    # (here the nearly parallel edges a plain float SAT trips on), written to
    # class.json and the summary.
    result = sepax.campaign(plain_obb_sat, "obb_obb", "float", families=["ultra-parallel"], cases=3000, seed=7,
                            out=str(tmp_path / "res"), shrink=0, quiet=True)
    assert not result.ok and result["failure_classes"], "the plain SAT must fail on ultra-parallel edges"
    for c in result["failure_classes"]:
        assert c["cause"] == "ill-conditioned-axis", c
        assert "sin θ" in c["cause_detail"] and "Gottschalk" in c["fix"], c
        with open(tmp_path / "res" / c["folder"] / "class.json") as f:
            assert json.load(f)["cause"] == "ill-conditioned-axis"
