#include "check/check_command.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <fstream>
#include <optional>
#include <ostream>
#include <set>
#include <type_traits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/explain/cause.hpp"
#include "common/kernel_selection.hpp"
#include "check/case_oracle.hpp"
#include "check/check_tally.hpp"
#include "check/check_watch.hpp"
#include "check/pair_query_check.hpp"
#include "check/answers_check.hpp"
#include "check/recorded_kernels.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/core/shapes/validate.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "common/table.hpp"


namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;



/// Kernels that apply to a case: the explicit ones of its query, or every
/// registered one of its query and scalar (moving ones only when the case has
/// a motion; an explicit moving kernel on a case without one is reported).
std::vector<const KernelInfo*> kernels_for(const Case& c, const std::vector<const KernelInfo*>& chosen,
                                           bool explicit_choice) {
  std::vector<const KernelInfo*> kernels;
  for (const KernelInfo* k : chosen) {
    if (k->query != c.pair.query) continue;
    if (!explicit_choice && (k->scalar != c.scalar || (k->mode != KernelMode::static_test && !c.motion)))
      continue;
    kernels.push_back(k);
  }
  return kernels;
}

LinearMotiond to_motion(const CaseMotion& m) {
  LinearMotiond motion;
  motion.velocity_a = Vec3<double>(m.va[0], m.va[1], m.va[2]);
  motion.velocity_b = Vec3<double>(m.vb[0], m.vb[1], m.vb[2]);
  motion.duration = m.duration;
  return motion;
}

