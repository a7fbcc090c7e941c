#include "batch_forms.hpp"

#include <cstdint>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "sepax/core/static/obb_obb_batch.hpp"
#include "sepax/core/static/tri_tri_batch.hpp"

namespace sepax::fuzz {
namespace {

/// The three forms on n copies of (a, b); Batch is ObbBatch or TriangleBatch.
template <class Batch, class Shape>
std::optional<std::string> compare_forms(const Shape& a, const Shape& b, const char* query) {
  for (std::size_t n : {1, 3, 8, 17}) {
    Batch as, bs;
    for (std::size_t i = 0; i < n; ++i) as.push_back(a), bs.push_back(b);
    std::vector<std::uint8_t> pairwise(n, 2), baseline(n, 2), one_many(n, 2);
    if constexpr (requires { obb_obb::test_static_batch(a, bs, pairwise); }) {
      obb_obb::test_static_batch(as, bs, pairwise);
      obb_obb::detail::test_static_batch_baseline(as, bs, baseline);
      obb_obb::test_static_batch(a, bs, one_many);
    } else {
      tri_tri::test_static_batch(as, bs, pairwise);
      tri_tri::detail::test_static_batch_baseline(as, bs, baseline);
      tri_tri::test_static_batch(a, bs, one_many);
    }
    for (std::size_t i = 0; i < n; ++i)
      if (pairwise[i] != baseline[i] || pairwise[i] != one_many[i] || pairwise[i] != pairwise[0])
        return fmt::format("{} test_static_batch on {} copies, lane {}: pairwise (dispatched) {}, baseline {}, "
                           "one against many {}, lane 0 {}",
                           query, n, i, pairwise[i], baseline[i], one_many[i], pairwise[0]);
  }
  return std::nullopt;
}

template <class S>
std::optional<std::string> forms_in(const ShapePair& pair) {
  if (pair.query == Query::obb_obb)
    return compare_forms<obb_obb::ObbBatch<S>>(pair.obb_a.cast<S>(), pair.obb_b.cast<S>(), "obb_obb");
  if (pair.query == Query::tri_tri)
    return compare_forms<tri_tri::TriangleBatch<S>>(pair.tri_a.cast<S>(), pair.tri_b.cast<S>(), "tri_tri");
  return std::nullopt;
}

}  // namespace

std::optional<std::string> batch_forms_disagree(const ShapePair& pair, ScalarKind scalar) {
  return scalar == ScalarKind::float32 ? forms_in<float>(pair) : forms_in<double>(pair);
}

}  // namespace sepax::fuzz
