#!/usr/bin/env python3
"""Writes the reported-bug case files (sepax case-file format)."""
import json, itertools, math
from fractions import Fraction
import numpy as np

import os
OUT = os.path.dirname(os.path.abspath(__file__))

def hx(v):
    """A double as a case file writes it: integer JSON number or C99 hex-float string."""
    v = float(v)
    if v == int(v) and abs(v) < 2**53 and not (v == 0 and math.copysign(1, v) < 0):
        return int(v)
    return v.hex()

def f32(x):
    """float32 value (as a Python float) of a double."""
    return float(np.float32(x))

def box(center, R, half, conv=hx):
    # axes = columns of R (local axes in world coordinates)
    R = np.asarray(R, dtype=np.float64)
    return {"center": [conv(c) for c in center],
            "axes": [[conv(R[r][c]) for r in range(3)] for c in range(3)],
            "extents": [conv(h) for h in half]}

def tri(vs, conv=hx):
    return {"vertices": [[conv(c) for c in v] for v in vs]}

def ortho_err(R):
    R = np.asarray(R, dtype=np.float64)
    return float(np.max(np.abs(R.T @ R - np.eye(3)))), float(np.linalg.det(R))

def gram_schmidt(R):
    R = np.asarray(R, dtype=np.float64)
    c0 = R[:, 0] / np.linalg.norm(R[:, 0])
    c1 = R[:, 1] - np.dot(R[:, 1], c0) * c0; c1 /= np.linalg.norm(c1)
    c2 = np.cross(c0, c1)
    return np.stack([c0, c1, c2], axis=1)

def mju_normalize4(q):
    q = [float(x) for x in q]
    n = math.sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
    if n < 1e-15:
        return [1.0, 0.0, 0.0, 0.0]
    if abs(n - 1) > 1e-15:
        inv = 1 / n
        q = [x * inv for x in q]
    return q

def mju_quat2mat(q):
    """MuJoCo's mju_quat2Mat, same operation order (w,x,y,z quaternion), row-major R."""
    q = [float(x) for x in q]
    if q == [1.0, 0.0, 0.0, 0.0]:
        return np.eye(3)
    q00=q[0]*q[0]; q01=q[0]*q[1]; q02=q[0]*q[2]; q03=q[0]*q[3]
    q11=q[1]*q[1]; q12=q[1]*q[2]; q13=q[1]*q[3]; q22=q[2]*q[2]; q23=q[2]*q[3]; q33=q[3]*q[3]
    r = [0.0]*9
    r[0] = q00 + q11 - q22 - q33
    r[4] = q00 - q11 + q22 - q33
    r[8] = q00 - q11 - q22 + q33
    r[1] = 2*(q12 - q03); r[2] = 2*(q13 + q02); r[3] = 2*(q12 + q03)
    r[5] = 2*(q23 - q01); r[6] = 2*(q13 - q02); r[7] = 2*(q23 + q01)
    return np.array(r, dtype=np.float64).reshape(3, 3)

def write(name, lines):
    with open(f"{OUT}/{name}", "w") as f:
        for ln in lines:
            f.write(json.dumps(ln, separators=(",", ":")) + "\n")
    print("wrote", name, len(lines), "lines")

I = np.eye(3)
report = {}

def distance_line(line, idtag, judged):
    """The same two boxes as an obb_obb_distance line (signed distance: separation, or minus the
    penetration depth). No "verdicts" key (not read on distance lines), so the origin's recorded_verdict
    note is dropped; "judged" says what the line checks."""
    o = {k: v for k, v in line["origin"].items() if k != "recorded_verdict"}
    o["judged"] = judged
    return {"id": idtag, "query": "obb_obb_distance", "scalar": line["scalar"], "a": line["a"], "b": line["b"],
            "origin": o}

# ---------------------------------------------------------------- MuJoCo #3476
size = [75, 35.5, 22.5]   # MuJoCo geom size = half-extents (mm in the reporter's model)
p1 = [862.4672361088551, 444.5974448882937, -87.50001574938747,
      0.70870472649706, 2.2005940043163968e-13, -1.8342950101702237e-13, 0.7055052165935622]
p2 = [862.4009654665109, 594.9219226097865, -87.50002095390447,
      0.7054546906050059, -7.947440490083151e-08, -3.301086291725321e-08, 0.7087550207958939]
R1 = mju_quat2mat(mju_normalize4(p1[3:])); R2 = mju_quat2mat(mju_normalize4(p2[3:]))
report["mujoco-3476"] = [ortho_err(R1), ortho_err(R2)]
origin = {"issue": "google-deepmind/mujoco#3476",
          "url": "https://github.com/google-deepmind/mujoco/issues/3476",
          "reported_version": "MuJoCo 3.10.0 and 3.11.0 (double)",
          "inputs": "reconstructed: the 'exact box pose from #3476' as written into the regression test of "
                    "PR google-deepmind/mujoco#3478 (commit 666e1344c, not merged): geom size 75 35.5 22.5 "
                    "(MuJoCo half-sizes), freejoint qpos (pos + quaternion w,x,y,z); rotation = "
                    "mju_quat2Mat(mju_normalize4(quat)) replicated in double, no further renormalisation",
          "reported": "mjc_BoxBox manifold held a second point with dist -71.056 (box width 71 + real depth) "
                      "beside the correct -0.056 corner contact; truth: depth about 0.056 at one corner",
          "status": "fixed by 8655446f2 (2026-08-01, depth bound on edge-edge points; first release 3.12.0), "
                    "box-box collider rewritten in 86e986010 (2026-08-15, 3.12.0)"}
