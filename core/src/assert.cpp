#include "sepax/core/numeric/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace sepax {
namespace {

void default_handler(const char* expression, const char* message,
                     const SourceLocation& where) {
  std::fprintf(stderr, "%s:%u: sepax assertion failed: %s (%s)\n", where.file_name(),
               static_cast<unsigned>(where.line()), expression, message);
  std::abort();
}

AssertHandler g_handler = &default_handler;

}  // namespace

AssertHandler set_assert_handler(AssertHandler handler) {
  AssertHandler old = g_handler;
  g_handler = handler ? handler : &default_handler;
  return old;
}

void assert_failed(const char* expression, const char* message,
                   const SourceLocation& where) {
  g_handler(expression, message, where);
  // A handler that returns would let a kernel run on broken input.
  std::abort();
}

}  // namespace sepax
