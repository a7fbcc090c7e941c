#pragma once
/// \file `sepax check CASES --answers ANSWERS`: answers a program computed
/// elsewhere for the cases of `sepax generate --format arrays`, judged case by
/// case (harness/query/answer_judgement.hpp) and printed like check's other
/// verdicts: one line per case that is not ok (or one JSON object per case
/// with --json) and the closing counts.
#include <ostream>

#include "check/check_command.hpp"

namespace sepax::cli {

/// 0 when no answer is gross, 1 when one is, 2 when a file cannot be read or
/// the two do not belong together (named on `err`).
int run_answers_check(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
