"""Bad input to sepax.generate and sepax.judge: an InputError naming the field,
the index and the value, never a crash."""
import numpy as np
import pytest

import sepax


@pytest.fixture
def boxes():
    cases = sepax.generate("obb_obb", "random", "double", 10, seed=1)
    return {"a": dict(cases["a"]), "b": dict(cases["b"])}


def judge(cases, answers=None):
    return sepax.judge("obb_obb", cases, np.zeros(10, dtype=bool) if answers is None else answers)


def expect(match, cases, answers=None):
    with pytest.raises(sepax.InputError, match=match):
        judge(cases, answers)


def test_a_wrong_shape_is_named(boxes):
    boxes["a"]["center"] = boxes["a"]["center"][:, :2]
    expect(r"a\.center: expected shape \(10, 3\), got \(10, 2\)", boxes)


def test_a_wrong_dtype_is_named(boxes):
    boxes["b"]["extents"] = boxes["b"]["extents"].astype(str)
    expect(r"b\.extents: expected an array of numbers", boxes)


def test_nan_is_named_with_its_index(boxes):
    boxes["a"]["center"][4, 1] = np.nan
    expect(r"a\.center\[4\]: nan is not a finite number", boxes)


def test_infinity_is_named_with_its_index(boxes):
    boxes["b"]["axes"][7, 0, 0] = np.inf
    expect(r"b\.axes\[7\]: inf is not a finite number", boxes)


def test_axes_that_are_not_unit_are_named(boxes):
    boxes["a"]["axes"][3] *= 2
    expect(r"a\.axes\[3\]: .* are not unit and orthonormal", boxes)


def test_axes_that_are_not_orthogonal_are_named(boxes):
    boxes["b"]["axes"][5, 1] = boxes["b"]["axes"][5, 0]
    expect(r"b\.axes\[5\]: .* are not unit and orthonormal", boxes)


def test_a_negative_extent_is_named(boxes):
    boxes["a"]["extents"][2, 2] = -0.5
    expect(r"a\.extents\[2\]: .* has a negative extent", boxes)


def test_a_missing_field_or_part_is_named(boxes):
    expect(r"field 'b' missing", {"a": boxes["a"]})
    del boxes["a"]["extents"]
    expect(r"a\.extents: missing", boxes)


def test_an_unknown_part_is_named(boxes):
    boxes["a"]["centre"] = boxes["a"]["center"]
    expect(r"a: unknown part centre", boxes)


def test_answers_of_the_wrong_length_or_values_are_named(boxes):
    expect(r"answers: expected shape \(10,\), got \(9,\)", boxes, np.zeros(9, dtype=bool))
    expect(r"answers\[6\]: 2 is neither 0 nor 1", boxes, np.array([0, 0, 0, 0, 0, 0, 2, 0, 0, 0]))
    expect(r"answers: expected a bool array", boxes, np.zeros(10, dtype=float))


def test_doubles_that_are_no_floats_are_refused_for_float_cases():
    cases = sepax.generate("sphere_sphere", "random", "float", 5, seed=1)
    cases["a"]["center"] = cases["a"]["center"].astype(np.float64)
    cases["a"]["center"][1, 0] += 1e-12
    with pytest.raises(sepax.InputError, match=r"a\.center\[1\]: .* is not a float"):
        sepax.judge("sphere_sphere", cases, np.zeros(5, dtype=bool))


def test_a_negative_radius_is_named():
    cases = sepax.generate("sphere_sphere", "random", "double", 5, seed=1)
    cases["b"]["radius"][3] = -1
    with pytest.raises(sepax.InputError, match=r"b\.radius\[3\]: -1.0 is negative"):
        sepax.judge("sphere_sphere", cases, np.zeros(5, dtype=bool))


def test_unknown_names_are_refused_with_the_known_ones():
    with pytest.raises(sepax.InputError, match=r"query: 'box_box' is not one of obb_obb"):
        sepax.generate("box_box", "random", "float", 3)
    with pytest.raises(ValueError, match=r"family: \"nope\" is not a family of obb_obb test_static"):
        sepax.generate("obb_obb", "nope", "float", 3)
    with pytest.raises(sepax.InputError, match=r"scalar: 'half'"):
        sepax.generate("obb_obb", "random", "half", 3)
    with pytest.raises(sepax.InputError, match=r"mode: 'find_manifold' is not a mode of obb_obb"):
        sepax.generate("obb_obb", "random", "float", 3, mode="find_manifold")
    with pytest.raises(sepax.InputError, match=r"shard: 4/3"):
        sepax.generate("obb_obb", "random", "float", 3, shard="4/3")


def test_a_bad_answer_field_of_a_sweep_is_named():
    cases = sepax.generate("aabb_aabb", "random", "double", 4, seed=1, mode="find_first_contact")
    with pytest.raises(sepax.InputError, match=r"case 2: .*state"):
        sepax.judge("aabb_aabb", cases, {"state": np.array([0, 1, 7, 1], dtype=np.int32), "time": np.zeros(4)},
                    mode="find_first_contact")
