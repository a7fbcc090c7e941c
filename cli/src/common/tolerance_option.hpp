#pragma once
/// \file `--tolerance REL` and `--tolerance ID=REL` (issue 29): the tolerance
/// a kernel promises, relative to the larger shape's size. A disagreement
/// within max(rounding band, tolerance) is not gross. REL alone is for every
/// kernel not named; the default is none (the band alone).
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace sepax::cli {

/// The tolerances given: `by_id` for the kernels named, `all` for the others.
struct Tolerances {
  std::optional<double> all;
  std::map<std::string, double, std::less<>> by_id;
  bool empty() const { return !all && by_id.empty(); }
  /// The tolerance for kernel `id`; 0 when none was given.
  double of(std::string_view id) const;
};

/// Parses the option's texts; nullopt after saying what is wrong on `err`
/// (`command` in front): a value that is not a finite number >= 0, an empty
/// id, REL given twice, an id given twice.
std::optional<Tolerances> parse_tolerance_texts(const std::vector<std::string>& texts, const char* command,
                                                std::ostream& err);

/// Adds the repeatable option to `command`, collecting its texts in `texts`.
void add_tolerance_option(CLI::App& command, std::vector<std::string>& texts);

/// Parses the texts and promises the tolerances (sepax::promise_tolerances;
/// before the registry is read). false after saying what is wrong on `err`.
bool promise_tolerance_texts(const std::vector<std::string>& texts, const char* command, std::ostream& err);

/// After the registry is read: false (said on `err`) when an ID=REL names no
/// kernel, with the ids that come closest.
bool tolerance_ids_known(const char* command, std::ostream& err);

/// The same options again for a printed replay command (" --tolerance 1e-07 …"; "" when none).
std::string tolerance_arguments(const std::vector<std::string>& texts);

}  // namespace sepax::cli