a = box(p1[:3], R1, size); b = box(p2[:3], R2, size)
write("mujoco-3476.jsonl", [
    {"id": "mujoco-3476-manifold", "query": "obb_obb_manifold", "scalar": "double", "a": a, "b": b, "origin": origin},
    {"id": "mujoco-3476-static", "query": "obb_obb", "scalar": "double", "a": a, "b": b, "origin": origin}])

# ---------------------------------------------------------------- MuJoCo #1800 (maintainers' configs)
cfgs = [
  ("face", [0.10375412296887962, 0.0014208822825842824, 0.029838770510023913],
   [0.0047738704827163959, 0.0007140947854610601, 0.0045937794963772805],
   [0.027189909560778446, 0.003935055006556199, -0.0055232476077228749],
   [-0.18064681165220281, -0.38732117424997786, 0.11417869384387985, 0.89683457966874658],
   [-0.29829616465597159, 0.84519552206173276, 0.23968520782082428, -0.37311516826607399]),
  ("edge-edge", [0.034760484829104925, 0.00071213467312592935, 0.0059314873303977222],
   [0.013576183806600434, 0.0082162263322061238, 0.0011680617239575811],
   [0.0044392420645136049, -0.0041767483250730571, 0.00078140511512282684],
   [0.58664366826657666, 0.39991671184222333, 0.24085697266687636, -0.66174296278070577],
   [-0.35168496783547554, 0.48328103093900215, 0.12063144050164629, -0.79259395915916098])]
lines = []; errs = []
for name, s1, s2, pos2, q1, q2 in cfgs:
    R1 = mju_quat2mat(q1); R2 = mju_quat2mat(q2); errs.append((ortho_err(R1), ortho_err(R2)))
    origin = {"issue": "google-deepmind/mujoco#1800",
              "url": "https://github.com/google-deepmind/mujoco/issues/1800",
              "reported_version": "not stated (2024-07, MuJoCo 3.1.x/3.2.0 era, double)",
              "inputs": "reconstructed: the reporter's second geom is not in the stored thread, so this is the "
                        f"'{name}' configuration of the regression test ThinBoxTunneledPenetration added by the "
                        "fixing commit fb07a9ca5 ('Fixes #1800'): geom sizes are MuJoCo half-sizes, box a at the "
                        "origin, geom_xmat = mju_quat2Mat(quat w,x,y,z) written directly (no normalisation), "
                        "replicated here in double; the test's margin (1e-5 / 1e-4) is not part of the case",
              "reported": "mjc_BoxBox returned no contact for visibly overlapping boxes (penetration deeper than "
                          "the smaller half-size: the outside-box filter removed every point) while "
                          "mj_geomDistance was negative",
              "status": "fixed in fb07a9ca5 (2026-08-02), first release 3.12.0"}
    a = box([0, 0, 0], R1, s1); b = box(pos2, R2, s2)
    lines.append({"id": f"mujoco-1800-{name}-manifold", "query": "obb_obb_manifold", "scalar": "double", "a": a, "b": b, "origin": origin})
    lines.append({"id": f"mujoco-1800-{name}-static", "query": "obb_obb", "scalar": "double", "a": a, "b": b, "origin": origin})
report["mujoco-1800"] = errs
write("mujoco-1800.jsonl", lines)

# ---------------------------------------------------------------- MuJoCo box-box factor 2 (mujoco_warp #822)
o_c = {"issue": "google-deepmind/mujoco_warp#822",
       "url": "https://github.com/google-deepmind/mujoco_warp/pull/822",
       "reported_version": "MuJoCo C <= 3.3.7 (double); confirmed there by the maintainers (thowell, 2025-11-05)",
       "inputs": "as in the regression test BoxBoxContactDistance of MuJoCo commit 883836848 ('Fix box-box "
                 "distance computation'): two boxes size 1 1 1 (half-sizes), at the origin and at (0,0,1.5), "
                 "identity orientation",
       "reported": "face-face contacts reported dist = -0.25 (half the depth); truth -0.5",
       "status": "fixed in MuJoCo 883836848 (2025-11-07), first release 3.4.0"}
o_w = {"issue": "google-deepmind/mujoco_warp#822",
       "url": "https://github.com/google-deepmind/mujoco_warp/pull/822",
       "reported_version": "mujoco_warp before 55565bc8 (float32)",
       "inputs": "as in the test test_box_box_face_penetration_depth added by the PR: boxes size 0.5 0.5 0.5 "
                 "(half-sizes) at the origin and at (0,0,0.8); numbers rounded to float32 as the GPU kernel sees them",
       "reported": "depth 0.1 reported for a 0.2 face-face penetration (the z coordinate was halved before it "
                   "was stored as the depth)",
       "status": "fixed in mujoco_warp 55565bc8 (PR #822, merged 2025-11-10)"}
c822 = {"id": "mujoco-c-factor2-manifold", "query": "obb_obb_manifold", "scalar": "double",
        "a": box([0, 0, 0], I, [1, 1, 1]), "b": box([0, 0, 1.5], I, [1, 1, 1]), "origin": o_c}
write("mujoco_warp-822.jsonl", [
    c822,
    {"id": "mujoco_warp-822-manifold", "query": "obb_obb_manifold", "scalar": "float",
     "a": box([0, 0, 0], I, [0.5, 0.5, 0.5]), "b": box([0, 0, f32(0.8)], I, [0.5, 0.5, 0.5]), "origin": o_w},
    distance_line(c822, "mujoco-c-factor2-distance",
                  "the depth as a signed distance (exact -0.5); MuJoCo's box-box contact (dist = -depth/2 before "
                  "the fix) is the peer mujoco/box_box_distance. No line for the float32 mujoco_warp case: "
                  "no float distance peer computes a depth")])

