/* A shared library that is not a sepax plugin: it exports a function, but
 * not sepax_plugin_v1. load_plugin must say so. */
__attribute__((visibility("default"))) int not_a_sepax_entry(void) { return 42; }
