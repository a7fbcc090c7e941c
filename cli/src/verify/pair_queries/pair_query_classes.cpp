// The pair-query campaigns' gross findings by failure class
// (failure_classes.hpp): what went wrong, and the group's classes written.
#include "verify/failure_classes.hpp"
#include "verify/pair_queries/pair_query_campaign.hpp"

namespace sepax::cli::detail {
namespace {

std::string reason_kind(std::string reason) {
  // "step 3 (re-run …): <what the moving judge said>": the step and its numbers are not the class.
  if (reason.rfind("step ", 0) == 0) return "wrong-contact";
  reason = reason.substr(0, reason.find_first_of(";:(0123456789"));
  std::string kind = "wrong";
  for (char ch : reason) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))
      kind += char(ch | 0x20);
    else if (kind.back() != '-')
      kind += '-';
  }
  while (kind.back() == '-') kind.pop_back();
  if (kind == "wrong") kind = "wrong-answer";
  return kind.substr(0, 48);
}

}  // namespace

std::string pair_gross_kind(bool says_meets, bool truly_meets, const std::string& reason) {
  if (says_meets && !truly_meets) return "false-positive";
  if (!says_meets && truly_meets) return "false-negative";
  return reason_kind(reason);
}

std::vector<nlohmann::ordered_json> write_pair_query_classes(const std::vector<PendingReplay>& replays,
                                                             const std::vector<PairQueryRow>& rows,
                                                             const std::string& query, const PairQueryOptions& options,
                                                             const ResultsDirectory& results, PairQueryResult& out) {
  ClassGroup group{query,
                   rows.empty() ? "" : rows.front().scalar,
                   rows.empty() ? "" : rows.front().family,
                   options.program,
                   {},
                   options.replays_per_class};
  for (const PairQueryRow& r : rows) group.gross_by_kernel[r.kernel] = r.gross;
  return write_text_classes(replays, group, results, out.replays, out.notes);
}

}  // namespace sepax::cli::detail
