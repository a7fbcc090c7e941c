// sepax_bench_gomez: Gomez's sphere–sphere, sphere–plane and AABB overlap
// tests and Arvo's box–ball test against FCL 0.7's (sphereSphereIntersect,
// spherePlaneIntersect, AABB::overlap, sphereBoxIntersect), on the same
// sets from the sphere generator families, in one run: names
// `gomez:<kernel>:<family>`, counters pairs, hit_rate and tests_per_s. FCL's
// shapes and transforms are built once, outside the timed loop, as a caller
// would keep them; FCL runs in double, sepax in float and double.
//   --sepax_pairs=N   pairs per set (65,536)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/plane.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/math/bv/AABB.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/plane.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_box.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_sphere.h>

#include "bench_flags.hpp"
#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"
#include "sepax/generators/gomez.hpp"

namespace {

using namespace sepax;
using Contacts = std::vector<fcl::ContactPoint<double>>;

fcl::Transform3<double> at(const Vec3<double>& p) {
  fcl::Transform3<double> t = fcl::Transform3<double>::Identity();
  t.translation() = p;
  return t;
}

struct SphereSet {
  std::vector<Sphere3<float>> af, bf;
  std::vector<Sphere3<double>> ad, bd;
  std::vector<fcl::Sphere<double>> fa, fb;
  std::vector<fcl::Transform3<double>> xa, xb;
};

struct BoxSet {
  std::vector<Aabb3<float>> boxf;
  std::vector<Sphere3<float>> ballf;
  std::vector<Aabb3<double>> boxd;
  std::vector<Sphere3<double>> balld;
  std::vector<fcl::Box<double>> fbox;
  std::vector<fcl::Sphere<double>> fball;
  std::vector<fcl::Transform3<double>> xbox, xball;
};

struct PlaneSet {
  std::vector<Sphere3<float>> sf;
  std::vector<Plane3<float>> pf;
  std::vector<Sphere3<double>> sd;
  std::vector<Plane3<double>> pd;
  std::vector<fcl::Sphere<double>> fs;
  std::vector<fcl::Plane<double>> fp;
  std::vector<fcl::Transform3<double>> xs;
};

struct AabbSet {
  std::vector<Aabb3<float>> af, bf;
  std::vector<Aabb3<double>> ad, bd;
  std::vector<fcl::AABB<double>> fa, fb;
};

AabbSet make_aabb_set(gen::SphereFamily family, std::size_t n) {
  gen::SeededSource src(20261129, std::uint64_t(family));
  AabbSet s;
  for (std::size_t i = 0; i < n; ++i) {
    const gen::AabbPairCase c = gen::generate_aabb_pair(family, ScalarKind::float32, src, false);
    s.af.push_back(c.a.cast<float>()), s.bf.push_back(c.b.cast<float>());
    s.ad.push_back(c.a), s.bd.push_back(c.b);
    s.fa.emplace_back(c.a.min, c.a.max), s.fb.emplace_back(c.b.min, c.b.max);
  }
  return s;
}

PlaneSet make_plane_set(gen::SphereFamily family, std::size_t n) {
  gen::SeededSource src(20261128, std::uint64_t(family));
  PlaneSet s;
  for (std::size_t i = 0; i < n; ++i) {
    const gen::SpherePlaneCase c = gen::generate_sphere_plane(family, ScalarKind::float32, src, false);
    s.sf.push_back(c.sphere.cast<float>()), s.pf.push_back(c.plane.cast<float>());
    s.sd.push_back(c.sphere), s.pd.push_back(c.plane);
    s.fs.emplace_back(c.sphere.radius), s.fp.emplace_back(c.plane.normal, c.plane.offset);
    s.xs.push_back(at(c.sphere.center));
  }
  return s;
}

// Float pairs (every number a float), so both scalars and FCL see the same numbers.
SphereSet make_sphere_set(gen::SphereFamily family, std::size_t n) {
  gen::SeededSource src(20261126, std::uint64_t(family));
  SphereSet s;
  for (std::size_t i = 0; i < n; ++i) {
    const gen::SpherePair p = gen::generate_sphere_pair(family, ScalarKind::float32, src);
    s.af.push_back(p.a.cast<float>()), s.bf.push_back(p.b.cast<float>());
    s.ad.push_back(p.a), s.bd.push_back(p.b);
    s.fa.emplace_back(p.a.radius), s.fb.emplace_back(p.b.radius);
    s.xa.push_back(at(p.a.center)), s.xb.push_back(at(p.b.center));
  }
  return s;
}

BoxSet make_box_set(gen::SphereFamily family, std::size_t n) {
  gen::SeededSource src(20261127, std::uint64_t(family));
  BoxSet s;
  for (std::size_t i = 0; i < n; ++i) {
    const gen::BoxSpherePair p = gen::generate_box_sphere(family, ScalarKind::float32, src);
    s.boxf.push_back(p.box.cast<float>()), s.ballf.push_back(p.sphere.cast<float>());
    s.boxd.push_back(p.box), s.balld.push_back(p.sphere);
    s.fbox.emplace_back(p.box.max - p.box.min), s.fball.emplace_back(p.sphere.radius);
    s.xbox.push_back(at(0.5 * (p.box.min + p.box.max))), s.xball.push_back(at(p.sphere.center));
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t pairs = bench::take_pairs_flag(argc, argv, "sepax_bench_gomez", 65536);
  static std::vector<SphereSet> spheres;
  static std::vector<BoxSet> boxes;
  static std::vector<PlaneSet> planes;
  static std::vector<AabbSet> aabbs;
  const std::vector<gen::SphereFamily> families{gen::SphereFamily::random, gen::SphereFamily::touching,
                                                gen::SphereFamily::scale};
  spheres.reserve(families.size());
  boxes.reserve(families.size());
  planes.reserve(families.size());
  aabbs.reserve(families.size());
  for (gen::SphereFamily f : families) {
    spheres.push_back(make_sphere_set(f, pairs));
    boxes.push_back(make_box_set(f, pairs));
    planes.push_back(make_plane_set(f, pairs));
    aabbs.push_back(make_aabb_set(f, pairs));
  }
  static const fcl::Transform3<double> identity = fcl::Transform3<double>::Identity();
  for (std::size_t k = 0; k < families.size(); ++k) {
    const std::string tail = std::string(":") + gen::to_string(families[k]);
    const SphereSet* s = &spheres[k];
    const BoxSet* b = &boxes[k];
    const PlaneSet* pl = &planes[k];
    const AabbSet* ab = &aabbs[k];
    const std::size_t n = pairs;
    benchmark::RegisterBenchmark(("gomez:sphere_sphere/test_static/float" + tail).c_str(), [s, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [s](std::size_t i) { return sphere_sphere::test_static(s->af[i], s->bf[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:sphere_sphere/test_static/double" + tail).c_str(), [s, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [s](std::size_t i) { return sphere_sphere::test_static(s->ad[i], s->bd[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:fcl/sphere_sphere/double" + tail).c_str(), [s, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [s](std::size_t i) {
        return fcl::detail::sphereSphereIntersect(s->fa[i], s->xa[i], s->fb[i], s->xb[i], static_cast<Contacts*>(nullptr));
      });
    });
    benchmark::RegisterBenchmark(("gomez:sphere_plane/test_static/float" + tail).c_str(), [pl, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [pl](std::size_t i) { return sphere_plane::test_static(pl->sf[i], pl->pf[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:sphere_plane/test_static/double" + tail).c_str(), [pl, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [pl](std::size_t i) { return sphere_plane::test_static(pl->sd[i], pl->pd[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:fcl/sphere_plane/double" + tail).c_str(), [pl, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [pl](std::size_t i) {
        return fcl::detail::spherePlaneIntersect(pl->fs[i], pl->xs[i], pl->fp[i], identity, static_cast<Contacts*>(nullptr));
      });
    });
    benchmark::RegisterBenchmark(("gomez:aabb_aabb/test_static/float" + tail).c_str(), [ab, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [ab](std::size_t i) { return aabb_aabb::test_static(ab->af[i], ab->bf[i]).intersects; });
    });
    benchmark::RegisterBenchmark(("gomez:aabb_aabb/test_static/double" + tail).c_str(), [ab, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [ab](std::size_t i) { return aabb_aabb::test_static(ab->ad[i], ab->bd[i]).intersects; });
    });
    benchmark::RegisterBenchmark(("gomez:fcl/aabb_aabb/double" + tail).c_str(), [ab, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [ab](std::size_t i) { return ab->fa[i].overlap(ab->fb[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:aabb_sphere/test_static/float" + tail).c_str(), [b, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [b](std::size_t i) { return aabb_sphere::test_static(b->boxf[i], b->ballf[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:aabb_sphere/test_static/double" + tail).c_str(), [b, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [b](std::size_t i) { return aabb_sphere::test_static(b->boxd[i], b->balld[i]); });
    });
    benchmark::RegisterBenchmark(("gomez:fcl/aabb_sphere/double" + tail).c_str(), [b, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [b](std::size_t i) {
        return fcl::detail::sphereBoxIntersect(b->fball[i], b->xball[i], b->fbox[i], b->xbox[i],
                                               static_cast<Contacts*>(nullptr));
      });
    });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
