#pragma once
/// \file
/// Moving collision queries over two OBB trees (Eberly §7 with §7.2's
/// time and point): tree A stays where it is, tree B starts where a Pose places
/// it and moves over [0, dt] with constant linear velocity v and constant
/// angular velocity ω about its placed origin K = pose.translation:
///   X(t) = K + t·v + R(ω t)·(X0 − K),   X0 = R_pose x + t_pose.
///
/// Node test: obb_obb::test_moving (Eberly §2.2.2: the boxes' projections swept
/// along v) on A's box and B's posed box, grown
///  - for rounding, like the static traversal (posing.hpp), and by 64·u_S·|v|·dt
///    for the moving kernel's arithmetic on the displacement;
///  - when ω ≠ 0, by |ω|·dt·(|c − K| + r) (c, r: the posed box's center and
///    ball radius): a point at distance ρ from K leaves its translated path by
///    |R(ω t)y − y| ≤ |ω|·t·ρ, so the translated, grown box sweeps over the
///    rotating one. The node test never drops a pair that touches.
/// Leaf test: with ω = 0, tri_tri::find_first_contact over the remaining
/// interval (exact up to the kernels' rounding band); with ω ≠ 0,
/// tri_tri::find_first_contact_general with `steps` constant-velocity steps
/// (Eberly §5; general_motion.hpp says how far its times and points may be off).
///
/// Contacts carry the time, the point (in A's frame), the triangle pair and the
/// two normals at the point (Eberly §7.2): a triangle's unit plane normal, and at
/// the depth limit a box's normal taken as the normal of the box's inscribed
/// ellipsoid through the point ("box normals as ellipsoid normals").
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include <Eigen/Geometry>

#include "sepax/core/moving/general_motion.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/moving/tri_tri_moving.hpp"
#include "sepax/core/numeric/round_up.hpp"
#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/posing.hpp"
#include "sepax/core/tree/traversal.hpp"

namespace sepax::tree {

/// B's motion relative to A over [0, dt] (see the file comment).
struct TreeMotion {
  Vec3<double> velocity = Vec3<double>::Zero();  ///< v, in A's frame
  Vec3<double> angular = Vec3<double>::Zero();   ///< ω, radians per unit time, about B's placed origin
  double dt = 0;                                 ///< the interval [0, dt], dt ≥ 0
  int steps = 64;  ///< constant-velocity steps of a leaf test when ω ≠ 0 (Eberly §5)
};

/// One contact (Eberly §7.2's callback arguments).
struct TreeContact {
  TrianglePair pair{};            ///< mesh indices; node indices when depth_limited
  double time = 0;                ///< first time the two touch, in [0, dt]
  bool has_point = false;         ///< false: overlapping at time 0 (no single contact point)
  Vec3<double> point = Vec3<double>::Zero();     ///< in A's frame, at `time`
  Vec3<double> normal_a = Vec3<double>::Zero();  ///< unit, of A's triangle (or box) at the point
  Vec3<double> normal_b = Vec3<double>::Zero();  ///< unit, of B's triangle (or box) at `time`
  bool depth_limited = false;     ///< two boxes at the depth limit, not two triangles
};

/// The unit normal at p of the ellipsoid inscribed in the box (semi-axes the
/// extents): Σ (y_i / e_i²) A_i with y_i = A_i·(p − C), normalised (Eberly §7.2).
/// A zero extent (a flat box) gives its axis the weight of p's side; the
/// center itself gives A_0.
template <class S>
Vec3<double> ellipsoid_normal(const Obb3<S>& box, const Vec3<double>& p) {
  const Vec3<double> d = p - box.center.template cast<double>();
  Vec3<double> n = Vec3<double>::Zero();
  for (int i = 0; i < 3; ++i) {
    const Vec3<double> axis = box.axes[i].template cast<double>();
    const double y = axis.dot(d), e = double(box.extents[i]);
    n += (e > 0 ? y / (e * e) : (y > 0 ? 1.0 : y < 0 ? -1.0 : 0.0) * 1e300) * axis;
  }
  const double len = n.norm();
  return len > 0 && std::isfinite(len) ? Vec3<double>(n / len) : box.axes[0].template cast<double>().normalized();
}

namespace detail {

template <class S>
Vec3<double> unit_normal(const Triangle3<S>& t) {
  const Vec3<double> v0 = t.vertices[0].template cast<double>();
  const Vec3<double> n = (t.vertices[1].template cast<double>() - v0).cross(t.vertices[2].template cast<double>() - v0);
  const double len = n.norm();
  return len > 0 ? Vec3<double>(n / len) : Vec3<double>::Zero();
}

/// One moving query: B's posed, grown boxes and posed triangles, computed lazily.
template <class S>
class MovingTraversal {
 public:
  MovingTraversal(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose, const TreeMotion& motion)
      : a_(a), b_(b), pose_(pose), posing_(pose), motion_(motion) {
    if (!(motion.dt >= 0) || !std::isfinite(motion.dt) || !motion.velocity.allFinite() || !motion.angular.allFinite())
      throw std::invalid_argument("sepax::tree: moving query needs finite velocities and dt >= 0");
    if (motion.steps < 1) throw std::invalid_argument("sepax::tree: moving query needs steps >= 1");
    const double sweep = motion.velocity.norm() * motion.dt;
    slack_ = posing_.slack_for_scale(a.box_scale + sweep);
    rotating_ = motion.angular.squaredNorm() > 0;
    box_.resize(b.nodes.size());
    box_ready_.assign(b.nodes.size(), 0);
    tri_.resize(b.triangles.size());
    tri_ready_.assign(b.triangles.size(), 0);
  }