# ---------------------------------------------------------------- mujoco_warp #1526
o = {"issue": "google-deepmind/mujoco_warp#1526",
     "url": "https://github.com/google-deepmind/mujoco_warp/issues/1526",
     "reported_version": "mujoco_warp main, 2026-07 (float32, convex GJK/EPA box-box path)",
     "inputs": "reconstructed: the settled state of the issue's simulation as written into the regression test "
               "test_box_box_shallow_penetration of the fix (mujoco_warp 63d25e44, PR #1532): box half-sizes "
               "0.2 at (0,0,0.19972974) and 0.1 at (0,0,0.49947918), identity orientation; MuJoCo parses the "
               "XML in double and mujoco_warp stores float32, so each number is float32(double(decimal))",
     "reported": "no contact (origin on a face of the GJK tetrahedron, EPA dropped it); MuJoCo C finds the "
                 "face-face contact; test expects 4 contacts with depth 0.00025054812",
     "status": "fixed in mujoco_warp 63d25e44 (PR #1532, 2026-07-20), first release v3.10.0.3"}
a = box([0, 0, f32(0.19972974)], I, [f32(0.2)]*3); b = box([0, 0, f32(0.49947918)], I, [f32(0.1)]*3)
write("mujoco_warp-1526.jsonl", [
    {"id": "mujoco_warp-1526-manifold", "query": "obb_obb_manifold", "scalar": "float", "a": a, "b": b, "origin": o},
    {"id": "mujoco_warp-1526-static", "query": "obb_obb", "scalar": "float", "a": a, "b": b, "origin": o}])

# ---------------------------------------------------------------- FCL #628
lines = []; dist628 = []
for tag, zmax in (("unit", 1.0), ("z-scaled", 2.0)):
    o = {"issue": "flexible-collision-library/fcl#628",
         "url": "https://github.com/flexible-collision-library/fcl/issues/628",
         "reported_version": "not stated (FCL 0.7.x era, 2024-10)",
         "inputs": f"reconstructed from the corners the reporter gave: box 1 [0,0,0]-[1,1,{zmax:g}], box 2 "
                   f"[0,0.8,0]-[1,1,{zmax:g}] (fcl::Box takes full sides; here centre + half-extents), "
                   "identity orientation; scalar double assumed",
         "reported": ("collide() penetration_depth 1.0" if zmax == 1.0 else "collide() penetration_depth 0")
                     + "; box 2 lies inside box 1 with three faces flush, so the exact minimum translational "
                       "depth is 0.2 along y",
         "status": "open"}
    a = box([0.5, 0.5, zmax/2], I, [0.5, 0.5, zmax/2]); b = box([0.5, 0.9, zmax/2], I, [0.5, 0.1, zmax/2])
    lines.append({"id": f"fcl-628-{tag}-manifold", "query": "obb_obb_manifold", "scalar": "double", "a": a, "b": b, "origin": o})
    lines.append({"id": f"fcl-628-{tag}-static", "query": "obb_obb", "scalar": "double", "a": a, "b": b, "origin": o})
    dist628.append(distance_line(lines[-1], f"fcl-628-{tag}-distance",
                                 "the penetration depth as a signed distance (exact -0.2); FCL's own answer is "
                                 "collide()'s depth, judged on the manifold line (fcl/obb_obb_distance computes "
                                 "no depth for overlapping boxes)"))
write("fcl-628.jsonl", lines + dist628)

# ---------------------------------------------------------------- FCL GJK/EPA disagreements (#390, #399, #493, #495)
def fcl_case(idtag, size1, M1, size2, M2, origin):
    R1 = np.array([r[:3] for r in M1[:3]], dtype=np.float64); t1 = [r[3] for r in M1[:3]]
    R2 = np.array([r[:3] for r in M2[:3]], dtype=np.float64); t2 = [r[3] for r in M2[:3]]
    notes = []
    for k, R in (("1", R1), ("2", R2)):
        e, d = ortho_err(R)
        notes.append(f"R{k}: max|R^T R - I| = {e:.1e}, det = {d:.17g}")
    origin = dict(origin)
    origin["recorded_verdict"] = ("reported/fcl-libccd/gjk_phase_of_signed_distance = intersects: inferred from the "
                                  "exception, which is only reachable after FCL's libccd GJK classified the pair as "
                                  "intersecting and handed it to EPA")
    origin["orthonormality"] = "; ".join(notes) + " (used as printed, no renormalisation)"
    a = box(t1, R1, [s/2 for s in size1]); b = box(t2, R2, [s/2 for s in size2])
    return {"id": idtag, "query": "obb_obb", "scalar": "double", "a": a, "b": b,
            "verdicts": {"reported/fcl-libccd/gjk_phase_of_signed_distance": True}, "origin": origin}

fcl_common = ("inputs as printed by FCL's error message (box full sides, 4x4 pose X_FS with ~20 significant "
              "digits, parsed to the nearest double); half-extents = sides/2 (exact); axes = columns of X_FS")
M399a = [[-0.099432387353076273628, 0.99504432079443971837, 0, 0.29526406526565551758],
         [-0.99504432079443971837, -0.099432387353076273628, 0, -0.013230856508016586304],
         [0, 0, 1, 0]]
M399b = [[0.99506598442099225554, 0.099215354901756730444, 0, 0.22759585694545214629],
         [-0.099215354901756730444, 0.99506598442099225554, 0, 0.14974093549228112421],
         [0, 0, 1, 0]]
