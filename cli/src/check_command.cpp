#include "check_command.hpp"

#include <array>
#include <exception>
#include <fstream>
#include <optional>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "case_file.hpp"
#include "case_judgement.hpp"
#include "kernel_selection.hpp"
#include "sepax/core/validate.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/margin.hpp"
#include "table.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;

/// Counts over the whole file, for the closing line and the exit status.
struct CheckTally {
  std::size_t cases = 0;
  std::size_t malformed = 0;
  std::size_t ok = 0;
  std::size_t boundary = 0;
  std::size_t gross = 0;
  std::size_t unjudged = 0;  ///< the oracles disagreed or failed on the case
  std::size_t oracle_disagreements = 0;
  std::size_t oracle_failures = 0;

  bool failed() const {
    return malformed + gross + unjudged + oracle_disagreements + oracle_failures > 0;
  }
};

/// The oracle's view of a case as a kernel of one scalar sees it. Not movable:
/// `margin` refers to `pair`.
struct OracleView {
  OracleView(const ShapePair& p, ScalarKind s) : pair(p), scalar(s) {}
  OracleView(const OracleView&) = delete;
  OracleView& operator=(const OracleView&) = delete;

  ShapePair pair;
  ScalarKind scalar;
  std::optional<OracleVerdict> verdict;
  std::optional<LazyMargin> margin;  ///< set once the verdict is known and the oracles agree
  double tolerance = 0;
  std::optional<std::string> error;  ///< the pair cannot be judged for this scalar
};

/// A box that was valid in double may not be once rounded to float (a huge
/// coordinate overflows): such a kernel cannot be run meaningfully.
std::optional<std::string> invalid_for(const ShapePair& pair, ScalarKind scalar) {
  const double tol = axis_tolerance(scalar);
  auto box = [&](const Obb3d& b, const char* name) { return validate(b, name, tol); };
  auto tri = [&](const Triangle3d& t, const char* name) { return validate(t, name); };
  std::optional<ValidationError> error;
  switch (pair.query) {
    case Query::obb_obb:
      if (!(error = box(pair.obb_a, "a"))) error = box(pair.obb_b, "b");
      break;
    case Query::tri_obb:
      if (!(error = tri(pair.tri_a, "a"))) error = box(pair.obb_b, "b");
      break;
    case Query::tri_tri:
      if (!(error = tri(pair.tri_a, "a"))) error = tri(pair.tri_b, "b");
      break;
  }
  if (!error) return std::nullopt;
  return "rounded to " + std::string(to_string(scalar)) + ", " + error->message();
}

void judge(OracleView& view, bool needs_validation) {
  if (needs_validation) {
    view.error = invalid_for(view.pair, view.scalar);
    if (view.error) return;
  }
  try {
    view.verdict = judge_exactly(view.pair, /*cross_check=*/true);
    view.tolerance = oracle::boundary_tolerance(view.pair, view.scalar);
    if (!view.verdict->oracles_disagree()) {
      view.margin.emplace(view.pair, view.verdict->intersects);
      view.margin->get();
    }
  } catch (const std::exception& e) {
    view.error = std::string("oracle failed: ") + e.what();
  }
}

Json oracle_json(OracleView& view) {
  Json j;
  if (view.error) {
    j["error"] = *view.error;
    return j;
  }
  const OracleVerdict& v = *view.verdict;
  j["intersects"] = v.intersects;
  if (view.margin) j["margin"] = view.margin->get();
  j["cgal_intersects"] = *v.cgal_intersects;
  if (v.oracles_disagree()) j["disagreement"] = true;
  j["tolerance"] = view.tolerance;
  j["exact_fallback"] = v.exact_fallback;
  return j;
}

Json direction_json(const std::array<double, 3>& d) {
  return {exact_number_json(d[0]), exact_number_json(d[1]), exact_number_json(d[2])};
}

std::string axis_name(const StaticOutcome& o, Query q) {
  return to_string(o.axis, q != Query::obb_obb, q == Query::tri_tri);
}

std::string readable(double value) { return fmt::format("{:.6g}", value); }

