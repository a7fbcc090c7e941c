// Contract of every peer kernel (peers/include/sepax/peers/peers.hpp): the id
// names its library, the entry runs, the verdicts on unambiguous pairs are
// right (identical, clearly overlapping, 10 sizes apart, 0.25 size apart along
// a face normal, parallel and tilted, 0.25 apart where only an edge–edge axis
// or a triangle normal separates, and two triangles crossing each other's
// planes but not each other), and prepare_set's runner counts what
// `test` says pair by pair. The checker returns its findings instead of
// asserting, so the negative controls below can show that it fails.
#include <gtest/gtest.h>

#include <stdexcept>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sepax/peers/peers.hpp"

namespace sepax {
namespace {

// ---------------------------------------------------------------- shapes ---

/// A fixed, non-axis-aligned rotation (unit quaternion (1,2,3,4)/√30), so no
/// case is an axis-aligned special case.
Eigen::Matrix3d rotation() {
  return Eigen::Quaterniond(1, 2, 3, 4).normalized().toRotationMatrix();
}
Eigen::Matrix3d tilt() {
  return Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, -2, 0.5).normalized()).toRotationMatrix();
}

const Vec3<double> kOrigin(0.125, -0.25, 0.375);

/// A box of edge length 1 (extents 0.5) with rotation r, centre c.
Obb3d unit_box(const Eigen::Matrix3d& r, const Vec3<double>& c) {
  Obb3d b;
  b.center = c;
  for (int i = 0; i < 3; ++i) {
    b.axes[i] = r.col(i);
    b.extents[i] = 0.5;
  }
  return b;
}

/// A triangle given in the frame (r, c).
Triangle3d tri(const Eigen::Matrix3d& r, const Vec3<double>& c, Vec3<double> p0, Vec3<double> p1,
               Vec3<double> p2) {
  return {{c + r * p0, c + r * p1, c + r * p2}};
}

/// Radius of box b projected on unit direction n.
double radius(const Obb3d& b, const Vec3<double>& n) {
  double r = 0;
  for (int i = 0; i < 3; ++i) r += b.extents[i] * std::abs(n.dot(b.axes[i]));
  return r;
}

struct Case {
  std::string name;
  ShapePair pair;
  bool intersects;
};

/// Rounds every stored number to float: float cases must be exact in float.
ShapePair to_float(ShapePair p) {
  auto round_v = [](Vec3<double>& v) { v = v.cast<float>().cast<double>(); };
  for (Triangle3d* t : {&p.tri_a, &p.tri_b})
    for (auto& v : t->vertices) round_v(v);
  for (Obb3d* b : {&p.obb_a, &p.obb_b}) {
    round_v(b->center);
    for (auto& a : b->axes) round_v(a);
    for (double& e : b->extents) e = double(float(e));
  }
  return p;
}

