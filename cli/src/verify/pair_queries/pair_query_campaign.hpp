#pragma once
/// \file verify's campaigns of the queries outside the 3D registry — the 2D
/// rectangles (rect_rect) and Gomez's sphere tests and sweeps (sphere_sphere)
/// — one generic loop: every family × scalar, a fixed number of seeded cases,
/// every kernel of that scalar (sepax's and the peers') judged against the
/// query's exact oracle. A gross answer is written as a one-line case file
/// under gross/ with its `sepax check` replay command. The queries themselves
/// are in pair_queries.hpp.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <nlohmann/json.hpp>

#include "kernel_lists/query_answer.hpp"
#include "common/results_directory.hpp"
#include "common/table.hpp"
#include "verify/failure_classes.hpp"
#include "sepax/harness/integrator_drift.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/generators/poses.hpp"
#include "sepax/generators/source.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::cli {

/// Its judgement: the class, and what it was decided from.
struct QueryVerdict {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> margin, tolerance;  ///< when the answer was wrong (or its time off)
  std::optional<double> time_error;         ///< |t − t*| when both report a first contact
  /// Manifolds in contact on both sides: |depth − depth*| / ℓ and the largest
  /// distance of a point outside either box / ℓ.
  std::optional<double> depth_error, point_distance;
  std::string reason;  ///< what was wrong, when the judge says (manifolds)
};

template <class Pair>
struct PairKernel {
  std::string id;
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  /// nullopt: a pair the library cannot take (counted as refused, not judged).
  std::function<std::optional<QueryAnswer>(const Pair&)> run;
};

/// Where a replayed case came from (written into its "origin").
struct CaseLabel {
  std::string id, family;
  ScalarKind scalar = ScalarKind::float64;
  nlohmann::ordered_json origin;
};

template <class Pair, class Exact>
struct PairQuery {
  std::string name;  ///< the query id: "rect_rect", "sphere_sphere"
  std::string mode;  ///< "test_static" or "find_first_contact"
  std::vector<std::string> families;
  std::function<Pair(std::size_t family, ScalarKind, gen::Source&)> generate;
  std::function<Exact(const Pair&)> exact;
  std::function<bool(const Exact&)> exact_meets;
  std::function<QueryVerdict(const Pair&, ScalarKind, const QueryAnswer&, const Exact&)> judge;
  std::function<std::string(const Pair&, const CaseLabel&)> case_line;
  std::vector<PairKernel<Pair>> kernels;
  std::size_t cases_per_group = 0;  ///< 0: PairQueryOptions::cases_per_group
  /// Families judged in parallel: every kernel and judge may run on several
  /// threads at once (Box2D's distance routine bumps global counters: not).
  bool parallel = true;
};

struct PairQueryOptions {
  std::uint64_t seed = 1;
  std::size_t cases_per_group = 4000;
  std::string program = "sepax";  ///< argv[0], for the replay commands
  std::size_t max_replays = 10;   ///< gross findings kept per kernel x family, grouped into failure classes
  std::size_t replays_per_class = 1;  ///< case files per failure class, shortest (simplest) first
  std::size_t manifold_cases = 1000;  ///< per family x scalar for obb_obb_manifold (its judge costs ~0.3 ms a kernel)
  std::size_t general_motion_cases = 1000;  ///< per family x scalar for general_motion
  /// Called as each group finishes (from its worker thread: must be thread-safe), with a one-line summary.
  std::function<void(const std::string&)> on_group_done;
};

/// One kernel on one family of one query.
struct PairQueryRow {
  std::string query, mode, kernel, family, scalar;
  bool peer = false;
  std::size_t cases = 0, ok = 0, boundary = 0, gross = 0;
  std::size_t refused = 0;     ///< pairs the library cannot take (not judged)
  std::size_t truth_hits = 0;  ///< cases that meet exactly
  double seconds = 0;          ///< inside the kernel, every case
  std::vector<double> time_errors;  ///< |t − t*| of agreeing first contacts
  std::vector<double> depth_errors, point_distances;  ///< manifolds in contact on both sides
};

struct PairQueryResult {
  std::vector<PairQueryRow> rows;
  std::vector<harness::IntegratorDrift> drift;  ///< general_motion's integrators against the MPFR rotation
  std::vector<std::pair<std::string, std::string>> replays;  ///< (command, detail)
  std::vector<std::string> notes;
  std::size_t cases = 0;
  double seconds = 0;
};

/// The JSON row of verify.jsonl ("table": "pair_queries").
nlohmann::ordered_json pair_query_row_json(const PairQueryRow& r, std::uint64_t seed, const std::string& run_id);

Table make_pair_query_table(const std::vector<PairQueryRow>& rows);
std::string pair_query_table_title();

