#pragma once
/// \file What a fuzz target does with a finding (an oracle disagreement or
/// failure, a kernel's gross verdict, a throw, a hang): count it by its
/// signature (kernel, query, family, what went wrong — as `verify` names
/// them), write the first case of each signature as a replayable case file
/// under $SEPAX_FUZZ_FINDINGS (default ./fuzz-findings) with the `sepax check`
/// command that replays it, print the counts at exit, and stop the fuzzer when
/// $SEPAX_FUZZ_ABORT says so: `sepax` (default: sepax's kernels and the
/// oracles), `all` (peers too), `none` — except for the signatures listed in
/// the file $SEPAX_FUZZ_KNOWN (one a line), which never stop it.
#include <string>
#include <string_view>

#include "fuzz_case.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/case_watchdog.hpp"

namespace sepax::fuzz {

/// Records a finding; `gated`: one that stops the fuzzer under the default
/// policy (sepax's kernels, the oracles). `kernel` (when set) shrinks the case
/// written for a new signature.
void found(const std::string& signature, bool gated, const FuzzCase& c, const KernelInfo* kernel,
           const std::string& detail);

/// "<kernel id> <query> <family> <what>".
std::string signature(const KernelInfo& k, const FuzzCase& c, std::string_view what);
/// A finding of this kernel stops the fuzzer under the default policy.
bool gated(const KernelInfo& k);

/// The watchdog every oracle and kernel call runs under: a call that has not
/// returned after $SEPAX_FUZZ_CALL_TIMEOUT seconds (10) is a `hang` finding of
/// the case being judged (set it with CurrentCase) and stops the fuzzer.
harness::CaseWatchdog& watchdog();
/// The watchdog group of the query and mode.
const harness::CaseIdentity& identity(Query query, bool moving);

/// Names the case being judged for the watchdog's report, for its lifetime.
class CurrentCase {
 public:
  explicit CurrentCase(const FuzzCase& c);
  ~CurrentCase();
  CurrentCase(const CurrentCase&) = delete;
  CurrentCase& operator=(const CurrentCase&) = delete;
};

}  // namespace sepax::fuzz
