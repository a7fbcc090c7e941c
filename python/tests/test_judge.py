"""sepax.judge: answers computed in numpy judged exactly, as `sepax check
--answers` judges them; wrong answers found, grouped and explained."""
import re

import numpy as np
import pytest

import sepax
from conftest import read_arrays, run, write_meets


def spheres_meet(cases, bug=False):
    """An ordinary float64 sphere test, independent of sepax: |ca - cb|^2 <= (ra + rb)^2."""
    a, b = cases["a"], cases["b"]
    d2 = np.sum((a["center"].astype(np.float64) - b["center"]) ** 2, axis=1)
    r = a["radius"].astype(np.float64) + b["radius"]
    return d2 <= (r if bug else r * r)


def test_a_right_kernel_has_no_gross_verdict():
    cases = sepax.generate("sphere_sphere", "random", "double", 2000, seed=4)
    verdict = sepax.judge("sphere_sphere", cases, spheres_meet(cases))
    assert set(verdict["class"]) <= {"ok", "boundary"}
    assert verdict["failure_classes"] == []
    # "exact" agrees with the answers wherever the balls are far from touching.
    clear = np.abs(verdict["margin"]) > 1e-6
    clear[np.isnan(verdict["margin"])] = True
    assert np.array_equal(verdict["exact"][clear], spheres_meet(cases)[clear])


def test_a_planted_bug_is_gross_grouped_and_explained():
    cases = sepax.generate("sphere_sphere", "random", "double", 2000, seed=4)
    verdict = sepax.judge("sphere_sphere", cases, spheres_meet(cases, bug=True))
    gross = verdict["class"] == "gross"
    assert gross.sum() > 10
    classes = verdict["failure_classes"]
    assert sum(c["count"] for c in classes) == gross.sum()
    worst = max(classes, key=lambda c: c["count"])
    assert worst["cause"] in ("false-separation", "false-contact")
    assert worst["severity_max"] >= worst["severity_median"] > 0
    assert verdict["class"][worst["worst_index"]] == "gross"
    assert np.all(verdict["severity"][gross] > 0)


def test_a_tolerance_excuses_what_it_promises():
    cases = sepax.generate("sphere_sphere", "random", "double", 500, seed=4)
    answers = spheres_meet(cases, bug=True)
    strict = sepax.judge("sphere_sphere", cases, answers)
    lenient = sepax.judge("sphere_sphere", cases, answers, tolerance=1e9)
    assert (strict["class"] == "gross").any()
    assert not (lenient["class"] == "gross").any()
    assert set(lenient["cause"][strict["class"] == "gross"]) == {"declared-bias"}


def test_the_scalar_comes_from_the_arrays_dtype():
    cases = sepax.generate("sphere_sphere", "touching", "float", 300, seed=1)
    plain = {k: v for k, v in cases.items()}  # no metadata: float32 arrays say "float"
    a = sepax.judge("sphere_sphere", cases, spheres_meet(cases))
    b = sepax.judge("sphere_sphere", plain, spheres_meet(cases))
    assert np.array_equal(a["class"], b["class"])
    assert np.array_equal(a["band"], b["band"], equal_nan=True)


def test_judge_equals_sepax_check_on_the_same_answers(sepax_command, tmp_path):
    out = tmp_path / "cases.arr"
    done = run(sepax_command, "generate", "--query", "sphere_sphere", "--family", "touching", "--scalar", "float",
               "--seed", 3, "--count", 400, "--format", "arrays", "-o", out)
    assert done.returncode == 0, done.stderr
    fields, about = read_arrays(out)
    cases = sepax.generate("sphere_sphere", "touching", "float", 400, seed=3)
    answers = spheres_meet(cases, bug=True)
    write_meets(tmp_path / "answers.arr", about, 4, answers)
    checked = run(sepax_command, "check", out, "--answers", tmp_path / "answers.arr", "--json")
    import json
    lines = [json.loads(line) for line in checked.stdout.splitlines() if line.startswith("{")]
    theirs = [line["class"] for line in sorted(lines, key=lambda line: line["index"])]
    mine = sepax.judge("sphere_sphere", cases, answers)["class"]
    assert len(theirs) == 400
    assert list(mine) == theirs