class CaseChecker {
 public:
  /// peers_fail: a peer's gross verdict fails the run (the peer was asked
  /// for by name with --kernel: replaying its finding).
  CaseChecker(std::ostream& out, std::ostream& err, bool json, CheckTally& tally, bool peers_fail, CheckWatch& watch)
      : out_(out), err_(err), json_(json), tally_(tally), peers_fail_(peers_fail), watch_(watch) {}

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
    line_ = line;
    // One view per scalar in play; the case's own first. Array slots keep the
    // views in place (they are not movable).
    std::array<std::optional<OracleView>, 2> views;
    auto view_for = [&](ScalarKind s) -> OracleView& {
      auto& slot = views[s == ScalarKind::float32 ? 0 : 1];
      if (!slot) {
        std::optional<LinearMotiond> motion;
        if (c.motion) motion = rounded_to(to_motion(*c.motion), s);
        const auto guard = watch_.call("the exact oracle", line);
        slot.emplace(rounded_to(c.pair, s), s, motion);
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
    Table moving_table({{"kernel"},
                        {"answer"},
                        {"t"},
                        {"exact t*"},
                        {"class"},
                        {"time error / T"},
                        {"point dist / size"},
                        {"ill-cond"},
                        {"separating axis"}});
    std::vector<std::string> notes;

    for (const KernelInfo* kernel : kernels) {
      OracleView& view = view_for(kernel->scalar);
      const bool moving = kernel->mode != KernelMode::static_test;
      KernelReport report = moving ? judge_moving_kernel_on(*kernel, view, c.pair.query)
                                   : judge_kernel_on(*kernel, view, c.pair.query);
      if (kernel->scalar != c.scalar) {
        report.json["oracle"] = oracle_json(view);
        notes.push_back(kernel->id + " judged on the case rounded to " +
                        std::string(to_string(kernel->scalar)) + ": " +
                        (moving && view.motion ? moving_oracle_line(view) : oracle_line(view)));
      }
      if (report.note) notes.push_back(*report.note);
      j["kernels"].push_back(std::move(report.json));
      (moving ? moving_table : table).add_row(std::move(report.row));
    }

    if (json_) {
      out_ << j.dump() << '\n';
      return;
    }
    out_ << fmt::format("{}  {} {}{}  (line {})\n", c.id, to_string(c.pair.query), to_string(c.scalar),
                        c.family ? "  family " + *c.family : "", line);
    out_ << "  " << oracle_line(own) << '\n';
    if (c.motion) {
      const CaseMotion& m = *c.motion;
      out_ << fmt::format("  motion: va {}, vb {}, T {}\n", readable_point(m.va), readable_point(m.vb),
                          readable(m.duration));
      out_ << "  " << moving_oracle_line(own) << '\n';
    }
    if (kernels.empty()) out_ << "  no kernel registered for this query and scalar\n";
    if (!table.empty()) out_ << table.to_text("  ");
    if (!moving_table.empty()) out_ << moving_table.to_text("  ");
    for (const std::string& note : notes) out_ << "  note: " << note << '\n';
    out_ << '\n';
  }

 private:
  /// One kernel's entry: the JSON object, the table row, an optional note.
  struct KernelReport {
    Json json;
    std::vector<std::string> row;  ///< one cell per column of its table
    std::optional<std::string> note;
  };

  /// A moving kernel's entry: test_moving gives {"kernel","intersects","class"}
  /// (and the separating axis), find_first_contact {"kernel","state","t",
  /// "point","class"} with the scores (SPEC §10); classified by
  /// moving_judgement.hpp's table.
  KernelReport judge_moving_kernel_on(const KernelInfo& kernel, OracleView& view, Query query) {
    const bool find = kernel.mode == KernelMode::first_contact;
    KernelReport report;
    report.json["kernel"] = kernel.id;
    auto unjudged = [&](const std::string& why) {
      ++tally_.unjudged;
      report.json["class"] = "unjudged";
      report.json["error"] = why;
      report.row = {kernel.id, "", "", "", "unjudged", "", "", "", ""};
      report.note = kernel.id + ": " + why;
      return report;
    };
    if (!view.motion) return unjudged("the case has no motion: a moving kernel needs one");
    if (view.moving_error) return unjudged(*view.moving_error);

    MovingKernelJudgement run = [&] {
      const auto guard = watch_.call(kernel.id, line_);
      return run_moving_kernel(kernel, view.pair, *view.motion);
    }();
    const MovingOracleVerdict& oracle = *view.moving;
    std::string klass = "unjudged";
    if (view.moving_margins) {
      try {
        classify_moving_run(run, kernel, view.pair, *view.motion, oracle, *view.moving_margins,
                            /*always_score=*/true);
        klass = std::string(oracle::to_string(run.verdict_class));
        count(run.verdict_class, kernel);
      } catch (const std::exception& e) {
        ++tally_.oracle_failures;
        err_ << fmt::format("sepax check: {}: margin or score failed: {}\n", kernel.id, e.what());
        report.note = kernel.id + ": margin or score failed: " + e.what();
        ++tally_.unjudged;
      }
    } else {
      ++tally_.unjudged;  // the oracles disagreed: the kernel runs, but cannot be judged
    }

    const std::string exact_t = oracle.contact.state == ContactState::first_contact
                                    ? readable_time(oracle.contact.time, ScalarKind::float64)
                                    : "";
    std::string answer, t, axis;
    if (run.error) {
      report.json["error"] = *run.error;
      report.note = kernel.id + " threw: " + *run.error;
    } else if (!find) {
      report.json["intersects"] = run.verdict.intersects;
      answer = run.verdict.intersects ? "meet" : "never meet";
      if (!run.verdict.intersects && kernel.reports_axis) {
        report.json["axis"] = axis_name(run.verdict, query);
        report.json["direction"] = direction_json(run.verdict.direction);
        axis = fmt::format("{} ({}, {}, {})", axis_name(run.verdict, query), readable(run.verdict.direction[0]),
                           readable(run.verdict.direction[1]), readable(run.verdict.direction[2]));
      }
    } else {
      const ContactOutcome& o = run.contact;
      report.json["state"] = to_string(o.state);
      answer = to_string(o.state);
      if (o.state == ContactState::first_contact) {
        report.json["t"] = exact_number_json(o.time);
        report.json["point"] = point_json(o.point);
        t = readable_time(o.time, kernel.scalar);
      }
      if (o.state != ContactState::overlapping_at_start)
        axis = to_string(o.axis, query != Query::obb_obb, query == Query::tri_tri);
    }
    report.json["class"] = klass;
    if (find && !axis.empty()) report.json["axis"] = axis;
    std::string time_error, point_distance, ill;
    if (run.score) {
      const oracle::ContactScore& score = *run.score;
      if (run.contact.state == ContactState::first_contact && oracle.contact.state == ContactState::first_contact) {
        report.json["time_error"] = score.time_error;
        time_error = fmt::format("{:.3g}", score.time_error);
      }
      if (run.contact.state == ContactState::first_contact) {
        report.json["point_distance"] = score.point_distance;
        point_distance = fmt::format("{:.3g}", score.point_distance);
      }
      report.json["ill_conditioned"] = score.ill_conditioned;
      ill = score.ill_conditioned ? "yes" : "no";
    }
    if (find) report.json["bound"] = contact_error_bound(kernel.scalar);
    if (run.margin) report.json["margin"] = *run.margin;
    if (run.tolerance) report.json["tolerance"] = *run.tolerance;
    if (!run.error && run.verdict_class != oracle::Class::ok && view.moving_margins) {
      report.note = kernel.id + ": " + describe_moving_run(run, kernel, oracle);
      explain_disagreement(kernel, view.pair, *view.motion, report);
    }
    report.row = {kernel.id, answer, t, find ? exact_t : "", klass, time_error, point_distance, ill, axis};
    return report;
  }

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
    KernelJudgement run = [&] {
      const auto guard = watch_.call(kernel.id, line_);
      return run_kernel(kernel, view.pair);
    }();
    // Without a margin the oracles disagreed: the kernel runs, but cannot be judged.
    if (view.margin) classify_run(run, kernel, view.pair, *view.verdict, *view.margin);
    const std::string klass =
        view.margin ? std::string(oracle::to_string(run.verdict_class)) : "unjudged";
    if (view.margin)
      count(run.verdict_class, kernel);
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
    if (view.margin && run.verdict_class != oracle::Class::ok && run.verdict_class != oracle::Class::convention)
      explain_disagreement(kernel, view.pair, std::nullopt, report);
    if (!run.error && !o.intersects && kernel.reports_axis) {
      report.json["axis"] = axis_name(o, query);
      report.json["direction"] = direction_json(o.direction);
      axis = fmt::format("{} ({}, {}, {})", axis_name(o, query), readable(o.direction[0]),
                         readable(o.direction[1]), readable(o.direction[2]));
    }
    report.row = {kernel.id, answer, klass, axis};
    return report;
  }