o399 = {"issue": "flexible-collision-library/fcl#399",
        "url": "https://github.com/flexible-collision-library/fcl/issues/399",
        "reported_version": "FCL master 2019-05 with libccd (GjkSolver_libccd, double)",
        "inputs": fcl_common + "; only the first of the two configurations is in the stored thread",
        "reported": "signed distance threw validateNearestFeatureOfPolytopeBeingEdge(): 'The origin is outside "
                    "of the polytope. This should already have been identified as separating' - FCL's libccd "
                    "GJK called the boxes intersecting, EPA found them separated; sepax judges that boolean",
        "status": "closed (FCL PR #397/#403 era fixes of the libccd EPA path)"}
M390a = [[-3.0627937852578681533e-08, -0.99999999999999888978, -2.8893865161583314238e-08, 0.63499979627350811029],
         [0.9999999999999980016, -3.0627939739957803544e-08, 6.4729926918527511769e-08, -0.48500002215636439651],
         [-6.4729927722963847085e-08, -2.8893863029448751323e-08, 0.99999999999999711342, 1.0778146458339641356]]
M390b = [[6.1232339957367660359e-17, -1, 0, 0.8], [1, 6.1232339957367660359e-17, 0, -0.4575], [0, 0, 1, 1.0225]]
o390 = {"issue": "flexible-collision-library/fcl#390",
        "url": "https://github.com/flexible-collision-library/fcl/issues/390",
        "reported_version": "FCL master with PR #388 (2019-04), GjkSolver_libccd, double",
        "inputs": fcl_common + "; box 2's pose completed from FCL's regression test test_distance_box_box_regression1 "
                  "(test/test_fcl_signed_distance.cpp), which reproduces this issue: X_WB2 rows "
                  "(0,-1,0,0.8),(1,0,0,-0.4575),(0,0,1,1.0225) - the issue prints 6.12e-17 for the zeros",
        "reported": "same EPA exception (GJK intersecting, EPA separated)",
        "status": "closed; covered by FCL regression test test_distance_box_box_regression1"}
R493 = [[0.96193976625564348026, 0.15401279915737359216, 0.22572537250328919556],
        [-0.19134171618254486313, 0.96936494951283913579, 0.15401279915737359216],
        [-0.19509032201612822033, -0.19134171618254486313, 0.96193976625564348026]]
M493a = [R493[0] + [2.0770063995786869349], R493[1] + [0.48468247475641951239], R493[2] + [1.1543291419087275962]]
M493b = [R493[0] + [2], R493[1] + [0], R493[2] + [1.25]]
o493 = {"issue": "flexible-collision-library/fcl#493",
        "url": "https://github.com/flexible-collision-library/fcl/issues/493",
        "reported_version": "FCL 0.6.1 era (2020-09), GjkSolver_libccd, double",
        "inputs": fcl_common,
        "reported": "two identical tilted boxes stacked in kissing contact: signed distance threw the EPA "
                    "'origin outside polytope' exception (GJK: touching, EPA: separated)",
        "status": "fixed by FCL PR #494 (41f4e001, 2020-09-10, FCL 0.7.0); regression test "
                  "test_distance_box_box_regression_tilted_kissing_contact"}
R495 = [[0.94096063217417758029, 0.29296840037289501035, 0.16959541586174811667],
        [-0.23569836841299879326, 0.92661523595848427348, -0.29296840037289506586],
        [-0.2429801799032638987, 0.23569836841299884878, 0.94096063217417758029]]
M495a = [R495[0] + [0.073242100093223821977], R495[1] + [0.2316538089896212349], R495[2] + [1.3089245921032497399]]
M495b = [R495[0] + [0], R495[1] + [0], R495[2] + [1.25]]
o495 = {"issue": "flexible-collision-library/fcl#495",
        "url": "https://github.com/flexible-collision-library/fcl/issues/495",
        "reported_version": "FCL with PR #494 applied (2020-09), GjkSolver_libccd, double",
        "inputs": fcl_common + "; box 2 pose (same rotation, translation (0,0,1.25)) from the user's scenario "
                  "quoted in fcl#493's thread",
        "reported": "boxes 'explicitly separated by epsilon': GJK says touching, EPA says separated "
                    "(same exception)",
        "status": "closed; covered by the generalised kissing-contact regression test"}
judged_epa = ("the signed distance the reporter asked FCL for (FCL's signed distance itself is not run by "
              "sepax: Debian's FCL 0.7 aborts in its EPA, see fcl-epa-abort.jsonl; FCL's unsigned distance "
              "fcl/obb_obb_distance answers when the boxes are apart, libccd's penetration and MuJoCo when they overlap)")
L = fcl_case("fcl-399-config1", [0.23768037557601928711, 0.15702305734157562256, 0.25], M399a,
             [0.010000000000000000208, 0.78165709972381591797, 0.25], M399b, o399)
write("fcl-399.jsonl", [L, distance_line(L, "fcl-399-config1-distance", judged_epa)])
L = fcl_case("fcl-390", [0.02999999999999999889, 0.11999999999999999556, 0.10000000000000000555], M390a,
             [0.025000000000000001388, 0.3499999999999999778, 1.8449999999999999734], M390b, o390)
write("fcl-390.jsonl", [L, distance_line(L, "fcl-390-distance", judged_epa)])
L1 = fcl_case("fcl-493", [0.5]*3, M493a, [0.5]*3, M493b, o493)
L2 = fcl_case("fcl-495", [0.25]*3, M495a, [0.25]*3, M495b, o495)
write("fcl-493.jsonl", [L1, L2, distance_line(L1, "fcl-493-distance", judged_epa),
                        distance_line(L2, "fcl-495-distance", judged_epa)])

# ---------------------------------------------------------------- FCL distance / signed distance (#398, #415, #508, #293)
def fcl_pose_box(sides, M):
    """A box from fcl::Box full sides and a 3x4 pose [R | t] (rows): half-extents = sides/2, axes = columns of R."""
    R = np.array([r[:3] for r in M], dtype=np.float64); t = [r[3] for r in M]
    return box(t, R, [x / 2 for x in sides])

