#pragma once
/// \file
/// One kernel's disagreement with the exact answer on one case, static
/// or moving, in the terms the explanations of issue 29 need: what went wrong
/// (its kind), how far (severity), against which band and tolerance, and the
/// axis the kernel called separating. Shrinking, growing and the causes all
/// read a case through this one function, so they judge it as verify does.
#include <optional>
#include <string>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

struct Disagreement {
  oracle::Class verdict_class = oracle::Class::ok;
  /// "false-negative <axis kind>" (the kernel called intersecting shapes
  /// separated, naming that kind of axis when it reports one),
  /// "false-positive", "threw", "wrong-contact" (a first contact at the wrong
  /// time or point); empty when the kernel agrees.
  std::string kind;
  /// How far wrong, relative to size (severity.hpp); 0 when it agrees.
  double severity = 0;
  /// The rounding band the answer was judged with, and max(band, the
  /// kernel's promised tolerance).
  double band = 0;
  double tolerance = 0;
  /// The signed relative margin, for the verdict rules.
  std::optional<double> margin;
  bool kernel_says_intersect = false;  ///< static: intersects; moving: meets in [0, T]
  bool exactly_intersect = false;
  /// The axis the kernel called separating, when it names one (KernelInfo::reports_axis).
  std::optional<SeparatingAxis> named_axis;
  /// find_first_contact's last separating axis, for a wrong contact.
  std::optional<SeparatingAxis> contact_axis;
  /// A wrong contact on a first contact the inputs' rounding moves by more
  /// than the bound (score_contact's ill_conditioned): boundary, whatever its error.
  bool ill_conditioned_contact = false;
  /// Both first contacts: which of the kernel's time and point is the further
  /// beyond its bound (MovingKernelJudgement::point_dominates), and so what
  /// the severity measures — a time error (/T) or a point distance (/size).
  /// none: any other disagreement, its severity a margin (/size).
  enum class ContactError { none, time, point };
  ContactError contact_error = ContactError::none;
  bool severity_in_time() const { return contact_error == ContactError::time; }
  bool agrees() const { return kind.empty(); }
};

/// The name of an axis kind in a disagreement's kind ("face_a", "edge_edge").
const char* axis_kind_name(AxisKind kind);

/// The kernel run on the case and judged exactly; nullopt when the case is
/// not valid input for the kernel's scalar or an oracle refuses it.
std::optional<Disagreement> read_disagreement(const KernelInfo& kernel, const ShapePair& pair,
                                              const std::optional<LinearMotiond>& motion);

}  // namespace sepax::harness
