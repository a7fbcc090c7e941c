#pragma once
/// \file Turns a failed SEPAX_ASSERT into an exception, so that one bad case
/// (a kernel's precondition firing on generated input) becomes a reported
/// finding with a replay file instead of an abort that loses the whole run.
#include <stdexcept>

namespace sepax::cli {

/// What a failed SEPAX_ASSERT throws once throw_on_assert() is installed.
class AssertionFailure : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Installs the throwing handler for the rest of the process.
void throw_on_assert();

}  // namespace sepax::cli