  /// Every node pair that may touch before `horizon` (which on_leaf may shrink)
  /// is descended; leaf pairs go to on_leaf(ka, kb, horizon&) → continue?,
  /// node pairs at the depth limit to on_limit(ia, ib, horizon&) → continue?.
  template <class OnLeaf, class OnLimit>
  FindStats run(int depth_limit, double& horizon, OnLeaf&& on_leaf, OnLimit&& on_limit) {
    FindStats st;
    if (a_.empty() || b_.empty()) return st;
    struct Item {
      std::int32_t ia, ib;
      int da, db;
    };
    std::vector<Item> stack{{0, 0, depth_limit, depth_limit}};
    while (!stack.empty()) {
      const Item it = stack.back();
      stack.pop_back();
      const Node<S>& na = a_.nodes[it.ia];
      const Node<S>& nb = b_.nodes[it.ib];
      ++st.box_tests;
      if (!boxes_may_touch(na, it.ib, horizon)) continue;
      const bool ca = !na.leaf() && it.da != 0, cb = !nb.leaf() && it.db != 0;
      if (!ca && !cb) {
        bool go_on = true;
        if (na.leaf() && nb.leaf()) {
          for (std::uint32_t ka = na.first; go_on && ka < na.first + na.count; ++ka)
            for (std::uint32_t kb = nb.first; go_on && kb < nb.first + nb.count; ++kb) {
              ++st.triangle_tests;
              go_on = on_leaf(ka, kb, horizon);
            }
        } else {
          ++st.depth_limited_hits;
          go_on = on_limit(it.ia, it.ib, horizon);
        }
        if (!go_on) {
          st.stopped = true;
          return st;
        }
        continue;
      }
      if (ca && (!cb || na.radius >= nb.radius)) {
        stack.push_back({na.left + 1, it.ib, it.da - 1, it.db});
        stack.push_back({na.left, it.ib, it.da - 1, it.db});
      } else {
        stack.push_back({it.ia, nb.left + 1, it.da, it.db - 1});
        stack.push_back({it.ia, nb.left, it.da, it.db - 1});
      }
    }
    return st;
  }

