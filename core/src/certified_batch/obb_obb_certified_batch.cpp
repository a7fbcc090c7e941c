// The certified OBB batch's entry points (obb_obb_certified_batch.hpp):
// the AVX2+FMA copy of the lanes when the CPU has both, the x86-64 baseline
// (SSE2) copy otherwise. Both copies are the same source
// (obb_obb_certified_lanes.hpp); both rerun undecided pairs with
// obb_obb::intersects_certified.
#include "sepax/core/static/obb_obb_certified_batch.hpp"

#include "certified_batch/batch_dispatch.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/assert.hpp"

#define SEPAX_CERTIFIED_ISA certified_baseline
#include "certified_batch/obb_obb_certified_lanes.hpp"

namespace sepax::obb_obb {

namespace certified_avx2 {
// Compiled with -mavx2 -mfma (obb_obb_certified_batch_avx2.cpp).
void run(const detail::BatchView<float>& a, const detail::BatchView<float>& b, std::size_t n, std::uint8_t* out,
         bool no_bound);
void run(const detail::BatchView<double>& a, const detail::BatchView<double>& b, std::size_t n,
         std::uint8_t* out, bool no_bound);
}  // namespace certified_avx2

namespace {

template <class S>
void dispatch(const detail::BatchView<S>& va, const detail::BatchView<S>& vb, std::size_t n, std::uint8_t* out) {
  // Mutant certified_no_bound (mutant_catalog.hpp), asked here, once.
  sepax::certified::run_copy(
      mutant("certified_no_bound"), [&](bool no_bound) { certified_avx2::run(va, vb, n, out, no_bound); },
      [&](bool no_bound) {
        if (no_bound) return certified_baseline::pairwise<S, true>(va, vb, n, out);
        certified_baseline::pairwise(va, vb, n, out);
      });
}

template <class S>
bool decides(const Obb3<S>& a, const Obb3<S>& b) {
  if (mutant("certified_no_bound"))
    return (certified_baseline::certified_lane_code<int, true>(detail::lane(a), detail::lane(b)) &
            certified_baseline::kUndecided) == 0;
  return (certified_baseline::certified_lane_code<int, false>(detail::lane(a), detail::lane(b)) &
          certified_baseline::kUndecided) == 0;
}

}  // namespace

void test_certified_batch(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(detail::BatchView<float>(a), detail::BatchView<float>(b), a.size(), out.data());
}
void test_certified_batch(const ObbBatch<double>& a, const ObbBatch<double>& b,
                          std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(detail::BatchView<double>(a), detail::BatchView<double>(b), a.size(), out.data());
}

namespace detail {
bool certified_lane_decides(const Obb3<float>& a, const Obb3<float>& b) { return decides(a, b); }
bool certified_lane_decides(const Obb3<double>& a, const Obb3<double>& b) { return decides(a, b); }

void test_certified_batch_baseline(const ObbBatch<float>& a, const ObbBatch<float>& b,
                                   std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  certified_baseline::pairwise(BatchView<float>(a), BatchView<float>(b), a.size(), out.data());
}
void test_certified_batch_baseline(const ObbBatch<double>& a, const ObbBatch<double>& b,
                                   std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  certified_baseline::pairwise(BatchView<double>(a), BatchView<double>(b), a.size(), out.data());
}
}  // namespace detail

}  // namespace sepax::obb_obb
