// A version 2 plugin kernel (sepax/sepax_plugin.h) as sepax calls it: the
// cases as the arrays of the query's layout, one call of the kernel's batch
// function, its answer arrays read back. A SAT kernel becomes a registry entry
// (KernelInfo, as version 1's); any other query's a QueryKernel. The per-case
// functions are batches of one, so the two forms cannot disagree.
#include "plugin_entry.hpp"

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "plugin_arrays.hpp"
#include "query/sat_answer_calls.hpp"
#include "sepax/harness/query/columns.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness::plugin_detail {
namespace {

// Written into the answers before the call (columns.hpp's blank_columns): an
// answer the plugin skipped is caught, not read from whatever memory held.
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

/// Case i's answer from the rows; an answer outside its fields' values (one
/// the plugin never wrote: 255, -1) is the kernel's error, named.
QueryAnswer answer_of(const PluginKernelV2& k, const QueryLayout& layout, const std::vector<double>& rows,
                      std::size_t i) {
  const std::size_t w = layout.answer_width();
  try {
    return unflatten_answer(layout.answer_form, std::span<const double>(rows).subspan(i * w, w));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(k.id + ": case " + std::to_string(i) + " of the batch: " + e.what() +
                             " (255 or -1: not written by the plugin)");
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

std::vector<std::optional<QueryAnswer>> run_pairs(const PluginKernelV2& k, std::span<const QueryInput> cases) {
  if (cases.empty()) return {};
  const JudgedQuery& q = query_shape(k.query, k.mode);  // no kernels: read before any is registered
  const QueryLayout& layout = *q.layout;
  const std::size_t n = cases.size();
  // Case by case into the columns (a float kernel's cases hold floats: the
  // generators store the case's scalar), with no array of all the rows.
  std::vector<Column> inputs = blank_columns(layout.inputs, k.scalar, n, 0, 0);
  std::vector<double> row;
  row.reserve(layout.input_width());
  for (std::size_t i = 0; i < n; ++i) {
    row.clear();
    q.flatten_input(cases[i], row);
    put_row(inputs, i, row);
  }
  std::vector<const void*> in;
  for (const Column& c : inputs) in.push_back(c.data());
  std::vector<Column> answers = blank_columns(layout.answers, k.scalar, n, unwritten_u8, unwritten_i32);
  std::vector<void*> out;
  for (Column& c : answers) out.push_back(c.data());
  call_v2(k, n, in.data(), out.data());
  std::vector<std::optional<QueryAnswer>> result;
  result.reserve(n);
  std::vector<double> values(layout.answer_width());
  for (std::size_t i = 0; i < n; ++i) {
    get_row(answers, i, values);
    result.emplace_back(answer_of(k, layout, values, 0));
  }
  return result;
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
