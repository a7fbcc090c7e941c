#pragma once
/// \file
/// The campaign engine of the judged pair queries: cases [begin, end) of
/// one group (query × mode × scalar × family) generated from the campaign's
/// seed, judged exactly, handed to every kernel of the group's scalar; the
/// tallies and the gross findings of the range as a QueryBatch, which
/// serialises exactly (batches.jsonl: shards, --resume, merge) and merges
/// with the other batches of its group into the group's result. The same
/// cases, whichever batches they were cut into, give the same result.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "sepax/generators/poses.hpp"  // seed_for
#include "sepax/generators/source.hpp"
#include "sepax/harness/case_watchdog.hpp"
#include "sepax/harness/query/pair_query.hpp"
#include "sepax/harness/query/query_cause.hpp"
#include "sepax/harness/query/query_layout.hpp"
#include "sepax/harness/verdict_hash.hpp"

namespace sepax::harness {

/// One kernel on one group.
struct QueryRow {
  std::string kernel;
  bool peer = false;
  std::uint64_t cases = 0, ok = 0, boundary = 0, gross = 0;
  std::uint64_t refused = 0;     ///< pairs the library cannot take (not judged)
  std::uint64_t truth_hits = 0;  ///< cases that meet exactly
  double seconds = 0;            ///< inside the kernel, every case
  std::vector<double> time_errors;  ///< |t − t*| of agreeing first contacts
  std::vector<double> depth_errors, point_distances;  ///< manifolds in contact on both sides
  /// Every answer of the kernel on the group, bit for bit (verdict_hash.hpp):
  /// equal for two runs exactly when every answer is.
  VerdictHash verdicts;
};

/// A gross verdict, with the case-file line that replays it.
struct QueryFinding {
  std::string kernel;
  bool peer = false;
  std::uint64_t index = 0;  ///< the case's index in its group
  std::string kind;         ///< failure-class kind (query_gross_kind)
  std::string detail;       ///< the answer against the exact one
  std::string case_line;
  /// How far wrong: |margin| relative to the shapes' size, and the band it
  /// was judged with (absent where the judge measures none: a kernel that threw).
  std::optional<double> severity, band;
  std::string cause = "unknown", cause_detail, cause_fix;  ///< query_cause.hpp
};

struct QueryBatch {
  std::uint64_t cases = 0;
  std::vector<QueryRow> rows;  ///< one per kernel of the group, in the query's order
  std::vector<QueryFinding> findings;  ///< per kernel the lowest indices, at most max_findings
  double seconds = 0;          ///< wall time
};

/// What went wrong, as a failure-class kind: the verdict's side when the
/// kernel and the truth disagree on meeting, else the judge's reason without
/// its numbers ("wrong-depth", "wrong-point-outside-the-boxes").
std::string query_gross_kind(bool says_meets, bool truly_meets, const std::string& reason);

/// Adds `part` (another range of the same group) into `total` (an empty one
/// takes part's kernels): counts summed,
/// error samples pooled and sorted, findings kept per kernel lowest index
/// first, at most `max_findings`. Throws std::runtime_error when the kernels differ.
void merge_query_batches(QueryBatch& total, const QueryBatch& part, std::size_t max_findings);

/// The exact record (batches.jsonl) and its inverse, which throws
/// std::runtime_error naming the field that is missing or wrong.
nlohmann::ordered_json query_batch_json(const QueryBatch& b);
QueryBatch query_batch_from_json(const nlohmann::ordered_json& j);

/// The group's label: "rect_rect/test_static/float/random" (its seed's name too).
std::string query_group_label(const std::string& query, const std::string& mode, ScalarKind scalar,
                              const std::string& family);

/// Case `index` of family `f` of the query's group of `scalar`: the very case
/// a campaign with this seed judges (the group's seed from its label).
template <class Pair, class Exact>
Pair generate_query_case(const PairQuery<Pair, Exact>& q, ScalarKind scalar, std::size_t f, std::uint64_t campaign_seed,
                         std::uint64_t index) {
  gen::SeededSource source(gen::seed_for(campaign_seed, query_group_label(q.name, q.mode, scalar, q.families[f])),
                           index);
  return q.generate(f, scalar, source);
}

/// Case `index` as a case-file line whose origin names the campaign, the group
/// and (when not empty) the kernel: the replay form of findings, of calls that
/// hung or crashed, and `sepax generate`'s.
template <class Pair, class Exact>
std::string query_case_line(const PairQuery<Pair, Exact>& q, const Pair& pair, ScalarKind scalar, std::size_t f,
                            std::uint64_t campaign_seed, std::uint64_t index, const std::string& kernel_id,
                            bool shrunk = false) {
  const std::string group = query_group_label(q.name, q.mode, scalar, q.families[f]);
  CaseLabel label{fmt::format("{}-{}", group, index), q.families[f], scalar,
                  {{"seed", campaign_seed}, {"group", group}, {"index", index}}};
  if (!kernel_id.empty()) label.origin["kernel"] = kernel_id;
  if (shrunk) label.origin["shrunk"] = true;  // made simpler from case `index` (query_shrink.hpp)
  return q.case_line(pair, label);
}

namespace detail {

template <class Pair>
QueryRow make_row(const PairKernel<Pair>& k) {
  QueryRow r;
  r.kernel = k.id;
  r.peer = k.peer;
  return r;
}

/// A kernel's answers to the cases (nullopt: refused), or the error of a case
/// whose call threw: the batch form in one call when the kernel has one, and
/// case by case when it has not or when the batch failed. Each call runs
/// under the watchdog (cases `begin` … of `site`): one that hangs or
/// crashes is reported with its cases.
template <class Pair>
void answer_cases(const PairKernel<Pair>& k, const std::vector<Pair>& cases,
                  std::vector<std::optional<QueryAnswer>>& answers, std::vector<std::string>& errors,
                  CaseWatchdog* watchdog, const PairCallSite* site, std::uint64_t begin) {
  answers.assign(cases.size(), std::nullopt);
  errors.assign(cases.size(), std::string());
  if (k.run_batch) {
    try {
      const CaseWatchdog::Guard guard(watchdog, site, begin, cases.size());
      answers = k.run_batch(cases);
      if (answers.size() == cases.size()) return;
    } catch (const std::exception&) {
    }
    answers.assign(cases.size(), std::nullopt);
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    try {
      const CaseWatchdog::Guard guard(watchdog, site, begin + i);
      answers[i] = k.run(cases[i]);
    } catch (const std::exception& e) {
      errors[i] = e.what();
      if (errors[i].empty()) errors[i] = "an exception without a message";
    }
  }
}

template <class Pair, class Exact>
QueryBatch judge_query_range(const PairQuery<Pair, Exact>& q, const std::vector<const PairKernel<Pair>*>& kernels,
                             ScalarKind scalar, std::size_t f, std::uint64_t campaign_seed, std::uint64_t begin,
                             std::uint64_t end, std::size_t max_findings, CaseWatchdog* watchdog) {
  using Clock = std::chrono::steady_clock;
  const std::string group = query_group_label(q.name, q.mode, scalar, q.families[f]);
  QueryBatch out;
  for (const PairKernel<Pair>* k : kernels) out.rows.push_back(make_row(*k));
  out.cases = end - begin;
  std::vector<Pair> cases;
  std::vector<Exact> exact;
  std::vector<bool> meets;
  for (std::uint64_t i = begin; i < end; ++i) {
    cases.push_back(generate_query_case(q, scalar, f, campaign_seed, i));
    exact.push_back(q.exact(cases.back()));
    meets.push_back(q.exact_meets(exact.back()));
  }
  std::vector<std::optional<QueryAnswer>> answers;
  std::vector<std::string> errors;
  const AnswerForm form = query_layout(q.name, q.mode).answer_form;
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    QueryRow& row = out.rows[k];
    const PairCallSite* site =
        watchdog ? watchdog->pair_site(group, kernels[k]->id,
                                       [&q, scalar, f, campaign_seed, id = kernels[k]->id](std::uint64_t b,
                                                                                           std::uint64_t e) {
                                         std::vector<std::string> lines;
                                         for (std::uint64_t i = b; i < e; ++i)
                                           lines.push_back(query_case_line(
                                               q, generate_query_case(q, scalar, f, campaign_seed, i), scalar, f,
                                               campaign_seed, i, id));
                                         return lines;
                                       })
                 : nullptr;
    const auto t0 = Clock::now();
    answer_cases(*kernels[k], cases, answers, errors, watchdog, site, begin);
    row.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    std::size_t kept = 0;
    for (std::size_t c = 0; c < cases.size(); ++c) {
      const std::uint64_t i = begin + c;
      ++row.cases;
      row.truth_hits += meets[c];
      if (answers[c]) {
        const std::vector<double> values = flatten_answer(form, *answers[c]);
        row.verdicts.add(i, &values);
      } else {
        row.verdicts.add(i, nullptr);
      }
      if (!answers[c] && errors[c].empty()) {
        ++row.refused;
        continue;
      }
      QueryVerdict v;
      if (errors[c].empty()) {
        v = q.judge(cases[c], scalar, *answers[c], exact[c]);
      } else {
        v.verdict_class = oracle::Class::gross;
        v.reason = "threw: " + errors[c];
      }
      // The spreads hold numbers (a kernel's NaN depth is its gross verdict,
      // and JSON has no NaN for the batch record).
      if (v.time_error && std::isfinite(*v.time_error)) row.time_errors.push_back(*v.time_error);
      if (v.depth_error && std::isfinite(*v.depth_error)) row.depth_errors.push_back(*v.depth_error);
      if (v.point_distance && std::isfinite(*v.point_distance)) row.point_distances.push_back(*v.point_distance);
      switch (v.verdict_class) {
        case oracle::Class::ok: ++row.ok; break;
        case oracle::Class::boundary: ++row.boundary; break;
        default: ++row.gross; break;
      }
      if (v.verdict_class != oracle::Class::gross || kept++ >= max_findings) continue;
      const bool says_meets = answers[c] && answers[c]->meets;
      const QueryCause cause = explain_query_verdict(errors[c], says_meets, meets[c], v);
      QueryFinding& found = out.findings.emplace_back();
      found.kernel = kernels[k]->id;
      found.peer = kernels[k]->peer;
      found.index = i;
      found.kind = errors[c].empty() ? query_gross_kind(says_meets, meets[c], v.reason) : "threw";
      found.detail =
          errors[c].empty()
              ? fmt::format("{}: {} case {}: says {}{}, exactly {}{} (margin {:.3g}, band {:.3g})", kernels[k]->id,
                            group, i, says_meets ? "meeting" : "apart",
                            answers[c]->time ? fmt::format(" at t = {:.17g}", *answers[c]->time) : "",
                            meets[c] ? "meeting" : "apart", v.reason.empty() ? "" : ": " + v.reason,
                            v.margin.value_or(0), v.tolerance.value_or(0))
              : fmt::format("{}: {} case {}: {}", kernels[k]->id, group, i, v.reason);
      found.case_line = query_case_line(q, cases[c], scalar, f, campaign_seed, i, kernels[k]->id);
      if (v.margin) found.severity = std::abs(*v.margin);
      found.band = v.tolerance;
      found.cause = cause.cause;
      found.cause_detail = cause.detail;
      found.cause_fix = cause.fix;
    }
  }
  return out;
}

}  // namespace detail

