// The state file's encoding (sweep/run_state.*): every field round-trips; the packed tally is small where a
// map's tally is sparse; every flipped byte and every cut is refused by name; packed words that run past
// their count, a word longer than 64 bits and a count the bytes cannot hold are refused before allocating.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sweep/run_state.hpp"

namespace collsweep {
namespace {

// A state whose tally mixes what a map's tally holds: zero runs of every length (past the 256-word run
// limit too), small counts, all-ones high words of negative sums, full 64-bit sums and maximum keys.
RunState mixed_state(std::uint64_t seed, std::size_t words) {
  std::mt19937_64 rng(seed);
  RunState s;
  s.family = "planar";
  s.build = build_identity();
  s.config_toml = "[run]\nseed = 7\n";
  s.config_source = "configs/x.toml";
  s.total_samples = 1000;
  s.shard_index = 2;
  s.shard_count = 3;
  s.first = 333;
  s.count = 333;
  s.done = 100;
  s.seconds = 1.25;
  s.backend = "cpu";
  s.device = "AMD EPYC";
  s.threads = 2;
  s.shard_output = seed % 2 == 0;
  while (s.words.size() < words) {
    switch (rng() % 5) {
      case 0:
        s.words.resize(s.words.size() + rng() % 700, 0ull);
        break;
      case 1:
        s.words.push_back(rng() % 300);
        break;
      case 2:
        s.words.push_back(~0ull);
        break;
      case 3:
        s.words.push_back(rng());
        break;
      default:
        s.words.push_back(1ull << (rng() % 64));
        break;
    }
  }
  s.words.resize(words);
  s.witnesses = {{{0.5, 3}, {0.25, 9}}, {}, {{1e-300, 18446744073709551615ull}}};
  return s;
}

void expect_same(const RunState& a, const RunState& b) {
  EXPECT_EQ(a.family, b.family);
  EXPECT_EQ(a.build, b.build);
  EXPECT_EQ(a.config_toml, b.config_toml);
  EXPECT_EQ(a.config_source, b.config_source);
  EXPECT_EQ(a.total_samples, b.total_samples);
  EXPECT_EQ(a.shard_index, b.shard_index);
  EXPECT_EQ(a.shard_count, b.shard_count);
  EXPECT_EQ(a.first, b.first);
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.done, b.done);
  EXPECT_EQ(a.seconds, b.seconds);
  EXPECT_EQ(a.backend, b.backend);
  EXPECT_EQ(a.device, b.device);
  EXPECT_EQ(a.threads, b.threads);
  EXPECT_EQ(a.shard_output, b.shard_output);
  EXPECT_EQ(a.words, b.words);
  ASSERT_EQ(a.witnesses.size(), b.witnesses.size());
  for (std::size_t l = 0; l < a.witnesses.size(); ++l) {
    ASSERT_EQ(a.witnesses[l].size(), b.witnesses[l].size());
    for (std::size_t k = 0; k < a.witnesses[l].size(); ++k) {
      EXPECT_EQ(a.witnesses[l][k].value, b.witnesses[l][k].value);
      EXPECT_EQ(a.witnesses[l][k].index, b.witnesses[l][k].index);
    }
  }
}

// The total size and the checksum made right after an edit, as a file written by a faulty writer would be.
std::string resealed(std::string b) {
  for (int i = 0; i < 8; ++i) b[12 + i] = static_cast<char>((b.size() >> (8 * i)) & 0xff);
  const std::uint64_t sum = state_checksum(b.data(), b.size() - 8);
  for (int i = 0; i < 8; ++i) b[b.size() - 8 + i] = static_cast<char>((sum >> (8 * i)) & 0xff);
  return b;
}

std::string decode_error(const std::string& bytes) {
  try {
    decode_run_state(bytes, "s.state");
  } catch (const StateError& e) {
    return e.what();
  }
  return "";
}

TEST(RunStateEncoding, EveryFieldRoundTrips) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const RunState s = mixed_state(seed, 1 + seed * 997);
    expect_same(s, decode_run_state(encode_run_state(s), "s.state"));
  }
  RunState empty = mixed_state(5, 0);
  empty.witnesses.clear();
  expect_same(empty, decode_run_state(encode_run_state(empty), "s.state"));
}

