#pragma once
// A whole number written in full (digits only, no sign, nothing after), as
// the --shard option and the workload managers' variables give them.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sepax::harness::detail {

inline std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

}  // namespace sepax::harness::detail
