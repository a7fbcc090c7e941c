#pragma once
/// \file
/// Every judged pair query (pair_query.hpp), behind one type: what a
/// campaign, a shard, a resumed run and `sepax merge` need to know of a query
/// without knowing its shapes. The three SAT queries (obb_obb, tri_obb,
/// tri_tri) keep their own groups (campaign/static_group.hpp,
/// moving_group.hpp), which add the oracles' cross-checks, shrinking and the
/// worst-case search; they share the batch record, shards and merge.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sepax/core/kernel_bias.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/query/query_batch.hpp"
#include "sepax/harness/query/query_cause.hpp"
#include "sepax/harness/query/query_input.hpp"
#include "sepax/harness/query/query_layout.hpp"

namespace sepax::harness {

struct JudgedQuery {
  std::string name;  ///< "rect_rect", "sphere_sphere", ..., "obb_obb_manifold", "general_motion"
  std::string mode;  ///< "test_static", "find_first_contact", "enclose", "find_manifold"
  std::vector<std::string> families;
  /// The ids of the kernels of each scalar (float, double), in the order of their rows.
  std::vector<std::string> kernel_ids[2];
  /// Its cases and answers as arrays (query_layout.hpp).
  const QueryLayout* layout = nullptr;
  /// Cases [begin, end) of family `f` of the group of `scalar`, judged for
  /// every kernel, each call under `watchdog` when given (empty for the SAT
  /// queries: their campaigns run in campaign/static_group.hpp and moving_group.hpp).
  std::function<QueryBatch(ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin,
                           std::uint64_t end, std::size_t max_findings, CaseWatchdog* watchdog)>
      run_batch;
  /// The same cases as case-file lines (the campaign's replay form, with
  /// their origin) …
  std::function<std::vector<std::string>(ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin,
                                         std::uint64_t end)>
      case_lines;
  /// … and as the layout's input values, case after case (layout->input_width() each).
  std::function<std::vector<double>(ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin,
                                    std::uint64_t end)>
      case_values;
  /// Judges an answer (given by a kernel of `scalar` elsewhere) to the case
  /// of these input values exactly as the campaign judges a kernel's, one
  /// that declares `bias` (kernel_bias.hpp: the SAT queries' methods; any
  /// other query refuses a bias). Throws std::invalid_argument naming a field
  /// whose value is not one, or a bias the judge refuses (oracle::granted_bias).
  std::function<QueryVerdict(ScalarKind scalar, std::span<const double> case_values, const QueryAnswer& answer,
                             const KernelBias& bias)>
      judge_answer;
  /// Why `answer`, judged gross (`verdict`, from judge_answer with the same
  /// arguments), is wrong; empty for every query but the SAT ones, whose
  /// answers the axis analysis of explain/cause.hpp explains as it explains
  /// their campaigns' findings (explain_answer below falls back to
  /// explain_query_verdict).
  std::function<QueryCause(ScalarKind scalar, std::span<const double> case_values, const QueryAnswer& answer,
                           const KernelBias& bias, const QueryVerdict& verdict)>
      explain;
  /// The input values of a case read from a case file (parse_case), when the
  /// case is one of this query × mode: a case with a motion (a sweep) is one
  /// of the moving modes' and of test_static's (its shapes alone); nullopt
  /// when it is not (another query, no motion for a moving mode, an error).
  std::function<std::optional<std::vector<double>>(const CaseOrError&)> case_file_values;
  /// The case of these input values as a case-file line that parse_case reads
  /// back bit for bit (its id, family and origin from `label`). Throws
  /// std::invalid_argument naming a field whose value is not one (parse_case
  /// then refuses the line the same way).
  std::function<std::string(ScalarKind scalar, std::span<const double> case_values, const CaseLabel& label)>
      values_case_line;
  /// A case of this query (its QueryInput alternative) as its input values,
  /// appended (pair queries; empty for the SAT ones).
  std::function<void(const QueryInput&, std::vector<double>&)> flatten_input;
  /// A registered kernel of this query × mode and of the case's scalar on the
  /// case of these input values (nullopt: refused). Throws
  /// std::invalid_argument for another kernel or a value that is not one.
  std::function<std::optional<QueryAnswer>(std::string_view kernel_id, ScalarKind scalar,
                                           std::span<const double> case_values)>
      run_kernel;

