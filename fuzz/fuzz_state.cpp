// The run state of shards and checkpoints (sweep/run_state.*), decoded and then loaded and merged as
// `merge` and `run --resume` do.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "families/run_config.hpp"
#include "fuzz_support.hpp"
#include "sweep/run_state.hpp"
#include "sweep/state_result.hpp"

namespace {

constexpr std::size_t kSizeAt = 12, kHeader = 20, kChecksum = 8;

// The bytes with the total size and the checksum that the decoder checks first.
std::string with_size_and_checksum(std::string b) {
  if (b.size() < kHeader + kChecksum) return b;
  const std::uint64_t size = b.size();
  for (int i = 0; i < 8; ++i) b[kSizeAt + i] = static_cast<char>((size >> (8 * i)) & 0xff);
  const std::uint64_t sum = collsweep::state_checksum(b.data(), b.size() - kChecksum);
  for (int i = 0; i < 8; ++i) b[b.size() - kChecksum + i] = static_cast<char>((sum >> (8 * i)) & 0xff);
  return b;
}

void merge_like(const std::string& bytes) {
  using namespace collsweep;
  RunState state;
  try {
    state = decode_run_state(bytes, "fuzz.state");
  } catch (const StateError&) {
    return;
  }
  RunConfig config;
  try {
    config = parse_run_config(state.config_toml, state.config_source);
  } catch (const ConfigError&) {
    return;
  }
  std::visit(
      [&](const auto& spec) {
        try {
          auto merged = make_empty_result(spec);
          merge_results(merged, load_result(state, spec, "fuzz.state"));
        } catch (const StateError&) {
        }
      },
      config.model);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes = collsweep::fuzz::as_text(data, size);
  // As it is, and with its size and checksum made right, so that mutations reach the fields behind them.
  merge_like(bytes);
  const std::string repaired = with_size_and_checksum(bytes);
  if (repaired != bytes) merge_like(repaired);
  return 0;
}
