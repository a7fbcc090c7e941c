#pragma once
/// \file
/// SEPAX_ASSERT: precondition checks at kernel entry, through a hook
/// that tests can intercept (Jolt's AssertFailed, Box2D's b2Assert).
namespace sepax {

/// Where an assertion failed: std::source_location's interface, from the
/// builtins GCC and clang share (clang 14, Debian 12's fuzzing compiler, has
/// no std::source_location with libstdc++).
class SourceLocation {
 public:
  static constexpr SourceLocation current(const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(),
                                          const char* function = __builtin_FUNCTION()) {
    return SourceLocation(file, line, function);
  }
  constexpr const char* file_name() const { return file_; }
  constexpr unsigned line() const { return line_; }
  constexpr const char* function_name() const { return function_; }

 private:
  constexpr SourceLocation(const char* file, unsigned line, const char* function)
      : file_(file), line_(line), function_(function) {}
  const char* file_;
  unsigned line_;
  const char* function_;
};

/// Called on a failed SEPAX_ASSERT. The default prints and aborts; tests may
/// install a handler that throws instead.
using AssertHandler = void (*)(const char* expression, const char* message,
                               const SourceLocation& where);
AssertHandler set_assert_handler(AssertHandler handler);
[[noreturn]] void assert_failed(const char* expression, const char* message,
                                const SourceLocation& where = SourceLocation::current());

}  // namespace sepax

#ifdef NDEBUG
#define SEPAX_ASSERT(cond, msg) ((void)0)
#else
#define SEPAX_ASSERT(cond, msg) \
  ((cond) ? (void)0 : ::sepax::assert_failed(#cond, msg, ::sepax::SourceLocation::current()))
#endif
