#pragma once
/// \file
/// Why a pair query's kernel (a manifold, a sweep, a sphere test, an
/// enclosure; harness/query/) was judged gross, in the vocabulary of
/// explain/cause.hpp where it applies, decided from the exact verdict and the
/// judge's reason, never from what the kernel says about itself:
///
/// | cause            | when                                                              |
/// |------------------|-------------------------------------------------------------------|
/// | threw            | the kernel threw or reported an error                             |
/// | convention       | the shapes exactly touch (margin 0) and the kernel calls them apart |
/// | false-separation | called apart, though they overlap beyond the band                 |
/// | false-contact    | called meeting, though they are apart beyond the band             |
/// | wrong-contact    | meeting on both sides, but the time, depth, normal or points wrong |
/// | wrong-enclosure  | an enclosing box that does not contain the shape                  |
/// | loose-enclosure  | an enclosing box larger than the band allows                      |
/// | unknown          | none of the above                                                 |
#include <optional>
#include <string>

#include "sepax/harness/query/pair_query.hpp"

namespace sepax::harness {

struct QueryCause {
  std::string cause = "unknown";
  std::string detail;  ///< the exact quantities behind it
  std::string fix;     ///< what the kernel's author can do
};

/// The cause of a gross verdict `v` (judge's margin and band relative to the
/// shapes' size); `error` non-empty: the kernel threw it.
QueryCause explain_query_verdict(const std::string& error, bool says_meets, bool truly_meets, const QueryVerdict& v);

}  // namespace sepax::harness
