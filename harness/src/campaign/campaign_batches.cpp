#include "sepax/harness/campaign/campaign_batches.hpp"

#include <fmt/format.h>

#include "campaign/whole_number.hpp"

namespace sepax::harness {

std::string Shard::text() const { return fmt::format("{}/{}", index, count); }

using detail::whole_number;

std::optional<Shard> parse_shard(std::string_view text, std::string& error) {
  const auto slash = text.find('/');
  const auto index = slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(0, slash));
  const auto count = slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(slash + 1));
  if (!index || !count) {
    error = fmt::format("--shard '{}': expected I/N, two whole numbers such as 2/8", std::string(text));
    return std::nullopt;
  }
  if (*count == 0 || *index == 0 || *index > *count) {
    error = fmt::format("--shard {}: I must be 1 … N (shards are counted from 1) and N at least 1", text);
    return std::nullopt;
  }
  return Shard{*index, *count};
}

std::vector<BatchRange> campaign_batches(std::size_t groups, std::uint64_t cases, std::uint64_t batch_cases,
                                         const Shard& shard) {
  std::vector<BatchRange> out;
  if (batch_cases == 0) batch_cases = 1;
  std::uint64_t number = 0;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::uint64_t begin = 0; begin < cases; begin += batch_cases, ++number)
      if (number % shard.count == shard.index - 1)
        out.push_back({g, begin, std::min(cases, begin + batch_cases)});
  return out;
}

}  // namespace sepax::harness
