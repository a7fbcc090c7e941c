#include "inprocess_kernel.hpp"

#include <stdexcept>
#include <vector>

#include "inprocess_obb_sat.h"

namespace sepax::bench {
namespace {

constexpr std::size_t box_scalars = 15;  // sepax_plugin.h: center, A0, A1, A2, extents

void put(const Obb3d& box, double* out) {
  for (int k = 0; k < 3; ++k) out[k] = box.center[k];
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) out[3 + 3 * i + k] = box.axes[i][k];
  for (int i = 0; i < 3; ++i) out[12 + i] = box.extents[i];
}

/// One pair through the C code; it refuses non-finite input as the plugin does.
bool meets(const double* a, const double* b) {
  unsigned char m = 0;
  if (sepax_bench_inprocess_obb_sat_double(1, a, b, &m) != 0)
    throw std::runtime_error("inprocess/obb_sat/double: input is not finite");
  return m != 0;
}

}  // namespace

KernelInfo inprocess_obb_sat_double() {
  KernelInfo k;
  k.id = "inprocess/obb_sat/double";
  k.origin = "inprocess";  // not sepax's kernel: the example plugin's code
  k.query = Query::obb_obb;
  k.scalar = ScalarKind::float64;
  k.bias = KernelBias{BiasMethod::epsilon_on_rotation, 1e-6, std::nullopt};  // as the plugin declares
  k.reports_axis = false;
  k.test = [](const ShapePair& p) {
    double a[box_scalars], b[box_scalars];
    put(p.obb_a, a);
    put(p.obb_b, b);
    StaticOutcome o;
    o.intersects = meets(a, b);
    return o;
  };
  k.prepare_set = [](std::span<const ShapePair> pairs) -> SetRunner {
    std::vector<double> a(pairs.size() * box_scalars), b(pairs.size() * box_scalars);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      put(pairs[i].obb_a, &a[i * box_scalars]);
      put(pairs[i].obb_b, &b[i * box_scalars]);
    }
    return [a = std::move(a), b = std::move(b), n = pairs.size()] {
      std::size_t hits = 0;
      for (std::size_t i = 0; i < n; ++i) hits += meets(&a[i * box_scalars], &b[i * box_scalars]) ? 1 : 0;
      return hits;
    };
  };
  return k;
}

}  // namespace sepax::bench
