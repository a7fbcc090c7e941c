#pragma once
/// \file The batch kernels' other entry points, on one fuzz case: obb_obb's and
/// tri_tri's `test_static_batch` pairwise (dispatched: AVX2 where the CPU has
/// it), one against many, and the x86-64 baseline copy of the loops. The
/// registry's set runners already judge the dispatched pairwise form against
/// the oracle; here every form must give the very answers the dispatched one
/// gives, lane for lane — the two instruction sets are compiled from one
/// source and claim to round identically, so any difference is a bug even
/// where the judge would accept either answer.
#include <optional>
#include <string>

#include "sepax/core/registry.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::fuzz {

/// nullopt when every form agrees on 1, 3, 8 and 17 copies of the pair (and
/// for queries without batch forms); else what differed.
std::optional<std::string> batch_forms_disagree(const ShapePair& pair, ScalarKind scalar);

}  // namespace sepax::fuzz
