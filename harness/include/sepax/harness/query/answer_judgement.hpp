#pragma once
/// \file
/// Judging answers computed elsewhere: a cases file of `sepax generate
/// --format arrays` and the answers file a program wrote for it (a GPU
/// kernel, numpy), judged case by case exactly as a campaign judges a kernel
/// of that query, mode and scalar.
#include <string>
#include <vector>

#include "sepax/harness/query/array_file.hpp"
#include "sepax/harness/query/pair_query.hpp"

namespace sepax::harness {

/// One verdict per case, in order. Throws std::invalid_argument when the two
/// files are not of one query, mode, scalar and case range, or naming the
/// case and field of a value that is not an answer (or not a case).
std::vector<QueryVerdict> judge_answer_arrays(const ArrayFile& cases, const ArrayFile& answers);

}  // namespace sepax::harness
