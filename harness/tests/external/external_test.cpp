// Kernels in another process (harness/src/external, examples/external): the
// announcement and its errors, bit-exact round trips both ways in both
// framings, errors in the middle of a run (no hang), batch == per pair, the
// end of the process, and the example kernel's planted bug, which the exact
// oracle must expose.
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "box_overlap_pairs.hpp"
#include "external_session.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/external_kernels.hpp"
#include "sepax/harness/input_error.hpp"

namespace sepax::harness {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using namespace std::chrono_literals;
using external::ExternalSession;
using external::SessionOptions;

const std::string python = SEPAX_PYTHON3;
const std::string examples = SEPAX_EXTERNAL_EXAMPLES;

std::string example(const std::string& script, const std::string& args = "") {
  return python + " " + examples + "/" + script + (args.empty() ? "" : " " + args);
}

/// A scratch directory for the scripts of one test, removed afterwards.
class ExternalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "sepax-external-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// Writes `text` to `name` in the scratch directory; returns its path.
  std::string write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::ofstream(path) << text;
    return path.string();
  }
  /// A command that announces `announcement` and then reads its stdin to EOF.
  std::string announcing(const std::string& announcement) {
    return "cat '" + write("announcement.json", announcement + "\n") + "'; cat >/dev/null";
  }
  /// A Python kernel script using examples/external/sepax_external.py.
  std::string python_kernel(const std::string& name, const std::string& body) {
    const std::string head = "import sys\nsys.dont_write_bytecode = True\nsys.path.insert(0, '" + examples + "')\nimport sepax_external\n";
    return python + " '" + write(name, head + body) + "'";
  }

  std::filesystem::path dir_;
};

