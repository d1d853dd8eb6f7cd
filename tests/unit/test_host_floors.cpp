// The floors of host/ (docs/architecture.md, "The floors of host/"): every #include "folder/..." of a file
// under host/ names its own folder or a lower floor, and kernels/ include nothing of host/.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/paths.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;

// A file's place: its floor (a file may include only lower floors) and its unit (the files of one unit may
// include each other: a folder, or one family's folder).
struct Place {
  int floor = -1;  // -1: no floor (a folder the table below does not know)
  std::string unit;
};

// The floors, lowest first; "families/<family>/" is any folder of families/ but shared/, and "families/"
// its files at the top (the registry and what needs every family).
Place place_of(const std::string& path) {
  const auto starts = [&](const char* prefix) { return path.rfind(prefix, 0) == 0; };
  const std::size_t slash = path.find('/');
  const std::string top = slash == std::string::npos ? path : path.substr(0, slash + 1);
  if (top == "io/" || top == "mpi/") return {0, top};
  if (top == "stats/") return {1, top};
  if (top == "vocabulary/") return {2, top};
  if (top == "config/" || top == "sweep/") return {3, top};
  if (top == "backend/" || top == "fit/") return {4, top};
  if (starts("families/shared/")) return {5, "families/shared/"};
  if (top == "families/") {
    const std::size_t second = path.find('/', slash + 1);
    if (second == std::string::npos) return {7, "families/"};
    return {6, path.substr(0, second + 1)};
  }
  if (top == "cli/") return {8, top};
  if (path == "main.cpp") return {9, path};
  return {};
}

struct Include {
  std::string file;  // relative to host/
  int line = 0;
  std::string included;  // as written between the quotes
};

// The #include "..." lines of a file's text.
std::vector<Include> includes_of(const std::string& file, std::istream& text) {
  std::vector<Include> found;
  std::string line;
  for (int n = 1; std::getline(text, line); ++n) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] != '#') continue;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos || line.compare(i, 7, "include") != 0) continue;
    const std::size_t open = line.find('"', i + 7);
    if (open == std::string::npos) continue;  // <...>: a system or library header
    const std::size_t close = line.find('"', open + 1);
    if (close == std::string::npos) continue;
    found.push_back({file, n, line.substr(open + 1, close - open - 1)});
  }
  return found;
}

// One line per include that breaks the floors: a higher floor, a sibling of the same floor, or a folder
// without a floor. Includes of kernels/ ("collsweep/...") are below every floor.
std::vector<std::string> floor_violations(const std::vector<Include>& includes) {
  std::vector<std::string> out;
  for (const Include& inc : includes) {
    if (inc.included.rfind("collsweep/", 0) == 0) continue;
    const Place from = place_of(inc.file), to = place_of(inc.included);
    std::ostringstream why;
    if (from.floor < 0)
      why << "host/" << inc.file << " is in a folder without a floor";
    else if (to.floor < 0)
      why << "host/" << inc.file << ":" << inc.line << " includes \"" << inc.included
          << "\", of no floor of host/";
    else if (to.unit != from.unit && to.floor >= from.floor)
      why << "host/" << inc.file << ":" << inc.line << " includes \"" << inc.included << "\": " << from.unit
          << " (floor " << from.floor << ") may include only its own files and floors below it, not "
          << to.unit << " (floor " << to.floor << ")";
    else
      continue;
    out.push_back(why.str());
  }
  return out;
}

bool is_source(const fs::path& p) {
  const std::string e = p.extension().string();
  return e == ".hpp" || e == ".cpp" || e == ".cuh" || e == ".cu" || e == ".h";
}

std::vector<Include> includes_under(const fs::path& root) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root))
    if (entry.is_regular_file() && is_source(entry.path())) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<Include> all;
  for (const fs::path& f : files) {
    std::ifstream in(f);
    const std::vector<Include> some = includes_of(fs::relative(f, root).generic_string(), in);
    all.insert(all.end(), some.begin(), some.end());
  }
  return all;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

TEST(HostFloors, EveryIncludeOfHostNamesItsOwnFolderOrALowerFloor) {
  const fs::path host = fs::path(testing::source_dir()) / "host";
  if (!fs::is_directory(host)) GTEST_SKIP() << "no source tree at " << host;
  const std::vector<Include> includes = includes_under(host);
  EXPECT_GT(includes.size(), 300u);
  const std::vector<std::string> violations = floor_violations(includes);
  EXPECT_TRUE(violations.empty()) << joined(violations);
}

