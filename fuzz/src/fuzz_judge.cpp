#include "fuzz_judge.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "batch_forms.hpp"
#include "byte_source.hpp"
#include "fuzz_case.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/case_watchdog.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/harness/campaign/shrink.hpp"
#include "sepax/peers/peers.hpp"

namespace sepax::fuzz {
namespace {

enum class AbortOn { sepax, all, none };

AbortOn abort_policy() {
  const char* v = std::getenv("SEPAX_FUZZ_ABORT");
  const std::string_view s = v ? v : "sepax";
  if (s == "all") return AbortOn::all;
  if (s == "none") return AbortOn::none;
  if (s != "sepax") {
    std::fprintf(stderr, "sepax fuzz: SEPAX_FUZZ_ABORT=%s: expected sepax, all or none\n", v);
    std::exit(2);
  }
  return AbortOn::sepax;
}

std::filesystem::path findings_dir() {
  const char* v = std::getenv("SEPAX_FUZZ_FINDINGS");
  return v && *v ? v : "fuzz-findings";
}

/// Per-signature counts of this process, printed at exit.
struct Findings {
  std::mutex mutex;
  std::map<std::string, std::uint64_t> counts;
  ~Findings() {
    if (counts.empty()) return;
    std::fprintf(stderr, "sepax fuzz: %zu distinct finding signature(s):\n", counts.size());
    for (const auto& [signature, n] : counts) std::fprintf(stderr, "  %8llu  %s\n", (unsigned long long)n, signature.c_str());
  }
};
Findings& findings() {
  static Findings f;
  return f;
}

std::string file_stem(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
  return s;
}

/// Records a finding; writes the case of a new signature; aborts when the policy says so.
void found(const std::string& signature, bool gated, const FuzzCase& c, const KernelInfo* kernel,
           const std::string& detail) {
  const std::string kernel_id = kernel ? kernel->id : "";
  bool first = false;
  {
    std::lock_guard lock(findings().mutex);
    first = findings().counts[signature]++ == 0;
  }
  static const AbortOn policy = abort_policy();
  const bool stop = policy == AbortOn::all || (policy == AbortOn::sepax && gated);
  if (!first && !stop) return;
  harness::Case out;
  out.id = file_stem(signature);
  out.scalar = c.scalar;
  out.family = c.family;
  out.pair = c.pair;
  std::optional<LinearMotiond> motion = c.motion;
  // A kernel's finding is written shrunk (harness/shrink.hpp): the simplest
  // case found with the same kind of wrong answer.
  if (kernel && first)
    if (const auto kind = harness::gross_kind(*kernel, c.pair, c.motion)) {
      const harness::Shrunk s = harness::shrink_gross(*kernel, c.pair, c.motion, *kind, 200);
      out.pair = s.pair;
      motion = s.motion;
      out.origin["shrink"] = {{"kept", s.accepted}, {"tried", s.tried}};
    }
  if (motion)
    out.motion = harness::CaseMotion{{motion->velocity_a[0], motion->velocity_a[1], motion->velocity_a[2]},
                                     {motion->velocity_b[0], motion->velocity_b[1], motion->velocity_b[2]},
                                     motion->duration};
  out.origin["fuzz"] = signature;
  out.origin["finding"] = detail;
  std::error_code ec;
  std::filesystem::create_directories(findings_dir(), ec);
  const std::filesystem::path file = findings_dir() / (out.id + ".jsonl");
  std::ofstream(file) << harness::format_case(out) << '\n';
  std::fprintf(stderr, "sepax fuzz: %s %s\n  %s\n  replay: sepax check %s%s%s\n", first ? "new finding" : "finding",
               signature.c_str(), detail.c_str(), file.c_str(), kernel_id.empty() ? "" : " --kernel ",
               kernel_id.c_str());
  if (stop) {
    std::fflush(stderr);
    std::abort();
  }
}

std::string signature(const KernelInfo& k, const FuzzCase& c, std::string_view what) {
  return fmt::format("{} {} {} {}", k.id, to_string(c.pair.query), c.family, what);
}

bool gated(const KernelInfo& k) { return k.origin == "sepax"; }

/// Comma-separated kernel-id prefixes from an environment variable.
std::vector<std::string> prefix_list(const char* variable, const char* fallback) {
  const char* v = std::getenv(variable);
  const std::string list = v ? v : fallback;
  std::vector<std::string> out;
  for (std::size_t pos = 0; pos <= list.size();) {
    const std::size_t comma = std::min(list.find(',', pos), list.size());
    if (comma > pos) out.push_back(list.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

bool starts_with_any(const std::string& id, const std::vector<std::string>& prefixes) {
  for (const std::string& p : prefixes)
    if (id.rfind(p, 0) == 0) return true;
  return false;
}

/// Kernels left out. $SEPAX_FUZZ_SKIP (comma-separated id prefixes): by
/// default libccd's MPR, which loops forever on flat Minkowski differences
/// (verify's watchdog reports those): a call that never returns cannot be
/// abandoned, and would end every fuzzing session at its first such input.
/// $SEPAX_FUZZ_ONLY (prefixes; unset: all): the peers kept, to hunt one
/// library's bugs; sepax's own kernels always run.
bool skipped(const KernelInfo& k) {
  static const std::vector<std::string> skip = prefix_list("SEPAX_FUZZ_SKIP", "ccd/mpr");
  static const std::vector<std::string> only = prefix_list("SEPAX_FUZZ_ONLY", "");
  if (starts_with_any(k.id, skip)) return true;
  return k.origin != "sepax" && !only.empty() && !starts_with_any(k.id, only);
}

/// The case being judged, for the watchdog's report.
const FuzzCase* g_current = nullptr;

/// Any call that has not returned after $SEPAX_FUZZ_CALL_TIMEOUT seconds (10)
/// is a finding that stops the fuzzer (it cannot be abandoned): its case is
/// written first.
harness::CaseWatchdog& watchdog() {
  static harness::CaseWatchdog w(
      std::chrono::duration<double>(std::getenv("SEPAX_FUZZ_CALL_TIMEOUT") ? std::atof(std::getenv("SEPAX_FUZZ_CALL_TIMEOUT")) : 10.0),
      [](const harness::StuckCall& call) {
        if (!g_current) std::abort();
        const std::string id = call.kernel ? call.kernel->id : "oracle";
        found(fmt::format("{} {} {} hang", id, to_string(g_current->pair.query), g_current->family),
              /*gated=*/true, *g_current, nullptr,
              fmt::format("has not returned after {:.3g} s", call.seconds));
        std::abort();
      });
  return w;
}

const harness::CaseIdentity& identity(Query query, bool moving) {
  static harness::CaseIdentity ids[2][3];
  harness::CaseIdentity& id = ids[moving][int(query)];
  id.query = query;
  id.moving = moving;
  return id;
}

/// The kernel's set runner (the form benchmarks time, SIMD lanes and tails
/// included) on copies of the case: 1, 3, 8 and 17 of them, so that every lane
/// width and tail is filled. Its count of intersecting pairs must be a verdict
/// the judge accepts — all copies one way, and not gross where the per-pair
/// call's answer (`single`) differs (the same gross answer is that finding already).
void check_set_runner(const KernelInfo& k, const FuzzCase& c, const harness::OracleVerdict& oracle,
                      harness::LazyMargin& margin, bool single) {
  for (std::size_t n : {1, 3, 8, 17}) {
    const std::vector<ShapePair> copies(n, c.pair);
    std::size_t hits = 0;
    try {
      hits = k.prepare_set(copies)();
    } catch (const std::exception& e) {
      found(signature(k, c, "set-runner-threw"), gated(k), c, nullptr, e.what());
      return;
    }
    if (hits != 0 && hits != n) {
      found(signature(k, c, "set-runner-mixed"), gated(k), c, nullptr,
            fmt::format("the set runner calls {} of {} copies of one pair intersecting", hits, n));
      return;
    }
    if ((hits == n) == single) continue;  // the same answer as the per-pair call
    harness::KernelJudgement run;
    run.outcome.intersects = hits == n;
    harness::classify_run(run, k, c.pair, oracle, margin);
    if (run.verdict_class == oracle::Class::gross) {
      found(signature(k, c, run.outcome.intersects ? "set-runner-false-positive" : "set-runner-false-negative"),
            gated(k), c, nullptr,
            fmt::format("the set runner over {} copies says {}, exact: {}", n,
                        run.outcome.intersects ? "intersecting" : "separated",
                        oracle.intersects ? "intersecting" : "separated"));
      return;
    }
  }
}

}  // namespace

void initialize() {
  static std::once_flag once;
  std::call_once(once, [] { peers::register_peer_kernels(); });
}

int check_static_input(std::span<const std::uint8_t> bytes, Query query) {
  initialize();
  const auto c = decode_case(bytes, query, false);
  if (!c) return -1;  // libFuzzer: do not add to the corpus
  g_current = &*c;
  const harness::CaseIdentity& group = identity(query, false);
  harness::OracleVerdict oracle;
  try {
    const harness::CaseWatchdog::Guard guard(&watchdog(), group, 0, nullptr);
    oracle = harness::judge_exactly(c->pair, /*cross_check=*/true, /*unfiltered_check=*/true);
  } catch (const std::exception& e) {
    found(fmt::format("oracle {} {} threw", to_string(query), c->family), true, *c, nullptr, e.what());
    return 0;
  }
  if (oracle.oracles_disagree())
    found(fmt::format("oracle {} {} disagree", to_string(query), c->family), true, *c, nullptr,
          fmt::format("sat_filtered {}, CGAL {}, sat_exact {}", oracle.intersects,
                      oracle.cgal_intersects.value_or(oracle.intersects),
                      oracle.unfiltered_intersects.value_or(oracle.intersects)));
  harness::LazyMargin margin(c->pair, oracle.intersects);
  for (const KernelInfo& k : static_kernels()) {
    if (k.query != query || k.scalar != c->scalar || skipped(k)) continue;
    harness::KernelJudgement run;
    {
      const harness::CaseWatchdog::Guard guard(&watchdog(), group, 0, &k);
      run = harness::judge_kernel(k, c->pair, oracle, margin);
    }
    if (k.prepare_set && !run.error) check_set_runner(k, *c, oracle, margin, run.outcome.intersects);
    if (run.verdict_class != oracle::Class::gross) continue;
    // The kind verify's signatures use (the deciding axis's class on a false
    // negative), so a fuzz finding and a campaign's dedupe the same way.
    const std::string what = harness::static_gross_kind(k, run);
    found(signature(k, *c, what), gated(k), *c, &k,
          run.error ? "threw: " + *run.error
                    : fmt::format("kernel says {}, exact: {}", run.outcome.intersects ? "intersecting" : "separated",
                                  oracle.intersects ? "intersecting" : "separated"));
  }
  if (const auto differ = batch_forms_disagree(c->pair, c->scalar))
    found(fmt::format("{}/test_static_batch {} {} forms-differ", to_string(query), to_string(query), c->family),
          /*gated=*/true, *c, nullptr, *differ);
  return 0;
}

int check_moving_input(std::span<const std::uint8_t> bytes, Query query) {
  initialize();
  const auto c = decode_case(bytes, query, true);
  if (!c) return -1;
  g_current = &*c;
  const harness::CaseIdentity& group = identity(query, true);
  harness::MovingOracleVerdict oracle;
  try {
    const harness::CaseWatchdog::Guard guard(&watchdog(), group, 0, nullptr);
    oracle = harness::judge_moving_exactly(c->pair, *c->motion, /*cross_check=*/true);
  } catch (const std::exception& e) {
    found(fmt::format("oracle {} moving {} threw", to_string(query), c->family), true, *c, nullptr, e.what());
    return 0;
  }
  if (oracle.oracles_disagree())
    found(fmt::format("oracle {} moving {} disagree", to_string(query), c->family), true, *c, nullptr, oracle.describe());
  for (const KernelInfo& k : moving_kernels()) {
    if (k.query != query || k.scalar != c->scalar || skipped(k)) continue;
    const harness::CaseWatchdog::Guard guard(&watchdog(), group, 0, &k);
    harness::MovingKernelJudgement run = harness::run_moving_kernel(k, c->pair, *c->motion);
    harness::MovingMargins margins(c->pair, *c->motion, oracle);
    try {
      harness::classify_moving_run(run, k, c->pair, *c->motion, oracle, margins);
    } catch (const std::exception& e) {  // the margins' exact computations contradict the oracle's
      found(fmt::format("oracle {} moving {} margin threw", to_string(query), c->family), true, *c, nullptr,
            fmt::format("judging {}: {}", k.id, e.what()));
      continue;
    }
    if (run.verdict_class != oracle::Class::gross) continue;
    const bool says_meet = run.meets();
    const std::string what = run.error ? "threw" : says_meet == oracle.meets() ? "wrong-contact" : says_meet ? "false-positive" : "false-negative";
    found(signature(k, *c, what), gated(k), *c, &k, harness::describe_moving_run(run, k, oracle));
  }
  return 0;
}

int check_case_file_input(std::span<const std::uint8_t> bytes) {
  initialize();
  std::istringstream in(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  const auto lines = harness::read_cases(in);
  std::vector<harness::Case> cases;
  for (const auto& item : lines) {
    if (const auto* error = std::get_if<harness::CaseError>(&item)) {
      // Every rejected line is named: a line number and a message.
      if (error->line == 0 || error->message.empty()) std::abort();
      continue;
    }
    if (const auto* c = std::get_if<harness::Case>(&item)) cases.push_back(*c);  // 2D lines: parsed, not judged here
  }
  if (cases.size() > 4) cases.resize(4);  // judging is the other targets' job; keep the parser's speed
  static const std::vector<std::string> sepax_ids = [] {
    std::vector<std::string> ids;
    for (const KernelInfo& k : static_kernels())
      if (k.origin == "sepax") ids.push_back(k.id);
    for (const KernelInfo& k : moving_kernels())
      if (k.origin == "sepax") ids.push_back(k.id);
    return ids;
  }();
  // What `sepax check` runs: it must not crash, and a gross verdict of a
  // sepax kernel on a case the file spells out is a finding like any other.
  for (const harness::GrossCase& g : harness::judge_cases(cases, sepax_ids)) {
    const KernelInfo* k = find_kernel(g.kernel_id);
    FuzzCase c;
    c.pair = g.replay.pair;
    c.scalar = g.replay.scalar;
    c.family = g.replay.family.value_or("case_file");
    if (const auto& m = g.replay.motion)
      c.motion = LinearMotiond{{m->va[0], m->va[1], m->va[2]}, {m->vb[0], m->vb[1], m->vb[2]}, m->duration};
    found(fmt::format("{} {} {} case-file-gross", g.kernel_id, to_string(c.pair.query), c.family),
          /*gated=*/true, c, k, g.detail);
  }
  return 0;
}

}  // namespace sepax::fuzz
