// The plugin loader (sepax/harness/plugin_kernels.hpp, sepax/sepax_plugin.h):
// what it refuses and how it says so, the entries it makes (per-pair, batch
// and benchmark forms agreeing), and the example plugin of examples/plugin
// judged against an independent reference SAT written here and the exact
// oracle: the planted bug (Gottschalk's ε forgotten) must show on nearly
// parallel boxes, and the fixed build must not have it.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/input_error.hpp"
#include "sepax/harness/plugin_kernels.hpp"
#include "sepax/sepax_plugin.h"

namespace sepax::harness {
namespace {

/// `text` holds `part`; the failure shows both.
::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

/// load_plugin's InputError message (an empty string fails the test).
std::string load_error(const std::filesystem::path& path) {
  try {
    load_plugin(path);
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what();
    return {};
  }
  ADD_FAILURE() << path << " loaded, but should have been refused";
  return {};
}

const KernelInfo& find(const std::vector<KernelInfo>& kernels, const std::string& id) {
  for (const KernelInfo& k : kernels)
    if (k.id == id) return k;
  throw std::runtime_error("no kernel " + id);
}

// ---------------------------------------------------------------------------
// Libraries that are not (good) plugins.

TEST(PluginLoad, MissingFileIsNamed) {
  const std::string msg = load_error("/nonexistent/dir/libnothing.so");
  EXPECT_TRUE(Contains(msg, "/nonexistent/dir/libnothing.so"));
  EXPECT_TRUE(Contains(msg, "no such file"));
}

TEST(PluginLoad, DirectoryIsRefused) {
  EXPECT_TRUE(Contains(load_error(std::filesystem::temp_directory_path()), "is a directory"));
}

TEST(PluginLoad, FileThatIsNotASharedLibraryGivesDlerror) {
  const auto path = std::filesystem::temp_directory_path() / ("sepax_plugin_test_" + std::to_string(::getpid()) + ".so");
  std::ofstream(path) << "not an ELF file\n";
  const std::string msg = load_error(path);
  std::filesystem::remove(path);
  EXPECT_TRUE(Contains(msg, path.string()));
  EXPECT_TRUE(Contains(msg, "cannot load as a shared library"));
}

TEST(PluginLoad, RealLibraryWithoutEntryIsNotAPlugin) {
  Dl_info info{};
  double (*cos_fn)(double) = &std::cos;
  if (!dladdr(reinterpret_cast<void*>(cos_fn), &info) || !info.dli_fname ||
      std::string(info.dli_fname).find("libm") == std::string::npos)
    GTEST_SKIP() << "cos is not in a libm here";
  const std::string msg = load_error(info.dli_fname);
  EXPECT_TRUE(Contains(msg, info.dli_fname));
  EXPECT_TRUE(Contains(msg, "no entry symbol \"sepax_plugin_v2\" or \"sepax_plugin_v1\""));
}

TEST(PluginLoad, ModuleWithoutEntryIsNotAPlugin) {
  const std::string msg = load_error(SEPAX_TEST_PLUGIN_NO_ENTRY);
  EXPECT_TRUE(Contains(msg, SEPAX_TEST_PLUGIN_NO_ENTRY));
  EXPECT_TRUE(Contains(msg, "no entry symbol \"sepax_plugin_v2\" or \"sepax_plugin_v1\""));
}

TEST(PluginLoad, LaterAbiEntryNamesBothVersions) {
  const std::string msg = load_error(SEPAX_TEST_PLUGIN_FUTURE_ABI);
  EXPECT_TRUE(Contains(msg, "ABI version mismatch"));
  EXPECT_TRUE(Contains(msg, "sepax_plugin_v3 (ABI version 3)"));
  EXPECT_TRUE(Contains(msg, "speaks ABI versions 1 and 2"));
}

// ---------------------------------------------------------------------------
// A plugin whose description the test rewrites (plugins/configurable.c).

enum Behaviour { answer_meets = 0, answer_apart = 1, fail_message = 2, fail_silent = 3, skip_output = 4, answer_bad = 5 };

class Configurable : public ::testing::Test {
 protected:
  void SetUp() override {
    // The loader's dlopen of the same path returns this handle: same globals.
    handle_ = dlopen(SEPAX_TEST_PLUGIN_CONFIGURABLE, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle_, nullptr) << dlerror();
    plugin_ = sym<sepax_plugin>("configurable_plugin");
    kernels_ = sym<sepax_kernel>("configurable_kernels");
    behaviour_ = sym<int>("configurable_behaviour");
    return_null_ = sym<int>("configurable_return_null");
    last_n_ = sym<size_t>("configurable_last_n");
    last_motion_ = sym<int>("configurable_last_motion");
    float_marker_ = sym<int>("configurable_float_marker");
    batch_ = *sym<sepax_batch_fn>("configurable_batch");
    *plugin_ = {SEPAX_PLUGIN_ABI_V1, "configurable", 1, kernels_};
    for (int i = 0; i < 8; ++i) kernels_[i] = kernel("k", SEPAX_SCALAR_DOUBLE);
    *behaviour_ = answer_meets;
    *return_null_ = 0;
  }

