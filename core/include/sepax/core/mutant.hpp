#pragma once
/// \file
/// Planted bugs, for proving that the judge catches them (mutation
/// testing). Two ways to switch one on:
///  - a build configured with `-DSEPAX_MUTANT=<name>` compiles exactly one
///    deliberate bug into the kernels (mutant() is a constant: the other
///    branch is not even compiled);
///  - a build configured with `-DSEPAX_MUTANT_RUNTIME=ON` (preset mutants)
///    plants the bug named by the environment variable SEPAX_MUTANT
///    of the process, read once; `sepax mutate` runs a campaign per mutant
///    that way. Each switch is then a branch on one string compare, so such
///    a build is for testing, not for timing.
/// Nothing is planted by default, and `sepax verify` names the mutant in its
/// summary.
///
/// The catalogue, with what each bug is, is mutant_catalog.hpp; each switch
/// is documented where it is used.
///
/// core/CMakeLists.txt reads the names from the catalogue and refuses any
/// other for -DSEPAX_MUTANT.
#include <cstdlib>
#include <string>
#include <string_view>

namespace sepax {

#if defined(SEPAX_MUTANT_RUNTIME)
/// The planted bug of this process: SEPAX_MUTANT from its environment, read
/// on first use ("" for none).
inline std::string_view active_mutant() {
  static const std::string name = [] {
    const char* value = std::getenv("SEPAX_MUTANT");
    return std::string(value ? value : "");
  }();
  return name;
}
/// Is the planted bug `name` switched on?
inline bool mutant(std::string_view name) { return active_mutant() == name; }
#else
#ifdef SEPAX_MUTANT
inline constexpr std::string_view kMutant = SEPAX_MUTANT;
#else
inline constexpr std::string_view kMutant = "";
#endif
/// The planted bug compiled in ("" for none).
constexpr std::string_view active_mutant() { return kMutant; }
/// Is the planted bug `name` compiled in?
constexpr bool mutant(std::string_view name) { return kMutant == name; }
#endif

/// Can this build switch mutants on at run time (SEPAX_MUTANT_RUNTIME)?
#if defined(SEPAX_MUTANT_RUNTIME)
inline constexpr bool kRuntimeMutants = true;
#else
inline constexpr bool kRuntimeMutants = false;
#endif

}  // namespace sepax