def ident(t):
    return [[1, 0, 0, t[0]], [0, 1, 0, t[1]], [0, 0, 1, t[2]]]

o398 = {"issue": "flexible-collision-library/fcl#398",
        "url": "https://github.com/flexible-collision-library/fcl/issues/398",
        "reported_version": "FCL master 2019-04 (Drake's vendored copy), GjkSolver_libccd, double, signed distance",
        "reported": "fcl::distance with enable_signed_distance threw validateNearestFeatureOfPolytopeBeingEdge(): "
                    "'The origin is outside of the polytope. This should already have been identified as "
                    "separating' (GJK said intersecting, EPA found the origin outside)",
        "status": "closed; regression test test_distance_box_box_regression4 (FCL c264b45b, 2020-01-31, FCL 0.6.1)"}
L398 = []
o = dict(o398, inputs="as printed by FCL's error message for the sides of both boxes and box 1's pose "
                      "(box 1 sides 0.61399999999999999023 3 0.036999999999999998168, identity, translation "
                      "(-0.67500000000000004441, 0, 0.91149999999999997691)); box 2's pose is cut in the stored "
                      "thread after its first entry (1) and is completed from FCL's regression test: identity, "
                      "translation (-0.692, 0, 0.935). Box 1's top face z = 0.9115 + 0.0185 and box 2's bottom "
                      "face z = 0.935 - 0.005 meet at 0.93 (kissing contact, up to the rounding of the decimals)")
L398.append({"id": "fcl-398-as-printed-distance", "query": "obb_obb_distance", "scalar": "double",
             "a": fcl_pose_box([0.61399999999999999023, 3, 0.036999999999999998168], ident([-0.67500000000000004441, 0, 0.91149999999999997691])),
             "b": fcl_pose_box([0.49399999999999999467, 0.55200000000000004619, 0.010000000000000000208], ident([-0.692, 0, 0.935])),
             "origin": o})
o = dict(o398, inputs="as in FCL's regression test test_distance_box_box_regression4 (test/test_fcl_signed_distance.cpp): "
                      "box 1 sides (0.614, 3, 0.37) at (-0.675, 0, 0.9115), box 2 sides (0.494, 0.552, 0.01) at "
                      "(-0.692, 0, 0.935), identity. The test's box 1 is 0.37 high where the error message "
                      "printed 0.037: box 2 lies inside box 1 (exact depth 0.1665), not on top of it")
L398.append({"id": "fcl-398-regression-test-distance", "query": "obb_obb_distance", "scalar": "double",
             "a": fcl_pose_box([0.614, 3, 0.37], ident([-0.675, 0, 0.9115])),
             "b": fcl_pose_box([0.494, 0.552, 0.01], ident([-0.692, 0, 0.935])), "origin": o})
write("fcl-398.jsonl", L398)

o415 = {"issue": "flexible-collision-library/fcl#415",
        "url": "https://github.com/flexible-collision-library/fcl/issues/415",
        "reported_version": "FCL master 2019-08 (Drake's vendored copy), GjkSolver_libccd, double, signed distance",
        "reported": "signed distance threw from EPA's ComputeVisiblePatchRecursive: the new vertex is colinear "
                    "with an edge of the polytope ('query point colinear with the edge')",
        "status": "fixed by FCL PR #417 (08d0bb25, 2019-09-12), first release FCL 0.6.1"}
write("fcl-415.jsonl", [
    {"id": "fcl-415-as-printed-distance", "query": "obb_obb_distance", "scalar": "double",
     "a": fcl_pose_box([0.020000000000000000416, 0.33000000000000001554, 0.020000000000000000416],
                       ident([0.053999999999999936939, -0.77200000000000001954, 0.40500000000000002665])),
     "b": fcl_pose_box([0.45200000000000001288, 0.27000000000000001776, 0.41999999999999998446],
                       ident([0.12099999999999999645, -0.62960505750432682603, 0.2999999999999999889])),
     "origin": dict(o415, inputs="as printed by FCL's error message (sides and 4x4 poses, identity rotations, "
                                 "~20 significant digits parsed to the nearest double; the stored excerpt is "
                                 "line-wrapped and was rejoined)")},
    {"id": "fcl-415-regression-test-distance", "query": "obb_obb_distance", "scalar": "double",
     "a": fcl_pose_box([0.49, 0.05, 0.21],
                       [[4.8966386501092529215e-12, -1, 0, -0.43999999999999994671],
                        [1, 4.8966386501092529215e-12, 0, -0.61499999999858001587],
                        [0, 0, 1, 0.35499999999999998224]]),
     "b": fcl_pose_box([0.035, 0.12, 0.03],
                       [[0.83512153565236335595, -0.55006546945762568868, -9.4542360608233572896e-16, -0.40653441507331000704],
                        [0.55006546945762568868, 0.83512153565236313391, 1.1787444236552387666e-15, -0.69166166923735727945],
                        [1.2902271444330665572e-16, -1.4878153530113264589e-15, 1, 0.43057093858718892276]]),
     "origin": dict(o415, inputs="as in FCL's regression test test_distance_box_box_regression3 "
                                 "(test/test_fcl_signed_distance.cpp), which the test says reproduces this issue: "
                                 "a different pose of the same family as the issue's message; rotations used as "
                                 "printed, no renormalisation")}])

o508 = {"issue": "flexible-collision-library/fcl#508",
        "url": "https://github.com/flexible-collision-library/fcl/issues/508",
        "reported_version": "FCL 0.6.1, default solver GST_LIBCCD, double",
        "status": "open"}