/// The unambiguous pairs for a query; shapes have size 1.
std::vector<Case> basic_cases(Query q) {
  const Eigen::Matrix3d r = rotation();
  const Vec3<double> n = r.col(0);  // a face normal of A (box) / of the plane frame
  std::vector<Case> cases;
  auto add = [&](std::string name, ShapePair p, bool hit) {
    p.query = q;
    cases.push_back({std::move(name), p, hit});
  };
  ShapePair p;
  switch (q) {
    case Query::obb_obb: {
      p.obb_a = unit_box(r, kOrigin);
      p.obb_b = p.obb_a;
      add("identical", p, true);
      p.obb_b = unit_box(tilt() * r, kOrigin + r * Vec3<double>(0.4, 0.3, -0.2));
      add("overlapping", p, true);
      p.obb_b = unit_box(tilt() * r, kOrigin + 10 * Vec3<double>(0.6, 0, 0.8));
      add("far", p, false);
      p.obb_b = unit_box(r, kOrigin + 1.25 * n);
      add("gap_0.25_parallel", p, false);
      p.obb_b = unit_box(tilt() * r, kOrigin);
      p.obb_b.center += (0.5 + 0.25 + radius(p.obb_b, n)) * n;
      add("gap_0.25_tilted", p, false);
      {
        // Only an edge–edge axis separates: A turned 45° about z, B 45° about
        // y; A's z-edge and B's y-edge face each other 0.25 apart along x
        // (both boxes reach 0.5·√2 along x; every face axis overlaps).
        const Eigen::Matrix3d ra = Eigen::AngleAxisd(std::numbers::pi / 4, Vec3<double>::UnitZ()).matrix();
        const Eigen::Matrix3d rb = Eigen::AngleAxisd(std::numbers::pi / 4, Vec3<double>::UnitY()).matrix();
        p.obb_a = unit_box(r * ra, kOrigin);
        p.obb_b = unit_box(r * rb, kOrigin + r * Vec3<double>(std::sqrt(2.0) + 0.25, 0, 0));
        add("gap_0.25_edge_edge", p, false);
      }
      break;
    }
    case Query::tri_obb: {
      // The box is B; triangles are placed in the box's frame (x = face normal n).
      p.obb_b = unit_box(r, kOrigin);
      p.tri_a = tri(r, kOrigin, {-0.3, -0.3, 0}, {0.3, -0.2, 0.1}, {0, 0.3, -0.1});
      add("inside", p, true);
      p.tri_a = tri(r, kOrigin, {-2, -2, 0.1}, {2, -1, 0}, {0, 2, -0.1});
      add("overlapping", p, true);
      p.tri_a = tri(r, kOrigin + 10 * Vec3<double>(0.6, 0, 0.8), {-0.3, -0.3, 0},
                    {0.3, -0.2, 0.1}, {0, 0.3, -0.1});
      add("far", p, false);
      p.tri_a = tri(r, kOrigin, {0.75, -1, -1}, {0.75, 1, -1}, {0.75, 0, 1});
      add("gap_0.25_parallel", p, false);
      p.tri_a = tri(r, kOrigin, {0.75, 0, 0}, {1.5, 1, 0}, {1.5, -1, 1});
      add("gap_0.25_tilted", p, false);
      {
        // Only the triangle's normal separates: a large triangle across the
        // box's (+,+,+) corner, in the plane n·x = √3/2 + 0.25, n = (1,1,1)/√3.
        const Vec3<double> nn = Vec3<double>(1, 1, 1).normalized();
        const Vec3<double> c = (std::sqrt(3.0) / 2 + 0.25) * nn;
        const Vec3<double> u = Vec3<double>(1, -1, 0).normalized(), w = nn.cross(u);
        p.tri_a = tri(r, kOrigin, c + 2 * u, c + 2 * (-0.5 * u + 0.8660254037844386 * w),
                      c + 2 * (-0.5 * u - 0.8660254037844386 * w));
        add("gap_0.25_normal", p, false);
      }
      break;
    }
    case Query::tri_tri: {
      // Triangle A in its plane z = 0 of frame r (normal r.col(2)).
      const Vec3<double> v0(0, 0, 0), v1(1, 0, 0), v2(0, 1, 0);
      p.tri_a = tri(r, kOrigin, v0, v1, v2);
      p.tri_b = p.tri_a;
      add("identical", p, true);
      p.tri_b = tri(r, kOrigin, {0.2, 0.1, -0.5}, {0.2, 0.1, 0.5}, {0.2, 0.5, 0});
      add("overlapping", p, true);
      p.tri_b = tri(r, kOrigin + 10 * Vec3<double>(0.6, 0, 0.8), v0, v1, v2);
      add("far", p, false);
      p.tri_b = tri(r, kOrigin, {0, 0, 0.25}, {1, 0, 0.25}, {0, 1, 0.25});
      add("gap_0.25_parallel", p, false);
      p.tri_b = tri(r, kOrigin, {0.2, 0.2, 0.25}, {0.6, 0.2, 1}, {0.2, 0.6, 1});
      add("gap_0.25_tilted", p, false);
      // Each triangle straddles the other's plane, but their pieces of the
      // planes' common line do not meet: A covers x in [0, 0.5] of the line
      // y = 0.5, B covers [0.75, 1.25] (Möller's interval rejection). The
      // triangles are 0.25/√2 apart (A's hypotenuse runs at 45°).
      p.tri_b = tri(r, kOrigin, {0.75, 0.5, -0.5}, {0.75, 0.5, 0.5}, {1.25, 0.5, 0});
      add("gap_crossing_planes", p, false);
      break;
    }
  }
  return cases;
}

