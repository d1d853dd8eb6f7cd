// The state file's encoding: little-endian fields, a length header, the tally words packed (zero runs and
// variable-length integers) and a 64-bit checksum of every byte before it (run_state.hpp).
#include "sweep/run_state.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/atomic_file.hpp"
#include "sweep/git_revision.hpp"

namespace collsweep {

namespace {

constexpr char kMagic[8] = {'C', 'S', 'W', 'S', 'T', 'A', 'T', 'E'};
constexpr std::uint32_t kFormat = 2;
constexpr std::size_t kHeader = 8 + 4 + 8;  // magic, format, total file size
constexpr std::size_t kChecksum = 8;
// The tally packing: a zero word run of 1..kZeroRunMax words is the byte 0 and the byte (length - 1); any
// other word is the LEB128 varint of its zigzag code, which is never 0. So at most 128 words per byte.
constexpr std::uint64_t kZeroRunMax = 256;
constexpr std::uint64_t kWordsPerPackedByte = kZeroRunMax / 2;

class Writer {
 public:
  void bytes(const void* p, std::size_t n) { out_.append(static_cast<const char*>(p), n); }
  void u32(std::uint32_t x) { le(x, 4); }
  void u64(std::uint64_t x) { le(x, 8); }
  void f64(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, 8);
    u64(b);
  }
  void text(const std::string& s) {
    u64(s.size());
    bytes(s.data(), s.size());
  }
  // The tally words packed (kZeroRunMax above): most words of a map's tally are zero or small counts, and the
  // high words of negative sums are all ones (zigzag 1), so a real map packs to about a quarter of 8 bytes a
  // word, at a few nanoseconds a word.
  void packed_words(const std::vector<unsigned long long>& words) {
    std::string packed;
    packed.reserve(words.size() * 3 + 16);
    char buf[1 << 16];
    std::size_t used = 0;
    const std::size_t n = words.size();
    for (std::size_t i = 0; i < n;) {
      if (used > sizeof buf - 16) {
        packed.append(buf, used);
        used = 0;
      }
      const std::uint64_t w = words[i];
      if (w == 0) {
        std::size_t run = 1;
        while (run < kZeroRunMax && i + run < n && words[i + run] == 0) ++run;
        buf[used++] = 0;
        buf[used++] = static_cast<char>(run - 1);
        i += run;
        continue;
      }
      std::uint64_t z = (w << 1) ^ (0 - (w >> 63));  // zigzag of the word as a signed integer
      while (z >= 0x80) {
        buf[used++] = static_cast<char>((z & 0x7f) | 0x80);
        z >>= 7;
      }
      buf[used++] = static_cast<char>(z);
      ++i;
    }
    packed.append(buf, used);
    u64(n);
    text(packed);
  }
  std::string& out() { return out_; }

 private:
  void le(std::uint64_t x, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<char>((x >> (8 * i)) & 0xff));
  }
  std::string out_;
};

