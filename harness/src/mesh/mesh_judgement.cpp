// Mesh answers against the exact truth: see sepax/harness/mesh/mesh_judgement.hpp.
#include "sepax/harness/mesh/mesh_judgement.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "sepax/oracle/exact_contact.hpp"

namespace sepax::harness {
namespace {

// gross is the worst, then boundary; a convention difference ranks with ok.
int rank(oracle::Class c) { return c == oracle::Class::gross ? 2 : c == oracle::Class::boundary ? 1 : 0; }
oracle::Class worse(oracle::Class x, oracle::Class y) { return rank(x) >= rank(y) ? x : y; }

/// Classifies every pair on which `reported` and `exact` (both sorted)
/// disagree: class_of(pair, exact_says) → its class; counts go into the judgement.
template <class ClassOf>
MeshAnswerJudgement judge_disagreements(const std::vector<MeshPair>& exact, const std::vector<MeshPair>& reported,
                                        ClassOf&& class_of) {
  MeshAnswerJudgement j;
  std::vector<MeshPair> only_reported, only_exact;
  std::set_difference(reported.begin(), reported.end(), exact.begin(), exact.end(), std::back_inserter(only_reported));
  std::set_difference(exact.begin(), exact.end(), reported.begin(), reported.end(), std::back_inserter(only_exact));
  j.extra = only_reported.size();
  j.missed = only_exact.size();
  auto count = [&](const MeshPair& p, oracle::Class c) {
    if (c == oracle::Class::boundary) ++j.boundary;
    if (c == oracle::Class::gross) {
      ++j.gross;
      if (!j.first_gross) j.first_gross = p;
    }
    j.cls = worse(j.cls, c);
  };
  for (const MeshPair& p : only_reported) count(p, class_of(p, false));
  for (const MeshPair& p : only_exact) count(p, class_of(p, true));
  return j;
}

}  // namespace

ShapePair posed_pair(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b, const MeshPair& p) {
  ShapePair sp;
  sp.query = Query::tri_tri;
  sp.tri_a = a.triangle(p.first);
  sp.tri_b = pose_b.apply(b.triangle(p.second));
  return sp;
}

MeshAnswerJudgement judge_mesh_answer(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                      const std::vector<MeshPair>& exact, bool says_intersects,
                                      const std::vector<MeshPair>& reported, ScalarKind scalar) {
  // A disagreeing pair: the kernel said the opposite of the exact answer.
  auto class_of = [&](const MeshPair& p, bool exact_says) {
    return classify(posed_pair(a, b, pose_b, p), scalar, !exact_says);
  };
  MeshAnswerJudgement j = judge_disagreements(exact, reported, class_of);

  const bool truth = !exact.empty();
  if (says_intersects != truth) {
    // The verdict alone: acceptable when the pairs behind it are.
    oracle::Class verdict = oracle::Class::gross;
    if (truth) {  // "no": every truth pair must be acceptable to miss
      verdict = oracle::Class::ok;
      for (const MeshPair& p : exact) verdict = worse(verdict, class_of(p, true));
      verdict = worse(verdict, oracle::Class::boundary);
    } else {  // "yes": one reported pair must be plausibly intersecting
      for (const MeshPair& p : reported)
        if (class_of(p, false) != oracle::Class::gross) verdict = oracle::Class::boundary;
    }
    if (verdict == oracle::Class::gross && !j.first_gross && !(truth ? exact : reported).empty())
      j.first_gross = (truth ? exact : reported).front();
    j.cls = worse(j.cls, verdict);
  }
  return j;
}

MeshAnswerJudgement judge_moving_mesh_answer(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                             const Vec3<double>& velocity, double dt,
                                             const oracle::MovingMeshTruth& exact, bool says_intersects,
                                             const std::vector<MeshPair>& reported,
                                             const std::optional<double>& first_time, ScalarKind scalar) {
  const LinearMotiond motion{Vec3<double>::Zero(), velocity, dt};
  auto class_of = [&](const MeshPair& p, bool exact_says) {
    const ShapePair sp = posed_pair(a, b, pose_b, p);
    const double margin = std::abs(oracle::moving_margin(sp, motion, exact_says));
    return margin <= oracle::moving_boundary_tolerance(sp, motion, scalar) ? oracle::Class::boundary
                                                                           : oracle::Class::gross;
  };
  MeshAnswerJudgement j = judge_disagreements(exact.pairs, reported, class_of);
  const bool truth = !exact.pairs.empty();
  if (says_intersects != truth && j.cls == oracle::Class::ok) j.cls = oracle::Class::gross;  // a verdict without pairs behind it
  if (first_time && truth && std::abs(*first_time - exact.first_time) > oracle::contact_time_tolerance(scalar) * dt &&
      j.cls != oracle::Class::gross)
    j.cls = j.boundary > 0 ? oracle::Class::boundary : oracle::Class::gross;
  return j;
}

}  // namespace sepax::harness