/// Random pairs of the query near each other (both verdicts occur), plus the
/// basic cases: the set the runner is compared on.
std::vector<ShapePair> sample_set(Query q, bool is_float) {
  std::vector<ShapePair> set;
  for (const Case& c : basic_cases(q)) set.push_back(c.pair);
  std::mt19937 rng(20240611);
  std::uniform_real_distribution<double> u(-1, 1);
  auto point = [&] { return Vec3<double>(u(rng), u(rng), u(rng)); };
  auto box = [&] {
    const Eigen::Quaterniond qr(u(rng), u(rng), u(rng), u(rng));
    Obb3d b = unit_box(qr.normalized().toRotationMatrix(), point());
    for (double& e : b.extents) e = 0.2 + 0.3 * std::abs(u(rng));
    return b;
  };
  auto triangle = [&] {
    const Vec3<double> c = point();
    return Triangle3d{{c + 0.6 * point(), c + 0.6 * point(), c + 0.6 * point()}};
  };
  for (int i = 0; i < 40; ++i) {
    ShapePair p;
    p.query = q;
    p.obb_a = box();
    p.obb_b = box();
    p.tri_a = triangle();
    p.tri_b = triangle();
    set.push_back(p);
  }
  if (is_float)
    for (ShapePair& p : set) p = to_float(p);
  return set;
}

// --------------------------------------------------------------- checker ---

/// Everything wrong with one peer entry (empty: it keeps the contract).
std::vector<std::string> problems(const KernelInfo& k) {
  std::vector<std::string> out;
  static const std::regex id_form("([a-z0-9_]+)/([a-z0-9_]+)/(float|double)");
  std::smatch m;
  if (!std::regex_match(k.id, m, id_form)) {
    out.push_back("id '" + k.id + "' is not <library>/<name>/<float|double>");
  } else {
    if (m[1].str() != k.origin) out.push_back("origin '" + k.origin + "' != first id segment");
    if (m[3].str() != to_string(k.scalar)) out.push_back("scalar differs from the id's last segment");
  }
  if (!k.is_peer()) out.push_back("origin is sepax");
  if (k.mode != KernelMode::static_test) out.push_back("mode is not static_test");
  // The band a bias opens is the judge's to derive (oracle::method_bias); here
  // only that the declaration is well-formed: a finite ε >= 0, none with none,
  // and no claim of its own (the method's band is what a peer gets).
  if (!(std::isfinite(k.bias.epsilon) && k.bias.epsilon >= 0 && k.bias.epsilon < 1e-2))
    out.push_back("bias epsilon " + std::to_string(k.bias.epsilon) + " not in [0, 1e-2)");
  if ((k.bias.method == BiasMethod::none) != (k.bias.epsilon == 0))
    out.push_back("bias method and epsilon disagree (none iff epsilon 0)");
  if (k.bias.claimed) out.push_back("claims a bias of its own");
  if (!k.test || !k.prepare_set) {
    out.push_back("test or prepare_set missing");
    return out;
  }
  const bool is_float = k.scalar == ScalarKind::float32;
  for (const Case& c : basic_cases(k.query)) {
    const ShapePair p = is_float ? to_float(c.pair) : c.pair;
    const StaticOutcome r = k.test(p);
    if (r.intersects != c.intersects)
      out.push_back(c.name + ": reports " + (r.intersects ? "intersecting" : "separated"));
    if (r.intersects && r.axis.kind != AxisKind::none)
      out.push_back(c.name + ": intersecting with a separating axis set");
  }
  const std::vector<ShapePair> set = sample_set(k.query, is_float);
  std::size_t expected = 0;
  for (const ShapePair& p : set) expected += k.test(p).intersects ? 1 : 0;
  if (expected == 0 || expected == set.size())
    out.push_back("sample set has one verdict only (" + std::to_string(expected) + " of " +
                  std::to_string(set.size()) + "): it tests nothing");
  SetRunner run = k.prepare_set(set);
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t hits = run();
    if (hits != expected)
      out.push_back("prepare_set counts " + std::to_string(hits) + " hits, test counts " +
                    std::to_string(expected));
  }
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::ostringstream s;
  for (const std::string& x : v) s << "\n  " << x;
  return s.str();
}

