#pragma once
/// \file What built this binary and from which sources, for summary.md: a
/// result is only comparable with another when both are known.
#include <optional>
#include <string>

namespace sepax::cli {

/// "GNU 12.2.0, Release, -O2 -ffp-contract=off ..." (fixed at configure time).
std::string compiler_description();

/// `git rev-parse HEAD` of the source tree this binary was configured from,
/// with " (plus uncommitted changes)" when tracked files differ; nullopt when
/// git or the repository is unavailable.
std::optional<std::string> source_commit();

/// "<host>: <CPU model>, <n> cores, <m> GiB" from /proc (Linux), for reports:
/// timings mean little without the machine that measured them.
std::string machine_description();

/// "sepax 0.1.0 (commit <hash>[ (plus uncommitted changes)])", and the
/// planted bug when the build has one: what `sepax --version` prints.
std::string version_text();

}  // namespace sepax::cli
