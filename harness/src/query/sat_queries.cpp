// The SAT queries as judged queries (sat_queries.hpp): their cases are
// gen::generate's and gen::generate_moving's, exactly as verify's groups make
// them; an answer is judged as a kernel of that query, scalar and mode that
// answers just that (no axis named, no bias), by the groups' own judgement.
#include "sat_queries.hpp"

#include <array>

#include "flat_shapes.hpp"
#include "sat_answer_calls.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/explain/cause.hpp"
#include "sepax/harness/explain/disagreement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {
namespace {

constexpr std::array kQueries{Query::obb_obb, Query::tri_obb, Query::tri_tri};
constexpr std::array<const char*, 3> kModes{"test_static", "test_moving", "find_first_contact"};

gen::Family family_at(std::size_t f) { return gen::all_families()[f]; }

struct SatCase {
  ShapePair pair;
  std::optional<LinearMotiond> motion;
};

SatCase generate_sat(Query query, bool moving, ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t i) {
  if (!moving) return {gen::generate(family_at(f), query, scalar, seed, i), std::nullopt};
  gen::MovingPair m = gen::generate_moving(family_at(f), query, scalar, seed, i);
  return {m.pair, m.motion};
}

void flatten(const SatCase& c, std::vector<double>& out) {
  flat::Writer w{out};
  flat::write_pair(w, c.pair);
  if (!c.motion) return;
  w.vec(c.motion->velocity_a);
  w.vec(c.motion->velocity_b);
  w.value(c.motion->duration);
}

SatCase unflatten(Query query, bool moving, std::span<const double> values) {
  flat::Reader r{values};
  SatCase c;
  c.pair = flat::read_pair(r, query);
  if (moving) {
    LinearMotiond m;
    r.named("motion");
    m.velocity_a = r.vec3();
    m.velocity_b = r.vec3();
    m.duration = r.value();
    if (m.duration < 0) throw std::invalid_argument(fmt::format("field \"motion\" value 6 (T) is {}: T >= 0", m.duration));
    c.motion = m;
  }
  return c;
}

/// The case as a case file carries it (its id, family, origin and scalar from the label).
Case case_of(const SatCase& s, const CaseLabel& l) {
  Case c;
  c.id = l.id;
  c.scalar = l.scalar;
  c.family = l.family;
  c.pair = s.pair;
  if (s.motion)
    c.motion = CaseMotion{{s.motion->velocity_a[0], s.motion->velocity_a[1], s.motion->velocity_a[2]},
                          {s.motion->velocity_b[0], s.motion->velocity_b[1], s.motion->velocity_b[2]},
                          s.motion->duration};
  c.origin = l.origin;
  return c;
}

/// A case read from a case file as one of `query`'s: a moving mode's needs its
/// motion; test_static's drops it (its shapes alone). A manifold, distance or general
/// motion case asks for another answer: none.
std::optional<SatCase> sat_case_of(const CaseOrError& entry, Query query, bool moving) {
  const Case* c = std::get_if<Case>(&entry);
  if (!c || c->pair.query != query || c->manifold || c->distance || c->general || (moving && !c->motion))
    return std::nullopt;
  SatCase s{c->pair, std::nullopt};
  if (moving) {
    const CaseMotion& m = *c->motion;
    s.motion = LinearMotiond{{m.va[0], m.va[1], m.va[2]}, {m.vb[0], m.vb[1], m.vb[2]}, m.duration};
  }
  return s;
}

/// A kernel of the case's query and scalar that answers `answer`.
KernelInfo answering(Query query, ScalarKind scalar, KernelMode mode, const QueryAnswer& answer,
                     const KernelBias& bias) {
  KernelInfo k;
  k.id = std::string(to_string(query)) + "/answer/" + std::string(to_string(scalar));
  k.origin = "recorded";
  k.query = query;
  k.scalar = scalar;
  k.mode = mode;
  k.reports_axis = false;
  k.bias = bias;
  oracle::granted_bias(bias);  // refuses (std::invalid_argument) a bias the judge will not grant
  add_sat_answer_calls(k, [answer](std::span<const ShapePair> pairs, std::span<const LinearMotiond>) {
    return std::vector<QueryAnswer>(pairs.size(), answer);
  });
  return k;
}

QueryVerdict judge(Query query, KernelMode mode, ScalarKind scalar, const SatCase& c, const QueryAnswer& answer,
                   const KernelBias& bias) {
  const KernelInfo kernel = answering(query, scalar, mode, answer, bias);
  QueryVerdict v;
  if (mode == KernelMode::static_test) {
    const OracleVerdict oracle = judge_exactly(c.pair, /*cross_check=*/false);
    LazyMargin margin(c.pair, oracle.intersects);
    const KernelJudgement j = judge_kernel(kernel, c.pair, oracle, margin);
    v.exactly_meets = oracle.intersects;
    v.verdict_class = j.verdict_class;
    v.margin = j.margin;
    v.tolerance = j.tolerance;
    return v;
  }
  const MovingOracleVerdict oracle = judge_moving_exactly(c.pair, *c.motion, /*cross_check=*/false);
  MovingKernelJudgement run = run_moving_kernel(kernel, c.pair, *c.motion);
  MovingMargins margins(c.pair, *c.motion, oracle);
  classify_moving_run(run, kernel, c.pair, *c.motion, oracle, margins);
  v.exactly_meets = oracle.contact.state != ContactState::separated_throughout;
  v.verdict_class = run.verdict_class;
  v.margin = run.margin;
  v.tolerance = run.tolerance;
  if (run.score && run.score->state_matches && run.contact.state == ContactState::first_contact)
    v.time_error = run.score->time_error;
  if (run.verdict_class != oracle::Class::ok) v.reason = describe_moving_run(run, kernel, oracle);
  return v;
}

/// Why a gross answer is wrong, as the campaigns explain their findings
/// (explain/cause.hpp: the candidate axes' exact gaps and conditioning),
/// for a kernel that answers just that. The experiment of moving the shapes
/// toward the origin asks that kernel again and gets the same answer, so
/// it concludes nothing here.
QueryCause explain_sat_answer(Query query, KernelMode mode, ScalarKind scalar, const SatCase& c,
                              const QueryAnswer& answer, const KernelBias& bias, const QueryVerdict& verdict) {
  const KernelInfo kernel = answering(query, scalar, mode, answer, bias);
  const std::optional<Disagreement> d = read_disagreement(kernel, c.pair, c.motion);
  if (!d || d->agrees()) return explain_query_verdict("", answer.meets, verdict.exactly_meets.value_or(false), verdict);
  const Explanation e = explain(kernel, c.pair, c.motion, *d);
  return {std::string(to_string(e.cause)), e.detail, e.fix};
}

}  // namespace

