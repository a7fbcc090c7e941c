// The `sepax` command: sepax's kernels and, when built, the peer libraries'.
#include "common/command_line.hpp"
#if SEPAX_HAVE_PEERS
#include "sepax/peers/peers.hpp"
#endif

int main(int argc, char** argv) {
#if SEPAX_HAVE_PEERS
  // Other libraries' kernels join sepax's before anything reads the registry.
  sepax::peers::register_peer_kernels();
#endif
  return sepax::cli::run_command_line(argc, argv);
}