/// The InputError text of start_external(command); fails the test if none.
std::string start_error(const std::string& command) {
  try {
    start_external(command);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError for " << command;
  return {};
}

const KernelInfo& by_id(const std::vector<KernelInfo>& kernels, const std::string& id) {
  for (const KernelInfo& k : kernels)
    if (k.id == id) return k;
  throw std::runtime_error("no kernel " + id);
}

ShapePair unit_boxes() {
  ShapePair p;
  p.query = Query::obb_obb;
  p.obb_a.extents = {1, 1, 1};
  p.obb_b.extents = {1, 1, 1};
  return p;
}

const std::string kernel_json = R"({"name":"k","query":"obb_obb","mode":"test_static","scalar":"double"})";

// ------------------------------------------------------------------ announcement

TEST_F(ExternalTest, CommandThatDoesNotExistNamesTheCommandAndStatus127) {
  const std::string message = start_error("sepax-no-such-command-4711");
  EXPECT_THAT(message, AllOf(HasSubstr("sepax-no-such-command-4711"), HasSubstr("exited with status 127"),
                             HasSubstr("could not find")));
}

TEST_F(ExternalTest, NonJsonFirstLineIsQuoted) {
  EXPECT_THAT(start_error("echo not-json"),
              AllOf(HasSubstr("'echo not-json'"), HasSubstr("not JSON"), HasSubstr("\"not-json\"")));
}

TEST_F(ExternalTest, LongNonJsonLineIsQuotedUpTo200Characters) {
  const std::string message = start_error("printf '%0300d\\n' 0");
  EXPECT_THAT(message, AllOf(HasSubstr("\"" + std::string(200, '0') + "\"..."), HasSubstr("300 characters")));
  EXPECT_THAT(message, ::testing::Not(HasSubstr(std::string(201, '0'))));
}

TEST_F(ExternalTest, ProcessThatExitsAtOnceGivesItsStatus) {
  EXPECT_THAT(start_error("exit 3"), AllOf(HasSubstr("'exit 3'"), HasSubstr("before announcing"),
                                           HasSubstr("exited with status 3")));
  EXPECT_THAT(start_error("printf half-a-line"), HasSubstr("\"half-a-line\" (no newline)"));
}

TEST_F(ExternalTest, UnknownQueryModeScalarNameTheFieldAndValue) {
  const auto announce = [&](const std::string& kernel) {
    return announcing(R"({"sepax_external":1,"name":"lib","kernels":[)" + kernel + "]}");
  };
  EXPECT_THAT(start_error(announce(R"({"name":"k","query":"obb_tri","mode":"test_static","scalar":"double"})")),
              AllOf(HasSubstr("announcement: kernels[0].query"), HasSubstr("\"obb_tri\"")));
  EXPECT_THAT(start_error(announce(R"({"name":"k","query":"obb_obb","mode":"test","scalar":"double"})")),
              AllOf(HasSubstr("kernels[0].mode"), HasSubstr("\"test\"")));
  EXPECT_THAT(start_error(announce(R"({"name":"k","query":"obb_obb","mode":"test_static","scalar":"half"})")),
              AllOf(HasSubstr("kernels[0].scalar"), HasSubstr("\"half\"")));
  EXPECT_THAT(start_error(announce(kernel_json + "," +
                                   R"({"name":"q","query":"tri_tri","mode":"test_static","scalar":"single"})")),
              AllOf(HasSubstr("kernels[1].scalar"), HasSubstr("\"single\"")));
  EXPECT_THAT(start_error(announce(R"({"query":"obb_obb","mode":"test_static","scalar":"double"})")),
              HasSubstr("kernels[0].name: missing"));
  EXPECT_THAT(start_error(announce(kernel_json + "," + kernel_json)),
              AllOf(HasSubstr("kernels[1].name"), HasSubstr("duplicate kernel \"k\" for scalar double")));
  EXPECT_THAT(start_error(announce(
                  R"({"name":"k","query":"obb_obb","mode":"test_static","scalar":"double","bias":{"method":"epsilon_on_rotation"}})")),
              HasSubstr("kernels[0].bias.epsilon: missing"));
  EXPECT_THAT(start_error(announce(
                  R"({"name":"k","query":"obb_obb","mode":"test_static","scalar":"double","open_set":true})")),
              AllOf(HasSubstr("kernels[0].open_set"), HasSubstr("unknown field")));
}

TEST_F(ExternalTest, APromisedToleranceIsReadAndABadOneNamesItsField) {
  const auto announce = [&](const std::string& tolerance) {
    return announcing(R"({"sepax_external":1,"name":"lib","kernels":[{"name":"k","query":"obb_obb","mode":)"
                      R"("test_static","scalar":"double","tolerance":)" + tolerance + "}]}");
  };
  const auto kernels = start_external(announce("1e-7")).sat;
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].tolerance, 1e-7);
  for (const char* bad : {"-1e-7", "\"small\"", "null"})
    EXPECT_THAT(start_error(announce(bad)), AllOf(HasSubstr("kernels[0].tolerance"), HasSubstr(">= 0"))) << bad;
}

TEST_F(ExternalTest, UnknownVersionAndMissingNameAreRefused) {
  EXPECT_THAT(start_error(announcing(R"({"sepax_external":3,"name":"lib","kernels":[)" + kernel_json + "]}")),
              AllOf(HasSubstr("sepax_external"), HasSubstr("protocol version 3"), HasSubstr("1 to 2")));
  EXPECT_THAT(start_error(announcing(R"({"sepax_external":1,"kernels":[)" + kernel_json + "]}")),
              HasSubstr("name: missing"));
  EXPECT_THAT(start_error(announcing(R"({"sepax_external":1,"name":"a/b","kernels":[)" + kernel_json + "]}")),
              HasSubstr("\"a/b\" contains '/'"));
  EXPECT_THAT(start_error(announcing(R"({"hello":1})")), HasSubstr("not an announcement"));
}

TEST_F(ExternalTest, SilentProcessTimesOutAndIsKilled) {
  SessionOptions options;
  options.start_timeout = 300ms;
  options.exit_grace = 200ms;
  const auto start = std::chrono::steady_clock::now();
  try {
    ExternalSession session("sleep 30", options);
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_THAT(std::string(e.what()), AllOf(HasSubstr("'sleep 30'"), HasSubstr("no announcement within 0.3 s")));
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);  // killed after the grace, not waited for
}