std::vector<JudgedQuery> sat_judged_queries() {
  std::vector<JudgedQuery> out;
  for (const Query query : kQueries)
    for (std::size_t m = 0; m < kModes.size(); ++m) {
      const KernelMode mode = m == 0 ? KernelMode::static_test : m == 1 ? KernelMode::moving_test : KernelMode::first_contact;
      const bool moving = mode != KernelMode::static_test;
      JudgedQuery j;
      j.name = std::string(to_string(query));
      j.mode = kModes[m];
      for (const gen::Family f : gen::all_families()) j.families.emplace_back(gen::to_string(f));
      j.layout = &query_layout(j.name, j.mode);
      j.case_lines = [query, moving](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin,
                                     std::uint64_t end) {
        std::vector<std::string> lines;
        for (std::uint64_t i = begin; i < end; ++i) {
          CaseLabel l;
          l.id = fmt::format("{} {} {}{}-{}", to_string(query), to_string(scalar), gen::to_string(family_at(f)),
                             moving ? " moving" : "", i);
          l.family = gen::to_string(family_at(f));
          l.scalar = scalar;
          l.origin["generator"] = fmt::format("{}({}, {}, {}, seed {}, index {})", moving ? "generate_moving" : "generate",
                                              gen::to_string(family_at(f)), to_string(query), to_string(scalar), seed, i);
          l.origin["seed"] = seed;
          l.origin["index"] = i;
          lines.push_back(format_case(case_of(generate_sat(query, moving, scalar, f, seed, i), l)));
        }
        return lines;
      };
      j.case_values = [query, moving](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin,
                                      std::uint64_t end) {
        std::vector<double> values;
        for (std::uint64_t i = begin; i < end; ++i) flatten(generate_sat(query, moving, scalar, f, seed, i), values);
        return values;
      };
      j.case_file_values = [query, moving](const CaseOrError& c) -> std::optional<std::vector<double>> {
        const std::optional<SatCase> s = sat_case_of(c, query, moving);
        if (!s) return std::nullopt;
        std::vector<double> values;
        flatten(*s, values);
        return values;
      };
      j.values_case_line = [query, moving](ScalarKind scalar, std::span<const double> values, const CaseLabel& label) {
        CaseLabel l = label;
        l.scalar = scalar;  // the line's "scalar" is the values' (parse_case rounds to it)
        return format_case(case_of(unflatten(query, moving, values), l));
      };
      j.judge_answer = [query, mode, moving](ScalarKind scalar, std::span<const double> values, const QueryAnswer& a,
                                             const KernelBias& bias) {
        return judge(query, mode, scalar, unflatten(query, moving, values), a, bias);
      };
      j.explain = [query, mode, moving](ScalarKind scalar, std::span<const double> values, const QueryAnswer& a,
                                        const KernelBias& bias, const QueryVerdict& verdict) {
        return explain_sat_answer(query, mode, scalar, unflatten(query, moving, values), a, bias, verdict);
      };
      j.run_kernel = [query, mode, moving](std::string_view id, ScalarKind scalar,
                                           std::span<const double> values) -> std::optional<QueryAnswer> {
        const KernelInfo* k = find_kernel(id);
        if (!k || k->query != query || k->mode != mode || k->scalar != scalar)
          throw std::invalid_argument(fmt::format("{} is not a kernel of {} {} on {} cases", id, to_string(query),
                                                  kModes[std::size_t(mode)], to_string(scalar)));
        const SatCase c = unflatten(query, moving, values);
        QueryAnswer a;
        if (mode == KernelMode::static_test) {
          a.meets = k->test(c.pair).intersects;
        } else if (mode == KernelMode::moving_test) {
          a.meets = k->test_moving(c.pair, *c.motion).intersects;
        } else {
          const ContactOutcome o = k->find_first_contact(c.pair, *c.motion);
          a.meets = o.state != ContactState::separated_throughout;
          if (o.state == ContactState::first_contact) {
            a.time = o.time;
            a.point = Vec3<double>(o.point[0], o.point[1], o.point[2]);
          }
        }
        return a;
      };
      out.push_back(std::move(j));
    }
  return out;
}

}  // namespace sepax::harness