const std::vector<KernelInfo>& peers() {
  static const std::vector<KernelInfo> all = peers::peer_kernels();
  return all;
}

/// The static peers: the contract checked here is static_test's. The moving
/// ones (textbook/obb_obb_plain_moving) are checked in textbook_plain_test.cpp.
std::vector<std::string> peer_ids() {
  std::vector<std::string> ids;
  for (const KernelInfo& k : peers())
    if (k.mode == KernelMode::static_test) ids.push_back(k.id);
  return ids;
}

const KernelInfo& peer(const std::string& id) {
  for (const KernelInfo& k : peers())
    if (k.id == id) return k;
  throw std::logic_error("no peer " + id);
}

// ----------------------------------------------------------------- tests ---

class PeerKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(PeerKernel, KeepsTheContract) {
  const std::vector<std::string> p = problems(peer(GetParam()));
  EXPECT_TRUE(p.empty()) << GetParam() << ":" << join(p);
}

/// The degenerate variants of a basic pair: "flat" (A a flat box or a
/// collinear triangle, B a segment-like box or a triangle with a repeated
/// vertex) and "point" (A a zero box, B a point triangle). Each variant's
/// shapes are subsets of the basic pair's (extents shrink; a repeated or
/// midpoint vertex leaves an edge of the triangle), so a separated basic pair
/// stays separated; the identical pairs keep a common point (a box's center,
/// the triangles' shared vertex U0), so they stay intersecting. Other verdicts
/// (overlapping, inside) may change and are not known by construction.
std::vector<Case> degenerate_cases(Query q, bool is_float) {
  std::vector<Case> set;
  for (const Case& c : basic_cases(q)) {
    const bool known = !c.intersects || c.name == "identical";
    ShapePair p = c.pair;
    p.obb_a.extents = {0.5, 0, 0.5};
    p.obb_b.extents = {0, 0, 0.5};
    p.tri_a.vertices[2] = 0.5 * (p.tri_a.vertices[0] + p.tri_a.vertices[1]);  // collinear
    p.tri_b.vertices[1] = p.tri_b.vertices[0];                                // repeated
    set.push_back({c.name + "/flat", p, c.intersects});
    set.back().name += known ? "" : "?";
    p.obb_a.extents = {0, 0, 0};
    p.tri_b.vertices[2] = p.tri_b.vertices[0];  // a point
    set.push_back({c.name + "/point", p, c.intersects});
    set.back().name += known ? "" : "?";
  }
  if (is_float)
    for (Case& c : set) c.pair = to_float(c.pair);
  return set;
}

bool verdict_known(const Case& c) { return c.name.back() != '?'; }

/// Peers known to be wrong on some degenerate pairs, by design of their
/// algorithm; their other degenerate verdicts are still checked.
struct KnownWrong {
  const char* id_prefix;
  const char* case_suffix;  ///< "/flat", "/point" or "" for both
  const char* why;
};
const std::vector<KnownWrong> kKnownWrongOnDegenerate = {
    {"fcl/intersect_triangle/", "/point",
     "a point triangle's normal, edge and in-plane axes are all zero vectors, which never separate "
     "(fcl_adapters.cpp): far points come back intersecting"},
    {"ode/box_box/", "identical/point",
     "dBoxBox clips the incident face; a zero-extent box has none (1/det = inf): 0 contacts (ode_adapters.cpp)"},
    {"bullet/box_box_detector/", "identical/point",
     "btBoxBoxDetector is ODE's dBoxBox: no contact for a zero-extent box inside another (bullet_adapters.cpp)"},
    {"textbook/tri_tri_moller", "/flat",
     "Moller assumes nondegenerate triangles: a collinear one has N = 0 and goes to the coplanar branch, whose "
     "projection then drops the separating coordinate (textbook_tri_tri.cpp)"},
};

const KnownWrong* known_wrong(const std::string& id, const std::string& case_name) {
  for (const KnownWrong& w : kKnownWrongOnDegenerate)
    if (id.rfind(w.id_prefix, 0) == 0 && case_name.find(w.case_suffix) != std::string::npos) return &w;
  return nullptr;
}

