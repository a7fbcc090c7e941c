// Metamorphic properties (SPEC §6), typed over float and double.
//  - Exact transformations — flipping two axes of a box (the same box),
//    scaling by a power of two, translating by an offset that keeps every
//    coordinate exact — leave every kernel's verdict AND deciding axis
//    identical: the kernels compute the same numbers up to sign and exponent.
//  - Reformulations — swapping the arguments, permuting a triangle's vertices,
//    cycling a box's axes — change the rounding, so the verdict may change only
//    when the exact margin lies within the rounding band.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <array>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "property_support.hpp"
#include "sepax/generators/rapidcheck_source.hpp"

namespace sepax::props {
namespace {

template <class S>
class Metamorphic : public ::testing::Test {};

// Hit-rate floors: below what the seeded ctest run reaches (the counts are
// recorded as test properties: at seed 20261122, 5..2000 exact translations
// per family x query, the fewest on tri_tri parallel-edges in double, whose
// coordinates use every bit; 14..2007 differing reformulations per query, the
// fewest on tri_obb), and above zero, so that neither assertion can be skipped
// for a whole family or query.
constexpr std::uint64_t kMinExactTranslations = 3;
constexpr std::uint64_t kMinReformulationsDiffering = 5;
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Metamorphic, Scalars);

/// A uniform integer in [lo, hi), whatever RapidCheck's current size (a bare
/// inRange shrinks its range with the size, so small sizes would only ever
/// draw lo).
int draw(int lo, int hi) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(lo, hi)); }

template <class Fn>
void for_each_point(ShapePair& p, Fn&& fn) {
  for (Obb3d* b : {&p.obb_a, &p.obb_b}) fn(b->center);
  for (Triangle3d* t : {&p.tri_a, &p.tri_b})
    for (auto& v : t->vertices) fn(v);
}

ShapePair scaled(ShapePair p, int k) {
  const double f = std::ldexp(1.0, k);
  for_each_point(p, [&](Vec3<double>& v) { v *= f; });
  for (Obb3d* b : {&p.obb_a, &p.obb_b})
    for (double& e : b->extents) e *= f;
  return p;
}

/// Is x + t exact in S (two-sum error zero, and representable in S)?
template <class S>
bool exact_sum(double x, double t) {
  const double s = x + t, bb = s - x;
  const double err = (x - (s - bb)) + (t - bb);
  return err == 0 && double(S(s)) == s;
}

template <class S>
std::optional<ShapePair> translated(ShapePair p, const Vec3<double>& t) {
  bool exact = true;
  for_each_point(p, [&](Vec3<double>& v) {
    for (int k = 0; k < 3; ++k) exact = exact && exact_sum<S>(v[k], t[k]);
    v += t;
  });
  return exact ? std::optional<ShapePair>(p) : std::nullopt;
}

/// Same box: A_i → −A_i and A_j → −A_j keeps the frame right-handed.
Obb3d flip_two(Obb3d b, int i) {
  b.axes[i] = -b.axes[i];
  b.axes[(i + 1) % 3] = -b.axes[(i + 1) % 3];
  return b;
}

/// Same box: (A0, A1, A2) → (A1, A2, A0) with the extents.
Obb3d cycle_axes(Obb3d b) {
  return {b.center, {b.axes[1], b.axes[2], b.axes[0]}, {b.extents[1], b.extents[2], b.extents[0]}};
}

Triangle3d permuted(const Triangle3d& t, int perm) {
  static constexpr int kPerms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                       {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  return {{t.vertices[kPerms[perm][0]], t.vertices[kPerms[perm][1]], t.vertices[kPerms[perm][2]]}};
}

ShapePair swapped(ShapePair p) {
  std::swap(p.obb_a, p.obb_b);
  std::swap(p.tri_a, p.tri_b);
  return p;
}

/// Runs `body(kernel, pair, family)` for every kernel of scalar S on pairs of
/// every family and query.
template <class S, class Body>
void for_all_kernels(const std::string& name, Body body) {
  constexpr ScalarKind scalar = scalar_traits<S>::kind;
  for (gen::Family family : gen::all_families())
    for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
      const std::string full = name + "/" + label(family, query, scalar);
      const bool ok = check_and_save(full, [&] {
        const ShapePair pair = *gen::gen_pair(family, query, scalar);
        Counterexample::remember(pair, scalar, std::string(gen::to_string(family)));
        for (const KernelInfo& k : static_kernels())
          if (k.query == query && k.scalar == scalar) body(k, pair, family);
      });
      EXPECT_TRUE(ok) << full;
    }
}

