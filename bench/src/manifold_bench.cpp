// sepax_bench_manifold: sepax's OBB–OBB contact manifold (Gaul) against the
// three dBoxBox descendants — ODE's dBoxBox (double), Bullet's
// btBoxBoxDetector (float) and FCL's boxBox2 (float and double) — and
// MuJoCo's mjc_BoxBox (double, through sepax's adapter: each call writes the
// two poses and sizes into its model and data, as a caller moving geoms
// would, then collides; peers/src/mujoco_adapters.cpp) on the same
// sets from three OBB–OBB generator families, in one run: names
// `manifold:<kernel>:<family>`, counters pairs, hit_rate (calls that report a
// contact) and tests_per_s. Each library's inputs (ODE's arrays, Bullet's
// shapes and transforms, FCL's transforms) are built once, outside the timed
// loop, as a caller would keep them; every call may write up to 8 contacts.
//   --sepax_pairs=N   pairs per set (16,384)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/NarrowPhaseCollision/btDiscreteCollisionDetectorInterface.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/box_box.h>
#include <ode/collision.h>

#include "bench_flags.hpp"
#include "sepax/core/static/obb_obb_manifold.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/peers/mujoco_peers.hpp"

namespace {

using namespace sepax;

struct OdeBox {
  dVector3 p, side;
  dMatrix3 R;
};

/// Counts the contacts btBoxBoxDetector reports (as a solver's collector would take them).
struct BulletCount final : btDiscreteCollisionDetectorInterface::Result {
  int count = 0;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3&, const btVector3&, btScalar) override { ++count; }
};

template <class S>
fcl::Transform3<S> fcl_pose(const Obb3d& b) {
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  fcl::Matrix3<S> r;
  for (int c = 0; c < 3; ++c) r.col(c) = b.axes[c].cast<S>();
  t.linear() = r;
  t.translation() = b.center.cast<S>();
  return t;
}

struct BoxSet {
  std::vector<Obb3f> af, bf;
  std::vector<Obb3d> ad, bd;
  std::vector<OdeBox> oa, ob;
  std::vector<btBoxShape> sa, sb;
  std::vector<btDiscreteCollisionDetectorInterface::ClosestPointInput> poses;
  std::vector<fcl::Vector3<float>> fsa, fsb;
  std::vector<fcl::Transform3<float>> fta, ftb;
  std::vector<fcl::Vector3<double>> dsa, dsb;
  std::vector<fcl::Transform3<double>> dta, dtb;
};

OdeBox ode_box(const Obb3d& b) {
  OdeBox o{};
  for (int r = 0; r < 3; ++r) {
    o.p[r] = b.center[r];
    o.side[r] = 2 * b.extents[r];
    for (int c = 0; c < 3; ++c) o.R[r * 4 + c] = b.axes[c][r];
  }
  return o;
}

btBoxShape bullet_box(const Obb3d& b) {
  const btVector3 half(btScalar(b.extents[0]), btScalar(b.extents[1]), btScalar(b.extents[2]));
  btBoxShape box(half);
  box.setMargin(0);
  box.setImplicitShapeDimensions(half);
  return box;
}

btTransform bullet_pose(const Obb3d& b) {
  auto f = [](double x) { return btScalar(x); };
  const btMatrix3x3 basis(f(b.axes[0][0]), f(b.axes[1][0]), f(b.axes[2][0]), f(b.axes[0][1]), f(b.axes[1][1]),
                          f(b.axes[2][1]), f(b.axes[0][2]), f(b.axes[1][2]), f(b.axes[2][2]));
  return btTransform(basis, btVector3(f(b.center[0]), f(b.center[1]), f(b.center[2])));
}

// Float pairs (every number a float), so every kernel sees the same numbers.
BoxSet make_set(gen::Family family, std::size_t n) {
  gen::SeededSource src(20261126, std::uint64_t(family));
  BoxSet s;
  s.sa.reserve(n);
  s.sb.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const ShapePair p = gen::generate(family, Query::obb_obb, ScalarKind::float32, src);
    const Obb3d& a = p.obb_a;
    const Obb3d& b = p.obb_b;
    s.af.push_back(a.cast<float>()), s.bf.push_back(b.cast<float>());
    s.ad.push_back(a), s.bd.push_back(b);
    s.oa.push_back(ode_box(a)), s.ob.push_back(ode_box(b));
    s.sa.push_back(bullet_box(a)), s.sb.push_back(bullet_box(b));
    btDiscreteCollisionDetectorInterface::ClosestPointInput in;
    in.m_transformA = bullet_pose(a);
    in.m_transformB = bullet_pose(b);
    s.poses.push_back(in);
    auto sides = [](const Obb3d& x) { return Vec3<double>(2 * x.extents[0], 2 * x.extents[1], 2 * x.extents[2]); };
    s.fsa.push_back(sides(a).cast<float>()), s.fsb.push_back(sides(b).cast<float>());
    s.dsa.push_back(sides(a)), s.dsb.push_back(sides(b));
    s.fta.push_back(fcl_pose<float>(a)), s.ftb.push_back(fcl_pose<float>(b));
    s.dta.push_back(fcl_pose<double>(a)), s.dtb.push_back(fcl_pose<double>(b));
  }
  return s;
}