TEST_F(ExternalTest, AnnouncedKernelsBecomeRegistryEntries) {
  const auto kernels = start_external(example("obb_sat.py")).sat;
  ASSERT_EQ(kernels.size(), 2u);
  for (const char* scalar : {"float", "double"}) {
    const KernelInfo& k = by_id(kernels, std::string("pyexample/obb_sat/") + scalar);
    EXPECT_EQ(k.origin, "pyexample");
    EXPECT_TRUE(k.is_peer());
    EXPECT_EQ(k.query, Query::obb_obb);
    EXPECT_EQ(k.mode, KernelMode::static_test);
    EXPECT_EQ(k.bias.method, BiasMethod::epsilon_on_rotation);
    EXPECT_EQ(k.bias.epsilon, 1e-6);
    EXPECT_FALSE(k.open_sets);
    EXPECT_FALSE(k.reports_axis);
    EXPECT_TRUE(k.test && k.test_batch && k.prepare_set);
  }
  EXPECT_EQ(by_id(kernels, "pyexample/obb_sat/float").scalar, ScalarKind::float32);
  EXPECT_EQ(by_id(kernels, "pyexample/obb_sat/double").scalar, ScalarKind::float64);
}

// ------------------------------------------------------------------ round trips

/// Static: a's center x > a's center y. Find: time = a's center x, point =
/// (a's center y, a's center z, T): every number back as it was read.
const std::string echo_kernels = R"(
def greater(pairs, motions):
    return [p[0] > p[1] for p in pairs]
def echo(pairs, motions):
    return [("first_contact", p[0], (p[1], p[2], m[6])) for p, m in zip(pairs, motions)]
sepax_external.serve("echo", [
    {"name": "greater", "query": "obb_obb", "mode": "test_static", "scalar": "double", "run": greater},
    {"name": "echo", "query": "obb_obb", "mode": "find_first_contact", "scalar": "double", "run": echo},
], binary="--binary" in sys.argv)
)";

/// Values a lossy decimal round trip would change: neighbours, thirds,
/// denormals, the extremes, -0.0, integers beyond 2^53, powers of ten.
std::vector<double> awkward_values() {
  std::vector<double> v = {1.0 / 3, 0.1, 1e-300, 5e-324, 2.2250738585072014e-308, 4.9406564584124654e-320,
                           std::numeric_limits<double>::max(), 1e22, 9007199254740993.0, 123456789.0,
                           -2.5, 1.0, 0x1.fffffffffffffp-1, 6.02214076e23, 1e15, 1e16, 1e17};
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  return v;
}

TEST_F(ExternalTest, NumbersRoundTripBitExactlyInBothFramings) {
  for (const char* framing : {"", "--binary"}) {
    SCOPED_TRACE(framing[0] ? framing : "json");
    const auto kernels = start_external(python_kernel("echo.py", echo_kernels) + " " + framing).sat;
    const KernelInfo& greater = by_id(kernels, "echo/greater/double");
    const KernelInfo& echo = by_id(kernels, "echo/echo/double");
    std::vector<ShapePair> pairs;
    std::vector<bool> expected;
    for (const double y : awkward_values()) {
      // x just above y, equal, just below: only exact numbers tell them apart.
      for (const double x : {std::nextafter(y, HUGE_VAL), y, std::nextafter(y, -HUGE_VAL)}) {
        ShapePair p = unit_boxes();
        p.obb_a.center = {x, y, -0.0};
        pairs.push_back(p);
        expected.push_back(x > y);
      }
    }
    std::vector<StaticOutcome> out(pairs.size());
    greater.test_batch(pairs, out);
    for (std::size_t i = 0; i < pairs.size(); ++i)
      EXPECT_EQ(out[i].intersects, expected[i]) << "x = " << pairs[i].obb_a.center[0] << ", y = "
                                                << pairs[i].obb_a.center[1];

    std::vector<LinearMotiond> motions(pairs.size());
    const auto values = awkward_values();
    for (std::size_t i = 0; i < motions.size(); ++i) motions[i].duration = values[i % values.size()];
    std::vector<ContactOutcome> contacts(pairs.size());
    echo.find_first_contact_batch(pairs, motions, contacts);
    const auto bits = [](double d) { return std::bit_cast<std::uint64_t>(d); };
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      EXPECT_EQ(contacts[i].state, ContactState::first_contact);
      EXPECT_EQ(bits(contacts[i].time), bits(pairs[i].obb_a.center[0])) << i;
      EXPECT_EQ(bits(contacts[i].point[0]), bits(pairs[i].obb_a.center[1])) << i;
      EXPECT_EQ(bits(contacts[i].point[1]), bits(-0.0)) << i;
      EXPECT_EQ(bits(contacts[i].point[2]), bits(motions[i].duration)) << i;
      EXPECT_EQ(contacts[i].point_path, ContactPath::features);
      EXPECT_EQ(bits(contacts[i].feature_point[2]), bits(motions[i].duration)) << i;
    }
    // The per-pair form is a batch of one.
    const ContactOutcome one = echo.find_first_contact(pairs[1], motions[1]);
    EXPECT_EQ(bits(one.time), bits(pairs[1].obb_a.center[0]));
  }
}