TEST(HostFloors, EveryFolderOfHostHasAFloor) {
  const fs::path host = fs::path(testing::source_dir()) / "host";
  if (!fs::is_directory(host)) GTEST_SKIP() << "no source tree at " << host;
  for (const auto& entry : fs::directory_iterator(host)) {
    const std::string name = entry.path().filename().string() + (entry.is_directory() ? "/" : "");
    EXPECT_GE(place_of(entry.is_directory() ? name + "x.hpp" : name).floor, 0)
        << "host/" << name << " has no floor (give it one in place_of and in docs/architecture.md)";
  }
}

TEST(HostFloors, KernelsIncludeNothingOfHost) {
  const fs::path source = testing::source_dir();
  if (!fs::is_directory(source / "kernels")) GTEST_SKIP() << "no source tree at " << source;
  for (const Include& inc : includes_under(source / "kernels")) {
    const fs::path at = (source / "kernels" / inc.file).parent_path();
    const bool in_kernels = fs::exists(source / "kernels" / inc.included) || fs::exists(at / inc.included);
    EXPECT_TRUE(in_kernels || !fs::exists(source / "host" / inc.included))
        << "kernels/" << inc.file << ":" << inc.line << " includes host/" << inc.included;
  }
}

// The check itself, on made-up files: each breach of the floors is found, and only those.
TEST(HostFloors, TheCheckFindsEachKindOfBreach) {
  const auto check = [](const std::string& file, const std::string& included) {
    return floor_violations({{file, 1, included}}).size();
  };
  // Upward includes.
  EXPECT_EQ(check("config/key_reader.hpp", "families/registry.hpp"), 1u);
  EXPECT_EQ(check("sweep/run_state.cpp", "families/registry.hpp"), 1u);
  EXPECT_EQ(check("families/planar/commands.hpp", "families/registry.hpp"), 1u);
  EXPECT_EQ(check("families/spatial/solve_spatial.cpp", "cli/family_options.hpp"), 1u);
  EXPECT_EQ(check("families/shared/common_keys.hpp", "families/planar/family.hpp"), 1u);
  EXPECT_EQ(check("vocabulary/command_options.hpp", "sweep/progress.hpp"), 1u);
  EXPECT_EQ(check("vocabulary/eval_table.hpp", "cli/commands.hpp"), 1u);
  EXPECT_EQ(check("io/csv.hpp", "stats/wilson_interval.hpp"), 1u);
  EXPECT_EQ(check("backend/cpu_backend.hpp", "families/shared/sweep_backend.hpp"), 1u);
  EXPECT_EQ(check("cli/run.cpp", "main.cpp"), 1u);
  // Siblings of one floor.
  EXPECT_EQ(check("sweep/provenance.hpp", "config/run_settings.hpp"), 1u);
  EXPECT_EQ(check("families/planar/commands.cpp", "families/spatial/spatial_eval.hpp"), 1u);
  EXPECT_EQ(check("io/csv.hpp", "mpi/mpi_world.hpp"), 1u);
  // Folders without a floor.
  EXPECT_EQ(check("cli/run.cpp", "gui/window.hpp"), 1u);
  EXPECT_EQ(check("gui/window.cpp", "io/csv.hpp"), 1u);
  // Allowed: its own unit, lower floors, kernels/.
  EXPECT_EQ(check("families/planar/commands.cpp", "families/planar/gpu_check.hpp"), 0u);
  EXPECT_EQ(check("families/planar/family.hpp", "families/shared/common_keys.hpp"), 0u);
  EXPECT_EQ(check("families/run_config.hpp", "families/registry.hpp"), 0u);
  EXPECT_EQ(check("families/registry.hpp", "families/spatial/family.hpp"), 0u);
  EXPECT_EQ(check("cli/run.cpp", "families/commands.hpp"), 0u);
  EXPECT_EQ(check("backend/cpu_backend.hpp", "sweep/sweep_result.hpp"), 0u);
  EXPECT_EQ(check("config/config_keys.hpp", "io/json_writer.hpp"), 0u);
  EXPECT_EQ(check("vocabulary/eval_table.hpp", "io/csv.hpp"), 0u);
  EXPECT_EQ(check("main.cpp", "cli/commands.hpp"), 0u);
  EXPECT_EQ(check("sweep/sweep_result.hpp", "collsweep/models/planar/sweep.hpp"), 0u);
}

TEST(HostFloors, IncludeLinesAreReadAsTheCompilerReadsThem) {
  std::istringstream text(
      "// #include \"cli/commands.hpp\" in a comment is not one\n"
      "#include <vector>\n"
      "  #  include \"io/csv.hpp\"  // indented\n"
      "#include \"families/registry.hpp\"\n");
  const std::vector<Include> found = includes_of("config/x.hpp", text);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].included, "io/csv.hpp");
  EXPECT_EQ(found[0].line, 3);
  EXPECT_EQ(found[1].included, "families/registry.hpp");
  EXPECT_EQ(floor_violations(found).size(), 1u);
}

}  // namespace
}  // namespace collsweep
