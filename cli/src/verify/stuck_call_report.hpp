#pragma once
/// \file How `sepax verify` ends when a kernel or oracle call hangs or crashes
/// (the watchdog's and the crash guard's reports): the case(s) of the call
/// written under hang/ or crash/, the command that replays them, exit status 3.
#include <filesystem>
#include <iosfwd>
#include <string>

#include "common/results_directory.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/case_watchdog.hpp"
#include "verify/verify_command.hpp"

namespace sepax::cli {

/// `PROGRAM check FILE`, with the options that brought kernels and `--kernel ID`.
std::string check_replay_command(const VerifyOptions& options, const std::filesystem::path& path,
                                 const KernelInfo* kernel);

/// Writes the case(s) of the call under `subdir`/ (a batch call: every case of
/// its span), says how to replay them, and ends the process with exit status
/// 3; the rows of the groups already finished are in verify.jsonl (appended per group).
[[noreturn]] void stop_on_stuck_call(const VerifyOptions& options, const ResultsDirectory& results, std::ostream& err,
                                    const harness::StuckCall& call, const char* subdir, const std::string& what,
                                    const char* replay_note, const char* rerun_note);

}  // namespace sepax::cli