// ------------------------------------------------------------------ errors mid-run

/// A process that misbehaves on its `when`-th request, in the way its first
/// argument names.
const std::string misbehaving = R"(
import json, sys
how, when = sys.argv[1], int(sys.argv[2])
print(json.dumps({"sepax_external": 1, "name": "bad", "kernels": [
    {"name": "k", "query": "obb_obb", "mode": "test_static", "scalar": "double"}]}), flush=True)
n = 0
for line in sys.stdin:
    n += 1
    r = json.loads(line)
    reply = {"id": r["id"], "intersects": [True] * r["count"]}
    if n == when:
        if how == "die": sys.exit(3)
        if how == "error": reply = {"id": r["id"], "error": "boom: cannot do pair 0"}
        if how == "wrong_id": reply["id"] += 1
        if how == "wrong_count": reply["intersects"].append(True)
        if how == "not_json": print("Traceback (most recent call last): oops", flush=True); continue
        if how == "not_bool": reply["intersects"][0] = 1
        if how == "hang": import time; time.sleep(30)
    print(json.dumps(reply), flush=True)
)";

std::string run_error(const KernelInfo& k, std::size_t pairs) {
  std::vector<ShapePair> in(pairs, unit_boxes());
  std::vector<StaticOutcome> out(pairs);
  try {
    k.test_batch(in, out);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return {};
}

TEST_F(ExternalTest, ProcessDyingAfterTheFirstBatchMakesTheNextCallThrowWithoutHanging) {
  const auto kernels = start_external(python_kernel("bad.py", misbehaving) + " die 2").sat;
  const KernelInfo& k = kernels.at(0);
  EXPECT_TRUE(k.test(unit_boxes()).intersects);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THAT(run_error(k, 5), AllOf(HasSubstr("bad/k/double"), HasSubstr("request 2 of 5 pairs"),
                                     HasSubstr("exited with status 3")));
  // Later calls do not talk to a dead process; they say why.
  EXPECT_THAT(run_error(k, 1), AllOf(HasSubstr("unusable since an earlier error"), HasSubstr("status 3")));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

TEST_F(ExternalTest, ErrorReplyFailsThatBatchOnly) {
  const auto kernels = start_external(python_kernel("bad.py", misbehaving) + " error 1").sat;
  const KernelInfo& k = kernels.at(0);
  EXPECT_THAT(run_error(k, 2), AllOf(HasSubstr("request 1 of 2 pairs"), HasSubstr("boom: cannot do pair 0")));
  EXPECT_TRUE(k.test(unit_boxes()).intersects);  // the stream is still in step
}

TEST_F(ExternalTest, MalformedRepliesThrowAndQuoteWhatWasRead) {
  const auto message = [&](const std::string& how) {
    const auto kernels = start_external(python_kernel("bad.py", misbehaving) + " " + how + " 1").sat;
    return run_error(kernels.at(0), 3);
  };
  EXPECT_THAT(message("wrong_id"), AllOf(HasSubstr("request 1 of 3 pairs"),
                                         HasSubstr("expected the reply to request 1, got id 2")));
  EXPECT_THAT(message("wrong_count"), HasSubstr("\"intersects\" has 4 entries for 3 pairs"));
  EXPECT_THAT(message("not_json"),
              AllOf(HasSubstr("not JSON"), HasSubstr("\"Traceback (most recent call last): oops\"")));
  EXPECT_THAT(message("not_bool"), HasSubstr("intersects[0]: expected true or false, got \"1\""));
  // A complete reply with the right id leaves the stream in step: only that batch fails.
  const auto kernels = start_external(python_kernel("bad.py", misbehaving) + " wrong_count 1").sat;
  EXPECT_THAT(run_error(kernels.at(0), 2), HasSubstr("has 3 entries for 2 pairs"));
  EXPECT_TRUE(kernels.at(0).test(unit_boxes()).intersects);
}

TEST_F(ExternalTest, StuckProcessTimesOut) {
  SessionOptions options;
  options.reply_timeout = 300ms;
  options.exit_grace = 200ms;
  auto session = std::make_shared<ExternalSession>(python_kernel("bad.py", misbehaving) + " hang 1", options);
  const auto kernels = external::kernel_entries(session).sat;
  session.reset();
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THAT(run_error(kernels.at(0), 1), HasSubstr("no reply within 0.3 s"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
}

// ------------------------------------------------------------------ lifetime

TEST_F(ExternalTest, LastEntryGoneEndsTheProcess) {
  SessionOptions options;
  options.exit_grace = 300ms;
  // One well-behaved (exits on EOF), one that ignores EOF and must be killed.
  for (const std::string& command :
       {example("trivial.py"), announcing(R"({"sepax_external":1,"name":"lib","kernels":[)" + kernel_json + "]}") +
                                   "; sleep 30"}) {
    SCOPED_TRACE(command);
    auto session = std::make_shared<ExternalSession>(command, options);
    const pid_t pid = session->pid();
    ASSERT_EQ(::kill(pid, 0), 0);
    auto kernels = external::kernel_entries(session).sat;
    session.reset();
    EXPECT_EQ(::kill(pid, 0), 0);  // the entries keep it
    const auto start = std::chrono::steady_clock::now();
    kernels.clear();
    EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
    EXPECT_NE(::kill(pid, 0), 0);  // reaped
  }
}

// ------------------------------------------------------------------ batch == per pair

std::vector<ShapePair> generated(Query query, std::size_t n) {
  std::vector<ShapePair> pairs;
  for (const auto family : {gen::Family::random, gen::Family::parallel_edges, gen::Family::near_parallel,
                            gen::Family::touching})
    for (std::size_t i = 0; i < n / 4; ++i) pairs.push_back(gen::generate(family, query, ScalarKind::float64, 7, i));
  return pairs;
}

TEST_F(ExternalTest, BatchAgreesWithPerPairAndWithPreparedSets) {
  const auto pairs = generated(Query::obb_obb, 400);
  std::vector<bool> per_pair;
  {
    const auto kernels = start_external(example("obb_sat.py", "--fixed")).sat;
    const KernelInfo& k = by_id(kernels, "pyexample/obb_sat/double");
    for (const ShapePair& p : pairs) per_pair.push_back(k.test(p).intersects);
    const auto hits = std::size_t(std::count(per_pair.begin(), per_pair.end(), true));
    ASSERT_GT(hits, 0u);
    ASSERT_LT(hits, pairs.size());  // both answers occur: the comparison means something
    std::vector<StaticOutcome> out(pairs.size());
    k.test_batch(pairs, out);
    for (std::size_t i = 0; i < pairs.size(); ++i) EXPECT_EQ(out[i].intersects, per_pair[i]) << i;
    const SetRunner run = k.prepare_set(pairs);
    EXPECT_EQ(run(), hits);
    EXPECT_EQ(run(), hits);  // a runner runs again
  }
  // Split into several requests, and in the binary framing.
  SessionOptions options;
  options.max_batch = 64;
  const auto kernels = external::kernel_entries(
      std::make_shared<ExternalSession>(example("obb_sat.py", "--fixed --binary"), options)).sat;
  const KernelInfo& k = by_id(kernels, "pyexample/obb_sat/double");
  std::vector<StaticOutcome> out(pairs.size());
  k.test_batch(pairs, out);
  for (std::size_t i = 0; i < pairs.size(); ++i) EXPECT_EQ(out[i].intersects, per_pair[i]) << i;
}

TEST_F(ExternalTest, CallsFromSeveralThreadsAreSerialised) {
  const auto pairs = generated(Query::obb_obb, 200);
  const auto kernels = start_external(example("obb_sat.py", "--fixed --binary")).sat;
  const KernelInfo& k = by_id(kernels, "pyexample/obb_sat/double");
  std::vector<StaticOutcome> expected(pairs.size());
  k.test_batch(pairs, expected);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = std::size_t(t); i < pairs.size(); i += 4)
        if (k.test(pairs[i]).intersects != expected[i].intersects) ++wrong;
      std::vector<StaticOutcome> out(pairs.size());
      k.test_batch(pairs, out);
      for (std::size_t i = 0; i < pairs.size(); ++i)
        if (out[i].intersects != expected[i].intersects) ++wrong;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST_F(ExternalTest, EveryQueryAndModeTravels) {
  for (const char* framing : {"", "--binary"}) {
    SCOPED_TRACE(framing[0] ? framing : "json");
    const auto kernels = start_external(example("trivial.py", framing)).sat;
    ASSERT_EQ(kernels.size(), 9u);
    for (const KernelInfo& k : kernels) {
      SCOPED_TRACE(k.id);
      std::vector<gen::MovingPair> cases;
      for (std::uint64_t i = 0; i < 5; ++i)
        cases.push_back(gen::generate_moving(gen::Family::random, k.query, ScalarKind::float64, 3, i));
      std::vector<ShapePair> pairs;
      std::vector<LinearMotiond> motions;
      for (const auto& c : cases) {
        pairs.push_back(c.pair);
        motions.push_back(c.motion);
      }
      if (k.mode == KernelMode::static_test) {
        std::vector<StaticOutcome> out(pairs.size(), StaticOutcome{false});
        k.test_batch(pairs, out);
        for (const auto& o : out) EXPECT_TRUE(o.intersects);
        EXPECT_TRUE(k.test(pairs[0]).intersects);
      } else if (k.mode == KernelMode::moving_test) {
        std::vector<StaticOutcome> out(pairs.size(), StaticOutcome{false});
        k.test_moving_batch(pairs, motions, out);
        for (const auto& o : out) EXPECT_TRUE(o.intersects);
        EXPECT_TRUE(k.test_moving(pairs[0], motions[0]).intersects);
      } else {
        std::vector<ContactOutcome> out(pairs.size(), ContactOutcome{ContactState::first_contact, 1.0});
        k.find_first_contact_batch(pairs, motions, out);
        for (const auto& o : out) EXPECT_EQ(o.state, ContactState::overlapping_at_start);
      }
    }
  }
}

// ------------------------------------------------------------------ the example's planted bug

/// Nearly parallel boxes that intersect: A is the unit cube, B the unit cube
/// moved 1.5 along y with its first axis tilted by 2^-50 towards z (a stored
/// rotation a few ulps off orthonormal, as they all are). A0 x B0 is then a
/// nearly zero axis whose two sides are rounding-sized: without Gottschalk's
/// ε its test reads 1.5·2^-50 > 2^-50 and separates boxes that overlap by
/// half their size.
ShapePair nearly_parallel_overlap() {
  ShapePair p = unit_boxes();
  p.obb_b.center = {0, 1.5, 0};
  p.obb_b.axes[0] = {1, 0, std::ldexp(1.0, -50)};
  return p;
}

TEST_F(ExternalTest, ExampleKernelsPlantedBugIsCaughtByTheExactOracle) {
  const ShapePair pair = nearly_parallel_overlap();
  const OracleVerdict oracle = judge_exactly(pair, /*cross_check=*/true);
  ASSERT_TRUE(oracle.intersects);
  ASSERT_FALSE(oracle.oracles_disagree());

  const auto buggy = start_external(example("obb_sat.py")).sat;
  const auto fixed = start_external(example("obb_sat.py", "--fixed")).sat;
  for (const char* scalar : {"double", "float"}) {
    SCOPED_TRACE(scalar);
    const std::string id = std::string("pyexample/obb_sat/") + scalar;
    LazyMargin margin(pair, oracle.intersects);
    const KernelJudgement bad = judge_kernel(by_id(buggy, id), pair, oracle, margin);
    EXPECT_FALSE(bad.outcome.intersects);
    EXPECT_EQ(bad.verdict_class, oracle::Class::gross);
    const KernelJudgement good = judge_kernel(by_id(fixed, id), pair, oracle, margin);
    EXPECT_TRUE(good.outcome.intersects);
    EXPECT_EQ(good.verdict_class, oracle::Class::ok);
  }
}

}  // namespace
}  // namespace sepax::harness

namespace sepax::harness {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// Protocol version 2: any judged query, each field checked by name.
TEST_F(ExternalTest, Version2NamesAnUnknownQueryOrModeAndSatFieldsElsewhere) {
  const auto kernel = [](const std::string& fields) {
    return R"({"sepax_external":2,"name":"lib","kernels":[{"name":"k","scalar":"double",)" + fields + "}]}";
  };
  EXPECT_THAT(start_error(announcing(kernel(R"("query":"box_box","mode":"test_static")"))),
              AllOf(HasSubstr("kernels[0].query"), HasSubstr("box_box"), HasSubstr("obb_obb_manifold")));
  EXPECT_THAT(start_error(announcing(kernel(R"("query":"sphere_sphere","mode":"find_manifold")"))),
              AllOf(HasSubstr("kernels[0].mode"), HasSubstr("its modes: test_static, find_first_contact")));
  EXPECT_THAT(start_error(announcing(kernel(R"("query":"sphere_sphere","mode":"test_static","open_sets":false)"))),
              AllOf(HasSubstr("kernels[0].open_sets"), HasSubstr("for the SAT queries")));
  // Version 1 still names only the SAT queries.
  EXPECT_THAT(start_error(announcing(R"({"sepax_external":1,"name":"lib","kernels":[{"name":"k","scalar":"double","query":"sphere_sphere","mode":"test_static"}]})")),
              AllOf(HasSubstr("kernels[0].query"), HasSubstr("obb_obb, tri_obb or tri_tri")));
}

// A version 2 process answering a manifold query through the JSON framing,
// and a SAT query: its kernels come out of the right doors.
TEST_F(ExternalTest, Version2KernelsOfAnyQueryAnswerThroughTheirDoors) {
  const std::string body = R"(
def manifolds(inputs):
    n = len(inputs["a"])
    return {"contact": [0] * n, "normal": [[1, 0, 0]] * n, "depth": [0] * n, "count": [0] * n,
            "points": [[0] * 24] * n}
def boxes(inputs):
    return {"meets": [True] * len(inputs["a"])}
sepax_external.serve_v2("lib2", [
    {"name": "m", "query": "obb_obb_manifold", "mode": "find_manifold", "scalar": "double", "run": manifolds},
    {"name": "t", "query": "obb_obb", "mode": "test_static", "scalar": "float", "run": boxes},
])
)";
  const KernelSet set = start_external(python_kernel("v2.py", body));
  ASSERT_EQ(set.sat.size(), 1u);
  ASSERT_EQ(set.queries.size(), 1u);
  EXPECT_EQ(set.sat[0].id, "lib2/t/float");
  EXPECT_TRUE(set.sat[0].test(ShapePair{}).intersects);
  const QueryKernel& m = set.queries[0];
  EXPECT_EQ(m.id, "lib2/m/double");
  EXPECT_EQ(m.query, "obb_obb_manifold");
  std::vector<QueryInput> cases(3, QueryInput(ShapePair{}));
  const auto answers = m.run_batch(cases);
  ASSERT_EQ(answers.size(), 3u);
  for (const auto& a : answers) {
    ASSERT_TRUE(a && a->manifold);
    EXPECT_FALSE(a->manifold->contact);
    EXPECT_EQ(a->manifold->normal, Vec3<double>(1, 0, 0));
  }
}

// A version 2 process's mesh_mesh kernel: the meshes and poses it gets are
// the ones sepax judges (its answer, the pairs whose posed boxes overlap, is
// computed here independently), a mesh sent once is named by id after (the
// helper would fail on an id it was never sent), and a malformed answer is
// that kernel's error, named.
TEST_F(ExternalTest, Version2MeshKernelsGetTheMeshesOnceAndThePoses) {
  const std::string body = R"(
def boxes(inputs):
    a, b = inputs["a"], inputs["b"]
    meets, pairs = [], []
    for p in inputs["pose"]:
        def box(mesh, tri, pose):
            pts = [mesh["vertices"][i] for i in tri]
            if pose:
                pts = [[pose[3*r]*x[0] + pose[3*r+1]*x[1] + pose[3*r+2]*x[2] + pose[9+r] for r in range(3)] for x in pts]
            return [min(q[k] for q in pts) for k in range(3)], [max(q[k] for q in pts) for k in range(3)]
        found = []
        for ta, t in enumerate(a["triangles"]):
            lo, hi = box(a, t, None)
            for tb, u in enumerate(b["triangles"]):
                lo2, hi2 = box(b, u, p)
                if all(hi[k] >= lo2[k] and hi2[k] >= lo[k] for k in range(3)):
                    found.append([ta, tb])
        meets.append(bool(found))
        pairs.append(found)
    return {"meets": meets, "pairs": pairs}
def twice(inputs):
    return {"meets": [True] * len(inputs["pose"]), "pairs": [[[0, 0], [0, 0]]] * len(inputs["pose"])}
sepax_external.serve_v2("meshlib", [
    {"name": "boxes", "query": "mesh_mesh", "mode": "find_pairs", "scalar": "double", "run": boxes},
    {"name": "twice", "query": "mesh_mesh", "mode": "find_pairs", "scalar": "double", "run": twice},
])
)";
  const KernelSet set = start_external(python_kernel("meshes.py", body));
  ASSERT_EQ(set.meshes.size(), 2u);
  EXPECT_TRUE(set.sat.empty() && set.queries.empty());
  EXPECT_EQ(set.meshes[0].name, "meshlib/boxes/double");
  EXPECT_FALSE(set.meshes[0].peer);
  const TriangleMesh a = test::tetrahedron(0), b = a;
  const std::vector<MeshKernel> made = set.meshes[0].make(a, b);
  ASSERT_EQ(made.size(), 1u);
  Pose pose;
  pose.rotation << 0, -1, 0, 1, 0, 0, 0, 0, 1;
  pose.translation = Vec3<double>(0.75, 0.25, 0.5);
  const std::vector<MeshPair> expected = test::box_overlapping_pairs(a, b, pose);
  ASSERT_FALSE(expected.empty());
  ASSERT_LT(expected.size(), 16u);
  const auto [hit, pairs] = made[0].both(pose);
  EXPECT_TRUE(hit);
  EXPECT_EQ(pairs, expected);
  pose.translation = Vec3<double>(5, 0, 0);  // the meshes by id now
  EXPECT_TRUE(made[0].pairs(pose).empty());
  // A pair given twice: the kernel's error, named, and the pose judged gross.
  const std::vector<MeshKernel> wrong = set.meshes[1].make(a, b);
  std::vector<MeshKernelTally> tallies;
  const MeshPoseOutcome o = judge_mesh_pose(a, b, Pose::identity(), wrong, tallies);
  EXPECT_EQ(o.answers[0].judgement.cls, oracle::Class::gross);
  EXPECT_THAT(o.answers[0].error, AllOf(HasSubstr("meshlib/twice/double"), HasSubstr("[0, 0] is given twice")));
}

TEST_F(ExternalTest, Version2MeshKernelsAreAnnouncedWithFindPairsOnly) {
  EXPECT_THAT(start_error(R"(printf '%s\n' '{"sepax_external":2,"name":"lib","kernels":[{"name":"k","scalar":"double","query":"mesh_mesh","mode":"test_static"}]}'; cat >/dev/null)"),
              AllOf(HasSubstr("kernels[0].mode"), HasSubstr("find_pairs")));
  EXPECT_THAT(start_error(R"(printf '%s\n' '{"sepax_external":2,"name":"lib","kernels":[{"name":"k","scalar":"double","query":"mesh_mesh","mode":"find_pairs","tolerance":0.1}]}'; cat >/dev/null)"),
              AllOf(HasSubstr("kernels[0].tolerance"), HasSubstr("not for mesh_mesh")));
}

}  // namespace
}  // namespace sepax::harness
