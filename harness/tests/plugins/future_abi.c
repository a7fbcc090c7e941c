/* A plugin of a later ABI: it exports sepax_plugin_v3 and no v1 or v2 entry.
 * load_plugin must refuse it naming the versions. */
#include <stddef.h>

struct future_plugin {
  int abi_version;
  const char* name;
};
static const struct future_plugin plugin = {3, "future"};

__attribute__((visibility("default"))) const struct future_plugin* sepax_plugin_v3(void) { return &plugin; }
