// The state file's encoding: little-endian fields, a length header and an FNV-1a 64 checksum (run_state.hpp).
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
constexpr std::uint32_t kFormat = 1;
constexpr std::size_t kHeader = 8 + 4 + 8;  // magic, format, total file size
constexpr std::size_t kChecksum = 8;
constexpr bool kLittleEndian = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;

std::uint64_t fnv1a64(const char* p, std::size_t n) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= static_cast<unsigned char>(p[i]);
    h *= 1099511628211ull;
  }
  return h;
}

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
  void raw(void* out, std::uint64_t n) {
    need(n);
    if (n == 0) return;  // (an empty tally's data() may be null, which memcpy must not be given)
    std::memcpy(out, b_.data() + pos_, n);
    pos_ += n;
  }
  bool at_end() const { return pos_ == end_; }
  std::size_t left() const { return end_ - pos_; }

 private:
  void need(std::uint64_t n) {
    if (n > end_ - pos_) throw StateError(name_ + ": malformed state (a field runs past the end)");
  }
  const std::string& b_;
  std::size_t pos_, end_;
  const std::string& name_;
};

}  // namespace

std::string build_identity() {
  return std::string("collsweep ") + COLLSWEEP_VERSION + " (git " + git_revision() + ")";
}

std::string encode_run_state(const RunState& s) {
  Writer w;
  w.out().reserve(s.words.size() * 8 + s.config_toml.size() + 16 * s.witnesses.size() * 64 + 4096);
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
  w.u64(s.words.size());
  if (kLittleEndian) {
    w.bytes(s.words.data(), s.words.size() * 8);  // the same bytes as word by word, at memory speed
  } else {
    for (unsigned long long x : s.words) w.u64(x);
  }
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
  const std::uint64_t sum = fnv1a64(out.data(), out.size());
  w.u64(sum);
  return std::move(out);
}

RunState decode_run_state(const std::string& b, const std::string& name) {
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
  if (tail.u64() != fnv1a64(b.data(), b.size() - kChecksum))
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
  const std::uint64_t n = r.u64();
  if (n > b.size() / 8) throw StateError(name + ": malformed state (tally size)");
  s.words.resize(n);
  if (kLittleEndian) {
    r.raw(s.words.data(), n * 8);
  } else {
    for (auto& x : s.words) x = r.u64();
  }
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

RunState read_run_state(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / kStateFileName).string();
  std::ifstream f(path, std::ios::binary);
  if (!f) throw StateError(path + ": no state file (not a shard or checkpointed run folder)");
  std::ostringstream text;
  text << f.rdbuf();
  return decode_run_state(text.str(), path);
}

}  // namespace collsweep
