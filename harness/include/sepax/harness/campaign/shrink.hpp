#pragma once
/// \file
/// A kernel's gross verdicts, deduplicated and shrunk. Campaigns and
/// fuzzers find the same bug many times, on cases of many significant bits:
/// each finding gets a signature — kernel, query, family, what went wrong
/// (false negative, false positive, threw; for a moving kernel also a wrong
/// contact) and, for a false negative, the kind of axis the kernel called
/// separating — and one case per signature is shrunk, greedily, to a simpler
/// one with the same signature: coordinates set to zero, to integers, to
/// fewer significant bits; box axes set to the identity or snapped toward it.
/// Every candidate is judged again by the exact oracle; only valid cases of
/// the kernel's scalar are tried.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/case_judgement.hpp"

namespace sepax::harness {

/// What a kernel gets wrong on a case: "false-negative face_a",
/// "false-positive", "threw", "wrong-contact", …; nullopt when its verdict is
/// not gross (or the case is not valid for its scalar).
std::optional<std::string> gross_kind(const KernelInfo& kernel, const ShapePair& pair,
                                      const std::optional<LinearMotiond>& motion);

/// The kind of a static kernel's gross judgement already made (as gross_kind
/// names it): callers that judged the case need not judge it again.
std::string static_gross_kind(const KernelInfo& kernel, const KernelJudgement& run);

/// "<kernel> <query> <family> <kind>".
std::string gross_signature(const KernelInfo& kernel, std::string_view family, std::string_view kind);

struct Shrunk {
  ShapePair pair;
  std::optional<LinearMotiond> motion;
  std::size_t accepted = 0;  ///< simplifications kept
  std::size_t tried = 0;     ///< candidates judged
};

/// The simplest case found with the same gross_kind as (pair, motion), within
/// `max_tries` judged candidates (deterministic). `kind` is gross_kind of the input.
Shrunk shrink_gross(const KernelInfo& kernel, const ShapePair& pair, const std::optional<LinearMotiond>& motion,
                    const std::string& kind, std::size_t max_tries = 300);

}  // namespace sepax::harness
