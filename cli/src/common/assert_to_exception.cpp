#include "common/assert_to_exception.hpp"

#include <string>

#include "sepax/core/numeric/assert.hpp"

namespace sepax::cli {
namespace {

[[noreturn]] void throw_assertion(const char* expression, const char* message,
                                  const SourceLocation& where) {
  throw AssertionFailure(std::string("assertion failed: ") + expression + " (" + message + ") at " +
                         where.file_name() + ":" + std::to_string(where.line()));
}

}  // namespace

void throw_on_assert() { set_assert_handler(&throw_assertion); }

}  // namespace sepax::cli
