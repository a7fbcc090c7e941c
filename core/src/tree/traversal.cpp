// The float and double tree queries (Eberly §7), compiled once per instruction
// set: on x86-64 with GCC, an AVX2 copy beside the baseline one, chosen at run
// time by the CPU (GCC's target_clones, an ifunc). Everything the traversal
// runs per node pair is force-inlined into each copy (SEPAX_FORCE_INLINE),
// so no AVX2 code can reach a baseline caller through the linker; calls that
// stay out of line (the triangle test, Eigen, the allocator) are the baseline
// ones. -ffp-contract=off (top-level CMakeLists.txt) forbids contractions, so
// both copies round every operation the same way: the same answers, bit for
// bit (tree tests and fuzzing compare nothing else). Measured on the
// benchmark's machine: AVX2 copy ~15 % more boolean queries/s (README,
// "OBB trees").
#include "sepax/core/tree/traversal.hpp"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define SEPAX_TREE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SEPAX_TREE_CLONES
#endif

namespace sepax::tree {
namespace {

SEPAX_TREE_CLONES bool test_float(const ObbTree<float>& a, const ObbTree<float>& b, const Pose& p, int limit) {
  return detail::test_intersection_body(a, b, p, limit);
}
SEPAX_TREE_CLONES bool test_double(const ObbTree<double>& a, const ObbTree<double>& b, const Pose& p, int limit) {
  return detail::test_intersection_body(a, b, p, limit);
}
SEPAX_TREE_CLONES std::vector<TrianglePair> collect_float(const ObbTree<float>& a, const ObbTree<float>& b,
                                                          const Pose& p) {
  return detail::collect_intersections_body(a, b, p);
}
SEPAX_TREE_CLONES std::vector<TrianglePair> collect_double(const ObbTree<double>& a, const ObbTree<double>& b,
                                                           const Pose& p) {
  return detail::collect_intersections_body(a, b, p);
}

}  // namespace

template <>
bool test_intersection<float>(const ObbTree<float>& a, const ObbTree<float>& b, const Pose& p, int limit) {
  return test_float(a, b, p, limit);
}
template <>
bool test_intersection<double>(const ObbTree<double>& a, const ObbTree<double>& b, const Pose& p, int limit) {
  return test_double(a, b, p, limit);
}
template <>
std::vector<TrianglePair> collect_intersections<float>(const ObbTree<float>& a, const ObbTree<float>& b,
                                                       const Pose& p) {
  return collect_float(a, b, p);
}
template <>
std::vector<TrianglePair> collect_intersections<double>(const ObbTree<double>& a, const ObbTree<double>& b,
                                                        const Pose& p) {
  return collect_double(a, b, p);
}

}  // namespace sepax::tree
