// Every fitting method × float/double: the stored box contains its input
// exactly (the exact oracle decides), its axes are orthonormal within the
// scalar's tolerance and right-handed (validate), and it is not grown beyond
// the rounding the scalar needs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "sepax/harness/mesh/mesh_file.hpp"
#include "test_meshes.hpp"
#include "sepax/core/fitting/enclose.hpp"
#include "sepax/core/fitting/fit_hull.hpp"
#include "sepax/core/fitting/fit_min_volume.hpp"
#include "sepax/core/fitting/fit_points.hpp"
#include "sepax/core/fitting/fit_triangles.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/validate.hpp"
#include "sepax/oracle/box_containment.hpp"

namespace {

using namespace sepax;
using namespace sepax::fitting;

template <class S>
using Cloud = std::vector<Vec3<S>>;

// Triangles from consecutive triples of points (a soup covering every point).
template <class S>
std::vector<Triangle3<S>> soup(const Cloud<S>& p) {
  std::vector<Triangle3<S>> t;
  for (std::size_t k = 0; k < p.size(); k += 3)
    t.push_back({{p[k], p[std::min(k + 1, p.size() - 1)], p[std::min(k + 2, p.size() - 1)]}});
  return t;
}

template <class S>
struct Method {
  std::string name;
  std::function<Obb3<S>(const Cloud<S>&)> fit;
};

template <class S>
std::vector<Method<S>> methods() {
  return {
      {"points", [](const Cloud<S>& p) { return fit_points<S>(p); }},
      {"triangles", [](const Cloud<S>& p) { const auto t = soup(p); return fit_triangles<S>(std::span<const Triangle3<S>>(t)); }},
      {"min_volume", [](const Cloud<S>& p) { return fit_min_volume<S>(p); }},
      {"hull", [](const Cloud<S>& p) { return fit_hull(std::span<const Vec3<S>>(p)); }},
      {"min_volume_hull", [](const Cloud<S>& p) { return fit_min_volume_hull(std::span<const Vec3<S>>(p)); }},
  };
}

// The largest |yi| = |bi·(p − C)| over the points, in long double with the
// dual basis of the stored axes: what the box must cover.
template <class S>
std::array<long double, 3> needed(const Obb3<S>& b, const Cloud<S>& pts) {
  using L = long double;
  Eigen::Matrix<L, 3, 3> a;
  for (int i = 0; i < 3; ++i) a.col(i) = b.axes[i].template cast<L>();
  const Eigen::Matrix<L, 3, 3> inv = a.inverse();
  std::array<L, 3> m{0, 0, 0};
  for (const auto& p : pts) {
    const Eigen::Matrix<L, 3, 1> y = inv * (p.template cast<L>() - b.center.template cast<L>());
    for (int i = 0; i < 3; ++i) m[i] = std::max(m[i], std::abs(y[i]));
  }
  return m;
}

template <class S>
void expect_good_box(const Obb3<S>& b, const Cloud<S>& pts, const std::string& what) {
  SCOPED_TRACE(what);
  const auto err = validate(b);
  EXPECT_FALSE(err.has_value()) << (err ? err->message() : "");
  std::vector<Vec3<double>> d;
  for (const auto& p : pts) d.push_back(p.template cast<double>());
  const auto out = oracle::box_contains_exactly(b.template cast<double>(), d);
  EXPECT_EQ(out, std::nullopt) << "point " << (out ? *out : 0) << " outside";
  // Not grown beyond rounding: each extent within a few ulps (relative to the
  // box, the center and the points' magnitude) of what the points need.
  const auto need = needed(b, pts);
  double scale = b.center.template cast<double>().cwiseAbs().maxCoeff();
  for (const auto& p : d) scale = std::max(scale, p.cwiseAbs().maxCoeff());
  const double u = scalar_traits<S>::unit_roundoff;
  for (int i = 0; i < 3; ++i) {
    // + a few of S's smallest steps (a subnormal extent rounds up on S's grid)
    // + enclose()'s absolute allowance for underflowed products (< 2^-1060).
    const double slack =
        64 * u * (double(need[i]) + scale) + 4 * double(std::numeric_limits<S>::denorm_min()) + 0x1p-1060;
    EXPECT_LE(double(b.extents[i]), double(need[i]) + slack) << "axis " << i;
  }
}

template <class S>
Cloud<S> random_cloud(std::uint64_t seed, int n, double scale, double offset) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const Eigen::Matrix3d r = Eigen::Quaterniond(u(rng), u(rng), u(rng), u(rng)).normalized().toRotationMatrix();
  const Eigen::Vector3d aniso(1, 0.3 + 0.5 * std::abs(u(rng)), 0.05 + 0.2 * std::abs(u(rng)));
  Cloud<S> p;
  for (int k = 0; k < n; ++k) {
    const Eigen::Vector3d x(u(rng), u(rng), u(rng));
    p.push_back((scale * (r * x.cwiseProduct(aniso)) + Eigen::Vector3d::Constant(offset)).template cast<S>());
  }
  return p;
}