std::string oracle_line(OracleView& view) {
  if (view.error) return "oracle: " + *view.error;
  const OracleVerdict& v = *view.verdict;
  if (v.oracles_disagree())
    return fmt::format("oracle: DISAGREEMENT: exact SAT says {}, CGAL says {}",
                       v.intersects ? "intersecting" : "separated",
                       *v.cgal_intersects ? "intersecting" : "separated");
  return fmt::format("oracle: {}, margin {}, tolerance {} ({}), CGAL agrees{}",
                     v.intersects ? "intersecting" : "separated", readable(view.margin->get()),
                     readable(view.tolerance), to_string(view.scalar),
                     v.exact_fallback ? ", exact fallback ran" : "");
}

/// Kernels that apply to a case: the explicit ones of its query, or every
/// registered one of its query and scalar.
std::vector<const KernelInfo*> kernels_for(const Case& c, const std::vector<const KernelInfo*>& chosen,
                                           bool explicit_choice) {
  std::vector<const KernelInfo*> kernels;
  for (const KernelInfo* k : chosen)
    if (k->query == c.pair.query && (explicit_choice || k->scalar == c.scalar)) kernels.push_back(k);
  return kernels;
}

class CaseChecker {
 public:
  CaseChecker(std::ostream& out, std::ostream& err, bool json, CheckTally& tally)
      : out_(out), err_(err), json_(json), tally_(tally) {}

  void malformed(const CaseError& e) {
    ++tally_.malformed;
    if (json_) {
      Json j;
      j["line"] = e.line;
      j["error"] = e.message;
      out_ << j.dump() << '\n';
    } else {
      out_ << fmt::format("line {}: malformed: {}\n\n", e.line, e.message);
    }
  }

  void check(const Case& c, const std::vector<const KernelInfo*>& kernels) {
    ++tally_.cases;
    const std::size_t line = c.line;
    // One view per scalar in play; the case's own first. Array slots keep the
    // views in place (they are not movable).
    std::array<std::optional<OracleView>, 2> views;
    auto view_for = [&](ScalarKind s) -> OracleView& {
      auto& slot = views[s == ScalarKind::float32 ? 0 : 1];
      if (!slot) {
        slot.emplace(rounded_to(c.pair, s), s);
        judge(*slot, s != c.scalar);
        count_oracle(*slot, c, line);
      }
      return *slot;
    };
    OracleView& own = view_for(c.scalar);

    Json j;
    j["id"] = c.id;
    j["line"] = line;
    if (c.family) j["family"] = *c.family;
    j["oracle"] = oracle_json(own);
    j["kernels"] = Json::array();
    Table table({{"kernel"}, {"answer"}, {"class"}, {"separating axis"}});
    std::vector<std::string> notes;

    for (const KernelInfo* kernel : kernels) {
      OracleView& view = view_for(kernel->scalar);
      KernelReport report = judge_kernel_on(*kernel, view, c.pair.query);
      if (kernel->scalar != c.scalar) {
        report.json["oracle"] = oracle_json(view);
        notes.push_back(kernel->id + " judged on the case rounded to " +
                        std::string(to_string(kernel->scalar)) + ": " + oracle_line(view));
      }
      if (report.note) notes.push_back(*report.note);
      j["kernels"].push_back(std::move(report.json));
      table.add_row(std::move(report.row));
    }

    if (json_) {
      out_ << j.dump() << '\n';
      return;
    }
    out_ << fmt::format("{}  {} {}{}  (line {})\n", c.id, to_string(c.pair.query), to_string(c.scalar),
                        c.family ? "  family " + *c.family : "", line);
    out_ << "  " << oracle_line(own) << '\n';
    if (kernels.empty())
      out_ << "  no kernel registered for this query and scalar\n";
    else
      out_ << table.to_text("  ");
    for (const std::string& note : notes) out_ << "  note: " << note << '\n';
    out_ << '\n';
  }

 private:
  /// One kernel's entry: the JSON object, the table row, an optional note.
  struct KernelReport {
    Json json;
    std::vector<std::string> row;  ///< kernel, answer, class, separating axis
    std::optional<std::string> note;
  };