TEST(RunStateEncoding, ATallyOfZerosAndSmallCountsPacksSmall) {
  RunState s = mixed_state(1, 0);
  s.words.assign(1000000, 0ull);  // a fresh run's tally: 256 zero words in 2 bytes
  EXPECT_LT(encode_run_state(s).size(), 8000u + 200u);
  for (std::size_t i = 0; i < s.words.size(); ++i) s.words[i] = i % 3 == 0 ? i % 100 : 0;
  // one byte a count, two bytes each run of two zeros: a sixth of the 8 MB unpacked
  EXPECT_LT(encode_run_state(s).size(), 1000000u * 4 / 3 + 200u);
  expect_same(s, decode_run_state(encode_run_state(s), "s.state"));
}

TEST(RunStateEncoding, EveryFlippedByteAndEveryCutIsRefused) {
  const std::string good = encode_run_state(mixed_state(3, 3000));
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] ^= static_cast<char>(1 << (i % 8));
    EXPECT_NE(decode_error(bad), "") << "byte " << i;
  }
  for (std::size_t n = 0; n < good.size(); n += 1 + n / 8)
    EXPECT_NE(decode_error(good.substr(0, n)), "") << n << " bytes";
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  EXPECT_EQ(decode_error(flipped), "s.state: corrupt (checksum mismatch); it was not used");
}

// The packed tally is the last variable-length field before the witnesses: with the state's header and
// texts known, its count and byte length sit at a fixed place.
class PackedTally : public ::testing::Test {
 protected:
  // A state with no witness lists whose packed tally is `packed`, claiming `count` words.
  static std::string with_tally(std::uint64_t count, const std::string& packed) {
    RunState s = mixed_state(9, 0);
    s.witnesses.clear();
    std::string b = encode_run_state(s);
    // [.. u64 count = 0][u64 bytes = 0][u32 witness lists = 0][u64 checksum]
    const std::size_t at = b.size() - 8 - 4 - 16;
    std::string field;
    for (const std::uint64_t x : {count, static_cast<std::uint64_t>(packed.size())})
      for (int i = 0; i < 8; ++i) field.push_back(static_cast<char>((x >> (8 * i)) & 0xff));
    b.replace(at, 16, field + packed);
    return resealed(b);
  }
};

TEST_F(PackedTally, WellFormedWordsDecode) {
  // 3 zeros, the word 5 (zigzag 10), the word ~0 (zigzag 1), 2^63 (zigzag 2^64 - 1: ten bytes)
  std::string packed = std::string("\x00\x02", 2) + "\x0a" + "\x01" + std::string(9, '\xff') + "\x01";
  const RunState s = decode_run_state(with_tally(6, packed), "s.state");
  EXPECT_EQ(s.words, (std::vector<unsigned long long>{0, 0, 0, 5, ~0ull, 1ull << 63}));
}

TEST_F(PackedTally, MalformedWordsAreRefusedByName) {
  EXPECT_EQ(decode_error(with_tally(2, std::string("\x00\x02", 2))),
            "s.state: malformed state (the tally's words run past its count)");
  EXPECT_EQ(decode_error(with_tally(2, "\x0a")),
            "s.state: malformed state (the tally has 1 words, its count says 2)");
  EXPECT_EQ(decode_error(with_tally(1, "\x0a\x0a")),
            "s.state: malformed state (the tally's words run past its count)");
  EXPECT_EQ(decode_error(with_tally(3, std::string("\x0a\x00", 2))),
            "s.state: malformed state (a zero run without its length)");
  EXPECT_EQ(decode_error(with_tally(1, "\x8a")), "s.state: malformed state (a tally word cut short)");
  EXPECT_EQ(decode_error(with_tally(1, std::string(9, '\xff') + "\x02")),
            "s.state: malformed state (a tally word longer than 64 bits)");
  // 10^15 words claimed by 4 bytes: refused before 8 PB are asked for
  EXPECT_EQ(decode_error(with_tally(1000000000000000ull, std::string("\x00\xff\x00\xff", 4))),
            "s.state: malformed state (the tally claims more words than its bytes hold)");
}

}  // namespace
}  // namespace collsweep
