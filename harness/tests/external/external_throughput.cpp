// What the external-kernel protocol costs: kernel calls per second through a
// pipe to examples/external/trivial.py (which answers "intersecting" without
// looking), for obb_obb test_static/double at batch sizes 1, 256 and 4096, in
// both framings. Not a test (ctest does not run it): a figure for people.
//
//   external_throughput [SECONDS_PER_POINT]     (default 2)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "sepax/generators/generate.hpp"
#include "sepax/harness/external_kernels.hpp"

int main(int argc, char** argv) {
  using namespace sepax;
  using Clock = std::chrono::steady_clock;
  const double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
  std::vector<ShapePair> pairs;
  for (std::uint64_t i = 0; i < 4096; ++i)
    pairs.push_back(gen::generate(gen::Family::random, Query::obb_obb, ScalarKind::float64, 1, i));
  std::vector<StaticOutcome> out(pairs.size());

  std::printf("%-8s %6s %14s %12s\n", "framing", "batch", "calls/s", "us/batch");
  for (const char* framing : {"json", "binary"}) {
    const std::string command = std::string(SEPAX_PYTHON3) + " " + SEPAX_EXTERNAL_EXAMPLES + "/trivial.py" +
                                (std::string(framing) == "binary" ? " --binary" : "");
    const auto kernels = harness::start_external(command).sat;
    const KernelInfo* kernel = nullptr;
    for (const KernelInfo& k : kernels)
      if (k.id == "trivial/obb_obb_test_static/double") kernel = &k;
    if (!kernel) {
      std::fprintf(stderr, "trivial.py does not announce obb_obb_test_static/double\n");
      return 1;
    }
    for (const std::size_t batch : {std::size_t(1), std::size_t(256), std::size_t(4096)}) {
      const std::span<const ShapePair> in(pairs.data(), batch);
      const std::span<StaticOutcome> res(out.data(), batch);
      kernel->test_batch(in, res);  // warm up
      std::size_t calls = 0, batches = 0;
      const auto start = Clock::now();
      double elapsed = 0;
      do {
        kernel->test_batch(in, res);
        calls += batch;
        ++batches;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
      } while (elapsed < seconds);
      for (const StaticOutcome& o : res)
        if (!o.intersects) {
          std::fprintf(stderr, "trivial.py answered 'separated'\n");
          return 1;
        }
      std::printf("%-8s %6zu %14.0f %12.1f\n", framing, batch, double(calls) / elapsed, 1e6 * elapsed / double(batches));
    }
  }
  return 0;
}
