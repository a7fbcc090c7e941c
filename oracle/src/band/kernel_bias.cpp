// The band a kernel's deliberate bias opens, derived from its method
// (classify.hpp documents the derivation), and the check of a kernel's claim.
#include <cmath>
#include <sstream>
#include <string>

#include "sepax/oracle/classify.hpp"

namespace sepax::oracle {
namespace {

/// Joins the pieces into one message (numbers to 3 significant digits).
template <class... Parts>
std::string message(const Parts&... parts) {
  std::ostringstream out;
  out.precision(3);
  (out << ... << parts);
  return out.str();
}

const char* describe(BiasMethod m) {
  switch (m) {
    case BiasMethod::none: return "no bias (exact up to rounding)";
    case BiasMethod::epsilon_on_rotation: return "epsilon added to every |R_ij| (Gottschalk)";
    case BiasMethod::epsilon_on_plane_distances: return "plane distances below epsilon taken as 0 (Moller)";
  }
  return "unknown method";
}

}  // namespace

double method_bias(const KernelBias& bias) {
  if (!(std::isfinite(bias.epsilon) && bias.epsilon >= 0))
    throw BiasRefused(message("bias epsilon ", bias.epsilon, " is not a finite number >= 0"));
  switch (bias.method) {
    case BiasMethod::none:
      if (bias.epsilon != 0)
        throw BiasRefused(message("bias epsilon ", bias.epsilon, " given with method none"));
      return 0;
    case BiasMethod::epsilon_on_rotation:
    case BiasMethod::epsilon_on_plane_distances:
      return std::sqrt(bias.epsilon);
  }
  throw BiasRefused("unknown bias method");
}

double granted_bias(const KernelBias& bias) {
  const double derived = method_bias(bias);
  if (!bias.claimed) return derived;
  const double claim = *bias.claimed;
  if (!(std::isfinite(claim) && claim >= 0))
    throw BiasRefused(message("claimed bias ", claim, " is not a finite number >= 0"));
  if (claim > derived)
    throw BiasRefused(message("claimed bias ", claim, " (of the shape size) is wider than its method allows: ",
                              describe(bias.method), " with epsilon ", bias.epsilon, " opens at most ", derived));
  return claim;
}

}  // namespace sepax::oracle
