#pragma once
/// \file The `sepax` command line (check, verify, report, gate) as a function,
/// so that a program which registers kernels of its own first (sepax's main
/// registers the peers; the CLI tests register deliberately wrong kernels)
/// runs exactly the commands users run.
namespace sepax::cli {

/// Parses argv and runs the command; returns the exit status. Call after
/// every sepax::register_kernels.
int run_command_line(int argc, char** argv);

}  // namespace sepax::cli