  KernelReport judge_kernel_on(const KernelInfo& kernel, OracleView& view, Query query) {
    KernelReport report;
    report.json["kernel"] = kernel.id;
    if (view.error) {
      ++tally_.unjudged;
      report.json["class"] = "unjudged";
      report.json["error"] = *view.error;
      report.row = {kernel.id, "", "unjudged", ""};
      report.note = kernel.id + ": " + *view.error;
      return report;
    }
    KernelJudgement run = run_kernel(kernel, view.pair);
    // Without a margin the oracles disagreed: the kernel runs, but cannot be judged.
    if (view.margin) classify_run(run, kernel, view.pair, *view.verdict, *view.margin);
    const std::string klass =
        view.margin ? std::string(oracle::to_string(run.verdict_class)) : "unjudged";
    if (view.margin)
      count(run.verdict_class);
    else
      ++tally_.unjudged;

    const StaticOutcome& o = run.outcome;
    std::string answer, axis;
    if (run.error) {
      report.json["error"] = *run.error;
      report.note = kernel.id + " threw: " + *run.error;
    } else {
      report.json["intersects"] = o.intersects;
      answer = o.intersects ? "intersects" : "separated";
    }
    report.json["class"] = klass;
    if (!run.error && !o.intersects) {
      report.json["axis"] = axis_name(o, query);
      report.json["direction"] = direction_json(o.direction);
      axis = fmt::format("{} ({}, {}, {})", axis_name(o, query), readable(o.direction[0]),
                         readable(o.direction[1]), readable(o.direction[2]));
    }
    report.row = {kernel.id, answer, klass, axis};
    return report;
  }

  void count(oracle::Class k) {
    switch (k) {
      case oracle::Class::ok: ++tally_.ok; break;
      case oracle::Class::boundary: ++tally_.boundary; break;
      case oracle::Class::gross: ++tally_.gross; break;
    }
  }

  void count_oracle(const OracleView& view, const Case& c, std::size_t line) {
    if (view.error && view.error->rfind("oracle failed", 0) == 0) {
      ++tally_.oracle_failures;
      err_ << fmt::format("sepax check: case {} (line {}): {}\n", c.id, line, *view.error);
    }
    if (view.verdict && view.verdict->oracles_disagree()) {
      ++tally_.oracle_disagreements;
      err_ << fmt::format(
          "sepax check: ORACLE DISAGREEMENT on case {} (line {}, judged as {}): exact SAT says {}, "
          "CGAL says {}. This is a bug in the harness, not in a kernel.\n",
          c.id, line, to_string(view.scalar), view.verdict->intersects ? "intersecting" : "separated",
          *view.verdict->cgal_intersects ? "intersecting" : "separated");
    }
  }

  std::ostream& out_;
  std::ostream& err_;
  bool json_;
  CheckTally& tally_;
};

std::string closing_line(const CheckTally& t) {
  std::string line = fmt::format("{} case{}", t.cases, t.cases == 1 ? "" : "s");
  if (t.malformed) line += fmt::format(", {} malformed line{}", t.malformed, t.malformed == 1 ? "" : "s");
  line += fmt::format(": {} ok, {} boundary, {} gross", t.ok, t.boundary, t.gross);
  if (t.unjudged) line += fmt::format(", {} unjudged", t.unjudged);
  if (t.oracle_disagreements)
    line += fmt::format(", {} ORACLE DISAGREEMENT{}", t.oracle_disagreements,
                        t.oracle_disagreements == 1 ? "" : "S");
  if (t.oracle_failures)
    line += fmt::format(", {} oracle failure{}", t.oracle_failures, t.oracle_failures == 1 ? "" : "s");
  line += t.failed() ? " -> exit 1" : " -> exit 0";
  return line;
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  std::string error;
  const auto chosen = select_kernels(options.kernel_ids, error);
  if (!chosen) {
    err << "sepax check: " << error << '\n';
    return 2;
  }
  std::ifstream in(options.cases_path);
  if (!in) {
    err << "sepax check: cannot open " << options.cases_path << '\n';
    return 2;
  }

  CheckTally tally;
  CaseChecker checker(out, err, options.json, tally);
  for (const CaseOrError& entry : read_cases(in)) {
    if (const auto* bad = std::get_if<CaseError>(&entry)) {
      checker.malformed(*bad);
      continue;
    }
    const Case& c = std::get<Case>(entry);
    checker.check(c, kernels_for(c, *chosen, !options.kernel_ids.empty()));
  }
  (options.json ? err : out) << closing_line(tally) << '\n';
  return tally.failed() ? 1 : 0;
}

}  // namespace sepax::cli