/// Flat boxes, segment and point "triangles": every adapter answers without
/// crashing or hanging, or refuses explicitly (libccd's MPR); its runner
/// counts what `test` says. The verdicts are checked by the next test.
TEST_P(PeerKernel, AnswersDegenerateInputWithoutCrashing) {
  const KernelInfo& k = peer(GetParam());
  std::vector<ShapePair> set;
  for (const Case& c : degenerate_cases(k.query, k.scalar == ScalarKind::float32)) set.push_back(c.pair);
  // Every pair gets an answer, or an explicit refusal naming why (libccd's MPR
  // on flat Minkowski differences, where it may never return) — never a hang
  // or a crash; the set runner then refuses too.
  std::size_t hits = 0, refused = 0;
  for (const ShapePair& p : set) {
    try {
      hits += k.test(p).intersects ? 1 : 0;
    } catch (const std::runtime_error& e) {
      ++refused;
      EXPECT_NE(std::string(e.what()).find("not called"), std::string::npos) << GetParam() << ": " << e.what();
    }
  }
  if (refused) {
    EXPECT_EQ(k.id.rfind("ccd/mpr_", 0), 0u) << GetParam() << " refused " << refused << " degenerate pairs";
    EXPECT_THROW(k.prepare_set(set)(), std::runtime_error) << GetParam();
  } else {
    EXPECT_EQ(k.prepare_set(set)(), hits) << GetParam();
  }
}