def test_an_obb_test_in_numpy_is_judged_on_every_family():
    for family in ("random", "touching", "parallel-edges"):
        cases = sepax.generate("obb_obb", family, "double", 300, seed=2)
        everything_meets = np.ones(300, dtype=bool)
        verdict = sepax.judge("obb_obb", cases, everything_meets)
        # Calling every pair intersecting is wrong exactly where they are apart.
        apart = ~verdict["exact"]
        assert np.all(verdict["class"][~apart] == "ok")
        assert set(verdict["class"][apart]) <= {"gross", "boundary"}


def test_sweeps_take_their_answer_fields():
    cases = sepax.generate("sphere_sphere", "random", "double", 200, seed=8, mode="find_first_contact")
    n = 200
    never = {"state": np.ones(n, dtype=np.int32), "time": np.full(n, np.nan)}
    verdict = sepax.judge("sphere_sphere", cases, never, mode="find_first_contact")
    meets = verdict["exact"]
    assert meets.any() and (~meets).any()
    assert np.all(verdict["class"][~meets] == "ok")
    assert np.all(verdict["class"][meets] == "gross")


def test_manifold_answers_are_judged_field_by_field():
    cases = sepax.generate("obb_obb_manifold", "random", "double", 60, seed=1)
    n = 60
    none = {"contact": np.zeros(n, dtype=bool), "normal": np.tile([1.0, 0, 0], (n, 1)), "depth": np.zeros(n),
            "count": np.zeros(n, dtype=np.int32), "points": np.zeros((n, 24))}
    verdict = sepax.judge("obb_obb_manifold", cases, none)
    assert np.all(verdict["class"][~verdict["exact"]] != "gross")
    # "No contact" for boxes that meet: gross, or boundary when they barely do.
    meeting = verdict["class"][verdict["exact"]]
    assert set(meeting) <= {"gross", "boundary"} and (meeting == "gross").sum() > 10
    barely = verdict["exact"] & (verdict["class"] == "boundary")
    assert np.all(verdict["severity"][barely] <= verdict["band"][barely])


def test_enclosures_that_do_not_contain_the_box_are_gross():
    cases = sepax.generate("obb_to_aabb", "random", "double", 100, seed=1, mode="enclose")
    box = cases["a"]
    # Half-widths sum_i |A_i[k]| e_i, in double: a hair short of the exact ones at times.
    radius = np.einsum("nik,ni->nk", np.abs(box["axes"]), box["extents"])

    def enclosure(factor):
        return {"aabb": np.concatenate([box["center"] - radius * factor, box["center"] + radius * factor], axis=1)}

    def judged(factor):
        return sepax.judge("obb_to_aabb", cases, enclosure(factor), mode="enclose")

    assert set(judged(1 + 1e-15)["class"]) == {"ok"}            # outward by a few ulps: contains, tight
    short = judged(1.0)                                         # rounded to nearest: some miss a corner
    assert set(short["cause"][short["class"] == "gross"]) == {"wrong-enclosure"}
    assert set(judged(0.5)["cause"]) == {"wrong-enclosure"}     # half the box outside
    assert set(judged(1 + 1e-6)["cause"]) == {"loose-enclosure"}  # far larger than rounding needs


