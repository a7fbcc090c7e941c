#pragma once
/// \file
/// Which pair of shapes a case asks about, and the pair itself.
#include <optional>
#include <string_view>
#include <vector>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax {

/// The pair order is fixed: tri_obb, never obb_tri (STYLE.md, Names).
enum class Query { obb_obb, tri_obb, tri_tri };

constexpr std::string_view to_string(Query q) {
  switch (q) {
    case Query::obb_obb: return "obb_obb";
    case Query::tri_obb: return "tri_obb";
    case Query::tri_tri: return "tri_tri";
  }
  return "?";
}

constexpr std::optional<Query> parse_query(std::string_view s) {
  if (s == "obb_obb") return Query::obb_obb;
  if (s == "tri_obb") return Query::tri_obb;
  if (s == "tri_tri") return Query::tri_tri;
  return std::nullopt;
}

/// Two shapes stored in double (float data is stored exactly). `query` says
/// which members are meaningful:
///   obb_obb: obb_a, obb_b;   tri_obb: tri_a, obb_b;   tri_tri: tri_a, tri_b.
struct ShapePair {
  Query query = Query::obb_obb;
  Triangle3d tri_a, tri_b;
  Obb3d obb_a, obb_b;
};

/// Where the pair's two shapes are: the boxes' centres and the triangles'
/// vertices, shape a's first (what a translation of the scene moves; axes
/// and extents stay).
inline std::vector<Vec3<double>*> positions(ShapePair& p) {
  std::vector<Vec3<double>*> out;
  const auto box = [&](Obb3d& b) { out.push_back(&b.center); };
  const auto tri = [&](Triangle3d& t) {
    for (Vec3<double>& v : t.vertices) out.push_back(&v);
  };
  switch (p.query) {
    case Query::obb_obb: box(p.obb_a), box(p.obb_b); break;
    case Query::tri_obb: tri(p.tri_a), box(p.obb_b); break;
    case Query::tri_tri: tri(p.tri_a), tri(p.tri_b); break;
  }
  return out;
}

}  // namespace sepax