  /// A disagreement explains itself (issue 29): how far from the exact
  /// answer, against the band, and why.
  static void explain_disagreement(const KernelInfo& kernel, const ShapePair& pair,
                                   const std::optional<LinearMotiond>& motion, KernelReport& report) {
    const std::optional<harness::Disagreement> d = harness::read_disagreement(kernel, pair, motion);
    if (!d || d->agrees()) return;
    const harness::Explanation why = harness::explain(kernel, pair, motion, *d);
    if (std::isfinite(d->severity)) report.json["severity"] = d->severity;
    report.json["band"] = d->band;
    report.json["cause"] = std::string(harness::to_string(why.cause));
    report.json["cause_detail"] = why.detail;
    if (!why.fix.empty()) report.json["fix"] = why.fix;  // as verify's failure classes carry it
    const std::string how_far =
        std::isfinite(d->severity)
            ? fmt::format("{:.3g} {} from the exact answer{}", d->severity, d->severity_in_time() ? "T" : "of the size",
                          d->band > 0 ? fmt::format(" ({:.3g}x the band {:.3g})", d->severity / d->band, d->band)
                                      : std::string(" (no band: exact arithmetic)"))
            : std::string("threw");
    // How far, why and what to do, a line each (aligned under the note's text):
    // as one line they ran to 700 characters.
    const std::string line =
        fmt::format("{}: {}\n        cause {}: {}{}", kernel.id, how_far, harness::to_string(why.cause), why.detail,
                    why.fix.empty() ? std::string() : "\n        fix: " + why.fix);
    report.note = report.note ? *report.note + "\n  " + line : line;
  }

  void count(oracle::Class k, const KernelInfo& kernel) {
    switch (k) {
      case oracle::Class::ok: ++tally_.ok; break;
      case oracle::Class::boundary: ++tally_.boundary; break;
      case oracle::Class::gross:
        ++(kernel.is_peer() && !peers_fail_ && kernel.origin != kRecordedOrigin ? tally_.peer_gross : tally_.gross);
        break;
      case oracle::Class::convention: ++tally_.convention; break;
    }
  }