template <class S>
class Fitting : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Fitting, Scalars);

TYPED_TEST(Fitting, RandomCloudsAreContainedExactly) {
  using S = TypeParam;
  for (const auto& m : methods<S>())
    for (int seed = 0; seed < 6; ++seed)
      for (int n : {1, 2, 4, 9, 100, 700}) {
        const Cloud<S> p = random_cloud<S>(seed * 31 + n, n, 1.0, 0.0);
        expect_good_box(m.fit(p), p, m.name + " seed " + std::to_string(seed) + " n " + std::to_string(n));
      }
}

TYPED_TEST(Fitting, ScaledAndFarFromOrigin) {
  using S = TypeParam;
  const bool f = std::is_same_v<S, float>;
  const std::vector<std::pair<double, double>> cases{
      {1e-3, 1e4}, {1, 1e6}, {f ? 1e-20 : 1e-150, 0}, {f ? 1e20 : 1e150, 0}, {1, -3e5}, {f ? 1e-30 : 1e-300, 1}, {f ? 1e-40 : 1e-310, 0}};  // last: subnormal points
  for (const auto& m : methods<S>())
    for (const auto& [scale, offset] : cases) {
      const Cloud<S> p = random_cloud<S>(std::uint64_t(scale * 1e3) + 5, 200, scale, offset);
      char what[96];
      std::snprintf(what, sizeof what, "%s scale %g offset %g", m.name.c_str(), scale, offset);
      expect_good_box(m.fit(p), p, what);
    }
}

TYPED_TEST(Fitting, DegenerateInputsGiveValidFlatBoxes) {
  using S = TypeParam;
  const Vec3<S> base(S(0.375), S(-1.25), S(1e3));
  Cloud<S> same(17, base);
  Cloud<S> collinear, coplanar, axis_line;
  for (int k = 0; k < 40; ++k) {
    collinear.push_back(base + S(k * 0.0625) * Vec3<S>(1, 2, -3));          // exact multiples
    axis_line.push_back(base + Vec3<S>(0, S(k), 0));
    coplanar.push_back(Vec3<S>(S(k % 7), S((k * 5) % 11), S(-k % 7 - (k * 5) % 11 + 4)));  // x + y + z = 4
  }
  for (const auto& m : methods<S>()) {
    const Obb3<S> b = m.fit(same);
    expect_good_box(b, same, m.name + " all equal");
    for (int i = 0; i < 3; ++i) EXPECT_EQ(b.extents[i], S(0)) << m.name << " all equal, axis " << i;
    EXPECT_EQ(b.center, base) << m.name;
    expect_good_box(m.fit(collinear), collinear, m.name + " collinear");
    expect_good_box(m.fit(axis_line), axis_line, m.name + " axis line");
    expect_good_box(m.fit(coplanar), coplanar, m.name + " coplanar");
    // Flat: the smallest extent of a collinear/coplanar fit is rounding-sized.
    const Obb3<S> c = m.fit(coplanar);
    const double smallest = std::min({double(c.extents[0]), double(c.extents[1]), double(c.extents[2])});
    EXPECT_LE(smallest, 1e3 * scalar_traits<S>::unit_roundoff * 20) << m.name << " coplanar not flat";
  }
}

