// The Python module's native half (python/sepax/ is the rest): the judged
// queries' layouts, their generated cases as arrays of their layout's values,
// and answers judged from arrays, case by case, on every core with the GIL
// released. The package's Python code gives the arrays their structure
// (boxes, triangles, spheres) and checks what users hand in.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <span>
#include <type_traits>
#include <variant>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/parallel_for.h>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/query/judged_queries.hpp"
#include "sepax/harness/query/query_batch.hpp"
#include "sepax/harness/query/query_cause.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/harness/query/query_layout.hpp"
#include "sepax/harness/query/query_shrink.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/oracle/classify.hpp"

namespace py = pybind11;
using namespace sepax;
using namespace sepax::harness;

namespace {

using Values = py::array_t<double, py::array::c_style | py::array::forcecast>;

ScalarKind scalar_of(const std::string& s) {
  if (s == "float") return ScalarKind::float32;
  if (s == "double") return ScalarKind::float64;
  throw py::value_error("scalar: \"" + s + "\" is neither \"float\" nor \"double\"");
}

const JudgedQuery& shape_of(const std::string& query, const std::string& mode) {
  try {
    return query_shape(query, mode);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

std::size_t family_index(const JudgedQuery& q, const std::string& family) {
  for (std::size_t f = 0; f < q.families.size(); ++f)
    if (q.families[f] == family) return f;
  std::string known;
  for (const std::string& f : q.families) known += (known.empty() ? "" : ", ") + f;
  throw py::value_error("family: \"" + family + "\" is not a family of " + q.name + " " + q.mode + " (its families: " +
                        known + ")");
}

py::list fields_of(const std::vector<Field>& fields) {
  py::list out;
  for (const Field& f : fields)
    out.append(py::dict(py::arg("name") = f.name, py::arg("width") = f.width,
                        py::arg("type") = std::string(to_string(f.type)), py::arg("meaning") = f.meaning));
  return out;
}

/// Every layout: query, mode, families, input and answer fields.
py::list layouts() {
  py::list out;
  for (const JudgedQuery& q : query_shapes())
    out.append(py::dict(py::arg("query") = q.name, py::arg("mode") = q.mode, py::arg("families") = q.families,
                        py::arg("inputs") = fields_of(q.layout->inputs),
                        py::arg("answers") = fields_of(q.layout->answers)));
  return out;
}

/// Every kernel sepax has in this process: the SAT registry's and the other queries'.
py::list kernels() {
  static const char* modes[] = {"test_static", "test_moving", "find_first_contact"};
  py::list out;
  for (const auto registry : {static_kernels(), moving_kernels()})
    for (const KernelInfo& k : registry)
      out.append(py::dict(py::arg("id") = k.id, py::arg("query") = std::string(to_string(k.query)),
                          py::arg("mode") = std::string(modes[std::size_t(k.mode)]),
                          py::arg("scalar") = std::string(to_string(k.scalar)), py::arg("origin") = k.origin));
  for (const QueryKernel& k : query_kernels())
    out.append(py::dict(py::arg("id") = k.id, py::arg("query") = k.query, py::arg("mode") = k.mode,
                        py::arg("scalar") = std::string(to_string(k.scalar)), py::arg("origin") = k.origin));
  return out;
}

/// Cases [begin, end) of the campaign group as rows of the layout's input values.
py::array_t<double> generate_values(const std::string& query, const std::string& mode, const std::string& family,
                                    const std::string& scalar, std::uint64_t seed, std::uint64_t begin,
                                    std::uint64_t end) {
  const JudgedQuery& q = shape_of(query, mode);
  const std::size_t f = family_index(q, family);
  const ScalarKind s = scalar_of(scalar);
  if (end < begin) throw py::value_error("the case range ends before it begins");
  std::vector<double> values;
  {
    py::gil_scoped_release free;
    values = q.case_values(s, f, seed, begin, end);
  }
  const std::size_t w = q.layout->input_width(), n = end - begin;
  py::array_t<double> out({n, w});
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

/// The case-file lines of cases [begin, end) (replay files).
std::vector<std::string> case_lines(const std::string& query, const std::string& mode, const std::string& family,
                                    const std::string& scalar, std::uint64_t seed, std::uint64_t begin,
                                    std::uint64_t end) {
  const JudgedQuery& q = shape_of(query, mode);
  const std::size_t f = family_index(q, family);
  const ScalarKind s = scalar_of(scalar);
  py::gil_scoped_release free;
  return q.case_lines(s, f, seed, begin, end);
}

/// A kernel's declared bias (kernel_bias.hpp) by its method's name.
KernelBias bias_of(const std::string& method, double epsilon) {
  KernelBias b;
  b.epsilon = epsilon;
  if (method == "epsilon_on_rotation") b.method = BiasMethod::epsilon_on_rotation;
  else if (method == "epsilon_on_plane_distances") b.method = BiasMethod::epsilon_on_plane_distances;
  else if (method != "none")
    throw py::value_error("bias: method \"" + method +
                          "\" is none of none, epsilon_on_rotation, epsilon_on_plane_distances");
  try {
    oracle::granted_bias(b);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("bias: ") + e.what());
  }
  return b;
}

/// What the judge says of one answer.
struct Judged {
  std::int8_t cls = 0;        // 0 ok, 1 boundary, 2 gross, 3 convention, -1 not an answer
  std::int8_t exact = -1;     // 1 the shapes meet exactly, 0 not, -1 no such answer (enclose)
  double margin = NAN, band = NAN, severity = NAN;
  std::string kind, cause, detail, fix, error;
};

std::int8_t class_code(oracle::Class c) {
  switch (c) {
    case oracle::Class::ok: return 0;
    case oracle::Class::boundary: return 1;
    case oracle::Class::gross: return 2;
    case oracle::Class::convention: return 3;
  }
  return -1;
}

/// One answer (its fields' values) to one case (its input values), judged as
/// a campaign judges a kernel of `s`; a value that is no case or no answer is
/// the error, named.
Judged judge_one(const JudgedQuery& q, ScalarKind s, std::span<const double> input, std::span<const double> answer,
                 const KernelBias& bias) {
  Judged j;
  try {
    const QueryAnswer a = unflatten_answer(q.layout->answer_form, answer);
    const QueryVerdict v = q.judge_answer(s, input, a, bias);
    j.cls = class_code(v.verdict_class);
    if (v.exactly_meets) j.exact = *v.exactly_meets ? 1 : 0;
    if (v.margin) j.margin = *v.margin, j.severity = std::abs(*v.margin);
    if (v.tolerance) j.band = *v.tolerance;
    j.detail = v.reason;
    if (v.verdict_class == oracle::Class::gross) {
      const bool truly = v.exactly_meets.value_or(false);
      j.kind = query_gross_kind(a.meets, truly, v.reason);
      // The axis analysis (explain_answer) costs an exact survey per answer:
      // on every gross answer of a campaign it took the example's 10 s budget.
      const QueryCause c = explain_query_verdict("", a.meets, truly, v);
      j.cause = c.cause;
      j.detail = c.detail;
      j.fix = c.fix;
    }
  } catch (const std::exception& e) {
    j.cls = -1;
    j.error = e.what();
  }
  return j;
}

/// Judges n answers (rows of the answer fields' values) to n cases (rows of
/// input values), as a campaign judges a kernel of `scalar`; a value that is
/// no case or no answer is that case's error, named.
py::dict judge_values(const std::string& query, const std::string& mode, const std::string& scalar, Values cases,
                      Values answers, const std::string& bias_method, double epsilon) {
  const JudgedQuery& q = shape_of(query, mode);
  const KernelBias bias = bias_of(bias_method, epsilon);
  const ScalarKind s = scalar_of(scalar);
  const std::size_t w = q.layout->input_width(), aw = q.layout->answer_width();
  if (cases.ndim() != 2 || std::size_t(cases.shape(1)) != w)
    throw py::value_error("cases: expected rows of " + std::to_string(w) + " values");
  if (answers.ndim() != 2 || std::size_t(answers.shape(1)) != aw || answers.shape(0) != cases.shape(0))
    throw py::value_error("answers: expected " + std::to_string(cases.shape(0)) + " rows of " + std::to_string(aw) +
                          " values");
  const std::size_t n = std::size_t(cases.shape(0));
  const double* in = cases.data();
  const double* ans = answers.data();
  std::vector<Judged> out(n);
  {
    py::gil_scoped_release free;
    tbb::parallel_for(std::size_t(0), n,
                      [&](std::size_t i) { out[i] = judge_one(q, s, {in + i * w, w}, {ans + i * aw, aw}, bias); });
  }
  py::array_t<std::int8_t> cls(n), exact(n);
  py::array_t<double> margin(n), band(n), severity(n);
  py::list kind, cause, detail, fix, error;
  for (std::size_t i = 0; i < n; ++i) {
    cls.mutable_data()[i] = out[i].cls;
    exact.mutable_data()[i] = out[i].exact;
    margin.mutable_data()[i] = out[i].margin;
    band.mutable_data()[i] = out[i].band;
    severity.mutable_data()[i] = out[i].severity;
    kind.append(out[i].kind);
    cause.append(out[i].cause);
    detail.append(out[i].detail);
    fix.append(out[i].fix);
    error.append(out[i].error);
  }
  return py::dict(py::arg("class") = cls, py::arg("exact") = exact, py::arg("margin") = margin,
                  py::arg("band") = band, py::arg("severity") = severity, py::arg("kind") = kind,
                  py::arg("cause") = cause, py::arg("detail") = detail, py::arg("fix") = fix, py::arg("error") = error);
}

std::vector<double> row_of(const Values& values, std::size_t width, const char* what) {
  if (values.ndim() != 1 || std::size_t(values.shape(0)) != width)
    throw py::value_error(std::string(what) + ": expected " + std::to_string(width) + " values");
  return {values.data(), values.data() + width};
}

/// The case of these input values as a case-file line (parse_case reads it
/// back bit for bit); `origin` a JSON object (text) of where it came from.
std::string values_case_line(const std::string& query, const std::string& mode, const std::string& scalar,
                             Values values, const std::string& id, const std::string& family,
                             const std::string& origin) {
  const JudgedQuery& q = shape_of(query, mode);
  const std::vector<double> v = row_of(values, q.layout->input_width(), "values");
  CaseLabel label{id, family, scalar_of(scalar), nlohmann::ordered_json::parse(origin)};
  try {
    return q.values_case_line(label.scalar, v, label);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

/// Every case of a case file: per line, its id, scalar and family, or its
/// error; and the input values of each query × mode it is a case of.
py::list case_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw py::value_error("path: cannot read \"" + path + "\"");
  std::vector<CaseOrError> cases = read_cases(in);
  py::list out;
  std::size_t n = 0;
  for (const CaseOrError& c : cases) {
    ++n;
    py::dict entry;
    if (const auto* e = std::get_if<CaseError>(&c)) {
      entry["line"] = e->line;
      entry["error"] = e->message;
      out.append(entry);
      continue;
    }
    std::visit(
        [&](const auto& x) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, CaseError>) {
            entry["line"] = x.line;
            entry["id"] = x.id;
            entry["scalar"] = std::string(to_string(x.scalar));
            entry["family"] = x.family ? py::cast(*x.family) : py::none();
          }
        },
        c);
    py::list forms;
    for (const JudgedQuery& q : query_shapes())
      if (const std::optional<std::vector<double>> v = q.case_file_values(c)) {
        py::array_t<double> values(v->size());
        std::copy(v->begin(), v->end(), values.mutable_data());
        forms.append(py::make_tuple(q.name, q.mode, values));
      }
    entry["forms"] = forms;
    out.append(entry);
  }
  return out;
}

/// The simplest case near `values` on which the kernel behind `answer_of`
/// (input values → answer values, or an exception) is still gross with
/// `kind` and beyond `tolerance` (query_shrink.hpp's loop), within `tries`
/// candidates: {"values", "changed", "tries", "severity", "band", "detail"},
/// or None when no change kept the bug.
py::object shrink_case(const std::string& query, const std::string& mode, const std::string& scalar, Values values,
                       const std::string& kind, const py::function& answer_of, double tolerance, std::size_t tries,
                       const std::string& bias_method, double epsilon) {
  const JudgedQuery& q = shape_of(query, mode);
  const KernelBias bias = bias_of(bias_method, epsilon);
  const ScalarKind s = scalar_of(scalar);
  const std::size_t aw = q.layout->answer_width();
  std::vector<double> v = row_of(values, q.layout->input_width(), "values");
  const CaseLabel label{"shrink", "", s, nlohmann::ordered_json::object()};
  std::optional<Judged> best;
  const ShrinkSteps steps = shrink_values(v, tries, [&](const std::vector<double>& candidate) {
    try {
      // A case the case file reads back, or it is no replay.
      if (std::holds_alternative<CaseError>(parse_case(q.values_case_line(s, candidate, label), 1))) return false;
    } catch (const std::exception&) {
      return false;
    }
    py::array_t<double> row(candidate.size());
    std::copy(candidate.begin(), candidate.end(), row.mutable_data());
    std::vector<double> answer;
    try {
      answer = row_of(Values(answer_of(row)), aw, "answer");
    } catch (const py::error_already_set&) {
      return false;  // the kernel (or its adapter) refused the candidate: not the same bug
    }
    const Judged j = judge_one(q, s, candidate, answer, bias);
    if (j.cls != 2 || j.kind != kind || (tolerance > 0 && !(j.severity > tolerance))) return false;
    best = j;
    return true;
  });
  if (!best) return py::none();
  py::array_t<double> out(v.size());
  std::copy(v.begin(), v.end(), out.mutable_data());
  return py::dict(py::arg("values") = out, py::arg("changed") = steps.changed, py::arg("tries") = steps.tries,
                  py::arg("severity") = best->severity, py::arg("band") = best->band, py::arg("cause") = best->cause,
                  py::arg("detail") = best->detail, py::arg("fix") = best->fix);
}

/// Why the answer `answer` to one case is gross, by the axis analysis a
/// campaign gives its failure classes' worst cases (explain_answer: an exact
/// survey of the candidate axes, too dear for every answer): {"cause",
/// "detail", "fix"}, or None when the answer is not gross.
py::object explain_case(const std::string& query, const std::string& mode, const std::string& scalar, Values values,
                        Values answer, const std::string& bias_method, double epsilon) {
  const JudgedQuery& q = shape_of(query, mode);
  const KernelBias bias = bias_of(bias_method, epsilon);
  const ScalarKind s = scalar_of(scalar);
  const std::vector<double> input = row_of(values, q.layout->input_width(), "values");
  const std::vector<double> row = row_of(answer, q.layout->answer_width(), "answer");
  QueryAnswer a;
  try {
    a = unflatten_answer(q.layout->answer_form, row);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("answer: ") + e.what());
  }
  std::optional<QueryCause> c;
  {
    py::gil_scoped_release free;  // no Python object is touched inside
    const QueryVerdict v = q.judge_answer(s, input, a, bias);
    if (v.verdict_class == oracle::Class::gross) c = explain_answer(q, s, input, a, bias, v);
  }
  if (!c) return py::none();
  return py::dict(py::arg("cause") = c->cause, py::arg("detail") = c->detail, py::arg("fix") = c->fix);
}

}  // namespace

