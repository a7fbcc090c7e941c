#pragma once
/// \file SEPAX_ASSERT: precondition checks at kernel entry, through a hook
/// that tests can intercept (Jolt's AssertFailed, Box2D's b2Assert).
#include <source_location>

namespace sepax {

/// Called on a failed SEPAX_ASSERT. The default prints and aborts; tests may
/// install a handler that throws instead.
using AssertHandler = void (*)(const char* expression, const char* message,
                               const std::source_location& where);
AssertHandler set_assert_handler(AssertHandler handler);
[[noreturn]] void assert_failed(const char* expression, const char* message,
                                const std::source_location& where = std::source_location::current());

}  // namespace sepax

#ifdef NDEBUG
#define SEPAX_ASSERT(cond, msg) ((void)0)
#else
#define SEPAX_ASSERT(cond, msg) \
  ((cond) ? (void)0 : ::sepax::assert_failed(#cond, msg, std::source_location::current()))
#endif