  /// First contact of A's triangle ka and B's triangle kb within [0, horizon]
  /// (the interval rounded up to S, never shorter: a contact at its end stays inside).
  bool leaf_contact(std::uint32_t ka, std::uint32_t kb, double horizon, TreeContact& out) {
    const Triangle3<S>& ta = a_.triangles[ka];
    const Triangle3<S>& tb = posed_triangle(kb);
    out = {};
    out.pair = {a_.order[ka], b_.order[kb]};
    ContactState state;
    double time = 0;
    Vec3<double> point = Vec3<double>::Zero();
    bool has_point = false;
    if (!rotating_) {
      const LinearMotion<S> m{Vec3<S>::Zero(), motion_.velocity.template cast<S>(), round_up<S>(horizon)};
      const auto r = tri_tri::find_first_contact(ta, tb, m);
      state = r.state;
      time = double(r.time);
      has_point = r.state == ContactState::first_contact;
      point = r.point.template cast<double>();
    } else {
      RigidMotion<S> still, moving;
      still.duration = moving.duration = round_up<S>(horizon);
      moving.center = pose_.translation.template cast<S>();
      moving.linear_velocity = motion_.velocity.template cast<S>();
      moving.angular_velocity = motion_.angular.template cast<S>();
      const int steps = std::max(1, int(std::ceil(motion_.steps * horizon / std::max(motion_.dt, 1e-300))));
      const auto r = tri_tri::find_first_contact_general(ta, still, tb, moving, steps, Integrator::rk4);
      state = r.state;
      time = double(r.time);
      has_point = r.has_point;
      point = r.point.template cast<double>();
    }
    if (state == ContactState::separated_throughout) return false;
    out.time = state == ContactState::overlapping_at_start ? 0.0 : time;
    out.has_point = has_point;
    out.point = point;
    out.normal_a = unit_normal(ta);
    out.normal_b = moved_direction(unit_normal(tb), out.time);
    return true;
  }

  /// First contact of A's node ia and B's node ib (boxes) within [0, horizon].
  bool box_contact(std::int32_t ia, std::int32_t ib, double horizon, TreeContact& out) {
    const Obb3<S>& a = a_.nodes[ia].box;
    const Obb3<S>& b = posed_box(ib);
    const LinearMotion<S> m{Vec3<S>::Zero(), motion_.velocity.template cast<S>(), round_up<S>(horizon)};
    const auto r = obb_obb::find_first_contact(a, b, m);
    if (r.state == ContactState::separated_throughout && !rotating_) return false;
    out = {};
    out.depth_limited = true;
    out.pair = {std::uint32_t(ia), std::uint32_t(ib)};
    out.time = r.state == ContactState::first_contact ? double(r.time) : 0.0;
    out.has_point = r.state == ContactState::first_contact;
    out.point = r.point.template cast<double>();
    if (out.has_point) {
      Obb3<S> moved = b;
      moved.center = (b.center.template cast<double>() + out.time * motion_.velocity).template cast<S>();
      out.normal_a = ellipsoid_normal(a, out.point);
      out.normal_b = ellipsoid_normal(moved, out.point);
    }
    return true;
  }

  const Triangle3<S>& posed_triangle(std::uint32_t kb) {
    if (!tri_ready_[kb]) {
      tri_[kb] = posing_.triangle(b_.triangles[kb]);
      tri_ready_[kb] = 1;
    }
    return tri_[kb];
  }

 private:
  /// B's box posed and grown for rounding, the sweep's arithmetic and the rotation.
  const Obb3<S>& posed_box(std::int32_t ib) {
    if (!box_ready_[ib]) {
      const Node<S>& n = b_.nodes[ib];
      double extra = slack_;
      if (rotating_) {
        const Obb3<S> plain = posing_.box(n.box, slack_);
        const double rho = (plain.center.template cast<double>() - pose_.translation).norm() +
                           double(posing_.radius(n.radius, n.box, slack_));
        extra += motion_.angular.norm() * motion_.dt * rho * (1 + 1e-12);
      }
      box_[ib] = posing_.box(n.box, extra);
      box_ready_[ib] = 1;
    }
    return box_[ib];
  }

