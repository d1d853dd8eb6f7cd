// The run config's TOML reader (collsweep run, validate; every family by model.kind): an input is a config
// or a ConfigError; an accepted one must read back from its resolved TOML to the same TOML (resume, merge).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "families/run_config.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  RunConfig config;
  try {
    config = parse_run_config(fuzz::as_text(data, size), "fuzz.toml");
  } catch (const ConfigError&) {
    return 0;
  }
  const std::string toml = resolved_config_toml(config);
  (void)resolved_config_json(config);
  try {
    const std::string again = resolved_config_toml(parse_run_config(toml, "resolved.toml"));
    if (again != toml) {
      std::istringstream a(toml), b(again);
      std::string la, lb;
      while (std::getline(a, la) && std::getline(b, lb) && la == lb) {
      }
      fuzz::finding(
          ("the resolved config does not read back to itself: '" + la + "' became '" + lb + "'").c_str());
    }
  } catch (const ConfigError& e) {
    fuzz::finding((std::string("the resolved config is refused: ") + e.what()).c_str());
  }
  return 0;
}