TYPED_TEST(Fitting, EncloseRejectsBadInput) {
  using S = TypeParam;
  const std::array<Vec3<S>, 3> axes{Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()};
  EXPECT_THROW(enclose<S>(axes, Cloud<S>{}), std::invalid_argument);
  EXPECT_THROW(enclose<S>(axes, Cloud<S>{Vec3<S>(0, std::numeric_limits<S>::quiet_NaN(), 0)}), std::invalid_argument);
  const std::array<Vec3<S>, 3> flat{Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>(1, 1, 0)};
  EXPECT_THROW(enclose<S>(flat, Cloud<S>{Vec3<S>::Zero()}), std::invalid_argument);
  EXPECT_THROW(fit_points<S>(Cloud<S>{}), std::invalid_argument);
  EXPECT_THROW(fit_hull(std::span<const Vec3<S>>()), std::invalid_argument);
}

// Enclose with deliberately skewed (non-orthonormal, float-rounded) axes: the
// dual basis, not the axes, gives the coordinates; the oracle agrees.
TYPED_TEST(Fitting, EncloseWithSkewedAxes) {
  using S = TypeParam;
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int rep = 0; rep < 50; ++rep) {
    std::array<Vec3<S>, 3> axes;
    for (int i = 0; i < 3; ++i)
      axes[i] = (Vec3<double>::Unit(i) + 1e-3 * Vec3<double>(u(rng), u(rng), u(rng))).normalized().template cast<S>();
    const Cloud<S> p = random_cloud<S>(100 + rep, 50, 10, 3);
    const Obb3<S> b = enclose<S>(axes, p);
    std::vector<Vec3<double>> d;
    for (const auto& q : p) d.push_back(q.template cast<double>());
    EXPECT_EQ(oracle::box_contains_exactly(b.template cast<double>(), d), std::nullopt) << rep;
    const auto need = needed(b, p);
    for (int i = 0; i < 3; ++i) EXPECT_LE(double(b.extents[i]), double(need[i]) * (1 + 1e-6) + 1e-5);
  }
}

// The test can fail: a naive enclose (extents = max |Ai·(p − C)| in the scalar,
// axes assumed orthonormal, nothing grown) must be caught by the oracle on
// some float cloud.
TEST(FittingOracle, NaiveFloatEncloseIsCaught) {
  int caught = 0;
  for (int seed = 0; seed < 200; ++seed) {
    const Cloud<float> p = random_cloud<float>(seed + 1000, 64, 1.0, 0.5);
    Obb3<float> b = fit_points<float>(p);  // take its axes and center
    for (int i = 0; i < 3; ++i) {
      float m = 0;
      for (const auto& q : p) m = std::max(m, std::abs(b.axes[i].dot(q - b.center)));
      b.extents[i] = m;
    }
    std::vector<Vec3<double>> d;
    for (const auto& q : p) d.push_back(q.cast<double>());
    caught += oracle::box_contains_exactly(b.cast<double>(), d).has_value();
  }
  EXPECT_GT(caught, 0);
  std::printf("naive float enclose: %d of 200 boxes miss a point\n", caught);
}

TEST(FittingOracle, OverflowIsReportedNotHidden) {
  const std::vector<Vec3<double>> p{Vec3<double>(-1.5e308, 0, 0), Vec3<double>(1.5e308, 0, 0)};
  EXPECT_THROW(fit_points<double>(p), std::overflow_error);
}