class Reader {
 public:
  Reader(const std::string& b, std::size_t pos, std::size_t end, const std::string& name)
      : b_(b), pos_(pos), end_(end), name_(name) {}
  std::uint64_t le(int n) {
    need(n);
    std::uint64_t x = 0;
    for (int i = 0; i < n; ++i)
      x |= static_cast<std::uint64_t>(static_cast<unsigned char>(b_[pos_ + i])) << (8 * i);
    pos_ += n;
    return x;
  }
  std::uint32_t u32() { return static_cast<std::uint32_t>(le(4)); }
  std::uint64_t u64() { return le(8); }
  double f64() {
    const std::uint64_t b = u64();
    double x;
    std::memcpy(&x, &b, 8);
    return x;
  }
  std::string text() {
    const std::uint64_t n = u64();
    need(n);
    std::string s = b_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  // The tally words of Writer::packed_words, checked as they are unpacked: a claimed word count the packed
  // bytes cannot hold is refused before any memory is taken for it.
  std::vector<unsigned long long> packed_words(bool unpack) {
    const std::uint64_t n = u64();
    const std::uint64_t bytes = u64();
    need(bytes);
    if (n > bytes * kWordsPerPackedByte) malformed("the tally claims more words than its bytes hold");
    if (!unpack) {
      pos_ += bytes;
      return {};
    }
    std::vector<unsigned long long> words(n);
    const unsigned char* p = reinterpret_cast<const unsigned char*>(b_.data()) + pos_;
    const unsigned char* const end = p + bytes;
    std::size_t i = 0;
    while (p < end) {
      if (*p == 0) {
        if (end - p < 2) malformed("a zero run without its length");
        const std::uint64_t run = std::uint64_t{p[1]} + 1;
        if (run > n - i) malformed("the tally's words run past its count");
        i += run;  // (the words are zero already)
        p += 2;
        continue;
      }
      if (i == n) malformed("the tally's words run past its count");
      std::uint64_t z = 0;
      for (int shift = 0;; shift += 7) {
        if (p == end) malformed("a tally word cut short");
        const std::uint64_t byte = *p++;
        if (shift == 63 && byte > 1) malformed("a tally word longer than 64 bits");
        z |= (byte & 0x7f) << shift;
        if (!(byte & 0x80)) break;
      }
      words[i++] = (z >> 1) ^ (0 - (z & 1));
    }
    if (i != n)
      malformed("the tally has " + std::to_string(i) + " words, its count says " + std::to_string(n));
    pos_ += bytes;
    return words;
  }
  bool at_end() const { return pos_ == end_; }
  std::size_t left() const { return end_ - pos_; }

 private:
  void need(std::uint64_t n) {
    if (n > end_ - pos_) malformed("a field runs past the end");
  }
  [[noreturn]] void malformed(const std::string& why) const {
    throw StateError(name_ + ": malformed state (" + why + ")");
  }
  const std::string& b_;
  std::size_t pos_, end_;
  const std::string& name_;
};

}  // namespace

std::uint64_t state_checksum(const char* p, std::size_t n) {
  // FNV-1a's xor-multiply step on 8-byte little-endian words in four interleaved lanes (so that it runs at
  // memory speed), the last bytes one at a time, the lanes folded through MurmurHash3's 64-bit finalizer.
  // Each step is a bijection of the lane, so one changed word or byte always changes the checksum.
  constexpr std::uint64_t kPrime = 1099511628211ull;
  std::uint64_t lane[4] = {14695981039346656037ull, 14695981039346656037ull ^ 1, 14695981039346656037ull ^ 2,
                           14695981039346656037ull ^ 3};
  const auto load = [](const char* q) {
    std::uint64_t x = 0;
    for (int b = 0; b < 8; ++b) x |= static_cast<std::uint64_t>(static_cast<unsigned char>(q[b])) << (8 * b);
    return x;
  };
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int l = 0; l < 4; ++l) lane[l] = (lane[l] ^ load(p + i + 8 * l)) * kPrime;
  for (; i < n; ++i) lane[0] = (lane[0] ^ static_cast<unsigned char>(p[i])) * kPrime;
  const auto fmix = [](std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
  };
  std::uint64_t h = n;
  for (int l = 0; l < 4; ++l) h = fmix(h ^ lane[l]) * kPrime;
  return h;
}

std::string build_identity() {
  return std::string("collsweep ") + COLLSWEEP_VERSION + " (git " + git_revision() + ")";
}

