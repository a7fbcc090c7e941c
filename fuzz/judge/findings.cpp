#include "findings.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include <fmt/format.h>

#include "sepax/harness/campaign/shrink.hpp"
#include "sepax/harness/case_file.hpp"

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

/// A signature without its family ("<kernel> <query> <what>"): an open
/// finding is the same bug whichever family's case shows it.
std::string without_family(const std::string& signature) {
  const std::size_t query_end = signature.find(' ', signature.find(' ') + 1);
  if (query_end == std::string::npos) return signature;
  const std::size_t family_end = signature.find(' ', query_end + 1);
  if (family_end == std::string::npos) return signature;
  return signature.substr(0, query_end) + signature.substr(family_end);
}

/// $SEPAX_FUZZ_KNOWN: a file of finding signatures, one a line, that are
/// counted and written but never stop the fuzzer, in any family — the open
/// findings of the unplanted build, when measure.py times a planted bug.
bool known(const std::string& signature) {
  static const std::set<std::string> list = [] {
    std::set<std::string> out;
    const char* v = std::getenv("SEPAX_FUZZ_KNOWN");
    if (!v || !*v) return out;
    std::ifstream in(v);
    if (!in) {
      std::fprintf(stderr, "sepax fuzz: SEPAX_FUZZ_KNOWN=%s: cannot read it\n", v);
      std::exit(2);
    }
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) out.insert(without_family(line));
    return out;
  }();
  return !list.empty() && list.count(without_family(signature));
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

/// The case being judged, for the watchdog's report.
const FuzzCase* g_current = nullptr;

}  // namespace

void found(const std::string& signature, bool gated, const FuzzCase& c, const KernelInfo* kernel,
           const std::string& detail) {
  const std::string kernel_id = kernel ? kernel->id : "";
  bool first = false;
  {
    std::lock_guard lock(findings().mutex);
    first = findings().counts[signature]++ == 0;
  }
  static const AbortOn policy = abort_policy();
  const bool stop = (policy == AbortOn::all || (policy == AbortOn::sepax && gated)) && !known(signature);
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

CurrentCase::CurrentCase(const FuzzCase& c) { g_current = &c; }
CurrentCase::~CurrentCase() { g_current = nullptr; }

}  // namespace sepax::fuzz
