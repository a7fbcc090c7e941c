#pragma once
// The three SAT queries (obb_obb, tri_obb, tri_tri) as judged queries for
// what every query offers besides its campaign: generated cases as case-file
// lines and as arrays, and judging an answer given elsewhere.
#include <vector>

#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness {

/// obb_obb, tri_obb, tri_tri × test_static, test_moving, find_first_contact.
std::vector<JudgedQuery> sat_judged_queries();

}  // namespace sepax::harness