def _example_kernel():
    """examples/python/obb_numpy.py's float32 OBB test (Gottschalk's epsilon on |R|)."""
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python", "obb_numpy.py")
    spec = importlib.util.spec_from_file_location("obb_numpy_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_declared_bias_excuses_the_false_contacts_its_method_makes_and_no_more():
    example = _example_kernel()
    cases = sepax.generate("obb_obb", "parallel-edges", "float", 20000, seed=1)
    answers = example.overlap(cases)
    plain = sepax.judge("obb_obb", cases, answers)
    # Without the declaration the epsilon's false contacts are gross: they are
    # beyond float's band though well within sqrt(epsilon) of the size.
    false_contacts = (plain["class"] == "gross") & (plain["kind"] == "false-positive")
    assert false_contacts.sum() > 0
    assert np.all(plain["severity"][false_contacts] < 1e-3)
    declared = sepax.judge("obb_obb", cases, answers, bias=example.GOTTSCHALK)
    assert (declared["class"] == "gross").sum() == 0
    assert np.array_equal(declared["class"][false_contacts], np.full(false_contacts.sum(), "boundary", dtype=object))
    # The planted bug's false separations are not excused by any bias.
    planted = sepax.judge("obb_obb", cases, example.overlap(cases, planted_bug=True), bias=example.GOTTSCHALK)
    assert ((planted["class"] == "gross") & (planted["kind"] == "false-negative")).sum() > 100


@pytest.mark.parametrize("query, bias, message", [
    ("sphere_sphere", {"method": "epsilon_on_rotation", "epsilon": 1e-6}, "sphere_sphere has no bias methods"),
    ("obb_obb", {"method": "fudge", "epsilon": 1e-6}, "method 'fudge' is none of"),
    ("obb_obb", {"method": "epsilon_on_rotation"}, "is not {\"method\": ..., \"epsilon\": ...}"),
    ("obb_obb", {"method": "epsilon_on_rotation", "epsilon": -1.0}, "bias: "),
])
def test_a_bias_the_judge_cannot_grant_is_refused_by_name(query, bias, message):
    cases = sepax.generate(query, "random", "double", 4, seed=1)
    with pytest.raises(sepax.InputError, match=re.escape(message)):
        sepax.judge(query, cases, np.zeros(4, dtype=bool), bias=bias)



def plain_obb_sat(cases):
    """Eberly's 15-axis OBB test (Table 1) in plain float32, no epsilon,
    independent of sepax: right on well-conditioned pairs, noise on nearly
    parallel edges."""
    a, b = cases["a"], cases["b"]
    A, B = a["axes"].astype(np.float32), b["axes"].astype(np.float32)
    ea, eb = a["extents"].astype(np.float32), b["extents"].astype(np.float32)
    # axes[:, i] is the i-th axis: R[n, i, j] = A_i . B_j, T[n, i] = A_i . (cB - cA)
    R = np.einsum("nik,njk->nij", A, B)
    T = np.einsum("nik,nk->ni", A, (b["center"] - a["center"]).astype(np.float32))
    absR = np.abs(R)
    separated = np.zeros(len(ea), dtype=bool)
    for i in range(3):
        separated |= np.abs(T[:, i]) > ea[:, i] + (eb * absR[:, i, :]).sum(axis=1)
        separated |= np.abs((T * R[:, :, i]).sum(axis=1)) > (ea * absR[:, :, i]).sum(axis=1) + eb[:, i]
    for i in range(3):
        i1, i2 = (i + 1) % 3, (i + 2) % 3
        for j in range(3):
            j1, j2 = (j + 1) % 3, (j + 2) % 3
            radii = (ea[:, i1] * absR[:, i2, j] + ea[:, i2] * absR[:, i1, j] + eb[:, j1] * absR[:, i, j2]
                     + eb[:, j2] * absR[:, i, j1])
            separated |= np.abs(T[:, i2] * R[:, i1, j] - T[:, i1] * R[:, i2, j]) > radii
    return ~separated


def test_a_sat_failure_class_is_explained_by_its_axes_as_verify_explains_one():
    # Nearly parallel edges: the plain SAT separates overlapping boxes along an
    # edge axis their cross product barely determines. Each failure class's
    # worst case is explained by the candidate axes' exact gaps and sines, as
    # `sepax verify` explains a C++ kernel's class: the cause names that axis
    # and the fix suggests Gottschalk's epsilon, not a generic false separation.
    cases = sepax.generate("obb_obb", "ultra-parallel", "float", 3000, seed=7)
    verdict = sepax.judge("obb_obb", cases, plain_obb_sat(cases))
    gross = verdict["class"] == "gross"
    assert gross.sum() > 0, "the plain SAT must fail somewhere on ultra-parallel edges"
    assert verdict["failure_classes"], "gross verdicts make failure classes"
    for c in verdict["failure_classes"]:
        assert c["cause"] == "ill-conditioned-axis", c
        assert "sin θ" in c["cause_detail"] and "Gottschalk" in c["fix"], c
        # the class's worst answer carries the same cause
        assert verdict["cause"][c["worst_index"]] == "ill-conditioned-axis"
