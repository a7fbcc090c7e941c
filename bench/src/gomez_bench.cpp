// sepax_bench_gomez: Gomez's sphere–sphere, sphere–plane and AABB overlap
// tests and Arvo's box–ball test against FCL 0.7's (sphereSphereIntersect,
// spherePlaneIntersect, AABB::overlap, sphereBoxIntersect); his OBB–segment
// test against libccd's GJK; his OBB→AABB conversion against FCL's
// computeBV<AABB>(Box); and his three sweeps (no peer: the row says what a
// sweep costs beside its static test). The same sets from the generator
// families, in one run: names `gomez:<kernel>:<family>`, counters pairs,
// hit_rate and tests_per_s. Peers' shapes and transforms are built once,
// outside the timed loop, as a caller would keep them; the peers run in
// double, sepax in float and double.
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

#include <fcl/geometry/shape/utility.h>

#include "bench_flags.hpp"
#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/peers/segment_peers.hpp"
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

struct SegmentSet {
  std::vector<Obb3<float>> boxf;
  std::vector<Segment3<float>> segf;
  std::vector<Obb3<double>> boxd;
  std::vector<Segment3<double>> segd;
  std::vector<fcl::Box<double>> fbox;  ///< the box itself for computeBV
  std::vector<fcl::Transform3<double>> xbox;
};

SegmentSet make_segment_set(gen::SegmentFamily family, std::size_t n) {
  gen::SeededSource src(20261130, std::uint64_t(family));
  SegmentSet s;
  for (std::size_t i = 0; i < n; ++i) {
    const gen::BoxSegmentPair p = gen::generate_box_segment(family, ScalarKind::float32, src);
    s.boxf.push_back(p.box.cast<float>()), s.segf.push_back(p.segment.cast<float>());
    s.boxd.push_back(p.box), s.segd.push_back(p.segment);
    s.fbox.emplace_back(2 * p.box.extents[0], 2 * p.box.extents[1], 2 * p.box.extents[2]);
    fcl::Transform3<double> t = fcl::Transform3<double>::Identity();
    for (int k = 0; k < 3; ++k) t.linear().col(k) = p.box.axes[k];
    t.translation() = p.box.center;
    s.xbox.push_back(t);
  }
  return s;
}

/// Sweeps of the three sweeping queries (one frame), float and double.
struct SweepSet {
  std::vector<gen::SphereSweepCase> spheres;
  std::vector<gen::SpherePlaneCase> planes;
  std::vector<gen::AabbPairCase> aabbs;
};

SweepSet make_sweep_set(gen::SphereFamily family, std::size_t n) {
  gen::SeededSource src(20261131, std::uint64_t(family));
  SweepSet s;
  for (std::size_t i = 0; i < n; ++i) {
    s.spheres.push_back(gen::generate_sphere_sweep(family, ScalarKind::float32, src));
    s.planes.push_back(gen::generate_sphere_plane(family, ScalarKind::float32, src, true));
    s.aabbs.push_back(gen::generate_aabb_pair(family, ScalarKind::float32, src, true));
  }
  return s;
}