PYBIND11_MODULE(_sepax, m) {
  m.doc() = "sepax's native half: layouts, generated cases and exact judgement as arrays (use the sepax package)";
  m.def("layouts", &layouts);
  m.def("axis_tolerance", [](const std::string& s) { return axis_tolerance(scalar_of(s)); });
  m.def("kernels", &kernels);
  m.def("generate_values", &generate_values, py::arg("query"), py::arg("mode"), py::arg("family"),
        py::arg("scalar"), py::arg("seed"), py::arg("begin"), py::arg("end"));
  m.def("case_lines", &case_lines, py::arg("query"), py::arg("mode"), py::arg("family"), py::arg("scalar"),
        py::arg("seed"), py::arg("begin"), py::arg("end"));
  m.def("values_case_line", &values_case_line, py::arg("query"), py::arg("mode"), py::arg("scalar"),
        py::arg("values"), py::arg("id"), py::arg("family"), py::arg("origin"));
  m.def("case_file", &case_file, py::arg("path"));
  m.def("shrink_case", &shrink_case, py::arg("query"), py::arg("mode"), py::arg("scalar"), py::arg("values"),
        py::arg("kind"), py::arg("answer_of"), py::arg("tolerance"), py::arg("tries"), py::arg("bias_method") = "none",
        py::arg("epsilon") = 0.0);
  m.def("explain_case", &explain_case, py::arg("query"), py::arg("mode"), py::arg("scalar"), py::arg("values"),
        py::arg("answer"), py::arg("bias_method") = "none", py::arg("epsilon") = 0.0);
  m.def("judge_values", &judge_values, py::arg("query"), py::arg("mode"), py::arg("scalar"), py::arg("cases"),
        py::arg("answers"), py::arg("bias_method") = "none", py::arg("epsilon") = 0.0);
}
