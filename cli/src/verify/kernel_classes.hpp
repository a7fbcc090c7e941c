#pragma once
/// \file One kernel × family's failure classes written out (failure_classes.hpp):
/// its gross findings grouped by kind, each class's first case shrunk, its
/// worst case grown and explained (harness/explain/class_analysis.hpp); and
/// its boundary verdicts grouped the same way and grown too — a kind of
/// boundary verdict whose worst case is gross is a failure class like any
/// other, found by the search rather than sampled.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/results_directory.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/harness/campaign/finding.hpp"
#include "verify/verify_command.hpp"

namespace sepax::cli {

/// A replayable finding: the command that replays it, what it is, and how
/// bad (for the order they are listed in: the worst first).
struct Replay {
  std::string command;
  std::string detail;
  double severity = -1;  ///< unknown: listed last
};

struct KernelFindings {
  Query query{};
  ScalarKind scalar{};
  gen::Family family{};
  const KernelInfo* kernel = nullptr;
  const std::vector<harness::Finding>* gross = nullptr;
  std::uint64_t gross_count = 0;  ///< all gross verdicts of the kernel × family
  const std::vector<harness::Finding>* boundary = nullptr;
  /// Its gross verdicts fail the run: sepax's kernels and those brought with
  /// --plugin or --external. The others' classes are peer findings.
  bool gated = true;
};

struct KernelClasses {
  std::vector<nlohmann::ordered_json> rows;  ///< "failure_class" and "boundary_class" rows
  std::vector<Replay> replays;
  std::vector<std::string> errors;  ///< files that could not be written
  /// Boundary classes whose worst case is gross.
  std::uint64_t grown_gross = 0;
};

KernelClasses write_kernel_classes(const KernelFindings& findings, const VerifyOptions& options,
                                   const ResultsDirectory& results);

}  // namespace sepax::cli