  /// Replaces a gross finding's case (its kernel one of this query's, on the
  /// group of `scalar` and family `f`) by the simplest case near it on which
  /// the kernel is still gross with the finding's kind (query_shrink.hpp),
  /// within `tries` candidates; false when none was simpler (or it threw).
  std::function<bool(ScalarKind scalar, std::size_t f, std::uint64_t seed, QueryFinding& finding, std::size_t tries)>
      shrink;

  std::string group_label(ScalarKind scalar, std::size_t f) const {
    return query_group_label(name, mode, scalar, families[f]);
  }
};

/// Why a gross answer judged by q.judge_answer is wrong: q.explain where the
/// query has one, else explain_query_verdict.
QueryCause explain_answer(const JudgedQuery& q, ScalarKind scalar, std::span<const double> case_values,
                          const QueryAnswer& answer, const KernelBias& bias, const QueryVerdict& verdict);

/// One group of a campaign: a query × mode, a scalar, a family.
struct QueryGroup {
  const JudgedQuery* query = nullptr;
  ScalarKind scalar = ScalarKind::float64;
  std::size_t family = 0;
  std::string label() const { return query->group_label(scalar, family); }
};

/// Every pair query × mode, in verify's order, each with the kernels
/// registered for it (query_kernels.hpp: read the registry, so register
/// first); with `kernel_ids`, only those kernels and the queries they belong
/// to (std::invalid_argument naming an id that is no pair-query kernel).
std::vector<JudgedQuery> judged_queries(const std::vector<std::string>& kernel_ids = {});

/// Every judged query × mode: the SAT queries' (obb_obb, tri_obb, tri_tri ×
/// test_static, test_moving, find_first_contact: no run_batch, their families
/// gen::all_families()) first, then judged_queries().
std::vector<JudgedQuery> every_judged_query();

/// Every judged query × mode as every_judged_query(), without kernels
/// (kernel_ids empty; run_batch judges none): what their cases and answers
/// look like, read before any kernel is registered (a plugin's calls).
const std::vector<JudgedQuery>& query_shapes();
/// The one of query_shapes() with this name and mode (std::invalid_argument when none).
const JudgedQuery& query_shape(std::string_view name, std::string_view mode);

/// The one of every_judged_query() with this name and mode; throws
/// std::invalid_argument naming them and listing the known ones.
JudgedQuery find_judged_query(std::string_view name, std::string_view mode);

/// The names of every judged query, the three SAT queries first (reads no
/// registry: safe before kernels are registered).
std::vector<std::string> judged_query_names();

/// The pair queries named (every mode of each; empty: all of them). Throws
/// std::invalid_argument naming an unknown query and listing the known ones.
/// The three SAT queries are known but have no pair query: naming only them gives none.
std::vector<JudgedQuery> select_judged_queries(const std::vector<std::string>& names,
                                               const std::vector<std::string>& kernel_ids = {});

/// The groups of `queries` in verify's order — query, float then double,
/// family — keeping the families named in `families` (empty: all).
std::vector<QueryGroup> query_groups(const std::vector<JudgedQuery>& queries,
                                     const std::vector<std::string>& families);

/// Shrinks the first finding (lowest index) of each class (kernel × kind) of
/// a group's result, in place, with `tries` candidates each (0: none).
void shrink_query_findings(const QueryGroup& group, QueryBatch& result, std::uint64_t seed, std::size_t tries);

/// Runs each group's cases 0 … cases_of(query) − 1 (judged in parallel, the
/// calls under `watchdog` when given), handing each group's result to `done`
/// as it finishes, in order.
void run_query_groups(const std::vector<QueryGroup>& groups,
                      const std::function<std::uint64_t(const JudgedQuery&)>& cases_of, std::uint64_t seed,
                      std::size_t max_findings,
                      const std::function<void(const QueryGroup&, const QueryBatch&)>& done,
                      CaseWatchdog* watchdog = nullptr);

}  // namespace sepax::harness
