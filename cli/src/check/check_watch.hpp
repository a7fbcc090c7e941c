#pragma once
/// \file The watchdog and crash guard of `sepax check`: a kernel that crashes
/// or never returns on a case (a peer library's bug, a user's plugin) ends the
/// run with exit status 3 and a message naming the kernel, the signal or the
/// time, and the case's line of the file (printed in full, so that it can be
/// replayed alone) — instead of a bare "Segmentation fault" or a silent hang.
/// verify's reports (stuck_call_report.hpp) write cases under hang/ or crash/;
/// check's cases are already in a file, so it names the line.
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "sepax/harness/case_watchdog.hpp"
#include "sepax/harness/crash_guard.hpp"
#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::cli {

class CheckWatch {
 public:
  /// Watches calls of `limit_seconds` or more on the cases of `path`.
  CheckWatch(std::string path, double limit_seconds, std::ostream& err);

  /// A call of `who` (a kernel id, or "the exact oracle") on the case at
  /// `line` of the file, watched while the guard lives. Not nested.
  harness::CaseWatchdog::Guard call(const std::string& who, std::size_t line);

  /// Copies of `kernels` whose run() is watched (kept as long as this lives).
  std::vector<const harness::QueryKernel*> watched(const std::vector<const harness::QueryKernel*>& kernels,
                                                   std::size_t line);

 private:
  [[noreturn]] void stop(const harness::StuckCall& call, const std::string& what);

  std::string path_;
  std::ostream& err_;
  std::unique_ptr<harness::CaseWatchdog> watchdog_;
  std::unique_ptr<harness::CrashGuard> crash_guard_;
  /// Wrapped kernels by id; `line_` is the line their next calls are on.
  std::vector<std::unique_ptr<harness::QueryKernel>> wrapped_;
  std::size_t line_ = 0;
};

}  // namespace sepax::cli
