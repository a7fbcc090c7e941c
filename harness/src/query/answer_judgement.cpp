// Judging answers computed elsewhere (answer_judgement.hpp).
#include "sepax/harness/query/answer_judgement.hpp"

#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness {

std::vector<QueryVerdict> judge_answer_arrays(const ArrayFile& cases, const ArrayFile& answers) {
  if (cases.kind != ArrayFile::Kind::cases || answers.kind != ArrayFile::Kind::answers)
    throw std::invalid_argument("the first file must hold cases and the second answers");
  const auto mismatch = [&](const char* what, const std::string& a, const std::string& b) {
    if (a != b)
      throw std::invalid_argument(fmt::format("the answers are for {} {}, the cases {} {}", what, b, what, a));
  };
  mismatch("query", cases.query, answers.query);
  mismatch("mode", cases.mode, answers.mode);
  mismatch("scalar", std::string(to_string(cases.scalar)), std::string(to_string(answers.scalar)));
  mismatch("cases", fmt::format("{}–{}", cases.first_index, cases.first_index + cases.count),
           fmt::format("{}–{}", answers.first_index, answers.first_index + answers.count));
  const JudgedQuery q = find_judged_query(cases.query, cases.mode);
  const std::size_t in_width = cases.width(), out_width = answers.width();
  std::vector<QueryVerdict> verdicts(cases.count);
  std::mutex first_error;
  std::optional<std::string> error;
  tbb::parallel_for(std::uint64_t(0), cases.count, [&](std::uint64_t i) {
    try {
      const std::span<const double> in(cases.values.data() + i * in_width, in_width);
      const std::span<const double> out(answers.values.data() + i * out_width, out_width);
      verdicts[i] = q.judge_answer(cases.scalar, in, unflatten_answer(q.layout->answer_form, out), KernelBias{});
    } catch (const std::exception& e) {
      const std::lock_guard<std::mutex> lock(first_error);
      if (!error) error = fmt::format("case {} (index {}): {}", i, cases.first_index + i, e.what());
    }
  });
  if (error) throw std::invalid_argument(*error);
  return verdicts;
}

}  // namespace sepax::harness
