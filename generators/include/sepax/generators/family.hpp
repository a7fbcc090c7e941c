#pragma once
/// \file
/// Generator families (SPEC §5): named so reports can break results down.
#include <optional>
#include <span>
#include <string_view>

namespace sepax::gen {

/// `near_parallel` and `ultra_parallel` turn B by a tiny angle from A and sweep
/// the margin from deep overlap to clear separation. `motion` is the dedicated
/// moving family (generate_moving); its static pair (generate) is the
/// configuration at t = 0.
enum class Family {
  random,
  parallel_edges,
  touching,
  coplanar,
  scale,
  degenerate_shapes,
  near_parallel,
  ultra_parallel,
  motion
};

/// The family's name in reports, case files and the CLI: "random", "parallel-edges", …
std::string_view to_string(Family f);
/// The family named `name` (as to_string spells it), or nullopt.
std::optional<Family> parse_family(std::string_view name);
/// Every family, in enum order (motion last).
std::span<const Family> all_families();

}  // namespace sepax::gen