template <class S>
void register_fcl(const std::string& tail, const BoxSet* s, std::size_t n) {
  const bool single = std::is_same_v<S, float>;
  benchmark::RegisterBenchmark(
      ("manifold:fcl/box_box_manifold/" + std::string(single ? "float" : "double") + tail).c_str(),
      [s, n](benchmark::State& st) {
        std::vector<fcl::ContactPoint<S>> contacts;
        contacts.reserve(8);
        fcl::Vector3<S> normal;
        S depth;
        int code;
        bench::time_pair_loop(st, n, [&](std::size_t i) {
          contacts.clear();
          if constexpr (std::is_same_v<S, float>)
            return fcl::detail::boxBox2<S>(s->fsa[i], s->fta[i], s->fsb[i], s->ftb[i], normal, &depth, &code, 8,
                                           contacts) > 0;
          else
            return fcl::detail::boxBox2<S>(s->dsa[i], s->dta[i], s->dsb[i], s->dtb[i], normal, &depth, &code, 8,
                                           contacts) > 0;
        });
      });
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t pairs = bench::take_pairs_flag(argc, argv, "sepax_bench_manifold", 16384);
  static std::vector<BoxSet> sets;
  const std::vector<gen::Family> families{gen::Family::random, gen::Family::touching, gen::Family::near_parallel};
  sets.reserve(families.size());
  for (gen::Family f : families) sets.push_back(make_set(f, pairs));
  for (std::size_t k = 0; k < families.size(); ++k) {
    const std::string tail = std::string(":") + std::string(gen::to_string(families[k]));
    const BoxSet* s = &sets[k];
    const std::size_t n = pairs;
    benchmark::RegisterBenchmark(("manifold:obb_obb_manifold/find_manifold/float" + tail).c_str(),
                                 [s, n](benchmark::State& st) {
                                   bench::time_pair_loop(st, n, [s](std::size_t i) {
                                     return obb_obb::find_manifold(s->af[i], s->bf[i]).contact;
                                   });
                                 });
    benchmark::RegisterBenchmark(("manifold:obb_obb_manifold/find_manifold/double" + tail).c_str(),
                                 [s, n](benchmark::State& st) {
                                   bench::time_pair_loop(st, n, [s](std::size_t i) {
                                     return obb_obb::find_manifold(s->ad[i], s->bd[i]).contact;
                                   });
                                 });
    benchmark::RegisterBenchmark(("manifold:ode/box_box_manifold/double" + tail).c_str(), [s, n](benchmark::State& st) {
      dContactGeom contacts[8];
      dVector3 normal;
      dReal depth;
      int code;
      bench::time_pair_loop(st, n, [&](std::size_t i) {
        const OdeBox& a = s->oa[i];
        const OdeBox& b = s->ob[i];
        return dBoxBox(a.p, a.R, a.side, b.p, b.R, b.side, normal, &depth, &code, 8, contacts, sizeof(dContactGeom)) > 0;
      });
    });
    benchmark::RegisterBenchmark(("manifold:bullet/box_box_manifold/float" + tail).c_str(), [s, n](benchmark::State& st) {
      bench::time_pair_loop(st, n, [s](std::size_t i) {
        btBoxBoxDetector detector(&s->sa[i], &s->sb[i]);
        BulletCount out;
        detector.getClosestPoints(s->poses[i], out, nullptr);
        return out.count > 0;
      });
    });
    register_fcl<float>(tail, s, n);
    register_fcl<double>(tail, s, n);
    benchmark::RegisterBenchmark(("manifold:mujoco/box_box_manifold/double" + tail).c_str(),
                                 [s, n](benchmark::State& st) {
                                   bench::time_pair_loop(st, n, [s](std::size_t i) {
                                     return peers::mujoco_box_box_contacts(s->ad[i], s->bd[i]) > 0;
                                   });
                                 });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
