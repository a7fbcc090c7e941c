#pragma once
/// \file Generator families (SPEC §5): named so reports can break results down.
#include <optional>
#include <span>
#include <string_view>

namespace sepax::gen {

/// `motion` is the dedicated moving family (generate_moving); its static pair
/// (generate) is the configuration at t = 0.
enum class Family { random, parallel_edges, touching, coplanar, scale, degenerate_shapes, motion };

/// The family's name in reports, case files and the CLI: "random", "parallel-edges", …
std::string_view to_string(Family f);
/// The family named `name` (as to_string spells it), or nullopt.
std::optional<Family> parse_family(std::string_view name);
/// Every family, in enum order (motion last).
std::span<const Family> all_families();

}  // namespace sepax::gen
