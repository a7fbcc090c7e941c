#pragma once
/// \file Verdicts a case file carries from elsewhere ("verdicts"): each one
/// a kernel that answers just that, so that `check` judges it exactly as it
/// judges a kernel's answer.
#include <vector>

#include "common/harness_names.hpp"
#include "sepax/core/registry.hpp"

namespace sepax::cli {

/// The origin of a verdict recorded in the case file: judged like a kernel's,
/// and its gross verdicts fail the check (they are what the file is for).
inline constexpr const char* kRecordedOrigin = "recorded";

/// Each verdict the case carries (Case::verdicts) as a kernel of the case's
/// query and scalar, origin kRecordedOrigin.
std::vector<KernelInfo> recorded_kernels(const Case& c);

}  // namespace sepax::cli