lines = [{"id": "fcl-508-distance", "query": "obb_obb_distance", "scalar": "double",
          "a": box([0, 4, 0], I, [0.5, 0.5, 0.5]), "b": box([0, 0, 0], I, [0.5, 0.5, 0.5]),
          "origin": dict(o508, inputs="as reported: fcl::Box(1,1,1) twice, identity; box 1 translated to (0,4,0), "
                                      "box 2 at the origin; fcl::distance(box1, box2)",
                         reported="min_distance 3.16228 (= sqrt(10)) instead of 3; GST_INDEP gives 3")},
         {"id": "fcl-508-x-control-distance", "query": "obb_obb_distance", "scalar": "double",
          "a": box([4, 0, 0], I, [0.5, 0.5, 0.5]), "b": box([0, 0, 0], I, [0.5, 0.5, 0.5]),
          "origin": dict(o508, inputs="reconstructed control: the same boxes with box 1 translated along x, "
                                      "(4,0,0), which the reporter says FCL gets right ('The translation along X "
                                      "seems to be OK, but not the one along Y and Z')",
                         reported="right along x (distance 3)")}]
write("fcl-508.jsonl", lines)

def eigen_quat_normalized_matrix(w, x, y, z):
    """Eigen::Quaterniond(w,x,y,z).normalized().matrix() replicated in double (Eigen's toRotationMatrix)."""
    n = math.sqrt(x*x + y*y + z*z + w*w)
    w, x, y, z = w / n, x / n, y / n, z / n
    tx, ty, tz = 2*x, 2*y, 2*z
    twx, twy, twz = tx*w, ty*w, tz*w
    txx, txy, txz = tx*x, ty*x, tz*x
    tyy, tyz, tzz = ty*y, tz*y, tz*z
    return np.array([[1 - (tyy + tzz), txy - twz, txz + twy],
                     [txy + twz, 1 - (txx + tzz), tyz - twx],
                     [txz - twy, tyz + twx, 1 - (txx + tyy)]], dtype=np.float64)

R293 = eigen_quat_normalized_matrix(0.672811, 0.340674, 0.155066, 0.638138)
report["fcl-293"] = ortho_err(R293)
write("fcl-293.jsonl", [{"id": "fcl-293-distance", "query": "obb_obb_distance", "scalar": "double",
    "a": box([1.625, 0, 0.5], I, [2.75 / 2, 6 / 2, 0.05 / 2]),
    "b": box([0.192074, -0.277870, 0.273546], R293, [0.424 / 2, 0.15 / 2, 0.1686 / 2]),
    "origin": {"issue": "flexible-collision-library/fcl#293",
               "url": "https://github.com/flexible-collision-library/fcl/issues/293",
               "reported_version": "FCL master 2018-05 (0.6 development), GST_LIBCCD, double",
               "inputs": "reconstructed: the reporter's boxes (sides 2.75 6 0.05 at (1.625, 0, 0.5), identity; "
                         "sides 0.424 0.15 0.1686 at (0.192074, -0.277870, 0.273546)) with box 2's rotation "
                         "Eigen::Quaterniond(0.672811, 0.340674, 0.155066, 0.638138) normalised first, as FCL's "
                         "regression test NearestPointFromDegenerateSimplex (test/test_fcl_distance.cpp) does "
                         "(the reported quaternion is not unit, |q| = 1.0000001, and its matrix is not a rotation); "
                         "matrix = Eigen's toRotationMatrix replicated in double",
               "reported": "fcl::distance returned NaN nearest points (GJK ended on a degenerate simplex); "
                           "FCL's test expects distance 0.053516162824549",
               "status": "fixed by FCL PR #296 (9dba5791, 2018-06-18), first release FCL 0.6.0"}}])

o = {"issue": "danfis/libccd#25", "url": "https://github.com/danfis/libccd/issues/25",
     "reported_version": "libccd master 2016-09 (double)",
     "inputs": "as reported: two cubes of side 2 (half-extents 1), identity, obj1 at the origin and obj2 at "
               "(0, 0, 1.9)",
     "reported": "ccdGJKPenetration: return 0 (intersecting) with depth 0 and direction NaN; ccdMPRPenetration on "
                 "the same pair: depth 0.1, direction (0,0,1), pos (0,0,0.95) - right. Reproduced by the "
                 "maintainer; GJK's first direction (1,0,0) is the trigger",
     "status": "open"}
write("libccd-25.jsonl", [{"id": "libccd-25-distance", "query": "obb_obb_distance", "scalar": "double",
    "a": box([0, 0, 0], I, [1, 1, 1]), "b": box([0, 0, 1.9], I, [1, 1, 1]), "origin": o}])