// The vertices and triangles of two real meshes.
template <class S>
void mesh_case(const std::string& name) {
  const auto mesh = harness::read_mesh(sepax::test::mesh_path(name));
  Cloud<S> v;
  for (const auto& p : mesh.vertices) v.push_back(p.template cast<S>());
  for (const auto& m : methods<S>()) expect_good_box(m.fit(v), v, name + " " + m.name);
  const Obb3<S> t = fit_triangles<S, std::uint32_t>(v, mesh.triangles);
  expect_good_box(t, v, name + " indexed triangles");
  std::vector<Triangle3d> tris;
  for (const auto& f : mesh.triangles)
    tris.push_back({{v[f[0]].template cast<double>(), v[f[1]].template cast<double>(), v[f[2]].template cast<double>()}});
  EXPECT_EQ(oracle::box_contains_exactly(t.template cast<double>(), std::span<const Triangle3d>(tris)), std::nullopt);
}

TYPED_TEST(Fitting, CouplingdownVertices) { mesh_case<TypeParam>("couplingdown.off"); }
TYPED_TEST(Fitting, ElephantVertices) { mesh_case<TypeParam>("elephant.off"); }

// Zero-area triangles carry no weight; all-zero-area soups fall back to points.
TYPED_TEST(Fitting, ZeroAreaTriangles) {
  using S = TypeParam;
  std::vector<Triangle3<S>> t{{{Vec3<S>(0, 0, 0), Vec3<S>(1, 1, 1), Vec3<S>(2, 2, 2)}},
                              {{Vec3<S>(5, 0, 0), Vec3<S>(5, 0, 0), Vec3<S>(5, 0, 0)}}};
  Cloud<S> pts;
  for (const auto& tri : t) for (const auto& p : tri.vertices) pts.push_back(p);
  expect_good_box(fit_triangles<S>(std::span<const Triangle3<S>>(t)), pts, "all zero area");
  t.push_back({{Vec3<S>(0, 0, 1), Vec3<S>(1, 0, 1), Vec3<S>(0, 1, 1)}});
  pts.clear();
  for (const auto& tri : t) for (const auto& p : tri.vertices) pts.push_back(p);
  expect_good_box(fit_triangles<S>(std::span<const Triangle3<S>>(t)), pts, "some zero area");
}

// The continuous covariance of one triangle matches a dense sampling of it
// (independent check of the re-derived formula, Eberly §6.1.3).
TEST(FittingCovariance, TriangleCovarianceMatchesSampling) {
  const std::array<Vec3<double>, 3> v{Vec3<double>(0, 0, 0), Vec3<double>(3, 0, 0), Vec3<double>(0.5, 1, 0.25)};
  bool flat = true;
  const Eigen::Matrix3d m = triangle_covariance<double>(1, [&](std::size_t) { return v; }, flat);
  ASSERT_FALSE(flat);
  // Sample barycentric grid points uniformly; covariance divided by the same s² the code uses.
  const double s = 3;
  const int n = 600;
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  std::vector<Eigen::Vector3d> x;
  // Centroids of the n² equal sub-triangles (upright and inverted).
  for (int i = 0; i < n; ++i)
    for (int j = 0; i + j < n; ++j)
      for (double o : {1.0 / 3, 2.0 / 3}) {
        if (o > 0.5 && i + j > n - 2) continue;
        const double a = (i + o) / n, b = (j + o) / n;
        x.push_back((v[0] + a * (v[1] - v[0]) + b * (v[2] - v[0])) / s);
      }
  for (const auto& p : x) mean += p / double(x.size());
  Eigen::Matrix3d c = Eigen::Matrix3d::Zero();
  for (const auto& p : x) c += (p - mean) * (p - mean).transpose() / double(x.size());
  EXPECT_LT((c - m).cwiseAbs().maxCoeff(), 1e-3 * m.cwiseAbs().maxCoeff()) << c << "\n\n" << m;
}

}  // namespace