  template <class T>
  T* sym(const char* name) {
    void* p = dlsym(handle_, name);
    if (!p) throw std::runtime_error(std::string("configurable plugin lacks ") + name);
    return static_cast<T*>(p);
  }

  sepax_kernel kernel(const char* name, int32_t scalar, int32_t mode = SEPAX_MODE_TEST_STATIC) {
    return {name, SEPAX_QUERY_OBB_OBB, mode, scalar, SEPAX_BIAS_NONE, 0.0, 0, batch_,
            scalar == SEPAX_SCALAR_FLOAT ? float_marker_ : nullptr};
  }

  std::string error() { return load_error(SEPAX_TEST_PLUGIN_CONFIGURABLE); }

  void* handle_ = nullptr;
  sepax_plugin* plugin_ = nullptr;
  sepax_kernel* kernels_ = nullptr;
  int* behaviour_ = nullptr;
  int* return_null_ = nullptr;
  size_t* last_n_ = nullptr;
  int* last_motion_ = nullptr;
  int* float_marker_ = nullptr;
  sepax_batch_fn batch_ = nullptr;
};

TEST_F(Configurable, WrongAbiVersionNamesBoth) {
  plugin_->abi_version = 2;
  const std::string msg = error();
  EXPECT_TRUE(Contains(msg, SEPAX_TEST_PLUGIN_CONFIGURABLE));
  EXPECT_TRUE(Contains(msg, "abi_version 2"));
  EXPECT_TRUE(Contains(msg, "it must say 1"));
}

TEST_F(Configurable, NullDescription) {
  *return_null_ = 1;
  EXPECT_TRUE(Contains(error(), "sepax_plugin_v1() returned NULL"));
}

TEST_F(Configurable, BadPluginNames) {
  plugin_->name = nullptr;
  EXPECT_TRUE(Contains(error(), "plugin name is NULL"));
  plugin_->name = "";
  EXPECT_TRUE(Contains(error(), "plugin name is empty"));
  plugin_->name = "my/plugin";
  EXPECT_TRUE(Contains(error(), "plugin name \"my/plugin\" contains '/'"));
  plugin_->name = "my plugin";
  EXPECT_TRUE(Contains(error(), "plugin name \"my plugin\" contains whitespace"));
  plugin_->name = "sepax";
  EXPECT_TRUE(Contains(error(), "reserved"));
}

TEST_F(Configurable, BadKernelLists) {
  plugin_->kernel_count = 0;
  EXPECT_TRUE(Contains(error(), "declares no kernels"));
  plugin_->kernel_count = 1;
  plugin_->kernels = nullptr;
  EXPECT_TRUE(Contains(error(), "kernels is NULL with kernel_count 1"));
}

TEST_F(Configurable, EachBadFieldIsNamedWithItsKernelAndValue) {
  plugin_->kernel_count = 2;
  kernels_[1] = kernel("second", SEPAX_SCALAR_DOUBLE);
  const auto expect = [&](auto change, const std::string& what) {
    kernels_[1] = kernel("second", SEPAX_SCALAR_DOUBLE);
    change(kernels_[1]);
    const std::string msg = error();
    EXPECT_TRUE(Contains(msg, SEPAX_TEST_PLUGIN_CONFIGURABLE));
    EXPECT_TRUE(Contains(msg, "kernel 1")) << msg;
    EXPECT_TRUE(Contains(msg, what)) << msg;
  };
  expect([](sepax_kernel& k) { k.query = 5; }, "\"second\": unknown query 5");
  expect([](sepax_kernel& k) { k.mode = -1; }, "\"second\": unknown mode -1");
  expect([](sepax_kernel& k) { k.scalar = 3; }, "\"second\": unknown scalar 3");
  expect([](sepax_kernel& k) { k.bias_method = 4; }, "unknown bias_method 4");
  expect([](sepax_kernel& k) { k.bias_epsilon = NAN; }, "bias_epsilon nan is not a finite number");
  expect([](sepax_kernel& k) { k.bias_epsilon = -1; }, "bias_epsilon -1 is not a finite number >= 0");
  expect([](sepax_kernel& k) { k.bias_epsilon = 1e-6; }, "bias_epsilon 9.9999999999999995e-07 given with bias_method 0 = none");
  expect([](sepax_kernel& k) { k.open_sets = 2; }, "open_sets 2 (expected 0 or 1)");
  expect([](sepax_kernel& k) { k.batch = nullptr; }, "batch function is NULL");
  expect([](sepax_kernel& k) { k.name = nullptr; }, "name is NULL");
  expect([](sepax_kernel& k) { k.name = ""; }, "name is empty");
  expect([](sepax_kernel& k) { k.name = "a/b"; }, "name \"a/b\" contains '/'");
  expect([](sepax_kernel& k) { k.name = "a\tb"; }, "contains whitespace");
  expect([](sepax_kernel& k) { k.name = "k"; }, "duplicate kernel id \"configurable/k/double\" (kernel 0 has it too)");
}

TEST_F(Configurable, SameNameForBothScalarsMakesTwoEntries) {
  plugin_->kernel_count = 2;
  kernels_[0] = kernel("k", SEPAX_SCALAR_FLOAT);
  kernels_[1] = kernel("k", SEPAX_SCALAR_DOUBLE);
  kernels_[1].bias_method = SEPAX_BIAS_EPSILON_ON_PLANE_DISTANCES;
  kernels_[1].bias_epsilon = 1e-5;
  kernels_[1].open_sets = 1;
  const auto ks = load_plugin(SEPAX_TEST_PLUGIN_CONFIGURABLE).sat;
  ASSERT_EQ(ks.size(), 2u);
  EXPECT_EQ(ks[0].id, "configurable/k/float");
  EXPECT_EQ(ks[0].scalar, ScalarKind::float32);
  EXPECT_EQ(ks[0].bias.method, BiasMethod::none);
  EXPECT_FALSE(ks[0].open_sets);
  EXPECT_EQ(ks[1].id, "configurable/k/double");
  EXPECT_EQ(ks[1].origin, "configurable");
  EXPECT_TRUE(ks[1].is_peer());
  EXPECT_EQ(ks[1].bias.method, BiasMethod::epsilon_on_plane_distances);
  EXPECT_EQ(ks[1].bias.epsilon, 1e-5);
  EXPECT_TRUE(ks[1].open_sets);
  EXPECT_FALSE(ks[1].reports_axis);
}

TEST_F(Configurable, EachModeGetsItsFunctions) {
  plugin_->kernel_count = 3;
  kernels_[0] = kernel("s", SEPAX_SCALAR_DOUBLE, SEPAX_MODE_TEST_STATIC);
  kernels_[1] = kernel("m", SEPAX_SCALAR_DOUBLE, SEPAX_MODE_TEST_MOVING);
  kernels_[2] = kernel("f", SEPAX_SCALAR_DOUBLE, SEPAX_MODE_FIND_FIRST_CONTACT);
  kernels_[2].query = SEPAX_QUERY_TRI_TRI;
  kernels_[1].query = SEPAX_QUERY_TRI_OBB;
  const auto ks = load_plugin(SEPAX_TEST_PLUGIN_CONFIGURABLE).sat;
  ASSERT_EQ(ks.size(), 3u);
  EXPECT_EQ(ks[0].mode, KernelMode::static_test);
  EXPECT_TRUE(ks[0].test && ks[0].test_batch && ks[0].prepare_set);
  EXPECT_FALSE(ks[0].test_moving || ks[0].find_first_contact);
  EXPECT_EQ(ks[1].mode, KernelMode::moving_test);
  EXPECT_EQ(ks[1].query, Query::tri_obb);
  EXPECT_TRUE(ks[1].test_moving && ks[1].test_moving_batch);
  EXPECT_FALSE(ks[1].test || ks[1].prepare_set || ks[1].find_first_contact);
  EXPECT_EQ(ks[2].mode, KernelMode::first_contact);
  EXPECT_EQ(ks[2].query, Query::tri_tri);
  EXPECT_TRUE(ks[2].find_first_contact && ks[2].find_first_contact_batch);
  EXPECT_FALSE(ks[2].test || ks[2].test_moving);
}

TEST_F(Configurable, AnswersAreReadAndBatchesAreOneCall) {
  plugin_->kernel_count = 2;
  kernels_[1] = kernel("m", SEPAX_SCALAR_FLOAT, SEPAX_MODE_TEST_MOVING);
  const auto ks = load_plugin(SEPAX_TEST_PLUGIN_CONFIGURABLE).sat;
  const std::vector<ShapePair> pairs(5);
  const std::vector<LinearMotiond> motions(5);
  std::vector<StaticOutcome> out(5);

  *behaviour_ = answer_apart;
  ks[0].test_batch(pairs, out);
  EXPECT_EQ(*last_n_, 5u);
  EXPECT_EQ(*last_motion_, 0);  // static: motion is NULL
  for (const StaticOutcome& o : out) EXPECT_FALSE(o.intersects);
  *behaviour_ = answer_meets;
  EXPECT_TRUE(ks[0].test(pairs[0]).intersects);
  EXPECT_EQ(*last_n_, 1u);
  EXPECT_EQ(ks[0].prepare_set(pairs)(), 5u);
  EXPECT_EQ(*last_n_, 5u);

  ks[1].test_moving_batch(pairs, motions, out);
  EXPECT_EQ(*last_motion_, 1);
  for (const StaticOutcome& o : out) EXPECT_TRUE(o.intersects);
  *behaviour_ = answer_apart;
  EXPECT_FALSE(ks[1].test_moving(pairs[0], motions[0]).intersects);
}

TEST_F(Configurable, FirstContactAnswersInBothScalars) {
  plugin_->kernel_count = 2;
  kernels_[0] = kernel("f", SEPAX_SCALAR_FLOAT, SEPAX_MODE_FIND_FIRST_CONTACT);
  kernels_[1] = kernel("f", SEPAX_SCALAR_DOUBLE, SEPAX_MODE_FIND_FIRST_CONTACT);
  const auto ks = load_plugin(SEPAX_TEST_PLUGIN_CONFIGURABLE).sat;
  const std::vector<ShapePair> pairs(3);
  const std::vector<LinearMotiond> motions(3);
  for (const KernelInfo& k : ks) {
    std::vector<ContactOutcome> out(3);
    k.find_first_contact_batch(pairs, motions, out);
    EXPECT_EQ(*last_n_, 3u);
    EXPECT_EQ(*last_motion_, 1);
    for (const ContactOutcome& c : out) {
      EXPECT_EQ(c.state, ContactState::first_contact) << k.id;
      EXPECT_EQ(c.time, 0.25);
      EXPECT_EQ(c.point, (std::array<double, 3>{1, 2, 3}));
      EXPECT_EQ(c.point_path, ContactPath::features);
      EXPECT_EQ(c.feature_point, c.point);
    }
    *behaviour_ = answer_apart;
    EXPECT_EQ(k.find_first_contact(pairs[0], motions[0]).state, ContactState::separated_throughout);
    *behaviour_ = answer_meets;
  }
}

/// The what() of the runtime_error `f` throws ("" fails the test).
template <class F>
std::string runtime_error_of(F f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no std::runtime_error";
  return {};
}

TEST_F(Configurable, FailuresAndBadAnswersThrowNamingTheKernel) {
  plugin_->kernel_count = 2;
  kernels_[1] = kernel("f", SEPAX_SCALAR_DOUBLE, SEPAX_MODE_FIND_FIRST_CONTACT);
  const auto ks = load_plugin(SEPAX_TEST_PLUGIN_CONFIGURABLE).sat;
  const ShapePair pair;
  const LinearMotiond motion;
  const auto test = [&] { ks[0].test(pair); };
  const auto find = [&] { ks[1].find_first_contact(pair, motion); };

  *behaviour_ = fail_message;
  std::string msg = runtime_error_of(test);
  EXPECT_TRUE(Contains(msg, "configurable/k/double"));
  EXPECT_TRUE(Contains(msg, "status 7"));
  EXPECT_TRUE(Contains(msg, "configurable: asked to fail"));
  EXPECT_TRUE(Contains(runtime_error_of([&] { ks[0].prepare_set({&pair, 1})(); }), "asked to fail"));
  *behaviour_ = fail_silent;
  EXPECT_TRUE(Contains(runtime_error_of(find), "configurable/f/double: the plugin kernel failed (status 1)"));
  *behaviour_ = skip_output;
  EXPECT_TRUE(Contains(runtime_error_of(test), "not written by the plugin"));
  EXPECT_TRUE(Contains(runtime_error_of(find), "not written by the plugin"));
  *behaviour_ = answer_bad;
  EXPECT_TRUE(Contains(runtime_error_of(test), "meets = 2 (must be 0 or 1)"));
  EXPECT_TRUE(Contains(runtime_error_of(find), "state = 9"));
}

// ---------------------------------------------------------------------------
// The example plugin against an independent reference and the exact oracle.

Obb3d box(const Eigen::Matrix3d& rotation, const Vec3<double>& center, std::array<double, 3> extents) {
  Obb3d b;
  b.center = center;
  for (int i = 0; i < 3; ++i) b.axes[i] = rotation.col(i);
  b.extents = extents;
  return b;
}

ShapePair obb_pair(const Obb3d& a, const Obb3d& b) {
  ShapePair p;
  p.query = Query::obb_obb;
  p.obb_a = a;
  p.obb_b = b;
  return p;
}

/// Written here from the definition, not from Gottschalk's table: every one
/// of the 15 axes explicitly, both boxes projected onto it, in long double;
/// cross products of (nearly) parallel edges are skipped, which is right for
/// pairs in general position (the only ones it is asked about).
bool reference_intersects(const ShapePair& p) {
  using V = Eigen::Matrix<long double, 3, 1>;
  const Obb3d& a = p.obb_a;
  const Obb3d& b = p.obb_b;
  std::vector<V> axes;
  for (int i = 0; i < 3; ++i) axes.push_back(a.axes[i].cast<long double>());
  for (int j = 0; j < 3; ++j) axes.push_back(b.axes[j].cast<long double>());
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const V l = a.axes[i].cast<long double>().cross(b.axes[j].cast<long double>());
      if (l.norm() > 1e-6L) axes.push_back(l);
    }
  const V d = (b.center - a.center).cast<long double>();
  for (const V& l : axes) {
    long double r = 0;
    for (int i = 0; i < 3; ++i) r += a.extents[i] * std::abs(l.dot(a.axes[i].cast<long double>()));
    for (int j = 0; j < 3; ++j) r += b.extents[j] * std::abs(l.dot(b.axes[j].cast<long double>()));
    if (std::abs(l.dot(d)) > r) return false;
  }
  return true;
}

Eigen::Matrix3d random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  return Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized().toRotationMatrix();
}

