// The files of a run folder (run_folder.hpp).
#include "cli/run_folder.hpp"

#include "families/registry.hpp"

namespace collsweep {

namespace fs = std::filesystem;

const std::vector<std::string>& run_output_names() {
  static const std::vector<std::string> names = {
      "map.csv",     "witnesses.csv", "summary.json",         "config.toml",
      "samples.npy", "compare.csv",   "compare_witnesses.csv"};
  return names;
}

bool is_plot_output_name(const std::string& name) {
  const auto has_prefix_and_png = [&](const std::string& prefix) {
    return name.size() > prefix.size() + 4 && name.compare(0, prefix.size(), prefix) == 0 &&
           name.compare(name.size() - 4, 4, ".png") == 0;
  };
  if (has_prefix_and_png("laws_")) return true;
  bool found = false;
  families::for_each_family([&](auto i) {
    for (const std::string_view law : families::law_names<families::SpecAt<i>>())
      found = found || has_prefix_and_png(std::string(law) + "_");
  });
  return found;
}

std::string shown_path(const fs::path& p) {
  std::error_code ec;
  const fs::path a = fs::absolute(p, ec);
  return ec ? p.string() : a.string();
}

std::vector<fs::path> remove_run_outputs(const fs::path& dir, std::error_code& ec, std::string* failed_path) {
  std::vector<fs::path> removed;
  ec.clear();
  const auto remove = [&](const fs::path& p) {
    if (fs::remove(p, ec))
      removed.push_back(p);
    else if (ec && failed_path)
      *failed_path = p.string();
    return !ec;
  };
  for (const std::string& name : run_output_names())
    if (!remove(dir / name)) return removed;
  const fs::path maps = dir / "maps";
  if (!fs::is_directory(maps, ec)) {
    ec.clear();
    return removed;
  }
  std::vector<fs::path> plots;
  for (fs::directory_iterator it(maps, ec), end; !ec && it != end; it.increment(ec))
    if (is_plot_output_name(it->path().filename().string())) plots.push_back(it->path());
  if (ec) {
    if (failed_path) *failed_path = maps.string();
    return removed;
  }
  for (const fs::path& p : plots)
    if (!remove(p)) return removed;
  if (fs::is_empty(maps, ec) && !ec) fs::remove(maps, ec);
  if (ec && failed_path) *failed_path = maps.string();
  return removed;
}

}  // namespace collsweep
