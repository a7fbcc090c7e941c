// verify's end on a call that hangs or crashes: see stuck_call_report.hpp.
#include "verify/stuck_call_report.hpp"

#include <cstdlib>
#include <exception>
#include <ostream>

#include <fmt/format.h>

#include "sepax/generators/generate.hpp"
#include "sepax/harness/campaign/campaign.hpp"

namespace sepax::cli {

using harness::CaseIdentity;
using harness::StuckCall;

std::string check_replay_command(const VerifyOptions& options, const std::filesystem::path& path,
                                 const KernelInfo* kernel) {
  return fmt::format("{} check {}{}{}", options.program, path.string(), options.replay_arguments,
                     kernel ? " --kernel " + kernel->id : "");
}

namespace {

/// A pair query's call: its cases' lines under `subdir`/, and the replay.
[[noreturn]] void stop_on_stuck_pair_call(const VerifyOptions& options, const ResultsDirectory& results,
                                         std::ostream& err, const StuckCall& call, const char* subdir,
                                         const std::string& what, const char* replay_note, const char* rerun_note) {
  const harness::PairCallSite& site = *call.pair;
  const std::string cases = call.count > 1 ? fmt::format("cases {} to {}", call.index, call.index + call.count - 1)
                                           : fmt::format("case {}", call.index);
  err << fmt::format("\nsepax verify: {} {} on {} of {} (seed {}); stopping.\n", site.kernel, what, cases, site.group,
                     options.seed);
  try {
    std::string text;
    for (const std::string& line : site.case_lines(call.index, call.index + call.count)) text += line + "\n";
    const std::string stem = fmt::format("{}-{}-{}", harness::case_file_stem(site.kernel),
                                         harness::case_file_stem(site.group), call.index);
    const auto path = results.write_text(subdir, stem + ".jsonl", text);
    err << fmt::format("  the case{}: {}\n  replay ({}): {} check {}{} --kernel {}\n",
                       call.count > 1 ? "s (a batch call)" : "", path.string(), replay_note, options.program,
                       path.string(), options.replay_arguments, site.kernel);
  } catch (const std::exception& e) {
    err << "  (the case could not be written: " << e.what() << ")\n";
  }
  err << fmt::format("  rows of the groups finished before are in {}; rerun without that kernel (--kernel selects "
                     "kernels) or {}.\n",
                     (results.root() / "verify.jsonl").string(), rerun_note)
      << std::flush;
  std::_Exit(3);
}

}  // namespace

[[noreturn]] void stop_on_stuck_call(const VerifyOptions& options, const ResultsDirectory& results, std::ostream& err,
                                    const StuckCall& call, const char* subdir, const std::string& what,
                                    const char* replay_note, const char* rerun_note) {
  if (call.pair) stop_on_stuck_pair_call(options, results, err, call, subdir, what, replay_note, rerun_note);
  const CaseIdentity& g = call.group;
  const std::string who = call.kernel ? call.kernel->id : std::string("the exact oracle");
  const std::string cases = call.count > 1 ? fmt::format("cases {} to {}", call.index, call.index + call.count - 1)
                                           : fmt::format("case {}", call.index);
  const std::string label = fmt::format("{} of {} {} {}{} (seed {})", cases, to_string(g.query),
                                        to_string(g.scalar), gen::to_string(g.family),
                                        g.moving ? " moving" : "", options.seed);
  err << fmt::format("\nsepax verify: {} {} on {}; stopping.\n", who, what, label);
  try {
    std::vector<Case> written;
    for (std::uint64_t index = call.index; index < call.index + call.count; ++index) {
      Finding f;
      f.index = index;
      f.detail = fmt::format("{} {}", who, what);
      if (g.moving) {
        gen::MovingPair m = gen::generate_moving(g.family, g.query, g.scalar, options.seed, index);
        f.pair = m.pair;
        f.motion = m.motion;
      } else {
        f.pair = gen::generate(g.family, g.query, g.scalar, options.seed, index);
      }
      const std::string id = fmt::format("{}-{}-{}{}-{}", call.kernel ? harness::case_file_stem(call.kernel->id) : "oracle",
                                         gen::to_string(g.family), to_string(g.scalar), g.moving ? "-moving" : "",
                                         index);
      written.push_back(harness::finding_case(g.query, g.scalar, g.family, f, options.seed, id));
      if (call.kernel) written.back().origin["kernel"] = call.kernel->id;
    }
    const auto path = results.write_cases(subdir, written.front().id, written);
    err << fmt::format("  the case{}: {}\n  replay ({}): {}\n", call.count > 1 ? "s (a batch call)" : "",
                        path.string(), replay_note, check_replay_command(options, path, call.kernel));
  } catch (const std::exception& e) {
    err << "  (the case could not be written: " << e.what() << ")\n";
  }
  err << fmt::format("  rows of the groups finished before are in {}; rerun {}{}.\n",
                      (results.root() / "verify.jsonl").string(),
                      call.kernel ? "without that kernel (--kernel selects kernels) or " : "", rerun_note)
       << std::flush;
  std::_Exit(3);
}

}  // namespace sepax::cli
