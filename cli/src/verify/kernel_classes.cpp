#include "verify/kernel_classes.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/campaign/shrink.hpp"
#include "sepax/harness/explain/class_analysis.hpp"
#include "verify/failure_classes.hpp"
#include "verify/stuck_call_report.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;
using harness::Finding;

/// A class in the making: its kind and findings, in the order found.
struct Members {
  std::string kind;
  std::vector<const Finding*> findings;
};

/// Findings grouped by the kind of their disagreement, judged again.
std::vector<Members> group_by_kind(const KernelInfo& kernel, const std::vector<Finding>& findings) {
  std::vector<std::string> kinds(findings.size());
  tbb::parallel_for(std::size_t(0), findings.size(), [&](std::size_t i) {
    const Finding& f = findings[i];
    if (!f.pair) {
      kinds[i] = "no-case";
      return;
    }
    const auto d = harness::read_disagreement(kernel, *f.pair, f.motion);
    kinds[i] = d && !d->agrees() ? d->kind : "not-reproduced";
  });
  std::vector<Members> groups;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Members& m) { return m.kind == kinds[i]; });
    if (it == groups.end()) it = groups.insert(groups.end(), Members{kinds[i], {}});
    it->findings.push_back(&findings[i]);
  }
  return groups;
}

/// A stable seed for a class's search: FNV-1a of its signature.
std::uint64_t class_seed(std::string_view signature, std::uint64_t campaign_seed) {
  std::uint64_t h = 1469598103934665603ull ^ campaign_seed;
  for (unsigned char c : signature) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string severity_text(const std::optional<double>& s) {
  if (!s) return "?";
  if (std::isinf(*s)) return "threw";
  return fmt::format("{:.2g}", *s);
}

class Writer {
 public:
  Writer(const KernelFindings& f, const VerifyOptions& o, const ResultsDirectory& r) : f_(f), o_(o), results_(r) {}

  KernelClasses write() {
    const KernelInfo& kernel = *f_.kernel;
    std::vector<Members> gross = f_.gross ? group_by_kind(kernel, *f_.gross) : std::vector<Members>{};
    std::vector<Members> boundary;
    if (f_.boundary && o_.grow_tries > 0)
      for (Members& m : group_by_kind(kernel, *f_.boundary))
        if (m.kind != "not-reproduced" && m.kind != "no-case" &&
            std::none_of(gross.begin(), gross.end(), [&](const Members& g) { return g.kind == m.kind; }))
          boundary.push_back(std::move(m));
    std::vector<const Members*> all;
    for (const Members& m : gross) all.push_back(&m);
    for (const Members& m : boundary) all.push_back(&m);

    // Shrink (gross classes) and grow (every class), in parallel.
    std::vector<harness::Shrunk> shrunk(all.size());
    std::vector<harness::ClassAnalysis> analyses(all.size());
    tbb::parallel_for(std::size_t(0), all.size(), [&](std::size_t i) {
      const Members& m = *all[i];
      const Finding& first = *m.findings.front();
      const bool reproduced = first.pair && m.kind != "not-reproduced" && m.kind != "no-case";
      const bool is_gross = i < gross.size();
      shrunk[i] = is_gross && reproduced && o_.shrink_tries
                      ? harness::shrink_gross(kernel, *first.pair, first.motion, m.kind, o_.shrink_tries)
                      : harness::Shrunk{first.pair.value_or(ShapePair{}), first.motion, 0, 0};
      if (reproduced)
        analyses[i] = harness::analyse_class(kernel, m.findings, o_.grow_tries,
                                             class_seed(harness::gross_signature(kernel, family(), m.kind), o_.seed));
    });
    for (std::size_t i = 0; i < all.size(); ++i) write_class(*all[i], i < gross.size(), shrunk[i], analyses[i]);
    return std::move(out_);
  }

 private:
  std::string family() const { return std::string(gen::to_string(f_.family)); }

  FailureClass make_class(const Members& m, bool sampled_gross, const harness::ClassAnalysis& a) const {
    const KernelInfo& kernel = *f_.kernel;
    FailureClass fc = make_failure_class(kernel.id, std::string(to_string(f_.query)), std::string(to_string(f_.scalar)),
                                         family(), m.kind, !f_.gated, kernel.origin, m.findings.size(),
                                         f_.gross_count);
    fc.severity_max = a.sampled_max;
    fc.severity_median = a.sampled_median;
    fc.band_ratio_max = a.band_ratio_max;
    fc.worst_severity = a.worst_severity();
    if (a.grown) {
      fc.worst_band = a.grown->worst.band;
      fc.worst_tolerance = a.grown->worst.tolerance;
      fc.grow_tried = a.grown->tried;
    }
    fc.cause = std::string(harness::to_string(a.cause.cause));
    fc.cause_detail = a.cause.detail;
    fc.cause_fix = a.cause.fix;
    fc.verdicts = sampled_gross ? "gross" : "boundary";
    fc.worst_is_gross = sampled_gross || a.worst_is_gross();
    return fc;
  }

  Case case_of(const Finding& f, const std::string& stem, const FailureClass& fc) const {
    Case c = harness::finding_case(f_.query, f_.scalar, f_.family, f, o_.seed, stem);
    c.origin["kernel"] = f_.kernel->id;
    c.origin["signature"] = harness::gross_signature(*f_.kernel, family(), fc.kind);
    c.origin["findings"] = fc.count;
    c.origin["gross_in_group"] = fc.gross_in_group;
    return c;
  }

  std::optional<std::filesystem::path> write(const std::string& folder, const std::string& stem, const Case& c) {
    try {
      return results_.write_case(folder, stem, c);
    } catch (const std::exception& e) {
      out_.errors.push_back(e.what());
      return std::nullopt;
    }
  }

  /// One class's folder: the worst case found, then (a failing class) its
  /// cases — the first finding shrunk, the others as found — by significant
  /// bits, simplest first, at most replays_per_class.
  void write_class(const Members& m, bool sampled_gross, const harness::Shrunk& shrunk,
                   const harness::ClassAnalysis& a) {
    const KernelInfo& kernel = *f_.kernel;
    const FailureClass fc = make_class(m, sampled_gross, a);
    const bool failing = fc.worst_is_gross;
    if (!sampled_gross && failing) ++out_.grown_gross;
    const std::string folder = (failing ? "gross/" : "boundary/") + class_folder(fc);
    const Finding& first = *m.findings.front();
    if (!first.pair) {
      out_.replays.push_back({"(no file) " + folder, kernel.id + ": " + first.detail, -1});
      return;
    }
    const std::string tail = fmt::format("{}-{}", harness::case_file_stem(kernel.id), family());
    std::string replay, worst_replay;
    std::size_t written = 0;
    if (a.grown && a.grown->accepted > 0) {
      Finding worst{first.index, a.grown->pair, "", a.grown->motion, a.grown->worst.severity, a.grown->worst.band};
      Case c = case_of(worst, "worst-" + tail, fc);
      c.origin["grown"] = {{"from_index", first.index}, {"tried", a.grown->tried}, {"kept", a.grown->accepted},
                           {"severity", a.grown->worst.severity}, {"band", a.grown->worst.band},
                           {"verdict", std::string(oracle::to_string(a.grown->worst.verdict_class))}};
      c.origin["cause"] = fc.cause;
      if (const auto path = write(folder, "worst-" + tail, c)) worst_replay = check_replay_command(o_, *path, &kernel);
    }
    std::vector<Finding> cases{first};
    cases.front().pair = shrunk.pair;
    cases.front().motion = shrunk.motion;
    for (std::size_t n = 1; n < m.findings.size(); ++n)
      if (m.findings[n]->pair) cases.push_back(*m.findings[n]);
    std::vector<int> bits(cases.size());
    for (std::size_t n = 0; n < cases.size(); ++n) bits[n] = significant_bits(*cases[n].pair);
    std::vector<std::size_t> order(cases.size());
    for (std::size_t n = 0; n < order.size(); ++n) order[n] = n;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return bits[x] < bits[y]; });
    // A kind of boundary verdict that stayed within its band keeps only its worst case.
    order.resize(failing ? std::min(order.size(), std::max<std::size_t>(1, o_.replays_per_class)) : 0);
    for (std::size_t n = 0; n < order.size(); ++n) {
      const std::string stem = fmt::format("{:02}-{}", n + 1, tail);
      Case c = case_of(cases[order[n]], stem, fc);
      if (order[n] == 0 && sampled_gross) c.origin["shrink"] = {{"kept", shrunk.accepted}, {"tried", shrunk.tried}};
      if (const auto path = write(folder, stem, c)) {
        if (n == 0) replay = check_replay_command(o_, *path, &kernel);
        ++written;
      }
    }
    Json row = failure_class_row(fc, written, folder, replay);
    if (!sampled_gross) row["table"] = failing ? "failure_class" : "boundary_class";
    row["worst_replay"] = worst_replay;
    try {
      results_.write_text(folder, "class.json", row.dump(2) + "\n");
    } catch (const std::exception& e) {
      out_.errors.push_back(e.what());
    }
    out_.rows.push_back(row);
    if (!failing) return;  // a boundary class within its band: a row, not a replay line
    const std::string how_bad =
        fmt::format("worst {} of the size{}, cause {}", severity_text(fc.worst_severity),
                    sampled_gross ? fmt::format(", median {}", severity_text(fc.severity_median))
                                  : std::string(", found by the search: every sampled verdict was within the band"),
                    fc.cause);
    const std::string& command = !worst_replay.empty() ? worst_replay : replay;
    if (!command.empty())
      out_.replays.push_back(
          {command,
           fmt::format("{} ({} finding{}, {} gross in the kernel × family; {}; {} file{} in {}/)", class_description(fc),
                       fc.count, fc.count == 1 ? "" : "s", fc.gross_in_group, how_bad, written, written == 1 ? "" : "s",
                       folder),
           fc.worst_severity.value_or(-1)});
  }

  const KernelFindings& f_;
  const VerifyOptions& o_;
  const ResultsDirectory& results_;
  KernelClasses out_;
};

}  // namespace

KernelClasses write_kernel_classes(const KernelFindings& findings, const VerifyOptions& options,
                                   const ResultsDirectory& results) {
  return Writer(findings, options, results).write();
}

}  // namespace sepax::cli