std::string encode_run_state(const RunState& s) {
  Writer w;
  w.out().reserve(s.words.size() * 3 + s.config_toml.size() + 16 * s.witnesses.size() * 64 + 4096);
  w.bytes(kMagic, 8);
  w.u32(kFormat);
  w.u64(0);  // the total size, filled in below
  for (const std::string* t : {&s.family, &s.build, &s.config_toml, &s.config_source, &s.backend, &s.device})
    w.text(*t);
  w.u64(s.total_samples);
  w.u32(s.shard_index);
  w.u32(s.shard_count);
  w.u64(s.first);
  w.u64(s.count);
  w.u64(s.done);
  w.f64(s.seconds);
  w.u32(static_cast<std::uint32_t>(s.threads));
  w.u32(s.shard_output ? 1u : 0u);
  w.packed_words(s.words);
  w.u32(static_cast<std::uint32_t>(s.witnesses.size()));
  for (const auto& list : s.witnesses) {
    w.u32(static_cast<std::uint32_t>(list.size()));
    for (const Witness& x : list) {
      w.f64(x.value);
      w.u64(x.index);
    }
  }
  std::string& out = w.out();
  const std::uint64_t size = out.size() + kChecksum;
  for (int i = 0; i < 8; ++i) out[12 + i] = static_cast<char>((size >> (8 * i)) & 0xff);
  const std::uint64_t sum = state_checksum(out.data(), out.size());
  w.u64(sum);
  return std::move(out);
}

RunState decode_run_state(const std::string& b, const std::string& name, bool with_tally) {
  if (b.size() < 8 || std::memcmp(b.data(), kMagic, 8) != 0)
    throw StateError(name + ": not a collsweep state file (bad magic)");
  if (b.size() < kHeader + kChecksum)
    throw StateError(name + ": truncated (" + std::to_string(b.size()) + " bytes)");
  Reader head(b, 8, b.size(), name);
  const std::uint32_t format = head.u32();
  const std::uint64_t size = head.u64();
  if (size != b.size())
    throw StateError(name + ": truncated or padded (" + std::to_string(b.size()) +
                     " bytes, the header says " + std::to_string(size) + ")");
  Reader tail(b, b.size() - kChecksum, b.size(), name);
  if (tail.u64() != state_checksum(b.data(), b.size() - kChecksum))
    throw StateError(name + ": corrupt (checksum mismatch); it was not used");
  if (format != kFormat)
    throw StateError(name + ": state format " + std::to_string(format) + ", this build reads format " +
                     std::to_string(kFormat));
  Reader r(b, kHeader, b.size() - kChecksum, name);
  RunState s;
  for (std::string* t : {&s.family, &s.build, &s.config_toml, &s.config_source, &s.backend, &s.device})
    *t = r.text();
  s.total_samples = r.u64();
  s.shard_index = r.u32();
  s.shard_count = r.u32();
  s.first = r.u64();
  s.count = r.u64();
  s.done = r.u64();
  s.seconds = r.f64();
  s.threads = static_cast<int>(r.u32());
  const std::uint32_t flags = r.u32();
  if (flags > 1) throw StateError(name + ": malformed state (flags " + std::to_string(flags) + ")");
  s.shard_output = flags == 1;
  s.words = r.packed_words(with_tally);
  const std::uint32_t lists = r.u32();
  if (lists > r.left() / 4) throw StateError(name + ": malformed state (witness lists)");  // 4 bytes each
  s.witnesses.resize(lists);
  for (auto& list : s.witnesses) {
    const std::uint32_t k = r.u32();
    if (k > b.size() / 16) throw StateError(name + ": malformed state (witness count)");
    list.resize(k);
    for (Witness& x : list) {
      x.value = r.f64();
      x.index = r.u64();
    }
  }
  if (!r.at_end()) throw StateError(name + ": malformed state (bytes after the witnesses)");
  if (s.done > s.count || s.shard_index < 1 || s.shard_index > s.shard_count)
    throw StateError(name + ": malformed state (sample range)");
  return s;
}

void write_run_state(const std::string& dir, const RunState& s) {
  io::write_file_atomically((std::filesystem::path(dir) / kStateFileName).string(), encode_run_state(s));
}

RunState read_run_state(const std::string& dir, bool with_tally) {
  const std::string path = (std::filesystem::path(dir) / kStateFileName).string();
  std::ifstream f(path, std::ios::binary);
  if (!f) throw StateError(path + ": no state file (not a shard or checkpointed run folder)");
  std::ostringstream text;
  text << f.rdbuf();
  return decode_run_state(text.str(), path, with_tally);
}

}  // namespace collsweep