# ---------------------------------------------------------------- FCL 0.7 EPA abort (found by sepax)
write("fcl-epa-abort.jsonl", [{"id": "fcl-epa-abort", "query": "obb_obb_distance", "scalar": "double", "family": "random",
    "a": {"center": ["-0x1.31c47b88a181ep+0", "0x1.b881c7c52e19p-2", "0x1.73e49f174ed9cp+0"],
          "axes": [["0x1.b1e7bc518a1p-8", "-0x1.8708158860948p-1", "0x1.4a7eab4131e4ep-1"],
                   ["0x1.5ddf9558ebad8p-5", "-0x1.4a1702cf6f1ccp-1", "-0x1.86c6db843e2e4p-1"],
                   ["0x1.ff85871045482p-1", "0x1.0b3d2bb1de49p-5", "0x1.d07c125a671cp-6"]],
          "extents": ["0x1.ad717a927f0f2p+0", "0x1.ecd57e203a11p-2", "0x1.0120f53770774p-1"]},
    "b": {"center": ["-0x1.5bb420c83aa54p+0", "-0x1.1433a88b99fp-1", "0x1.897e8f17fb135p+1"],
          "axes": [["-0x1.9d5f2ee07b25p-3", "-0x1.6944c32c29c6cp-4", "-0x1.f36cb2fe17616p-1"],
                   ["-0x1.3ff0bb9102194p-1", "0x1.8e9686838e3fp-1", "0x1.e299c5db68bdp-5"],
                   ["0x1.822346b8f12eap-1", "0x1.3e2b967620c9ep-1", "-0x1.b2ae9f049331p-3"]],
          "extents": ["0x1.1c8d2931ac91p-3", "0x1.99f2b5b5fb6ap-4", "0x1.d1edb1a0e17fp-3"]},
    "origin": {"issue": "none upstream: found by sepax (campaign obb_obb_distance/find_distance/double, family "
                        "random, seed 1, case 456, while FCL's signed distance was a peer)",
               "seed": 1, "group": "obb_obb_distance/find_distance/double/random", "index": 456,
               "kernel": "fcl/obb_obb_distance/double",
               "reported_version": "FCL 0.7.0 (Debian 12 libfcl-dev, assertions enabled), GjkSolver_libccd, double, "
                                   "fcl::distance with enable_signed_distance",
               "inputs": "as generated by sepax (hex floats, bit-exact)",
               "reported": "the process aborts: assertion `isOutsidePolytopeFace(&polytope, &f, &query_point)` "
                           "failed in ComputeVisiblePatch, fcl/narrowphase/detail/convexity_based_algorithm/"
                           "gjk_libccd-inl.h:1327 (EPA). Exact answer: the boxes overlap by 5.85e-16 (a kissing "
                           "contact, inside the rounding band), as in fcl#493/#495",
               "related": "the same assertion at the same line, also FCL 0.7.0 box-box signed distance, is "
                          "flexible-collision-library/fcl#578 (2022, inputs cut in the stored thread; without "
                          "assertions EPA's while(1) loop hangs); fcl#390, #399, #493 and #495 are EPA failures "
                          "of the same signed-distance path on box pairs in or near contact, but they report a "
                          "different error: the std::logic_error 'validateNearestFeatureOfPolytopeBeingEdge(): "
                          "The origin is outside of the polytope' (fcl#415: the 'query point colinear with the "
                          "edge' throw)",
               "judged": "FCL's signed distance is not a sepax kernel (it would abort sepax), and its unsigned "
                         "distance refuses overlapping boxes: the line records the pair and judges libccd's "
                         "and MuJoCo's penetration on it",
               "status": "not reported upstream; FCL master has since reworked this EPA code (3c2b993a, PR #634, 2025)"}}])

# ---------------------------------------------------------------- CGAL #6808 (tri_obb)
lo = [-52.3586, -14.3376, 25.3037]; hi = [-38.021, 0.0, 39.6414]
c = [(l + h) / 2 for l, h in zip(lo, hi)]; e = [(h - l) / 2 for l, h in zip(lo, hi)]
exact = all(Fraction(ci) - Fraction(ei) == Fraction(l) and Fraction(ci) + Fraction(ei) == Fraction(h)
            for ci, ei, l, h in zip(c, e, lo, hi))
report["cgal-6808 box exact"] = exact
o = {"issue": "CGAL/cgal#6808", "url": "https://github.com/CGAL/cgal/issues/6808",
     "reported_version": "CGAL 5.5 (Epeck, points from double literals)",
     "inputs": "as reported: triangle p0,p1,p2; Bbox_3(-52.3586,-14.3376,25.3037,-38.021,0,39.6414) written as "
               "centre + half-extents computed in double" + ("" if exact else
               " (NOT exact: centre +- half-extent differs from the reported bounds by rounding)")
               + "; identity axes",
     "reported": "do_intersect(Triangle_3,Bbox_3) true although the triangle's bbox is disjoint from the box "
                 "(triangle x >= -36.09, box x <= -38.021): false positive; confirmed by the maintainer",
     "status": "fixed by CGAL PR #6809 (static filter of Do_intersect_3(Bbox_3,Triangle_3)), CGAL 5.5.1",
     "recorded_verdict": "reported/cgal-5.5/do_intersect_triangle3_bbox3 = intersects, as printed by the reporter's program"}
write("cgal-6808.jsonl", [{"id": "cgal-6808", "query": "tri_obb", "scalar": "double",
    "a": tri([[-34.1128, -4.00842, 39.5061], [-36.0938, -3.6615, 36.87], [-34.5781, -3.61804, 39.9716]]),
    "b": box(c, I, e), "verdicts": {"reported/cgal-5.5/do_intersect_triangle3_bbox3": True}, "origin": o}])

# ---------------------------------------------------------------- CGAL #2319 (tri_tri)
o = {"issue": "CGAL/cgal#2319", "url": "https://github.com/CGAL/cgal/issues/2319",
     "reported_version": "CGAL 4.10 era (2017-07), Simple_cartesian<double>",
     "inputs": "as reported (decimal literals, nearest double)",
     "reported": "intersection(Triangle_3,Triangle_3) hit the precondition !s.is_degenerate(): a vertex of "
                 "triangle b lies on triangle a's plane (z = 0.013735383987426759) and the contact was built "
                 "as a degenerate segment instead of a point (inexact kernel)",
     "status": "closed (inexact Simple_cartesian<double> kernel; use an exact-predicates kernel)"}
