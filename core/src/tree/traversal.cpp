// Explicit float/double instantiations of the tree queries (Eberly §7).
#include "sepax/core/tree/traversal.hpp"

namespace sepax::tree {

template bool test_intersection<float>(const ObbTree<float>&, const ObbTree<float>&, const Pose&, int);
template bool test_intersection<double>(const ObbTree<double>&, const ObbTree<double>&, const Pose&, int);
template std::vector<TrianglePair> collect_intersections<float>(const ObbTree<float>&, const ObbTree<float>&,
                                                                const Pose&);
template std::vector<TrianglePair> collect_intersections<double>(const ObbTree<double>&, const ObbTree<double>&,
                                                                 const Pose&);

}  // namespace sepax::tree
