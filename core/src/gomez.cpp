// Explicit instantiations of Gomez's tests: template errors surface when the
// library builds.
#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"

namespace sepax {

namespace sphere_plane {
template bool test_static(const Sphere3<float>&, const Plane3<float>&);
template bool test_static(const Sphere3<double>&, const Plane3<double>&);
template bool test_static(const Plane3<float>&, const Sphere3<float>&);
template bool test_static(const Plane3<double>&, const Sphere3<double>&);
template SweepResult<float> sweep(const Sphere3<float>&, const Vec3<float>&, const Plane3<float>&);
template SweepResult<double> sweep(const Sphere3<double>&, const Vec3<double>&, const Plane3<double>&);
}  // namespace sphere_plane

namespace sphere_sphere {
template bool test_static(const Sphere3<float>&, const Sphere3<float>&);
template bool test_static(const Sphere3<double>&, const Sphere3<double>&);
template SweepResult<float> sweep(const Sphere3<float>&, const Vec3<float>&, const Sphere3<float>&,
                                  const Vec3<float>&);
template SweepResult<double> sweep(const Sphere3<double>&, const Vec3<double>&, const Sphere3<double>&,
                                   const Vec3<double>&);
}  // namespace sphere_sphere

namespace aabb_aabb {
template StaticResult<float> test_static(const Aabb3<float>&, const Aabb3<float>&);
template StaticResult<double> test_static(const Aabb3<double>&, const Aabb3<double>&);
template SweepResult<float> sweep(const Aabb3<float>&, const Vec3<float>&, const Aabb3<float>&,
                                  const Vec3<float>&);
template SweepResult<double> sweep(const Aabb3<double>&, const Vec3<double>&, const Aabb3<double>&,
                                   const Vec3<double>&);
}  // namespace aabb_aabb

namespace aabb_sphere {
template bool test_static(const Aabb3<float>&, const Sphere3<float>&);
template bool test_static(const Aabb3<double>&, const Sphere3<double>&);
template bool test_static(const Sphere3<float>&, const Aabb3<float>&);
template bool test_static(const Sphere3<double>&, const Aabb3<double>&);
}  // namespace aabb_sphere

namespace obb_segment {
template StaticResult<float> test_static(const Obb3<float>&, const Segment3<float>&);
template StaticResult<double> test_static(const Obb3<double>&, const Segment3<double>&);
template StaticResult<float> test_static(const Segment3<float>&, const Obb3<float>&);
template StaticResult<double> test_static(const Segment3<double>&, const Obb3<double>&);
}  // namespace obb_segment

template Aabb3<float> obb_to_aabb(const Obb3<float>&);
template Aabb3<double> obb_to_aabb(const Obb3<double>&);

}  // namespace sepax
