// sepax_bench_motion: what Eberly §5's general motion costs. On the same
// cases of the general-motion families (obb_obb and tri_obb), in one run:
// find_first_contact_general (float, double; N steps, Euler or RK4 as drawn)
// and, for scale, the constant-velocity find_first_contact of the same pair
// over [0, T] with the motion's linear velocities (one step, no turn). Names
// `motion:<kernel>:<pair>-<family>`, counters pairs, hit_rate (contact
// reported) and tests_per_s; no peer library has a stepped rigid-motion query.
//   --sepax_pairs=N   cases per set (4,096)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bench_flags.hpp"
#include "sepax/core/moving/general_motion.hpp"
#include "sepax/generators/general_motion.hpp"

namespace {

using namespace sepax;

template <class S>
RigidMotion<S> cast(const RigidMotion<double>& m) {
  return {m.center.cast<S>(), m.linear_velocity.cast<S>(), m.angular_velocity.cast<S>(), S(m.duration)};
}

struct MotionSet {
  std::vector<gen::GeneralMotionCase> cases;  ///< every number a float
};

MotionSet make_set(Query query, gen::GeneralMotionFamily family, std::size_t n) {
  gen::SeededSource src(20261132, std::uint64_t(family) * 3 + std::uint64_t(query));
  MotionSet s;
  for (std::size_t i = 0; i < n; ++i)
    s.cases.push_back(gen::generate_general_motion(query, family, ScalarKind::float32, src));
  return s;
}

template <class S>
bool general(const gen::GeneralMotionCase& c) {
  const ShapePair& p = c.pair;
  const auto r = p.query == Query::obb_obb
                     ? obb_obb::find_first_contact_general(p.obb_a.cast<S>(), cast<S>(c.motion_a), p.obb_b.cast<S>(),
                                                           cast<S>(c.motion_b), c.steps, c.integrator)
                     : tri_obb::find_first_contact_general(p.tri_a.cast<S>(), cast<S>(c.motion_a), p.obb_b.cast<S>(),
                                                           cast<S>(c.motion_b), c.steps, c.integrator);
  return r.state != ContactState::separated_throughout;
}

template <class S>
bool linear(const gen::GeneralMotionCase& c) {
  const ShapePair& p = c.pair;
  const LinearMotion<S> m{c.motion_a.linear_velocity.cast<S>(), c.motion_b.linear_velocity.cast<S>(),
                          S(c.motion_a.duration)};
  const auto r = p.query == Query::obb_obb ? obb_obb::find_first_contact(p.obb_a.cast<S>(), p.obb_b.cast<S>(), m)
                                           : tri_obb::find_first_contact(p.tri_a.cast<S>(), p.obb_b.cast<S>(), m);
  return r.state != ContactState::separated_throughout;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t pairs = bench::take_pairs_flag(argc, argv, "sepax_bench_motion", 4096);
  static std::vector<MotionSet> sets;
  sets.reserve(6);
  for (const Query query : {Query::obb_obb, Query::tri_obb})
    for (const gen::GeneralMotionFamily f : gen::general_motion_families()) {
      sets.push_back(make_set(query, f, pairs));
      const MotionSet* s = &sets.back();
      const std::string q(to_string(query));
      const std::string tail = ":" + q + "-" + gen::to_string(f);
      benchmark::RegisterBenchmark(("motion:general_motion/find_first_contact/float" + tail).c_str(),
                                   [s, pairs](benchmark::State& st) {
                                     bench::time_pair_loop(st, pairs, [s](std::size_t i) { return general<float>(s->cases[i]); });
                                   });
      benchmark::RegisterBenchmark(("motion:general_motion/find_first_contact/double" + tail).c_str(),
                                   [s, pairs](benchmark::State& st) {
                                     bench::time_pair_loop(st, pairs, [s](std::size_t i) { return general<double>(s->cases[i]); });
                                   });
      benchmark::RegisterBenchmark(("motion:" + q + "/find_first_contact/double" + tail).c_str(),
                                   [s, pairs](benchmark::State& st) {
                                     bench::time_pair_loop(st, pairs, [s](std::size_t i) { return linear<double>(s->cases[i]); });
                                   });
    }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
