// The certified OBB–OBB kernel's machine-integer stage for tests: the
// baseline instruction set's copy of obb_obb_small_integers_impl.hpp (the
// filters compile their own, inlined).
#define SEPAX_CERTIFIED_ISA portable
#include "certified/obb_obb_small_integers_impl.hpp"

namespace sepax::obb_obb::certified {

bool load(SmallIntegers& s, const Obb3<float>& a, const Obb3<float>& b) { return portable::ints::load_pair(s, a, b); }
bool load(SmallIntegers& s, const Obb3<double>& a, const Obb3<double>& b) { return portable::ints::load_pair(s, a, b); }

int small_integer_gap_sign(const SmallIntegers& s, const SeparatingAxis& axis) {
  const int n = axis.kind == AxisKind::face_a   ? axis.i
                : axis.kind == AxisKind::face_b ? 3 + axis.j
                                                : 6 + 3 * axis.i + axis.j;
  return portable::ints::kGapSign[n](s);
}

}  // namespace sepax::obb_obb::certified
