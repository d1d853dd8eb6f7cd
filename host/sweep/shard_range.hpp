// `--shard i/N`: the i-th (1-based) of N contiguous, near-equal parts of a run's samples.
#pragma once

#include <cstdint>
#include <string>

namespace collsweep {

struct ShardRange {
  std::uint32_t index = 1, count = 1;    // i/N
  std::uint64_t first = 0, samples = 0;  // the samples [first, first + samples)
};

// Parses "i/N" (1 <= i <= N, N <= total samples) and computes its samples [floor((i-1) S / N),
// floor(i S / N)) of total S. Returns false with *error naming the value when it is not such a shard.
bool parse_shard(const std::string& text, std::uint64_t total, ShardRange* out, std::string* error);

// The range of shard i of n over total samples (no checks).
ShardRange shard_range(std::uint32_t index, std::uint32_t count, std::uint64_t total);

}  // namespace collsweep
