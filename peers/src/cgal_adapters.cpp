// CGAL (Debian libcgal-dev 5.5): do_intersect(Triangle_3, Triangle_3) on two
// kernels. Both compute exactly on the stored doubles (float cases are exact
// in double): Epick's do_intersect for these objects uses predicates only
// (orientation, coplanarity, collinear ordering), and its predicates are
// filtered-exact; Epeck is exact throughout (lazy exact numbers).
//
// Guard: Triangle_3's do_intersect has the precondition "not degenerate".
// With assertions on (no NDEBUG) a collinear triangle throws
// CGAL::Precondition_exception; under NDEBUG it answers silently, and wrongly
// (../shared/ORACLE-NOTES.md, pitfalls). So each triangle is classified once, exactly
// (CGAL::collinear), into the set it is: Triangle_3, else Segment_3 between
// its lexicographically smallest and largest vertices (the hull of collinear
// points), else Point_3; CGAL's own overload for that pair of types runs.
// The classification happens in the conversion, outside the timed call.
// No tri_obb entry: do_intersect(Triangle_3, Iso_cuboid_3) needs the box
// mapped into its own frame, which is not exact.
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>

#include <variant>

#include "entry.hpp"

namespace sepax::peers::detail {
namespace {

template <class K>
using Hull = std::variant<typename K::Point_3, typename K::Segment_3, typename K::Triangle_3>;

template <class K>
Hull<K> hull_of(const Triangle3d& t) {
  using P = typename K::Point_3;
  P p[3];
  for (int i = 0; i < 3; ++i) p[i] = P(t.vertices[i][0], t.vertices[i][1], t.vertices[i][2]);
  if (!CGAL::collinear(p[0], p[1], p[2])) return typename K::Triangle_3(p[0], p[1], p[2]);
  int lo = 0, hi = 0;
  for (int i = 1; i < 3; ++i) {
    if (CGAL::compare_xyz(p[i], p[lo]) == CGAL::SMALLER) lo = i;
    if (CGAL::compare_xyz(p[i], p[hi]) == CGAL::LARGER) hi = i;
  }
  if (lo == hi) return p[0];  // all three vertices coincide
  return typename K::Segment_3(p[lo], p[hi]);
}

template <class K>
struct HullPair {
  Hull<K> a, b;
};

template <class K>
KernelInfo entry(const char* name, ScalarKind kind) {
  return make_entry(
      "cgal", name, Query::tri_tri, kind,
      [](const ShapePair& p) { return HullPair<K>{hull_of<K>(p.tri_a), hull_of<K>(p.tri_b)}; },
      [](const HullPair<K>& in) {
        return std::visit([](const auto& x, const auto& y) { return CGAL::do_intersect(x, y); },
                          in.a, in.b);
      });
}

}  // namespace

std::vector<KernelInfo> cgal_kernels() {
  using Epick = CGAL::Exact_predicates_inexact_constructions_kernel;
  using Epeck = CGAL::Exact_predicates_exact_constructions_kernel;
  std::vector<KernelInfo> out;
  for (ScalarKind kind : {ScalarKind::float32, ScalarKind::float64}) {
    out.push_back(entry<Epick>("epick_tri_tri", kind));
    out.push_back(entry<Epeck>("epeck_tri_tri", kind));
  }
  return out;
}

}  // namespace sepax::peers::detail
