#pragma once
/// \file `sepax check CASES.jsonl`: every matching kernel and both oracles on
/// the cases of a file (SPEC §10); replays bug reports and verify's findings.
/// A case with a `motion` also runs the moving kernels, judged by both exact
/// first-contact oracles (moving_judgement.hpp).
#include <iosfwd>
#include <string>
#include <vector>

namespace sepax::cli {

struct CheckOptions {
  std::string cases_path;
  /// JSON Lines output in the SPEC §10 shape instead of readable tables.
  bool json = false;
  /// Only these kernels (by id). Empty: every registered static kernel whose
  /// query and scalar are the case's, and every moving one too when the case
  /// has a motion. A kernel of the other scalar may be named
  /// explicitly; it is then judged on the case rounded to its scalar.
  std::vector<std::string> kernel_ids;
  /// Answers computed elsewhere for the cases (both files of `sepax generate
  /// --format arrays`' layout): answers_check.hpp.
  std::string answers_path;
  /// A kernel or oracle call that lasts this long ends the run (exit 3,
  /// check_watch.hpp), as does a kernel that crashes.
  double case_timeout_seconds = 60;
};

/// Checks every case; malformed lines are reported and the rest still checked.
/// Returns the exit status: 0 when every kernel verdict is ok or boundary; 1
/// when a kernel is gross (or threw), a line is malformed, the two oracles
/// disagree or an oracle failed; 2 on usage errors (unreadable file, unknown
/// kernel id), reported on `err`; 3 when a call crashes or hangs (the process ends).
int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
