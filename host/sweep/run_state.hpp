// The state of a sweep on disk (shards and checkpoints): raw tallies, witness candidates, the samples done,
// and what identifies the run (config, family, build). One binary format, checksummed (docs/cluster.md).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsweep/tally/top_k.hpp"

namespace collsweep {

// The file name of the state in a run or shard folder.
inline constexpr const char* kStateFileName = "collsweep.state";

struct RunState {
  std::string family;                              // model.kind
  std::string build;                               // build_identity() of the binary that wrote it
  std::string config_toml;                         // resolved_config_toml() of the run's config
  std::string config_source;                       // the config file the run was started from
  std::uint64_t total_samples = 0;                 // run.samples
  std::uint32_t shard_index = 1, shard_count = 1;  // --shard i/N (1/1: the whole run)
  std::uint64_t first = 0, count = 0;              // this state's samples [first, first + count)
  std::uint64_t done = 0;                          // [first, first + done) are tallied
  double seconds = 0.0;                            // sweep time so far, every session together
  std::string backend, device;
  int threads = 0;
  bool shard_output = false;  // written by run --shard (even 1/1): the state is the output, kept when done
  std::vector<unsigned long long> words;        // the tally (tally/map_tally.hpp layout)
  std::vector<std::vector<Witness>> witnesses;  // per law slot, ranked
  bool complete() const { return done == count; }
};

// A state file that cannot be used; what() names the file and why.
struct StateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "collsweep VERSION (git REVISION)": results are bit-identical between binaries of the same identity.
std::string build_identity();

// The checksum that closes a state file, of its first n bytes (the fuzz target repairs it with this).
std::uint64_t state_checksum(const char* p, std::size_t n);

// The bytes of a state file, and a state read back from them (throws StateError naming `name` on a bad
// magic, a truncated or corrupt file (checksum), or an unknown format version).
// With_tally false: everything but the tally words (left empty), still checked whole (its checksum).
std::string encode_run_state(const RunState& s);
RunState decode_run_state(const std::string& bytes, const std::string& name, bool with_tally = true);

// Writes dir/collsweep.state atomically (io/atomic_file.hpp); reads it back (StateError when missing too).
void write_run_state(const std::string& dir, const RunState& s);
RunState read_run_state(const std::string& dir, bool with_tally = true);

}  // namespace collsweep