/// Pairs in general position, about half of them intersecting.
std::vector<ShapePair> general_pairs(std::size_t count) {
  std::mt19937_64 rng(20261125);
  std::uniform_real_distribution<double> c(-2.5, 2.5), e(0.1, 1.5);
  std::vector<ShapePair> pairs;
  for (std::size_t i = 0; i < count; ++i)
    pairs.push_back(obb_pair(box(random_rotation(rng), {0, 0, 0}, {e(rng), e(rng), e(rng)}),
                             box(random_rotation(rng), {c(rng), c(rng), c(rng)}, {e(rng), e(rng), e(rng)})));
  return pairs;
}

/// Deeply overlapping boxes whose axes are parallel up to `tilt` radians
/// (below the scalar's rounding): R_ij off the diagonal is rounding noise.
std::vector<ShapePair> nearly_parallel_pairs(std::size_t count, double tilt) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> e(0.2, 2.0), s(-0.8, 0.8), t(-tilt, tilt);
  std::vector<ShapePair> pairs;
  for (std::size_t i = 0; i < count; ++i) {
    const Eigen::Matrix3d q = random_rotation(rng);
    const Eigen::Matrix3d q2 =
        q * Eigen::AngleAxisd(t(rng), Vec3<double>(s(rng), s(rng), s(rng)).normalized()).toRotationMatrix();
    const std::array<double, 3> ea{e(rng), e(rng), e(rng)}, eb{e(rng), e(rng), e(rng)};
    // Offset in A's frame by at most 0.8 (a_i + b_i): parallel boxes that overlap by a fifth.
    Vec3<double> offset = Vec3<double>::Zero();
    for (int k = 0; k < 3; ++k) offset += s(rng) * (ea[k] + eb[k]) * q.col(k);
    pairs.push_back(obb_pair(box(q, {0, 0, 0}, ea), box(q2, offset, eb)));
  }
  return pairs;
}

