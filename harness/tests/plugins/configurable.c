/* A plugin whose description and behaviour the test rewrites before each
 * load: the test dlopens this same module (the loader's dlopen then returns
 * the same handle, so the same globals) and sets `configurable_plugin`,
 * `configurable_kernels` and `configurable_behaviour`. One module covers
 * every field load_plugin checks and every answer the entries read. */
#include "sepax/sepax_plugin.h"

/* What every batch function does; the test sets it. */
enum behaviour {
  ANSWER_MEETS = 0,   /* test modes: meets = 1; find: first_contact at 0.25, point (1, 2, 3) */
  ANSWER_APART = 1,   /* test modes: meets = 0; find: separated_throughout */
  FAIL_MESSAGE = 2,   /* status 7 with a message */
  FAIL_SILENT = 3,    /* status 1, no message */
  SKIP_OUTPUT = 4,    /* status 0 but writes nothing */
  ANSWER_BAD = 5      /* meets = 2, state = 9 */
};
SEPAX_PLUGIN_EXPORT int configurable_behaviour = ANSWER_MEETS;
/* How many pairs the last call had, and whether motion was non-NULL. */
SEPAX_PLUGIN_EXPORT size_t configurable_last_n = 0;
SEPAX_PLUGIN_EXPORT int configurable_last_motion = 0;

static int batch(void* user, size_t n, const void* a, const void* b, const void* motion, const sepax_output* out,
                 const char** message) {
  size_t i;
  (void)user;
  (void)a;
  (void)b;
  configurable_last_n = n;
  configurable_last_motion = motion != NULL;
  switch (configurable_behaviour) {
    case FAIL_MESSAGE: *message = "configurable: asked to fail"; return 7;
    case FAIL_SILENT: return 1;
    case SKIP_OUTPUT: return 0;
    default: break;
  }
  for (i = 0; i < n; ++i) {
    const int meets = configurable_behaviour == ANSWER_MEETS;
    if (out->meets) out->meets[i] = configurable_behaviour == ANSWER_BAD ? 2 : (unsigned char)meets;
    if (out->state) {
      out->state[i] = configurable_behaviour == ANSWER_BAD ? 9
                      : meets ? SEPAX_STATE_FIRST_CONTACT : SEPAX_STATE_SEPARATED_THROUGHOUT;
      /* The scalar is the kernel's; `user` says which (NULL: double). */
      if (user) {
        ((float*)out->time)[i] = 0.25f;
        ((float*)out->point)[3 * i] = 1, ((float*)out->point)[3 * i + 1] = 2, ((float*)out->point)[3 * i + 2] = 3;
      } else {
        ((double*)out->time)[i] = 0.25;
        ((double*)out->point)[3 * i] = 1, ((double*)out->point)[3 * i + 1] = 2, ((double*)out->point)[3 * i + 2] = 3;
      }
    }
  }
  return 0;
}

/* A marker for float kernels' `user` pointer. */
SEPAX_PLUGIN_EXPORT int configurable_float_marker = 0;
SEPAX_PLUGIN_EXPORT sepax_batch_fn configurable_batch = batch;
SEPAX_PLUGIN_EXPORT sepax_kernel configurable_kernels[8];
SEPAX_PLUGIN_EXPORT sepax_plugin configurable_plugin = {SEPAX_PLUGIN_ABI_V1, "configurable", 0,
                                                        configurable_kernels};
/* What the entry returns: &configurable_plugin, or NULL when the test says so. */
SEPAX_PLUGIN_EXPORT int configurable_return_null = 0;

SEPAX_PLUGIN_EXPORT const sepax_plugin* sepax_plugin_v1(void) {
  return configurable_return_null ? NULL : &configurable_plugin;
}
