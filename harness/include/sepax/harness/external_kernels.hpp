#pragma once
/// \file
/// Kernels in another process: `command` is started through /bin/sh,
/// and sepax speaks the protocol documented in docs/your-kernel.md ("An
/// external process, any language") over its stdin/stdout, in batches. Each
/// kernel the process announces becomes a registry entry (KernelInfo) whose
/// ids are "<name the process gives>/<kernel name>/<scalar>".
#include <string>
#include <vector>

#include "sepax/harness/kernel_set.hpp"

namespace sepax::harness {

/// Starts the process, reads its announcement (protocol version 1 or 2) and
/// returns its kernels: the SAT queries' ready for sepax::register_kernels,
/// the other queries' (version 2) for register_query_kernels. The process lives as long as the returned
/// entries (they share its ownership); calls from several threads are
/// serialised. Throws InputError naming the command and what went wrong
/// (could not start, exited, a malformed or unknown announcement); a process
/// that dies or answers malformed lines later makes the call throw, which the
/// campaign reports as that case's error.
KernelSet start_external(const std::string& command);

}  // namespace sepax::harness
