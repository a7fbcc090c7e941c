// Family names: the strings reports, case files and the CLI use (SPEC §5).
#include "sepax/generators/family.hpp"

#include <array>

namespace sepax::gen {
namespace {

// Motion stays last: reports list the families in this order.
constexpr std::array kFamilies{Family::random,        Family::parallel_edges, Family::touching,
                               Family::coplanar,      Family::scale,          Family::degenerate_shapes,
                               Family::near_parallel, Family::ultra_parallel, Family::motion};

}  // namespace

std::string_view to_string(Family f) {
  switch (f) {
    case Family::random:
      return "random";
    case Family::parallel_edges:
      return "parallel-edges";
    case Family::touching:
      return "touching";
    case Family::coplanar:
      return "coplanar";
    case Family::scale:
      return "scale";
    case Family::degenerate_shapes:
      return "degenerate-shapes";
    case Family::near_parallel:
      return "near-parallel";
    case Family::ultra_parallel:
      return "ultra-parallel";
    case Family::motion:
      return "motion";
  }
  return "?";
}

std::optional<Family> parse_family(std::string_view name) {
  for (Family f : kFamilies) {
    if (to_string(f) == name) return f;
  }
  return std::nullopt;
}

std::span<const Family> all_families() { return kFamilies; }

}  // namespace sepax::gen
