// A version 2 plugin's mesh_mesh kernel (sepax/sepax_plugin.h, "Mesh pairs")
// as a mesh kernel maker: for each pair of meshes, their vertices in the
// kernel's scalar and their triangles as int32, made once; each pose one call
// of the batch function, its pairs gathered through a sink and checked (in
// range, each once) before the judge sees them.
#include "plugin_entry.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sepax::harness::plugin_detail {
namespace {

/// A mesh as the ABI hands it over; `id` never reused in the process.
template <class S>
struct AbiMesh {
  std::vector<S> vertices;
  std::vector<std::int32_t> triangles;
  sepax_mesh view{};

  explicit AbiMesh(const TriangleMesh& m) {
    static std::atomic<std::uint64_t> next_id{1};
    vertices.reserve(3 * m.vertices.size());
    for (const auto& v : m.vertices)
      for (int i = 0; i < 3; ++i) vertices.push_back(static_cast<S>(v[i]));
    triangles.reserve(3 * m.triangles.size());
    for (const auto& t : m.triangles)
      for (std::uint32_t i : t) triangles.push_back(static_cast<std::int32_t>(i));
    view = {next_id++, m.vertices.size(), vertices.data(), m.triangles.size(), triangles.data()};
  }
};

/// What the sink collects for one batch: every pair added, and the first
/// out-of-range or repeated one.
struct Gathered {
  std::size_t poses = 0, triangles_a = 0, triangles_b = 0;
  std::vector<std::vector<MeshPair>> pairs;
  std::string error;
};

int add_pair(void* context, std::size_t pose, std::int32_t ta, std::int32_t tb) {
  auto& g = *static_cast<Gathered*>(context);
  if (pose >= g.poses || ta < 0 || tb < 0 || std::size_t(ta) >= g.triangles_a || std::size_t(tb) >= g.triangles_b) {
    if (g.error.empty())
      g.error = "add(pose " + std::to_string(pose) + ", triangle_a " + std::to_string(ta) + ", triangle_b " +
                std::to_string(tb) + ") is out of range (" + std::to_string(g.poses) + " poses, " +
                std::to_string(g.triangles_a) + " and " + std::to_string(g.triangles_b) + " triangles)";
    return 1;
  }
  g.pairs[pose].emplace_back(static_cast<std::uint32_t>(ta), static_cast<std::uint32_t>(tb));
  return 0;
}

struct MeshAnswerOfPose {
  bool hit = false;
  std::vector<MeshPair> pairs;
};

/// One pose through the kernel; a failure or a malformed answer throws,
/// naming the kernel.
template <class S>
MeshAnswerOfPose call_mesh(const PluginKernelV2& k, const AbiMesh<S>& a, const AbiMesh<S>& b, const Pose& pose) {
  S placed[12];
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) placed[3 * r + c] = static_cast<S>(pose.rotation(r, c));
    placed[9 + r] = static_cast<S>(pose.translation[r]);
  }
  Gathered g;
  g.poses = 1;
  g.triangles_a = a.view.triangle_count;
  g.triangles_b = b.view.triangle_count;
  g.pairs.resize(1);
  const sepax_pair_sink sink{&g, &add_pair};
  unsigned char meets = 0xFF;  // not written: caught below
  const void* inputs[] = {&a.view, &b.view, placed};
  void* answers[] = {&meets, const_cast<sepax_pair_sink*>(&sink)};
  const char* message = nullptr;
  const int status = k.batch(k.user, 1, inputs, answers, &message);
  if (status != 0) {
    std::string what = k.id + ": the plugin kernel failed (status " + std::to_string(status) + ")";
    if (message && *message) what += ": " + std::string(message);
    if (!g.error.empty()) what += "; " + g.error;
    throw std::runtime_error(what);
  }
  if (!g.error.empty()) throw std::runtime_error(k.id + ": " + g.error);
  if (meets > 1)
    throw std::runtime_error(k.id + ": meets = " + std::to_string(meets) + " (expected 0 or 1; 255: not written)");
  MeshAnswerOfPose out{meets == 1, std::move(g.pairs[0])};
  std::sort(out.pairs.begin(), out.pairs.end());
  if (const auto twice = std::adjacent_find(out.pairs.begin(), out.pairs.end()); twice != out.pairs.end())
    throw std::runtime_error(k.id + ": the pair (" + std::to_string(twice->first) + ", " +
                             std::to_string(twice->second) + ") was added twice");
  return out;
}

template <class S>
std::vector<MeshKernel> make_kernels(const PluginKernelV2& k, const TriangleMesh& a, const TriangleMesh& b) {
  auto ma = std::make_shared<const AbiMesh<S>>(a);
  auto mb = std::make_shared<const AbiMesh<S>>(b);
  MeshKernel kernel;
  kernel.name = k.id;
  kernel.scalar = k.scalar;
  kernel.peer = false;
  // The ABI answers both questions in one call: the judge makes one.
  kernel.intersects = [k, ma, mb](const Pose& p) { return call_mesh<S>(k, *ma, *mb, p).hit; };
  kernel.pairs = [k, ma, mb](const Pose& p) { return call_mesh<S>(k, *ma, *mb, p).pairs; };
  kernel.both = [k, ma, mb](const Pose& p) {
    MeshAnswerOfPose a = call_mesh<S>(k, *ma, *mb, p);
    return std::pair{a.hit, std::move(a.pairs)};
  };
  return {std::move(kernel)};
}

}  // namespace

MeshKernelMaker make_mesh_maker_v2(const PluginKernelV2& k) {
  MeshKernelMaker maker;
  maker.name = k.id;
  maker.peer = false;
  if (k.scalar == ScalarKind::float32)
    maker.make = [k](const TriangleMesh& a, const TriangleMesh& b) { return make_kernels<float>(k, a, b); };
  else
    maker.make = [k](const TriangleMesh& a, const TriangleMesh& b) { return make_kernels<double>(k, a, b); };
  return maker;
}

}  // namespace sepax::harness::plugin_detail
