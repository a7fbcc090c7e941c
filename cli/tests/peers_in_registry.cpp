// The command registers the peer libraries' kernels at start (main.cpp), so
// the tests that compare its output with the registry register them too,
// before any test reads the registry.
#if SEPAX_HAVE_PEERS
#include "sepax/peers/peers.hpp"

namespace {
[[maybe_unused]] const bool registered = (sepax::peers::register_peer_kernels(), true);
}  // namespace
#endif