std::vector<ShapePair> rounded(const std::vector<ShapePair>& pairs, ScalarKind scalar) {
  std::vector<ShapePair> out;
  for (const ShapePair& p : pairs) out.push_back(rounded_to(p, scalar));
  return out;
}

class ExamplePlugin : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    buggy_ = new std::vector<KernelInfo>(load_plugin(SEPAX_EXAMPLE_PLUGIN).sat);
    fixed_ = new std::vector<KernelInfo>(load_plugin(SEPAX_EXAMPLE_PLUGIN_FIXED).sat);
  }
  static void TearDownTestSuite() {
    delete buggy_;
    delete fixed_;
  }
  static std::vector<KernelInfo>* buggy_;
  static std::vector<KernelInfo>* fixed_;
};
std::vector<KernelInfo>* ExamplePlugin::buggy_ = nullptr;
std::vector<KernelInfo>* ExamplePlugin::fixed_ = nullptr;

TEST_F(ExamplePlugin, DescribesItsKernels) {
  ASSERT_EQ(buggy_->size(), 2u);
  ASSERT_EQ(fixed_->size(), 2u);
  const KernelInfo& f = find(*buggy_, "example/obb_sat/float");
  const KernelInfo& d = find(*buggy_, "example/obb_sat/double");
  find(*fixed_, "example_fixed/obb_sat/float");
  find(*fixed_, "example_fixed/obb_sat/double");
  EXPECT_EQ(f.origin, "example");
  EXPECT_EQ(f.query, Query::obb_obb);
  EXPECT_EQ(f.mode, KernelMode::static_test);
  EXPECT_EQ(f.scalar, ScalarKind::float32);
  EXPECT_EQ(d.scalar, ScalarKind::float64);
  // Declared as the author believes the code works (the planted bug's point).
  EXPECT_EQ(f.bias.method, BiasMethod::epsilon_on_rotation);
  EXPECT_EQ(f.bias.epsilon, double(1e-6f));
  EXPECT_EQ(d.bias.epsilon, 1e-6);
  EXPECT_FALSE(f.open_sets);
  EXPECT_FALSE(f.reports_axis);
}