/// The sweep rows of one family: each sweep in float and double.
void register_sweeps(const SweepSet* w, std::size_t n, const std::string& tail) {
  auto met = [](auto r) { return r.state != ContactState::separated_throughout; };
  benchmark::RegisterBenchmark(("gomez:sphere_sphere/find_first_contact/float" + tail).c_str(), [=](benchmark::State& st) {
    std::vector<Sphere3<float>> a, b;
    std::vector<Vec3<float>> da, db;
    for (const auto& c : w->spheres)
      a.push_back(c.a.cast<float>()), b.push_back(c.b.cast<float>()), da.push_back(c.da.cast<float>()),
          db.push_back(c.db.cast<float>());
    bench::time_pair_loop(st, n, [&](std::size_t i) { return met(sphere_sphere::sweep(a[i], da[i], b[i], db[i])); });
  });
  benchmark::RegisterBenchmark(("gomez:sphere_sphere/find_first_contact/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [&](std::size_t i) {
      const auto& c = w->spheres[i];
      return met(sphere_sphere::sweep(c.a, c.da, c.b, c.db));
    });
  });
  benchmark::RegisterBenchmark(("gomez:sphere_plane/find_first_contact/float" + tail).c_str(), [=](benchmark::State& st) {
    std::vector<Sphere3<float>> s;
    std::vector<Vec3<float>> d;
    std::vector<Plane3<float>> p;
    for (const auto& c : w->planes)
      s.push_back(c.sphere.cast<float>()), d.push_back(c.displacement.cast<float>()), p.push_back(c.plane.cast<float>());
    bench::time_pair_loop(st, n, [&](std::size_t i) { return met(sphere_plane::sweep(s[i], d[i], p[i])); });
  });
  benchmark::RegisterBenchmark(("gomez:sphere_plane/find_first_contact/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [&](std::size_t i) {
      const auto& c = w->planes[i];
      return met(sphere_plane::sweep(c.sphere, c.displacement, c.plane));
    });
  });
  benchmark::RegisterBenchmark(("gomez:aabb_aabb/find_first_contact/float" + tail).c_str(), [=](benchmark::State& st) {
    std::vector<Aabb3<float>> a, b;
    std::vector<Vec3<float>> da, db;
    for (const auto& c : w->aabbs)
      a.push_back(c.a.cast<float>()), b.push_back(c.b.cast<float>()), da.push_back(c.da.cast<float>()),
          db.push_back(c.db.cast<float>());
    bench::time_pair_loop(st, n, [&](std::size_t i) { return met(aabb_aabb::sweep(a[i], da[i], b[i], db[i])); });
  });
  benchmark::RegisterBenchmark(("gomez:aabb_aabb/find_first_contact/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [&](std::size_t i) {
      const auto& c = w->aabbs[i];
      return met(aabb_aabb::sweep(c.a, c.da, c.b, c.db));
    });
  });
}

/// The OBB–segment rows and the OBB→AABB rows of one segment family.
void register_segments(const SegmentSet* g, std::size_t n, const std::string& tail) {
  benchmark::RegisterBenchmark(("gomez:obb_segment/test_static/float" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [g](std::size_t i) { return obb_segment::test_static(g->boxf[i], g->segf[i]).intersects; });
  });
  benchmark::RegisterBenchmark(("gomez:obb_segment/test_static/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [g](std::size_t i) { return obb_segment::test_static(g->boxd[i], g->segd[i]).intersects; });
  });
  benchmark::RegisterBenchmark(("gomez:ccd/gjk_obb_segment/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [g](std::size_t i) { return peers::ccd_gjk_obb_segment(g->boxd[i], g->segd[i]); });
  });
  // OBB→AABB: the "hit" is whether the AABB's min x is below 0, so the result is used.
  benchmark::RegisterBenchmark(("gomez:obb_to_aabb/enclose/float" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [g](std::size_t i) { return obb_to_aabb(g->boxf[i]).min[0] < 0; });
  });
  benchmark::RegisterBenchmark(("gomez:obb_to_aabb/enclose/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [g](std::size_t i) { return obb_to_aabb(g->boxd[i]).min[0] < 0; });
  });
  benchmark::RegisterBenchmark(("gomez:fcl/obb_to_aabb/double" + tail).c_str(), [=](benchmark::State& st) {
    bench::time_pair_loop(st, n, [g](std::size_t i) {
      fcl::AABB<double> box;
      fcl::computeBV(g->fbox[i], g->xbox[i], box);
      return box.min_[0] < 0;
    });
  });
}

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
  static std::vector<SegmentSet> segments;
  static std::vector<SweepSet> sweeps;
  const std::vector<gen::SegmentFamily> segment_families{gen::SegmentFamily::random, gen::SegmentFamily::touching,
                                                         gen::SegmentFamily::parallel};
  segments.reserve(segment_families.size());
  sweeps.reserve(families.size());
  for (gen::SegmentFamily f : segment_families) {
    segments.push_back(make_segment_set(f, pairs));
    register_segments(&segments.back(), pairs, std::string(":") + gen::to_string(f));
  }
  for (gen::SphereFamily f : families) {
    sweeps.push_back(make_sweep_set(f, pairs));
    register_sweeps(&sweeps.back(), pairs, std::string(":") + gen::to_string(f));
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