  void count_oracle(const OracleView& view, const Case& c, std::size_t line) {
    if (view.moving_error && view.moving_error->rfind("moving oracle failed", 0) == 0) {
      ++tally_.oracle_failures;
      err_ << fmt::format("sepax check: case {} (line {}): {}\n", c.id, line, *view.moving_error);
    }
    if (view.moving && view.moving->oracles_disagree()) {
      ++tally_.oracle_disagreements;
      err_ << fmt::format(
          "sepax check: ORACLE DISAGREEMENT on case {} (line {}, moving, judged as {}): {}. This is a bug in "
          "the harness, not in a kernel.\n",
          c.id, line, to_string(view.scalar), view.moving->describe());
    }
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
  bool peers_fail_;
  CheckWatch& watch_;
  std::size_t line_ = 0;  ///< the line of the case being checked
};

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.answers_path.empty()) return run_answers_check(options, out, err);
  std::ifstream in(options.cases_path);
  if (!in) {
    err << "sepax check: cannot open " << options.cases_path << '\n';
    return 2;
  }
  const std::vector<CaseOrError> entries = read_cases(in);
  // --kernel ids of the pair queries' kernels (2D rectangles, spheres,
  // manifolds, ...) go to those queries' cases, the ids of verdicts recorded
  // in the file to the cases that carry them, the others to the registry.
  std::set<std::string> recorded_ids;
  for (const CaseOrError& entry : entries)
    if (const auto* c = std::get_if<Case>(&entry))
      for (const RecordedVerdict& v : c->verdicts) recorded_ids.insert(v.kernel);
  std::set<std::string> beside;  // ids named with --kernel that are pair-query kernels
  std::set<std::string> recorded_named;
  std::vector<std::string> registry_ids;
  for (const std::string& id : options.kernel_ids) {
    if (harness::find_query_kernel(id))
      beside.insert(id);
    else if (recorded_ids.count(id) && !find_kernel(id))
      recorded_named.insert(id);
    else
      registry_ids.push_back(id);
  }
  std::string error;
  auto chosen = select_kernels(registry_ids, error);
  if (!chosen) {
    err << "sepax check: " << error << '\n';
    return 2;
  }
  // Only kernels beside the registry were asked for: no registry kernel runs.
  if (registry_ids.empty() && (!beside.empty() || !recorded_named.empty())) chosen->clear();
  // A case's kernels of one query: those named with --kernel, or (none named) those of its scalar.
  CheckWatch watch(options.cases_path, options.case_timeout_seconds, err);
  const auto pick_for = [&](const std::string& query, ScalarKind scalar, std::size_t line) {
    std::vector<const harness::QueryKernel*> out;
    for (const harness::QueryKernel& k : harness::query_kernels())
      if (k.query == query && (options.kernel_ids.empty() ? k.scalar == scalar : beside.count(k.id) > 0))
        out.push_back(&k);
    return watch.watched(out, line);
  };
  CheckTally tally;
  CaseChecker checker(out, err, options.json, tally, /*peers_fail=*/!options.kernel_ids.empty(), watch);
  PairQueryChecker pair_checker(out, options.json, tally, /*peers_fail=*/!options.kernel_ids.empty());
  for (const CaseOrError& entry : entries) {
    if (const auto* bad = std::get_if<CaseError>(&entry)) {
      checker.malformed(*bad);
      continue;
    }
    if (const auto* sphere = std::get_if<SphereCase>(&entry)) {
      if (sphere->segment)
        pair_checker.check_segment(*sphere, pick_for("obb_segment", sphere->scalar, sphere->line));
      else if (sphere->obb)
        pair_checker.check_enclosure(*sphere, pick_for("obb_to_aabb", sphere->scalar, sphere->line));
      else if (sphere->box_b)
        pair_checker.check_aabb(*sphere, pick_for("aabb_aabb", sphere->scalar, sphere->line));
      else if (sphere->box)
        pair_checker.check_box(*sphere, pick_for("aabb_sphere", sphere->scalar, sphere->line));
      else if (sphere->plane)
        pair_checker.check_plane(*sphere, pick_for("sphere_plane", sphere->scalar, sphere->line));
      else
        pair_checker.check(*sphere, pick_for("sphere_sphere", sphere->scalar, sphere->line));
      continue;
    }
    if (const auto* planar = std::get_if<PlanarCase>(&entry)) {
      pair_checker.check(*planar, pick_for("rect_rect", planar->scalar, planar->line));
      continue;
    }
    const Case& c = std::get<Case>(entry);
    if (c.manifold) {
      pair_checker.check_manifold(c, pick_for("obb_obb_manifold", c.scalar, c.line));
      continue;
    }
    if (c.general) {
      pair_checker.check_general(c, pick_for("general_motion", c.scalar, c.line));
      continue;
    }
    if (c.distance) {
      pair_checker.check_distance(c, pick_for(std::string(to_string(c.pair.query)) + "_distance", c.scalar, c.line));
      continue;
    }
    std::vector<const KernelInfo*> kernels = kernels_for(c, *chosen, !options.kernel_ids.empty());
    // Recorded verdicts: all of them, or (--kernel naming some) those named.
    const std::vector<KernelInfo> recorded = recorded_kernels(c);
    for (const KernelInfo& k : recorded)
      if (recorded_named.empty() || recorded_named.count(k.id)) kernels.push_back(&k);
    checker.check(c, kernels);
  }
  (options.json ? err : out) << closing_line(tally) << '\n';
  return tally.failed() ? 1 : 0;
}

}  // namespace sepax::cli
