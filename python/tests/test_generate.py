"""sepax.generate: the campaign's cases as numpy arrays, bit for bit those of
`sepax generate` (and so of `sepax verify --cases`)."""
import numpy as np
import pytest

import sepax
from conftest import read_arrays, run

LAYOUTS = [(q, m) for q in sepax.queries() for m in sepax.modes(q)]


def test_queries_start_with_the_sat_queries_and_list_every_judged_one():
    names = sepax.queries()
    assert names[:3] == ["obb_obb", "tri_obb", "tri_tri"]
    assert {"rect_rect", "sphere_sphere", "aabb_sphere", "sphere_plane", "aabb_aabb", "obb_segment", "obb_to_aabb",
            "obb_obb_manifold", "general_motion", "obb_obb_distance", "tri_obb_distance", "tri_tri_distance"} <= set(names)
    assert len(LAYOUTS) == 25


def test_families_are_the_campaigns():
    assert {"random", "parallel-edges", "touching", "coplanar"} <= set(sepax.families("obb_obb"))
    assert "touching" in sepax.families("sphere_sphere")


def test_a_box_is_center_axes_extents_in_the_scalars_dtype():
    for scalar, dtype in (("float", np.float32), ("double", np.float64)):
        cases = sepax.generate("obb_obb", "random", scalar, 50, seed=3)
        box = cases["a"]
        assert set(box) == {"center", "axes", "extents"}
        assert box["center"].shape == (50, 3) and box["axes"].shape == (50, 3, 3) and box["extents"].shape == (50, 3)
        assert box["axes"].dtype == dtype
        gram = np.einsum("nij,nkj->nik", box["axes"].astype(np.float64), box["axes"].astype(np.float64))
        assert np.abs(gram - np.eye(3)).max() < 1e-5  # axes[:, i] is the i-th axis: rows orthonormal


def test_triangles_and_motions_have_their_structure():
    cases = sepax.generate("tri_obb", "touching", "double", 20, mode="find_first_contact")
    assert cases["a"]["vertices"].shape == (20, 3, 3)
    assert set(cases["motion"]) == {"va", "vb", "T"}
    assert cases["motion"]["T"].shape == (20,)
    spheres = sepax.generate("sphere_sphere", "random", "float", 7, mode="find_first_contact")
    assert set(spheres["a"]) == {"center", "radius"} and set(spheres["motion"]) == {"da", "db"}


def test_the_same_seed_gives_the_same_cases_and_another_seed_others():
    one = sepax.generate("tri_tri", "coplanar", "double", 30, seed=5)
    two = sepax.generate("tri_tri", "coplanar", "double", 30, seed=5)
    other = sepax.generate("tri_tri", "coplanar", "double", 30, seed=6)
    assert np.array_equal(one["a"]["vertices"], two["a"]["vertices"])
    assert not np.array_equal(one["a"]["vertices"], other["a"]["vertices"])


def test_shards_are_contiguous_slices_of_the_whole():
    whole = sepax.generate("aabb_aabb", "random", "double", 100, seed=2)
    parts = [sepax.generate("aabb_aabb", "random", "double", 100, seed=2, shard="%d/3" % i) for i in (1, 2, 3)]
    assert [len(p["a"]["min"]) for p in parts] == [33, 33, 34]
    assert np.array_equal(np.concatenate([p["a"]["min"] for p in parts]), whole["a"]["min"])
    assert list(parts[2].indices[:2]) == [66, 67]


@pytest.mark.parametrize("query,mode", LAYOUTS, ids=["%s-%s" % qm for qm in LAYOUTS])
def test_generate_equals_the_sepax_command_bit_for_bit(query, mode, sepax_command, tmp_path):
    family = sepax.families(query, mode)[-1]
    for scalar in ("float", "double"):
        out = tmp_path / ("%s.arr" % scalar)
        done = run(sepax_command, "generate", "--query", query, "--mode", mode, "--family", family, "--scalar", scalar,
                   "--seed", 9, "--count", 40, "--format", "arrays", "-o", out)
        assert done.returncode == 0, done.stderr
        fields, about = read_arrays(out)
        cases = sepax.generate(query, family, scalar, 40, seed=9, mode=mode)
        layout = sepax.layout(query, mode)
        for field in layout["inputs"]:
            mine = cases[field["name"]]
            parts = [mine[p] for p, _ in sepax._structure.structure_of(field)] if isinstance(mine, dict) else [mine]
            flat = np.concatenate([np.asarray(p).reshape(40, -1).astype(np.float64) for p in parts], axis=1)
            theirs = fields[field["name"]].astype(np.float64)
            assert flat.tobytes() == theirs.tobytes(), (query, mode, scalar, field["name"])


def test_kernels_lists_sepaxs_own():
    ids = {k["id"] for k in sepax.kernels()}
    assert "obb_obb/test_static/double" in ids
    assert any(k["query"] == "obb_obb_manifold" for k in sepax.kernels())


def test_layout_names_every_field_with_its_width_and_type():
    layout = sepax.layout("obb_obb_manifold", "find_manifold")
    assert [f["name"] for f in layout["answers"]] == ["contact", "normal", "depth", "count", "points"]
    assert [f["width"] for f in layout["inputs"]] == [15, 15]
