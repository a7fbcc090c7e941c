// The motion family's public entry point and mode names; the constructions
// are in family_motion.cpp and motion_pass_through.cpp.
#include "sepax/generators/motion_case.hpp"

#include <array>

#include "families/families.hpp"

namespace sepax::gen {
namespace {

constexpr std::array kModes{MotionMode::zero_velocity,    MotionMode::zero_duration,
                            MotionMode::contact_at_start, MotionMode::overlapping_at_start,
                            MotionMode::contact_at_end,   MotionMode::grazing,
                            MotionMode::parallel_to_face, MotionMode::parallel_to_edge,
                            MotionMode::pass_through};

}  // namespace

std::string_view to_string(MotionMode mode) {
  switch (mode) {
    case MotionMode::zero_velocity:
      return "zero-velocity";
    case MotionMode::zero_duration:
      return "zero-duration";
    case MotionMode::contact_at_start:
      return "contact-at-start";
    case MotionMode::overlapping_at_start:
      return "overlapping-at-start";
    case MotionMode::contact_at_end:
      return "contact-at-end";
    case MotionMode::grazing:
      return "grazing";
    case MotionMode::parallel_to_face:
      return "parallel-to-face";
    case MotionMode::parallel_to_edge:
      return "parallel-to-edge";
    case MotionMode::pass_through:
      return "pass-through";
  }
  return "?";
}

std::span<const MotionMode> all_motion_modes() { return kModes; }

MotionCase generate_motion_case(Query query, ScalarKind scalar, Source& source) {
  return detail::generate_motion(query, scalar, source);
}

MotionCase generate_motion_case(Query query, ScalarKind scalar, std::uint64_t seed,
                                std::uint64_t index) {
  SeededSource source(seed, index);
  return generate_motion_case(query, scalar, source);
}

}  // namespace sepax::gen
