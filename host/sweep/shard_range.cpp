// Shard parsing and sample ranges (shard_range.hpp).
#include "sweep/shard_range.hpp"

#include <cctype>

namespace collsweep {

namespace {

bool parse_positive(const std::string& s, std::uint64_t* out) {
  if (s.empty() || s.size() > 9) return false;
  std::uint64_t x = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    x = x * 10 + static_cast<std::uint64_t>(c - '0');
  }
  *out = x;
  return x > 0;
}

}  // namespace

ShardRange shard_range(std::uint32_t index, std::uint32_t count, std::uint64_t total) {
  // floor(total i / count) without overflow: count and i are below 1e9, so (total % count) i fits.
  const auto edge = [&](std::uint64_t i) { return total / count * i + total % count * i / count; };
  ShardRange r;
  r.index = index;
  r.count = count;
  r.first = edge(index - 1);
  r.samples = edge(index) - r.first;
  return r;
}

bool parse_shard(const std::string& text, std::uint64_t total, ShardRange* out, std::string* error) {
  const std::size_t slash = text.find('/');
  std::uint64_t i = 0, n = 0;
  if (slash == std::string::npos || !parse_positive(text.substr(0, slash), &i) ||
      !parse_positive(text.substr(slash + 1), &n) || i > n) {
    *error = "--shard " + text + ": expected i/N with 1 <= i <= N <= 999999999 (e.g. --shard 2/8)";
    return false;
  }
  if (n > total) {
    *error = "--shard " + text + ": " + std::to_string(n) + " shards of " + std::to_string(total) +
             " samples would leave some empty; use at most " + std::to_string(total) + " shards";
    return false;
  }
  *out = shard_range(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n), total);
  return true;
}

}  // namespace collsweep