/// One HitCounter per query, or per family × query.
struct CountersByQuery {
  std::map<Query, HitCounter> by_query;
  std::map<std::pair<gen::Family, Query>, HitCounter> by_group;
};

TYPED_TEST(Metamorphic, ExactTransformationsLeaveVerdictAndAxisIdentical) {
  using S = TypeParam;
  CountersByQuery translated_exactly;
  for_all_kernels<S>("exact-transforms", [&](const KernelInfo& k, const ShapePair& pair, gen::Family family) {
    const StaticOutcome base = k.test(pair);
    const auto same = [&](const StaticOutcome& o) {
      return o.intersects == base.intersects && o.axis == base.axis;
    };
    // Flips of two axes of either box.
    const int i = draw(0, 3);
    ShapePair flipped = pair;
    flipped.obb_a = flip_two(pair.obb_a, i);
    flipped.obb_b = flip_two(pair.obb_b, (i + 1) % 3);
    RC_ASSERT(same(k.test(flipped)));
    // Powers of two, small enough to stay clear of overflow and subnormals.
    const int e = draw(-4, 5);
    RC_ASSERT(same(k.test(scaled(pair, e))));
    // Translations by offsets on a coarse dyadic grid, used when exact.
    const Vec3<double> t(std::ldexp(double(draw(-8, 9)), draw(-4, 4)), std::ldexp(double(draw(-8, 9)), draw(-4, 4)),
                         std::ldexp(double(draw(-8, 9)), draw(-4, 4)));
    const auto moved = translated<S>(pair, t);
    translated_exactly.by_group[{family, k.query}].count(moved.has_value());
    if (moved) RC_ASSERT(same(k.test(*moved)));
  });
  // The translation check must run in every family and query, not only on
  // average: a family whose coordinates use every bit would never be moved.
  HitCounter all;
  for (const auto& [group, counter] : translated_exactly.by_group) {
    const std::string name = std::string(gen::to_string(group.first)) + "/" + std::string(to_string(group.second));
    this->RecordProperty("translated_" + name, std::to_string(counter.hits.load()));
    EXPECT_GE(counter.hits.load(), kMinExactTranslations) << name << ": too few exact translations were tried";
    all.total += counter.total.load();
    all.hits += counter.hits.load();
  }
  EXPECT_GE(all.rate(), 0.2) << "too few exact translations were tried";  // 0.27 at the ctest seed
}

TYPED_TEST(Metamorphic, ReformulationsDifferOnlyInTheBoundaryBand) {
  using S = TypeParam;
  constexpr ScalarKind scalar = scalar_traits<S>::kind;
  CountersByQuery differed;
  for_all_kernels<S>("reformulations", [&](const KernelInfo& k, const ShapePair& pair, gen::Family) {
    const bool base = k.test(pair).intersects;
    std::vector<ShapePair> variants;
    ShapePair v = pair;
    v.obb_a = cycle_axes(pair.obb_a);
    v.obb_b = cycle_axes(cycle_axes(pair.obb_b));
    variants.push_back(v);
    v = pair;
    v.tri_a = permuted(pair.tri_a, draw(1, 6));
    v.tri_b = permuted(pair.tri_b, draw(1, 6));
    variants.push_back(v);
    if (k.query != Query::tri_obb) variants.push_back(swapped(pair));  // pair order is fixed for tri_obb
    for (const ShapePair& w : variants) {
      const bool other = k.test(w).intersects;
      differed.by_query[k.query].count(other != base);
      if (other != base) {
        const Truth truth(pair, scalar);
        RC_ASSERT(std::abs(truth.margin()) <= truth.tolerance() + oracle::granted_bias(k.bias));
      }
    }
  });
  // The band assertion runs only where a reformulation changed the verdict:
  // it must have run, for every query (the near- and ultra-parallel, coplanar
  // and touching families put pairs within rounding of touching).
  for (Query q : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
    const std::uint64_t hits = differed.by_query[q].hits.load();
    this->RecordProperty(std::string("differed_") + std::string(to_string(q)), std::to_string(hits));
    EXPECT_GE(hits, kMinReformulationsDiffering) << to_string(q) << ": the band assertion was hardly exercised";
  }
}

}  // namespace
}  // namespace sepax::props