write("cgal-2319.jsonl", [{"id": "cgal-2319", "query": "tri_tri", "scalar": "double",
    "a": tri([[0.045769477844238279, 0.07539492797851563, 0.013735383987426759],
              [0.036645412445068359, 0.060013595581054686, 0.013735383987426759],
              [0.049645965576171874, 0.050098735809326174, 0.013735383987426759]]),
    "b": tri([[0.044114555358886719, 0.066831237792968748, 0.013735383987426759],
              [0.044415161132812499, 0.066367233276367191, 0.014259093284606934],
              [0.044114555358886719, 0.066307533264160154, 0.014259093284606934]]), "origin": o}])

# ---------------------------------------------------------------- libigl #2381 (Guigue-Devillers copy)
V1 = [[0.39234799146652199, 0.38443601131439198, 0.44744500517845198],
      [0.38924700021743752, 0.385637506842613, 0.45762349665164948],
      [0.38700349628925301, 0.38789276033639897, 0.45634675025939975],
      [0.39079749584197976, 0.38503675907850249, 0.45253425091505073],
      [0.38769650459289529, 0.38623825460672351, 0.46271274238824822],
      [0.39279749989509577, 0.37299175560474374, 0.45553924888372399]]
V2 = [[0.30947001278400399, 0.80785250663757346, 0.47595100104808802],
      [0.299046009778976, 0.79801350831985496, 0.47843150794506101],
      [0.32418551295995701, 0.79794725775718722, 0.48203899711370451],
      [0.30425801128148999, 0.80293300747871421, 0.47719125449657451],
      [0.31897351145744302, 0.79302775859832797, 0.48327925056219101],
      [0.31376150995492902, 0.78810825943946872, 0.4845195040106775]]
def og(tag, faces):
    return {"issue": "libigl/libigl#2381", "url": "https://github.com/libigl/libigl/issues/2381",
            "reported_version": "libigl main 2024-04 (igl::tri_tri_intersection_test_3d, Guigue-Devillers, double)",
            "inputs": f"as in the follow-up comment / PR libigl#2382 test '{tag}': V (6x3) and faces {faces}",
            "reported": "fast_find_self_intersections reported these two triangles as intersecting; the "
                        "maintainers' expectation (and test) is: not intersecting",
            "status": "fixed in libigl 01f2dc0a6 (PR #2382, 2024-05-03, v2.6.0): explicit coplanarity test, new "
                      "igl::predicates::triangle_triangle_intersect",
            "recorded_verdict": ("reported/libigl-2024-04/tri_tri_intersection_test_3d = intersects on the "
                                 "'non-intersecting' pair only ('Another false positive'); none recorded on the "
                                 "'coplanar' pair, which the thread does not single out")}
write("libigl-2381.jsonl", [
    {"id": "libigl-2381-non-intersecting", "query": "tri_tri", "scalar": "double",
     "a": tri([V1[0], V1[3], V1[2]]), "b": tri([V1[1], V1[5], V1[4]]),
     "verdicts": {"reported/libigl-2024-04/tri_tri_intersection_test_3d": True}, "origin": og("non-intersecting", "(0,3,2) (1,5,4)")},
    {"id": "libigl-2381-coplanar", "query": "tri_tri", "scalar": "double",
     "a": tri([V2[0], V2[4], V2[2]]), "b": tri([V2[1], V2[5], V2[3]]), "origin": og("coplanar", "(0,4,2) (1,5,3)")}])

# ---------------------------------------------------------------- benardp/contours #1 (Guigue-Devillers copy)
o = {"issue": "benardp/contours#1", "url": "https://github.com/benardp/contours/issues/1",
     "reported_version": "repository HEAD 2017-04 (tri_tri_intersection_test_3d, Guigue-Devillers, double)",
     "inputs": "as reported (decimal literals, nearest double)",
     "reported": "returned 1 (intersecting); the reporter checked in Mathematica that the triangles are disjoint",
     "status": "open (no maintainer answer in the stored thread)",
     "recorded_verdict": "reported/benardp-contours/tri_tri_intersection_test_3d = intersects (returned 1), as reported"}
write("benardp-contours-1.jsonl", [{"id": "contours-1", "query": "tri_tri", "scalar": "double",
    "a": tri([[12.3015, -0.253368, 5.49101], [18.6765, -2.55337, 4.91756], [12.3015, -2.55337, 4.91756]]),
    "b": tri([[-11.9885, -0.253368, 5.49101], [1.61448, -0.253368, 5.49101], [1.61448, -2.55337, 4.91756]]),
    "verdicts": {"reported/benardp-contours/tri_tri_intersection_test_3d": True}, "origin": o}])

# ---------------------------------------------------------------- llnl/axom #152 (all 36 corner orders)
A = [[76.648, 54.6752, 15.0012], [76.648, 54.6752, 14.5542], [76.582, 54.6752, 14.7879]]
B = [[76.6252, 54.6752, 14.892], [76.582, 54.6752, 14.7879], [76.5617, 54.6752, 14.7929]]
lines = []
for ia, pa in enumerate(itertools.permutations(range(3))):
    for ib, pb in enumerate(itertools.permutations(range(3))):
        o = {"issue": "llnl/axom#152", "url": "https://github.com/llnl/axom/issues/152",
             "reported_version": "axom develop 2020-01 (primal::intersect(Triangle,Triangle), double)",
             "inputs": f"as reported (tri3A, tri3B), corner order A{pa} B{pb} of the reporter's permuteCornersTest",
             "reported": "coplanar triangles sharing the vertex (76.582,54.6752,14.7879): 6 of the 36 corner "
                         "permutations returned false, 30 true; expected: intersecting",
             "status": "closed (fixed in axom primal)"}
        lines.append({"id": f"axom-152-A{ia}B{ib}", "query": "tri_tri", "scalar": "double",
                      "a": tri([A[i] for i in pa]), "b": tri([B[i] for i in pb]), "origin": o})
write("axom-152.jsonl", lines)

print(json.dumps(report, indent=1, default=str))