namespace detail {

/// What went wrong, as a failure-class kind: the verdict's side when the
/// kernel and the truth disagree on meeting, else the judge's reason
/// without its numbers ("wrong-depth", "wrong-point-outside-the-boxes").
std::string pair_gross_kind(bool says_meets, bool truly_meets, const std::string& reason);

/// Writes a group's pending replays by failure class (failure_classes.hpp)
/// and returns the classes' "failure_class" rows.
std::vector<nlohmann::ordered_json> write_pair_query_classes(const std::vector<PendingReplay>& replays,
                                                             const std::vector<PairQueryRow>& rows,
                                                             const std::string& query, const PairQueryOptions& options,
                                                             const ResultsDirectory& results, PairQueryResult& out);

/// One family's group of one scalar: its rows and the replays it found.
struct PairQueryGroup {
  std::size_t cases = 0;
  std::vector<PairQueryRow> rows;
  std::vector<PendingReplay> replays;
};

template <class Pair, class Exact>
PairQueryGroup run_pair_query_group(const PairQuery<Pair, Exact>& q, const PairQueryOptions& options, ScalarKind scalar,
                                    std::size_t f) {
  using Clock = std::chrono::steady_clock;
  const std::string group = fmt::format("{}/{}/{}/{}", q.name, q.mode, to_string(scalar), q.families[f]);
  const std::uint64_t group_seed = gen::seed_for(options.seed, group);
  PairQueryGroup out;
  std::vector<const PairKernel<Pair>*> mine;
  for (const PairKernel<Pair>& k : q.kernels)
    if (k.scalar == scalar) {
      mine.push_back(&k);
      PairQueryRow row;
      row.query = q.name;
      row.mode = q.mode;
      row.kernel = k.id;
      row.family = q.families[f];
      row.scalar = std::string(to_string(scalar));
      row.peer = k.peer;
      out.rows.push_back(std::move(row));
    }
  std::vector<std::size_t> replays(mine.size(), 0);
  const std::size_t cases = q.cases_per_group ? q.cases_per_group : options.cases_per_group;
  out.cases = cases;
  for (std::size_t i = 0; i < cases; ++i) {
    gen::SeededSource source(group_seed, i);
    const Pair p = q.generate(f, scalar, source);
    const Exact exact = q.exact(p);
    const bool meets = q.exact_meets(exact);
    for (std::size_t k = 0; k < mine.size(); ++k) {
      PairQueryRow& row = out.rows[k];
      ++row.cases;
      row.truth_hits += meets;
      const auto t0 = Clock::now();
      const std::optional<QueryAnswer> says = mine[k]->run(p);
      row.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
      if (!says) {
        ++row.refused;
        continue;
      }
      const QueryVerdict v = q.judge(p, scalar, *says, exact);
      if (v.time_error) row.time_errors.push_back(*v.time_error);
      if (v.depth_error) row.depth_errors.push_back(*v.depth_error);
      if (v.point_distance) row.point_distances.push_back(*v.point_distance);
      switch (v.verdict_class) {
        case oracle::Class::ok: ++row.ok; break;
        case oracle::Class::boundary: ++row.boundary; break;
        default: ++row.gross; break;
      }
      if (v.verdict_class != oracle::Class::gross || replays[k]++ >= options.max_replays) continue;
      CaseLabel label{fmt::format("{}-{}", group, i), q.families[f], scalar,
                      {{"seed", options.seed}, {"group", group}, {"index", i}, {"kernel", mine[k]->id}}};
      out.replays.push_back(
          {fmt::format("{}-{}-{}-{}", q.name, harness::case_file_stem(mine[k]->id), q.families[f], i),
           q.case_line(p, label) + "\n", "check ", fmt::format(" --kernel {}", mine[k]->id),
           fmt::format("{}: {} case {}: says {}{}, exactly {}{} (margin {:.3g}, band {:.3g})", mine[k]->id, group, i,
                       says->meets ? "meeting" : "apart",
                       says->time ? fmt::format(" at t = {:.17g}", *says->time) : "", meets ? "meeting" : "apart",
                       v.reason.empty() ? "" : ": " + v.reason, v.margin.value_or(0), v.tolerance.value_or(0)),
           mine[k]->id, pair_gross_kind(says->meets, meets, v.reason), mine[k]->peer});
    }
  }
  return out;
}

}  // namespace detail

/// Runs one query's campaign into `out`: the families of a scalar in parallel
/// (TBB), each group's rows appended to verify.jsonl and its replay files
/// written in family order once all of them are done.
template <class Pair, class Exact>
void run_pair_query(const PairQuery<Pair, Exact>& q, const PairQueryOptions& options, const ResultsDirectory& results,
                    const std::string& run_id, PairQueryResult& out) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64}) {
    std::vector<detail::PairQueryGroup> groups(q.families.size());
    const auto run = [&](std::size_t f) {
      const auto t0 = Clock::now();
      groups[f] = detail::run_pair_query_group(q, options, scalar, f);
      if (!options.on_group_done) return;
      std::size_t gross = 0, peer_gross = 0;
      for (const PairQueryRow& r : groups[f].rows) (r.peer ? peer_gross : gross) += r.gross;
      options.on_group_done(fmt::format("  {}/{}/{}/{}: {} cases, {} gross of sepax's, {} of the peers' ({:.1f} s)",
                                        q.name, q.mode, to_string(scalar), q.families[f], groups[f].cases, gross,
                                        peer_gross, std::chrono::duration<double>(Clock::now() - t0).count()));
    };
    if (q.parallel)
      tbb::parallel_for(std::size_t(0), q.families.size(), run);
    else
      for (std::size_t f = 0; f < q.families.size(); ++f) run(f);
    for (detail::PairQueryGroup& g : groups) {
      out.cases += g.cases;
      std::vector<nlohmann::ordered_json> lines;
      for (PairQueryRow& r : g.rows) {
        lines.push_back(pair_query_row_json(r, options.seed, run_id));
      }
      for (nlohmann::ordered_json& row : detail::write_pair_query_classes(g.replays, g.rows, q.name, options, results, out))
        lines.push_back(std::move(row));
      for (PairQueryRow& r : g.rows) out.rows.push_back(std::move(r));
      try {
        results.append_rows(lines);
      } catch (const std::exception& e) {
        out.notes.push_back(fmt::format("note: {} campaign: {}", q.name, e.what()));
      }
    }
  }
  out.seconds += std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace sepax::cli
