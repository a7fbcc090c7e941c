/* A plugin of a later ABI: it exports sepax_plugin_v2 and no v1 entry.
 * load_plugin must refuse it naming both versions. */
#include <stddef.h>

struct future_plugin {
  int abi_version;
  const char* name;
};
static const struct future_plugin plugin = {2, "future"};

__attribute__((visibility("default"))) const struct future_plugin* sepax_plugin_v2(void) { return &plugin; }
