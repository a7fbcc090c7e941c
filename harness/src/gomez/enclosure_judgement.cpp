// Gomez's OBB→AABB conversion judged exactly (enclosure_judgement.hpp).
#include "sepax/harness/gomez/enclosure_judgement.hpp"

#include <fmt/format.h>

#include "sepax/oracle/exact_gomez.hpp"

namespace sepax::harness {

EnclosureJudgement judge_obb_to_aabb(const Obb3<double>& box, const Aabb3<double>& aabb, ScalarKind scalar) {
  EnclosureJudgement j;
  j.tolerance = 16 * 2 * unit_roundoff(scalar);  // 16 ε, ε = 2u
  j.miss = oracle::aabb_miss(aabb, box);
  j.excess = oracle::aabb_excess(aabb, box);
  if (!oracle::aabb_contains_obb_exact(aabb, box)) {
    j.verdict_class = oracle::Class::gross;
    j.reason = fmt::format("the box reaches {:.3g} (of its scale) out of the AABB", j.miss);
  } else if (j.excess > j.tolerance) {
    j.verdict_class = oracle::Class::gross;
    j.reason = fmt::format("the AABB reaches {:.3g} (of the box's scale) beyond it, more than {:.3g}", j.excess,
                           j.tolerance);
  }
  return j;
}

}  // namespace sepax::harness
