#pragma once
/// \file
/// How a kernel is deliberately lenient, as its method documents it.
///
/// Some SAT tests bias their arithmetic on purpose so that nearly degenerate
/// pairs come out "touching" (Gaul, "numeric stability": Gottschalk's ε added
/// to every |c_ij|). Such a kernel reports intersecting for pairs that are
/// slightly apart, by design. The kernel says which method it uses and with
/// what ε; how wide a band that opens is derived by the judge
/// (oracle::method_bias), never set by the kernel's author.
#include <cstdint>
#include <optional>

namespace sepax {

enum class BiasMethod : std::uint8_t {
  /// Exact up to rounding: no allowance beyond the rounding band.
  none,
  /// ε added to every |R_ij| (the absolute relative rotation) before the
  /// radii are formed, strict '>' (Gottschalk; Gaul; RAPID, FCL, Bullet).
  epsilon_on_rotation,
  /// Signed distances to the other triangle's (unnormalised) plane below ε
  /// taken as 0 (Möller's USE_EPSILON_TEST).
  epsilon_on_plane_distances,
};

struct KernelBias {
  BiasMethod method = BiasMethod::none;
  /// The method's ε, exactly as the kernel uses it.
  double epsilon = 0;
  /// The band the kernel's author says it needs, relative to the larger
  /// shape's size. Absent: whatever the method opens. A claim wider than the
  /// method's is refused by the judge (oracle::granted_bias).
  std::optional<double> claimed;
};

}  // namespace sepax