/// Cases [begin, end) of family `f` of the query's group of `scalar`, every
/// kernel of that scalar (in parallel over cases when the query allows).
template <class Pair, class Exact>
QueryBatch run_query_batch(const PairQuery<Pair, Exact>& q, ScalarKind scalar, std::size_t f,
                           std::uint64_t campaign_seed, std::uint64_t begin, std::uint64_t end,
                           std::size_t max_findings, CaseWatchdog* watchdog = nullptr) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<const PairKernel<Pair>*> kernels;
  for (const PairKernel<Pair>& k : q.kernels)
    if (k.scalar == scalar) kernels.push_back(&k);
  QueryBatch total;
  for (const PairKernel<Pair>* k : kernels) total.rows.push_back(detail::make_row(*k));
  if (!q.parallel || end - begin < 64) {
    merge_query_batches(
        total, detail::judge_query_range(q, kernels, scalar, f, campaign_seed, begin, end, max_findings, watchdog),
        max_findings);
  } else {
    tbb::combinable<QueryBatch> parts([&] { return total; });
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end, 16),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        merge_query_batches(parts.local(),
                                            detail::judge_query_range(q, kernels, scalar, f, campaign_seed, r.begin(),
                                                                      r.end(), max_findings, watchdog),
                                            max_findings);
                      });
    parts.combine_each([&](const QueryBatch& part) { merge_query_batches(total, part, max_findings); });
  }
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return total;
}

}  // namespace sepax::harness