TEST_F(ExamplePlugin, ConstructedAxisAlignedPairs) {
  const Eigen::Matrix3d I = Eigen::Matrix3d::Identity();
  struct Case {
    double dx;
    bool intersects;
  };
  // Unit boxes (extents 1): apart, overlapping, exactly touching (closed sets).
  for (const Case c : {Case{2.5, false}, Case{1.5, true}, Case{2.0, true}, Case{-2.0, true}, Case{-2.0625, false}}) {
    const ShapePair p = obb_pair(box(I, {0, 0, 0}, {1, 1, 1}), box(I, {c.dx, 0.5, -0.25}, {1, 1, 1}));
    ASSERT_EQ(judge_exactly(p, true).intersects, c.intersects) << c.dx;
    ASSERT_EQ(reference_intersects(p), c.intersects) << c.dx;
    for (const auto* ks : {buggy_, fixed_})
      for (const KernelInfo& k : *ks) EXPECT_EQ(k.test(p).intersects, c.intersects) << k.id << " dx " << c.dx;
  }
  // B turned 45° about z, centred on the diagonal: its face meets A's
  // vertical edge at x = y = 1 when dx = 1 + 1/√2; 0.05 beyond / inside.
  const Eigen::Matrix3d turned = Eigen::AngleAxisd(std::numbers::pi / 4, Vec3<double>::UnitZ()).toRotationMatrix();
  const double touch = 1 + std::sqrt(0.5);
  for (const Case c : {Case{touch + 0.05, false}, Case{touch - 0.05, true}}) {
    const ShapePair p = obb_pair(box(I, {0, 0, 0}, {1, 1, 1}), box(turned, {c.dx, c.dx, 0}, {1, 1, 1}));
    ASSERT_EQ(reference_intersects(p), c.intersects) << c.dx;
    ASSERT_EQ(judge_exactly(p, true).intersects, c.intersects) << c.dx;
    for (const auto* ks : {buggy_, fixed_})
      for (const KernelInfo& k : *ks) EXPECT_EQ(k.test(p).intersects, c.intersects) << k.id << " dx " << c.dx;
  }
}

