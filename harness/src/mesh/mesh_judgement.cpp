// Mesh answers against the exact truth: see sepax/harness/mesh/mesh_judgement.hpp.
#include "sepax/harness/mesh/mesh_judgement.hpp"

#include <algorithm>
#include <iterator>

namespace sepax::harness {

MeshAnswerJudgement judge_mesh_answer(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                      const std::vector<MeshPair>& exact, bool says_intersects,
                                      const std::vector<MeshPair>& reported, ScalarKind scalar) {
  MeshAnswerJudgement j;
  std::vector<MeshPair> only_reported, only_exact;
  std::set_difference(reported.begin(), reported.end(), exact.begin(), exact.end(), std::back_inserter(only_reported));
  std::set_difference(exact.begin(), exact.end(), reported.begin(), reported.end(), std::back_inserter(only_exact));
  j.extra = only_reported.size();
  j.missed = only_exact.size();
  auto class_of = [&](const MeshPair& p, bool says) {
    ShapePair sp;
    sp.query = Query::tri_tri;
    sp.tri_a = a.triangle(p.first);
    sp.tri_b = pose_b.apply(b.triangle(p.second));
    return classify(sp, scalar, says);
  };
  // gross is the worst, then boundary; a convention difference ranks with ok.
  auto rank = [](oracle::Class c) { return c == oracle::Class::gross ? 2 : c == oracle::Class::boundary ? 1 : 0; };
  auto worse = [&](oracle::Class x, oracle::Class y) { return rank(x) >= rank(y) ? x : y; };
  auto count = [&](const MeshPair& p, oracle::Class c) {
    if (c == oracle::Class::boundary) ++j.boundary;
    if (c == oracle::Class::gross) {
      ++j.gross;
      if (!j.first_gross) j.first_gross = p;
    }
    j.cls = worse(j.cls, c);
  };
  for (const MeshPair& p : only_reported) count(p, class_of(p, true));
  for (const MeshPair& p : only_exact) count(p, class_of(p, false));

  const bool truth = !exact.empty();
  if (says_intersects != truth) {
    // The verdict alone: acceptable when the pairs behind it are.
    oracle::Class verdict = oracle::Class::gross;
    if (truth) {  // "no": every truth pair must be acceptable to miss
      verdict = oracle::Class::ok;
      for (const MeshPair& p : exact) verdict = worse(verdict, class_of(p, false));
      verdict = worse(verdict, oracle::Class::boundary);
    } else {  // "yes": one reported pair must be plausibly intersecting
      for (const MeshPair& p : reported)
        if (class_of(p, true) != oracle::Class::gross) verdict = oracle::Class::boundary;
    }
    if (verdict == oracle::Class::gross && !j.first_gross && !(truth ? exact : reported).empty())
      j.first_gross = (truth ? exact : reported).front();
    j.cls = worse(j.cls, verdict);
  }
  return j;
}

}  // namespace sepax::harness
