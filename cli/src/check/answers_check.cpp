// `sepax check CASES --answers ANSWERS` (answers_check.hpp).
#include "check/answers_check.hpp"

#include <exception>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/query/answer_judgement.hpp"

namespace sepax::cli {

int run_answers_check(const CheckOptions& o, std::ostream& out, std::ostream& err) {
  harness::ArrayFile cases, answers;
  std::vector<harness::QueryVerdict> verdicts;
  try {
    cases = harness::read_array_file(o.cases_path);
    answers = harness::read_array_file(o.answers_path);
    verdicts = harness::judge_answer_arrays(cases, answers);
  } catch (const std::exception& e) {
    err << "sepax check --answers: " << e.what() << '\n';
    return 2;
  }
  const std::string kernel = o.kernel_ids.empty() ? answers.about.value("kernel", std::string("answers"))
                                                  : o.kernel_ids.front();
  std::size_t ok = 0, boundary = 0, gross = 0, printed = 0;
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    const harness::QueryVerdict& v = verdicts[i];
    const std::string cls(oracle::to_string(v.verdict_class));
    (v.verdict_class == oracle::Class::ok ? ok : v.verdict_class == oracle::Class::gross ? gross : boundary)++;
    if (o.json) {
      nlohmann::ordered_json j{{"index", cases.first_index + i}, {"kernel", kernel}, {"class", cls}};
      if (v.margin) j["margin"] = *v.margin;
      if (v.tolerance) j["band"] = *v.tolerance;
      if (v.time_error) j["time_error"] = *v.time_error;
      if (!v.reason.empty()) j["reason"] = v.reason;
      out << j.dump() << '\n';
    } else if (v.verdict_class != oracle::Class::ok && printed++ < 20) {
      out << fmt::format("case {}: {} {}{}{}\n", cases.first_index + i, kernel, cls,
                         v.margin ? fmt::format(" (margin {:.3g}, band {:.3g})", *v.margin, v.tolerance.value_or(0)) : "",
                         v.reason.empty() ? "" : ": " + v.reason);
    }
  }
  (o.json ? err : out) << fmt::format(
      "{} {} {}: {} answers of {} judged: {} ok, {} boundary, {} gross{}\n", cases.query, cases.mode,
      to_string(cases.scalar), verdicts.size(), kernel, ok, boundary, gross,
      printed > 20 ? fmt::format(" ({} not ok, the first 20 printed)", printed) : "");
  return gross ? 1 : 0;
}

}  // namespace sepax::cli