TEST_F(ExamplePlugin, AgreesWithTheReferenceInGeneralPosition) {
  const std::vector<ShapePair> pairs = general_pairs(3000);
  for (const auto* ks : {buggy_, fixed_})
    for (const KernelInfo& k : *ks) {
      std::size_t hits = 0;
      for (const ShapePair& p : rounded(pairs, k.scalar)) {
        const bool expected = reference_intersects(p);
        hits += expected;
        ASSERT_EQ(k.test(p).intersects, expected) << k.id;
      }
      // Both answers occur, so agreeing means something.
      EXPECT_GT(hits, pairs.size() / 5) << k.id;
      EXPECT_LT(hits, pairs.size() * 4 / 5) << k.id;
    }
  // The reference itself against the exact oracle, on a sample.
  for (std::size_t i = 0; i < pairs.size(); i += 10)
    ASSERT_EQ(reference_intersects(pairs[i]), judge_exactly(pairs[i], false).intersects) << i;
}

TEST_F(ExamplePlugin, PlantedBugSeparatesNearlyParallelOverlappingBoxes) {
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64}) {
    const std::string s(to_string(scalar));
    const KernelInfo& buggy = find(*buggy_, "example/obb_sat/" + s);
    const KernelInfo& fixed = find(*fixed_, "example_fixed/obb_sat/" + s);
    const double tilt = scalar == ScalarKind::float32 ? 1e-7 : 1e-16;
    std::size_t false_separations = 0;
    for (const ShapePair& p : rounded(nearly_parallel_pairs(300, tilt), scalar)) {
      ASSERT_TRUE(judge_exactly(p, false).intersects) << s;  // overlap by construction
      EXPECT_TRUE(fixed.test(p).intersects) << s;
      false_separations += !buggy.test(p).intersects;
    }
    // Without ε, cross products of nearly parallel edges made of rounding
    // noise separate boxes that overlap by a fifth of their size.
    EXPECT_GT(false_separations, 0u) << s;
    std::cout << buggy.id << ": " << false_separations << " of 300 overlapping nearly parallel pairs called separated\n";
  }
}

