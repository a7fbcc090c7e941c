// A version 2 plugin kernel (sepax/sepax_plugin.h) as sepax calls it: the
// cases as the arrays of the query's layout, one call of the kernel's batch
// function, its answer arrays read back. A SAT kernel becomes a registry entry
// (KernelInfo, as version 1's); any other query's a QueryKernel. The per-case
// functions are batches of one, so the two forms cannot disagree.
#include "plugin_entry.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "plugin_arrays.hpp"
#include "query/sat_answer_calls.hpp"
#include "sepax/harness/query/columns.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness::plugin_detail {
namespace {

// Written into the answers before the call (columns.hpp's blank_columns and
// reset_columns): an answer the plugin skipped is caught, not read from
// whatever memory held.
constexpr unsigned char unwritten_u8 = 0xFF;
constexpr std::int32_t unwritten_i32 = -1;

/// Calls the kernel on n cases, its inputs' and answers' arrays given.
void call_v2(const PluginKernelV2& k, std::size_t n, const void* const* inputs, void* const* answers) {
  const char* message = nullptr;
  const int status = k.batch(k.user, n, inputs, answers, &message);
  if (status != 0) {
    std::string what = k.id + ": the plugin kernel failed (status " + std::to_string(status) + ")";
    if (message && *message) what += ": " + std::string(message);
    throw std::runtime_error(what);
  }
}

/// Calls the kernel on n cases given as arrays; its answers as rows of doubles.
std::vector<double> call_v2(const PluginKernelV2& k, std::size_t n, const std::vector<const void*>& inputs,
                            const QueryLayout& layout) {
  std::vector<Column> answers = blank_columns(layout.answers, k.scalar, n, unwritten_u8, unwritten_i32);
  std::vector<void*> out;
  for (Column& c : answers) out.push_back(c.data());
  call_v2(k, n, inputs.data(), out.data());
  return from_columns(answers, n);
}

/// Case i's answer refused (unflatten_answer's reason): an answer outside its
/// fields' values (one the plugin never wrote: 255, -1) is the kernel's error.
std::runtime_error unwritten_error(const PluginKernelV2& k, std::size_t i, const std::invalid_argument& e) {
  return std::runtime_error(k.id + ": case " + std::to_string(i) + " of the batch: " + e.what() +
                            " (255 or -1: not written by the plugin)");
}

/// Case i's answer from the rows.
QueryAnswer answer_of(const PluginKernelV2& k, const QueryLayout& layout, const std::vector<double>& rows,
                      std::size_t i) {
  const std::size_t w = layout.answer_width();
  try {
    return unflatten_answer(layout.answer_form, std::span<const double>(rows).subspan(i * w, w));
  } catch (const std::invalid_argument& e) {
    throw unwritten_error(k, i, e);
  }
}

/// The SAT queries: a, b (and the motion) are version 1's arrays.
template <class S>
std::vector<QueryAnswer> run_sat(const PluginKernelV2& k, std::span<const ShapePair> pairs,
                                 std::span<const LinearMotiond> motions) {
  if (pairs.empty()) return {};
  const PairArrays<S> in(k.sat_query, pairs);
  const std::vector<S> motion = motion_array<S>(motions);
  std::vector<const void*> inputs{in.a.data(), in.b.data()};
  if (k.sat_mode != KernelMode::static_test) inputs.push_back(motion.data());
  const QueryLayout& layout = query_layout(k.query, k.mode);
  const std::vector<double> rows = call_v2(k, pairs.size(), inputs, layout);
  std::vector<QueryAnswer> out;
  for (std::size_t i = 0; i < pairs.size(); ++i) out.push_back(answer_of(k, layout, rows, i));
  return out;
}

/// The answers of n cases from the kernel's answer columns, each made where
/// it is kept; an answer outside its fields' values is the kernel's error,
/// named with its case.
std::vector<std::optional<QueryAnswer>> read_answers(const PluginKernelV2& k, const QueryLayout& layout,
                                                     const std::vector<Column>& answers, std::size_t n) {
  std::vector<std::optional<QueryAnswer>> result;
  result.reserve(n);
  const AnswerColumns columns(answers);
  std::size_t i = 0;
  try {  // once for the batch, not per case
    for (; i < n; ++i) columns.read(layout.answer_form, i, *result.emplace_back(std::in_place));
  } catch (const std::invalid_argument& e) {
    throw unwritten_error(k, i, e);
  }
  return result;
}

/// A layout whose inputs are two boxes (obb_obb_manifold's a and b).
bool two_boxes(const QueryLayout& layout) {
  return layout.inputs.size() == 2 && layout.inputs[0].width == box_scalars && layout.inputs[1].width == box_scalars &&
         layout.inputs[0].type == FieldType::scalar && layout.inputs[1].type == FieldType::scalar;
}

/// Cases that are ShapePairs of two boxes, into those two columns (false: a
/// value the kernel's scalar cannot hold; put_box_pairs).
bool put_boxes(ScalarKind scalar, std::span<const QueryInput> cases, std::vector<Column>& inputs) {
  // The columns' bytes are where their values live (allocated as bytes).
  if (scalar == ScalarKind::float32)
    return put_box_pairs(cases, reinterpret_cast<float*>(inputs[0].data()), reinterpret_cast<float*>(inputs[1].data()));
  return put_box_pairs(cases, reinterpret_cast<double*>(inputs[0].data()), reinterpret_cast<double*>(inputs[1].data()));
}

/// The cases into the kernel's input columns, sized anew (a float kernel's
/// cases hold floats: the generators store the case's scalar). Two boxes of a
/// ShapePair go straight in; any other case through its query's flatten, a
/// block of rows at a time: no array of all the rows, and each row read back
/// well after it was written (read right away, a row waits on the stores that
/// wrote it).
void put_inputs(const PluginKernelV2& k, const JudgedQuery& q, std::span<const QueryInput> cases,
                std::vector<Column>& inputs) {
  constexpr std::size_t block = 64;
  const std::size_t n = cases.size();
  reset_columns(inputs, q.layout->inputs, k.scalar, n, /*fill=*/false, 0, 0);  // every value is written below
  if (two_boxes(*q.layout) && std::holds_alternative<ShapePair>(cases.front()) && put_boxes(k.scalar, cases, inputs))
    return;
  std::vector<double> rows;
  rows.reserve(std::min(n, block) * q.layout->input_width());
  for (std::size_t first = 0; first < n; first += block) {
    rows.clear();
    for (std::size_t i = first; i < std::min(n, first + block); ++i) q.flatten_input(cases[i], rows);
    put_rows(inputs, first, rows);
  }
}

/// A batch's input and answer columns. A thread keeps its last batch's for
/// the next (a campaign calls a kernel batch after batch on each thread): no
/// allocation, and no zeroing of inputs about to be written, per call.
struct BatchArrays {
  std::vector<Column> inputs, answers;
};

/// A batch of at most kKeptCases cases uses its thread's arrays; a bigger one
/// gets its own, not kept (what a thread keeps stays small).
constexpr std::size_t kKeptCases = 4096;
BatchArrays& thread_arrays() {
  thread_local BatchArrays arrays;
  return arrays;
}

std::vector<std::optional<QueryAnswer>> run_pairs(const PluginKernelV2& k, std::span<const QueryInput> cases) {
  if (cases.empty()) return {};
  const JudgedQuery& q = query_shape(k.query, k.mode);  // no kernels: read before any is registered
  const QueryLayout& layout = *q.layout;
  const std::size_t n = cases.size();
  BatchArrays own;
  BatchArrays& arrays = n <= kKeptCases ? thread_arrays() : own;
  put_inputs(k, q, cases, arrays.inputs);
  std::vector<const void*> in;
  for (const Column& c : arrays.inputs) in.push_back(c.data());
  reset_columns(arrays.answers, layout.answers, k.scalar, n, /*fill=*/true, unwritten_u8, unwritten_i32);
  std::vector<void*> out;
  for (Column& c : arrays.answers) out.push_back(c.data());
  call_v2(k, n, in.data(), out.data());
  return read_answers(k, layout, arrays.answers, n);
}

}  // namespace

