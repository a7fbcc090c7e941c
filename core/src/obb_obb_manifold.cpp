// OBB–OBB contact manifold: find_manifold_impl.hpp holds the body; here the
// baseline copies and the choice of the AVX copy for double.
#include "manifold/find_manifold_impl.hpp"

namespace sepax::obb_obb {

template <class S>
Manifold<S> find_manifold(const Obb3<S>& a, const Obb3<S>& b) {
#if !defined(__AVX__) && defined(__x86_64__)
  if constexpr (std::is_same_v<S, double>)
    if (kCpuHasAvx2) return detail::find_manifold_avx(a, b);
#endif
  return manifold::find_manifold_lanes(a, b);
}

namespace detail {
template <class S>
Manifold<S> find_manifold_baseline(const Obb3<S>& a, const Obb3<S>& b) {
  return manifold::find_manifold_lanes(a, b);
}
template Manifold<float> find_manifold_baseline(const Obb3<float>&, const Obb3<float>&);
template Manifold<double> find_manifold_baseline(const Obb3<double>&, const Obb3<double>&);
}  // namespace detail

template Manifold<float> find_manifold(const Obb3<float>&, const Obb3<float>&);
template Manifold<double> find_manifold(const Obb3<double>&, const Obb3<double>&);

}  // namespace sepax::obb_obb