TEST_F(ExamplePlugin, BatchAndPreparedSetAgreeWithPerPairCalls) {
  std::vector<ShapePair> pairs = general_pairs(500);
  for (const ShapePair& p : nearly_parallel_pairs(200, 1e-16)) pairs.push_back(p);
  for (const auto* ks : {buggy_, fixed_})
    for (const KernelInfo& k : *ks) {
      const std::vector<ShapePair> in = rounded(pairs, k.scalar);
      std::vector<StaticOutcome> batch(in.size());
      k.test_batch(in, batch);
      std::size_t hits = 0;
      for (std::size_t i = 0; i < in.size(); ++i) {
        const bool one = k.test(in[i]).intersects;
        ASSERT_EQ(batch[i].intersects, one) << k.id << " pair " << i;
        hits += one;
      }
      const SetRunner run = k.prepare_set(in);
      EXPECT_EQ(run(), hits) << k.id;
      EXPECT_EQ(run(), hits) << k.id << " (second run)";
      EXPECT_EQ(k.prepare_set({})(), 0u);
    }
}

TEST_F(ExamplePlugin, NonFiniteInputIsReportedAsTheKernelsError) {
  ShapePair p = obb_pair(box(Eigen::Matrix3d::Identity(), {0, 0, 0}, {1, 1, 1}),
                         box(Eigen::Matrix3d::Identity(), {NAN, 0, 0}, {1, 1, 1}));
  const KernelInfo& k = find(*buggy_, "example/obb_sat/double");
  EXPECT_TRUE(Contains(runtime_error_of([&] { k.test(p); }), "example/obb_sat/double: the plugin kernel failed (status 1): obb_sat: input is not finite"));
}

}  // namespace
}  // namespace sepax::harness
