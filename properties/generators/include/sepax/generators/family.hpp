#pragma once
/// \file Generator families (SPEC §5): named so reports can break results down.
#include <optional>
#include <span>
#include <string_view>

namespace sepax::gen {

enum class Family { random, parallel_edges, touching, coplanar, scale, degenerate_shapes };

std::string_view to_string(Family f);  ///< "random", "parallel-edges", …
std::optional<Family> parse_family(std::string_view name);
std::span<const Family> all_families();

}  // namespace sepax::gen
