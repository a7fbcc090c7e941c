#pragma once
/// \file
/// Poses of mesh B in mesh A's frame, one a line (JSON Lines), for
/// `sepax mesh-check` and anyone who judges trees on their own poses:
///
///   {"id": "p1", "pose": [[r00, r01, r02, t0], [r10, r11, r12, t1], [r20, r21, r22, t2]]}
///
/// B's vertex x is placed at R x + t. Numbers are JSON numbers or C99
/// hex-float strings ("0x1.8p-3", exact). Optional, for moving poses:
/// "velocity" [vx, vy, vz] (B's linear velocity relative to A), "angular"
/// [wx, wy, wz] (B's angular velocity, radians per unit time, about B's placed
/// origin) and "dt" > 0 (the interval [0, dt]); velocity needs dt. Blank lines
/// and lines starting with '#' are skipped. Missing "id": "line N".
///
/// Refusals are InputError "FILE:LINE: FIELD = VALUE: reason": not JSON, an
/// unknown field (most likely a typo), a wrong shape, NaN or infinite numbers,
/// a rotation that is not one (|RᵀR − I| > 1e-6 or det R < 0), dt ≤ 0, a
/// duplicate id.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/harness/input_error.hpp"

namespace sepax::harness {

struct MeshPose {
  std::string id;
  std::size_t line = 0;  ///< 1-based line in the file
  Pose pose;
  std::optional<Vec3<double>> velocity;  ///< moving: linear velocity of B relative to A
  std::optional<Vec3<double>> angular;   ///< moving: angular velocity of B
  std::optional<double> dt;              ///< moving: the interval [0, dt]
  bool moving() const { return dt.has_value(); }
};

/// How far from orthonormal a pose's rotation may be (max |RᵀR − I|).
inline constexpr double kPoseRotationTolerance = 1e-6;

std::vector<MeshPose> read_pose_file(const std::filesystem::path& path);

/// The poses in `text`; `name` is used in error messages only.
std::vector<MeshPose> parse_poses(std::string_view text, const std::string& name);

/// One pose line in the format above (what `sepax mesh-check` accepts), numbers as hex floats.
std::string pose_line(const MeshPose& pose);

}  // namespace sepax::harness