  bool boxes_may_touch(const Node<S>& na, std::int32_t ib, double horizon) {
    const LinearMotion<S> m{Vec3<S>::Zero(), motion_.velocity.template cast<S>(), round_up<S>(horizon)};
    return obb_obb::test_moving(na.box, posed_box(ib), m).intersects;
  }

  /// A direction of B at time t (rotated by R(ω t) when B spins).
  Vec3<double> moved_direction(const Vec3<double>& d, double t) const {
    if (!rotating_ || t == 0) return d;
    const double angle = motion_.angular.norm() * t;
    const Eigen::AngleAxisd r(angle, motion_.angular.normalized());
    return r * d;
  }

  const ObbTree<S>& a_;
  const ObbTree<S>& b_;
  Pose pose_;
  Posing<S> posing_;
  TreeMotion motion_;
  double slack_ = 0;
  bool rotating_ = false;
  std::vector<Obb3<S>> box_;
  std::vector<char> box_ready_;
  std::vector<Triangle3<S>> tri_;
  std::vector<char> tri_ready_;
};

}  // namespace detail

/// Do the meshes touch at some time in [0, dt]? (Eberly §7.1 TestCollision with
/// moving tests at every level.) With a depth limit, boxes overlapping at the
/// limit count as a collision (conservative).
template <class S>
bool test_intersection_moving(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b, const TreeMotion& motion,
                              int depth_limit = -1) {
  detail::MovingTraversal<S> t(a, b, pose_b, motion);
  double horizon = motion.dt;
  TreeContact c;
  return t
      .run(depth_limit, horizon, [&](std::uint32_t ka, std::uint32_t kb, double& h) { return !t.leaf_contact(ka, kb, h, c); },
           [&](std::int32_t, std::int32_t, double&) { return false; })
      .stopped;
}

/// Eberly §7.2 FindCollision: on_contact(const TreeContact&) → continue? for
/// every triangle pair that touches in [0, dt] (each once, with its own first
/// time, point and normals), and at a depth limit for every node pair whose
/// boxes touch (depth_limited, box normals as ellipsoid normals).
template <class S, class OnContact>
FindStats find_contacts_moving(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b, const TreeMotion& motion,
                               OnContact&& on_contact, int depth_limit = -1) {
  detail::MovingTraversal<S> t(a, b, pose_b, motion);
  double horizon = motion.dt;
  TreeContact c;
  return t.run(
      depth_limit, horizon,
      [&](std::uint32_t ka, std::uint32_t kb, double& h) { return !t.leaf_contact(ka, kb, h, c) || on_contact(c); },
      [&](std::int32_t ia, std::int32_t ib, double& h) { return !t.box_contact(ia, ib, h, c) || on_contact(c); });
}

/// The first contact over all triangle pairs (the smallest time; among equal
/// times, the smallest pair): branch and bound, every node test run over
/// [0, best time so far]. No contact in [0, dt]: nullopt.
template <class S>
std::optional<TreeContact> find_first_contact(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b,
                                              const TreeMotion& motion) {
  detail::MovingTraversal<S> t(a, b, pose_b, motion);
  double horizon = motion.dt;
  std::optional<TreeContact> best;
  TreeContact c;
  t.run(-1, horizon,
        [&](std::uint32_t ka, std::uint32_t kb, double& h) {
          if (!t.leaf_contact(ka, kb, h, c)) return true;
          if (!best || c.time < best->time || (c.time == best->time && c.pair < best->pair)) {
            best = c;
            h = c.time;
          }
          return true;
        },
        [](std::int32_t, std::int32_t, double&) { return true; });
  return best;
}

}  // namespace sepax::tree
