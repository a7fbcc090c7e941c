#pragma once
/// \file Failure classes: a kernel's gross verdicts grouped by what went
/// wrong, so a run says which distinct bugs it found instead of leaving one
/// file per finding. A class is kernel × family × kind (harness/shrink.hpp's
/// signature: false negative and the axis kind it called separating, false
/// positive, threw, wrong contact; the pair-query and tree campaigns name
/// their own kinds). Each class gets a folder under gross/ holding its
/// simplest cases first, at most --replays-per-class of them, and a
/// class.json; verify.jsonl gets one "table":"failure_class" row per class,
/// which `sepax report` lists with the command that replays the smallest case.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/results_directory.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::cli {

struct FailureClass {
  std::string kernel;  ///< kernel id
  std::string query;
  std::string scalar;
  std::string family;                ///< generator family (a mesh pair for the tree campaign)
  std::string kind;                  ///< what went wrong
  bool peer = false;                 ///< another library's kernel (not gated)
  std::string origin;                ///< "sepax" or the library
  std::uint64_t count = 0;           ///< findings of the class among those kept
  std::uint64_t gross_in_group = 0;  ///< all gross verdicts of the kernel × family
  /// Issue 29: how bad (severity: |margin| relative to size) — the largest
  /// and median over the findings sampled, the largest over its band — the
  /// worst case the search around the class found, and the cause of that case.
  std::optional<double> severity_max, severity_median, band_ratio_max;
  std::optional<double> worst_severity;
  std::optional<double> worst_band, worst_tolerance;
  std::size_t grow_tried = 0;
  std::string cause = "unknown", cause_detail, cause_fix;
  /// "gross" (sampled gross verdicts), or "boundary" (a kind of boundary
  /// verdict; gross all the same when its worst case is: worst_is_gross).
  std::string verdicts = "gross";
  bool worst_is_gross = true;
};

/// A class with what every campaign knows of it; the rest as found later.
FailureClass make_failure_class(std::string kernel, std::string query, std::string scalar, std::string family,
                                std::string kind, bool peer, std::string origin, std::uint64_t count,
                                std::uint64_t gross_in_group);

/// "fcl-obb_overlap-float.random.false-negative-edge": readable, safe as a
/// folder name, the same for the same class in every run.
std::string class_folder(const FailureClass& c);

/// One line a reader understands: "fcl/obb_overlap/float calls overlapping
/// shapes separated (on an edge × edge axis) on random".
std::string class_description(const FailureClass& c);

/// The verify.jsonl row (also written as the folder's class.json).
nlohmann::ordered_json failure_class_row(const FailureClass& c, std::size_t files_written, std::string_view folder,
                                         std::string_view replay_command);

/// How simple a case is to read and debug: the significant bits of all its
/// coordinates (0 for a zero, 1 for a power of two, up to 53), summed.
/// Smaller is simpler; the shrinker lowers exactly this.
int significant_bits(const ShapePair& pair);

/// A replay file of a campaign that writes its cases as text lines (the
/// pair-query and tree campaigns): its class, its line and how to replay it
/// (`<program> <command_head><file><command_tail>`).
struct PendingReplay {
  std::string stem, line, command_head, command_tail, detail;
  std::string kernel, kind;
  bool peer = false;
  /// How far wrong and why, where the campaign judges it (the pair queries:
  /// harness/query/query_cause.hpp); a class takes its worst finding's cause.
  std::optional<double> severity, band;
  std::string cause, cause_detail, cause_fix;
};

/// What one group of such a campaign shares: where, and how many gross
/// verdicts each kernel had there.
struct ClassGroup {
  std::string query, scalar, family, program;
  std::map<std::string, std::uint64_t> gross_by_kernel;
  std::size_t replays_per_class = 1;
};

/// Writes the group's replays by class — gross/<class>/NN-<stem>.jsonl, the
/// class's first finding (the shrunk one), then the shortest lines (fewer
/// digits: simpler), and class.json with the worst finding's severity and cause — and
/// returns the "failure_class" rows; `replays` gets one (command, detail)
/// per class, `notes` what could not be written.
std::vector<nlohmann::ordered_json> write_text_classes(const std::vector<PendingReplay>& replays,
                                                       const ClassGroup& group, const ResultsDirectory& results,
                                                       std::vector<std::pair<std::string, std::string>>& replay_lines,
                                                       std::vector<std::string>& notes);

}  // namespace sepax::cli