KernelInfo make_entry_v2(const PluginKernelV2& k) {
  KernelInfo info;
  info.id = k.id;
  info.origin = k.plugin;
  info.query = k.sat_query;
  info.scalar = k.scalar;
  info.mode = k.sat_mode;
  info.bias = k.bias;
  info.open_sets = k.open_sets;
  info.tolerance = k.tolerance;
  info.reports_axis = false;  // the ABI carries answers, no axis
  if (k.scalar == ScalarKind::float32)
    add_sat_answer_calls(info, [k](std::span<const ShapePair> p, std::span<const LinearMotiond> m) {
      return run_sat<float>(k, p, m);
    });
  else
    add_sat_answer_calls(info, [k](std::span<const ShapePair> p, std::span<const LinearMotiond> m) {
      return run_sat<double>(k, p, m);
    });
  return info;
}

QueryKernel make_query_kernel_v2(const PluginKernelV2& k) {
  QueryKernel q;
  q.id = k.id;
  q.origin = k.plugin;
  q.query = k.query;
  q.mode = k.mode;
  q.scalar = k.scalar;
  q.tolerance = k.tolerance;
  q.run = [k](const QueryInput& in) { return run_pairs(k, {&in, 1}).front(); };
  q.run_batch = [k](std::span<const QueryInput> cases) { return run_pairs(k, cases); };
  return q;
}

}  // namespace sepax::harness::plugin_detail
