// The certified triangle batch's entry points (tri_tri_certified_batch.hpp):
// the AVX2+FMA copy of the lanes when the CPU has both, the x86-64 baseline
// (SSE2) copy otherwise. Both copies are the same source
// (tri_tri_certified_lanes.hpp); both rerun undecided pairs with
// tri_tri::intersects_certified.
#include "sepax/core/static/tri_tri_certified_batch.hpp"

#include "certified_batch/batch_dispatch.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/assert.hpp"

#define SEPAX_CERTIFIED_ISA certified_baseline
#include "certified_batch/tri_tri_certified_lanes.hpp"

namespace sepax::tri_tri {

namespace certified_avx2 {
// Compiled with -mavx2 -mfma (tri_tri_certified_batch_avx2.cpp).
void run(const detail::TriBatchView<float>& a, const detail::TriBatchView<float>& b, std::size_t n, std::uint8_t* out,
         bool no_bound);
void run(const detail::TriBatchView<double>& a, const detail::TriBatchView<double>& b, std::size_t n,
         std::uint8_t* out, bool no_bound);
}  // namespace certified_avx2

namespace {

template <class S>
void dispatch(const detail::TriBatchView<S>& va, const detail::TriBatchView<S>& vb, std::size_t n, std::uint8_t* out) {
  // Mutant certified_tri_tri_no_bound (mutant_catalog.hpp), asked here, once.
  sepax::certified::run_copy(
      mutant("certified_tri_tri_no_bound"), [&](bool no_bound) { certified_avx2::run(va, vb, n, out, no_bound); },
      [&](bool no_bound) {
        if (no_bound) return certified_baseline::pairwise<S, true>(va, vb, n, out);
        certified_baseline::pairwise(va, vb, n, out);
      });
}

template <class S>
bool decides(const Triangle3<S>& a, const Triangle3<S>& b) {
  if (mutant("certified_tri_tri_no_bound"))
    return (certified_baseline::certified_lane_code<int, true>(detail::lane(a), detail::lane(b)) &
            certified_baseline::kUndecided) == 0;
  return (certified_baseline::certified_lane_code<int, false>(detail::lane(a), detail::lane(b)) &
          certified_baseline::kUndecided) == 0;
}

}  // namespace

void test_certified_batch(const TriangleBatch<float>& a, const TriangleBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(detail::TriBatchView<float>(a), detail::TriBatchView<float>(b), a.size(), out.data());
}
void test_certified_batch(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                          std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(detail::TriBatchView<double>(a), detail::TriBatchView<double>(b), a.size(), out.data());
}

namespace detail {
bool certified_lane_decides(const Triangle3<float>& a, const Triangle3<float>& b) { return decides(a, b); }
bool certified_lane_decides(const Triangle3<double>& a, const Triangle3<double>& b) { return decides(a, b); }

void test_certified_batch_baseline(const TriangleBatch<float>& a, const TriangleBatch<float>& b,
                                   std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  certified_baseline::pairwise(TriBatchView<float>(a), TriBatchView<float>(b), a.size(), out.data());
}
void test_certified_batch_baseline(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                                   std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  certified_baseline::pairwise(TriBatchView<double>(a), TriBatchView<double>(b), a.size(), out.data());
}
}  // namespace detail

}  // namespace sepax::tri_tri
