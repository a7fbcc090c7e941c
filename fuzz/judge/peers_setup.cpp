// initialize_peers (judge_scope.hpp): the only reference to the peers'
// adapters, linked into the peers_ targets alone.
#include <mutex>

#include "judge_scope.hpp"
#include "sepax/peers/peers.hpp"

namespace sepax::fuzz {

void initialize_peers() {
  static std::once_flag once;
  std::call_once(once, [] { peers::register_peer_kernels(); });
}

}  // namespace sepax::fuzz
