// Comparing a run state's identity with a run's (state_identity.hpp).
#include "sweep/state_identity.hpp"

#include <sstream>
#include <vector>

namespace collsweep {

namespace {

// The config's setting lines with the section they are in ("[run] seed = 7"), comments and blanks left out,
// and without the run's name: it names folders and labels (by default the config file's name), never a
// sample, so the same config under another file name is the same run.
std::vector<std::string> setting_lines(const std::string& toml) {
  std::vector<std::string> lines;
  std::istringstream in(toml);
  std::string line, section;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      section = line;
      continue;
    }
    if (section == "[run]" && line.rfind("name =", 0) == 0) continue;
    lines.push_back(section.empty() ? line : section + " " + line);
  }
  return lines;
}

}  // namespace

std::string state_mismatch(const RunState& s, const std::string& state_name, const RunState& e,
                           const std::string& expected_name) {
  if (s.build != e.build)
    return state_name + " was written by " + s.build + ", " + expected_name + " by " + e.build +
           " (another build may give other bits)";
  if (s.family != e.family)
    return state_name + " is a " + s.family + " sweep, " + expected_name + " a " + e.family + " one";
  const std::vector<std::string> a = setting_lines(s.config_toml), b = setting_lines(e.config_toml);
  for (std::size_t i = 0; i < a.size() || i < b.size(); ++i) {
    const std::string x = i < a.size() ? a[i] : "(nothing)", y = i < b.size() ? b[i] : "(nothing)";
    if (x != y)
      return "the config differs: " + state_name + " has `" + x + "`, " + expected_name + " has `" + y + "`";
  }
  return {};
}

}  // namespace collsweep
