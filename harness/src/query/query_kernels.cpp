// The pair-query kernels' one door (query_kernels.hpp).
#include "sepax/harness/query/query_kernels.hpp"

#include <set>
#include <stdexcept>

#include "sepax_query_kernels.hpp"

namespace sepax::harness {
namespace {

struct Pending {
  std::vector<QueryKernel> kernels;
  bool frozen = false;
};
Pending& pending() {
  static Pending p;
  return p;
}

}  // namespace

void register_query_kernels(std::vector<QueryKernel> extra) {
  // Always on: a late registration would otherwise be lost silently.
  Pending& p = pending();
  if (p.frozen) throw std::logic_error("register_query_kernels called after the query kernels were read");
  std::set<std::string> ids;
  for (const QueryKernel& k : sepax_query_kernels()) ids.insert(k.id);
  for (const QueryKernel& k : p.kernels) ids.insert(k.id);
  for (QueryKernel& k : extra) {
    if (!k.run || k.query.empty() || k.mode.empty())
      throw std::logic_error("register_query_kernels: kernel " + k.id + " lacks its query, mode or run function");
    if (!ids.insert(k.id).second)
      throw std::logic_error("register_query_kernels: kernel id " + k.id + " is already registered");
    p.kernels.push_back(std::move(k));
  }
}

std::span<const QueryKernel> query_kernels() {
  static const std::vector<QueryKernel> kernels = [] {
    std::vector<QueryKernel> all = sepax_query_kernels();
    Pending& p = pending();
    p.frozen = true;
    for (QueryKernel& k : p.kernels) all.push_back(std::move(k));
    p.kernels.clear();
    return all;
  }();
  return kernels;
}

const QueryKernel* find_query_kernel(std::string_view id) {
  for (const QueryKernel& k : query_kernels())
    if (k.id == id) return &k;
  return nullptr;
}

}  // namespace sepax::harness
