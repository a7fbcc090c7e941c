// sepax_bench_rect: the 2D rectangle query (SAT tutorial, four axes) against
// Box2D 2.4's polygon overlap test (b2TestOverlap, GJK), both in float (Box2D's
// only scalar), on the same sets from the 2D generator families, in one run:
// names `rect:<kernel>:<family>`, counters pairs, hit_rate and tests_per_s.
// Box2D's polygons are built once, outside the timed loop, as a caller would
// keep them; thin rectangles Box2D cannot hold are left out of both sides.
//   --sepax_pairs=N   pairs per set (65,536)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>

#include "bench_flags.hpp"
#include "sepax/core/planar/rect_rect.hpp"
#include "sepax/generators/planar.hpp"
#include "sepax/peers/box2d_rect.hpp"

namespace {

using namespace sepax;

struct Set {
  std::vector<Rect2<float>> a, b;
  std::vector<b2PolygonShape> sa, sb;
  std::vector<b2Transform> xa, xb;
};

void to_box2d(const Rect2<float>& r, std::vector<b2PolygonShape>& shapes, std::vector<b2Transform>& xfs) {
  b2PolygonShape s;
  s.SetAsBox(r.extents[0], r.extents[1]);
  s.m_radius = 0;
  b2Transform xf;
  xf.p.Set(r.center[0], r.center[1]);
  xf.q.s = r.axes[0][1];
  xf.q.c = r.axes[0][0];
  shapes.push_back(s);
  xfs.push_back(xf);
}

Set make_set(gen::Family family, std::size_t n) {
  gen::SeededSource src(20261126, std::uint64_t(family));
  Set set;
  while (set.a.size() < n) {
    const gen::RectPair p = gen::generate_rect_pair(family, ScalarKind::float32, src);
    const Rect2<float> a = p.a.cast<float>(), b = p.b.cast<float>();
    if (!peers::box2d_rect_overlap(a, b)) continue;  // too thin for Box2D
    set.a.push_back(a), set.b.push_back(b);
    to_box2d(a, set.sa, set.xa);
    to_box2d(b, set.sb, set.xb);
  }
  return set;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t pairs = bench::take_pairs_flag(argc, argv, "sepax_bench_rect", 65536);
  static std::vector<std::pair<gen::Family, Set>> sets;
  for (gen::Family f : {gen::Family::random, gen::Family::parallel_edges, gen::Family::touching})
    sets.emplace_back(f, make_set(f, pairs));
  for (const auto& [family, set] : sets) {
    const std::string tail = ":" + std::string(gen::to_string(family));
    const Set* s = &set;
    benchmark::RegisterBenchmark(("rect:rect_rect/test_static/float" + tail).c_str(), [s](benchmark::State& st) {
      bench::time_pair_loop(st, s->a.size(), [s](std::size_t i) { return rect_rect::test_static(s->a[i], s->b[i]).intersects; });
    });
    benchmark::RegisterBenchmark(("rect:box2d/test_overlap/float" + tail).c_str(), [s](benchmark::State& st) {
      bench::time_pair_loop(st, s->a.size(), [s](std::size_t i) { return b2TestOverlap(&s->sa[i], 0, &s->sb[i], 0, s->xa[i], s->xb[i]); });
    });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