/// Where the degenerate verdict is known by construction (subsets of a
/// separated pair; identical pairs sharing a point), the peer must give it,
/// unless kKnownWrongOnDegenerate documents why its algorithm cannot.
TEST_P(PeerKernel, GivesTheKnownVerdictOnDegenerateInput) {
  const KernelInfo& k = peer(GetParam());
  std::size_t known = 0, checked = 0, refused = 0;
  for (const Case& c : degenerate_cases(k.query, k.scalar == ScalarKind::float32)) {
    if (!verdict_known(c) || known_wrong(k.id, c.name)) continue;
    ++known;
    bool intersects = false;
    try {
      intersects = k.test(c.pair).intersects;
    } catch (const std::runtime_error&) {
      ++refused;  // an explicit refusal (libccd's MPR), checked above
      continue;
    }
    ++checked;
    EXPECT_EQ(intersects, c.intersects) << GetParam() << " on " << c.name;
  }
  // Each query has 8 to 10 known verdicts (5 left for FCL's triangle test and
  // Moller's); a kernel that answers them all must have been checked on at
  // least 4. libccd's MPR refuses flat Minkowski differences, most of these
  // pairs, and is checked on those it answers.
  EXPECT_GE(known, 4u) << GetParam();
  if (!refused) {
    EXPECT_GE(checked, 4u) << GetParam() << ": too few degenerate verdicts checked";
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  std::replace(s.begin(), s.end(), '/', '_');
  return s;
}

INSTANTIATE_TEST_SUITE_P(All, PeerKernel, ::testing::ValuesIn(peer_ids()), test_name);

TEST(Peers, IdsAreUniqueAndTheNamedOnesExist) {
  std::set<std::string> ids;
  for (const KernelInfo& k : peers()) EXPECT_TRUE(ids.insert(k.id).second) << "duplicate " << k.id;
  for (const char* id :
       {"fcl/obb_overlap/float", "fcl/obb_overlap/double", "fcl/box_box_intersect/double",
        "fcl/intersect_triangle/double", "ode/box_touches_box/double", "ode/box_box/double",
        "bullet/box_box_detector/float", "bullet/gjk_obb_obb/float", "bullet/gjk_tri_obb/float",
        "ccd/gjk_obb_obb/double", "ccd/mpr_obb_obb/double", "ccd/gjk_tri_obb/double",
        "ccd/mpr_tri_obb/double", "textbook/obb_obb_sat/float", "textbook/obb_obb_sat_eps/float",
        "textbook/tri_tri_moller/float", "textbook/tri_tri_moller_eps/float",
        "textbook/obb_obb_plain/float", "textbook/tri_obb_plain/double",
        "textbook/obb_obb_plain_moving/double", "cgal/epick_tri_tri/double", "cgal/epeck_tri_tri/double"})
    EXPECT_TRUE(ids.count(id)) << "missing " << id;
  // Every query has at least one peer.
  for (Query q : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
    EXPECT_TRUE(std::any_of(peers().begin(), peers().end(),
                            [q](const KernelInfo& k) { return k.query == q; }))
        << to_string(q);
}

// Negative controls: the checker must catch a wrong verdict, a runner that
// disagrees with `test`, and a malformed id.
KernelInfo broken(std::string id, bool verdict, std::size_t runner_hits) {
  KernelInfo k;
  k.id = std::move(id);
  k.origin = "broken";
  k.query = Query::obb_obb;
  k.scalar = ScalarKind::float64;
  k.test = [verdict](const ShapePair&) { return StaticOutcome{verdict, {}, {0, 0, 0}}; };
  k.prepare_set = [runner_hits](std::span<const ShapePair>) {
    return SetRunner([runner_hits] { return runner_hits; });
  };
  return k;
}

TEST(PeersChecker, CatchesAlwaysIntersecting) {
  const std::vector<std::string> p = problems(broken("broken/always/double", true, 0));
  EXPECT_FALSE(p.empty());
  EXPECT_TRUE(std::any_of(p.begin(), p.end(), [](const std::string& s) {
    return s.rfind("far:", 0) == 0;
  })) << join(p);
  EXPECT_TRUE(std::any_of(p.begin(), p.end(), [](const std::string& s) {
    return s.rfind("prepare_set", 0) == 0;
  })) << join(p);
}

TEST(PeersChecker, CatchesRunnerMismatchOfAGoodKernel) {
  KernelInfo k = peer("textbook/obb_obb_sat/double");
  k.prepare_set = [](std::span<const ShapePair> set) {
    return SetRunner([n = set.size()] { return n; });
  };
  EXPECT_FALSE(problems(k).empty());
}

TEST(PeersChecker, CatchesBadIdAndOrigin) {
  KernelInfo k = peer("textbook/obb_obb_sat/double");
  k.id = "obb_obb_sat/double";
  EXPECT_FALSE(problems(k).empty());
  k = peer("textbook/obb_obb_sat/double");
  k.origin = "fcl";
  EXPECT_FALSE(problems(k).empty());
  k = peer("textbook/obb_obb_sat/double");
  k.scalar = ScalarKind::float32;
  EXPECT_FALSE(problems(k).empty());
}

// The textbook kernels are ours: their witness must be a real separator of
// the basic separated cases (projections disjoint on `direction`).
TEST(Peers, TextbookObbWitnessSeparates) {
  for (const char* id : {"textbook/obb_obb_sat/double", "textbook/obb_obb_sat_eps/double"}) {
    for (const Case& c : basic_cases(Query::obb_obb)) {
      if (c.intersects) continue;
      const StaticOutcome r = peer(id).test(c.pair);
      ASSERT_FALSE(r.intersects) << id << " " << c.name;
      const Vec3<double> d(r.direction[0], r.direction[1], r.direction[2]);
      ASSERT_GT(d.norm(), 0) << id << " " << c.name;
      const double gap = std::abs(d.dot(c.pair.obb_b.center - c.pair.obb_a.center)) -
                         radius(c.pair.obb_a, d) - radius(c.pair.obb_b, d);
      EXPECT_GT(gap, 0) << id << " " << c.name;
    }
  }
}

// Registration freezes the registry; no other test here reads it (and ctest
// runs each test in its own process).
TEST(PeersRegistry, RegisteredPeersAreFoundById) {
  peers::register_peer_kernels();
  for (const KernelInfo& k : peers()) {
    const KernelInfo* found = find_kernel(k.id);
    ASSERT_NE(found, nullptr) << k.id;
    EXPECT_TRUE(found->is_peer()) << k.id;
    EXPECT_EQ(found->origin, k.origin);
  }
  // The pair queries' peers came in through the same door.
  const auto query_peers = peers::peer_query_kernels();
  EXPECT_GE(query_peers.size(), 10u);
  for (const harness::QueryKernel& k : query_peers) {
    const harness::QueryKernel* found = harness::find_query_kernel(k.id);
    ASSERT_NE(found, nullptr) << k.id;
    EXPECT_TRUE(found->is_peer()) << k.id;
    EXPECT_EQ(found->origin, k.origin) << k.id;
  }
  EXPECT_THROW(peers::register_peer_kernels(), std::logic_error);
}

}  // namespace
}  // namespace sepax
