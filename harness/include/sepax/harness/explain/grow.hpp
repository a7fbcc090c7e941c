#pragma once
/// \file
/// The worst case of a kind of disagreement (issue 29). Sampling finds
/// a bug where the generators happen to put it — an edge-skipping shortcut
/// shows up at margins of 1e-13 of the size although it can miss a
/// separation of 1e-3 — and shrinking makes the case simple, not bad. So
/// after shrinking, grow: hill climbing on the exact severity around a case,
/// keeping the kind of its disagreement (false negative on an edge axis,
/// false positive, wrong contact, ...) and pushing the shapes' placement,
/// turn and size toward larger margins. Every candidate is judged by the
/// exact oracle (read_disagreement); none is kept unless the kernel still
/// disagrees the same way and worse: a boundary verdict turned gross, or the
/// same class further from the exact answer (a gross verdict is never traded
/// for a boundary one of a larger margin).
///
/// Moves, one shape (or the motion) at a time, of a step σ (relative to the
/// size for lengths, radians for turns): a translation along a random
/// direction or along the line between the shapes, a turn about a random
/// axis or one of the box's own axes (keeping an edge parallel where it
/// was), an extent (a box) or a vertex (a triangle) moved, a velocity
/// perturbed. Each kind of move has its own step: it starts at 4 × the case's
/// severity (at least 8 units in the last place of the kernel's scalar),
/// triples after a kept move, halves after 3 rejected ones in a row, and
/// starts again from the worst case's scale when stuck at that floor. Every candidate is rounded to the
/// kernel's scalar. Budget: `budget` judged candidates (about 1 ms each: the
/// exact margin is a quadratic program); deterministic for a seed.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/explain/disagreement.hpp"

namespace sepax::harness {

struct Grown {
  ShapePair pair;
  std::optional<LinearMotiond> motion;
  Disagreement worst;        ///< the kernel's disagreement at (pair, motion)
  std::size_t tried = 0;     ///< candidates judged
  std::size_t accepted = 0;  ///< moves kept
};

/// The worst case found from (pair, motion), whose disagreement is `start`.
/// A kernel that threw is not grown (its severity is already the worst).
Grown grow_disagreement(const KernelInfo& kernel, const ShapePair& pair, const std::optional<LinearMotiond>& motion,
                        const Disagreement& start, std::size_t budget, std::uint64_t seed = 1);

}  // namespace sepax::harness
