// The tables of docs/measured-impacts.md recomputed from the data in data/: every `<!-- fit: ARGS -->` block
// is `collsweep fit ARGS`'s fit.md (fitted values, losses, ranks, counts, the infeasible share; the
// intervals of the classic planar laws recomputed with the docs' 200 bootstrap replicates).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "support/run_command.hpp"

namespace collsweep::testing {
namespace {

struct Block {
  std::string args;                // after "fit:"
  std::vector<std::string> lines;  // the table rows and the counts line, as the docs show them
};

std::vector<Block> doc_blocks() {
  std::istringstream in(read_text_file(source_dir() + "/docs/measured-impacts.md"));
  std::vector<Block> blocks;
  std::string line;
  bool inside = false;
  const std::regex marker(R"(^<!-- fit: (.*) -->$)");
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, marker)) {
      blocks.push_back({m[1], {}});
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line.rfind("|", 0) == 0 || (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))))
      blocks.back().lines.push_back(line);
    else if (!line.empty())
      inside = false;
  }
  return blocks;
}

std::vector<std::string> split_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// fit.md of `collsweep fit ARGS extra` run in the source tree's terms (data/ paths).
std::vector<std::string> fit_md(const std::string& args, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {"fit"};
  for (std::string w : split_words(args)) {
    if (w.rfind("data/", 0) == 0) w = source_dir() + "/" + w;
    argv.push_back(w);
  }
  const std::string dir = temp_path("fit_docs");
  argv.insert(argv.end(), {"--out", dir, "--no-plot", "--quiet"});
  argv.insert(argv.end(), extra.begin(), extra.end());
  const CommandResult r = run_collsweep(argv);
  EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
  std::istringstream md(read_text_file(dir + "/fit.md"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(md, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// A table row without its parameters' intervals (" [lo, hi]"); other lines as they are.
std::string without_intervals(const std::string& line) {
  if (line.size() < 3 || line.rfind("| ", 0) != 0 || !std::isdigit(static_cast<unsigned char>(line[2]))) return line;
  return std::regex_replace(line, std::regex(R"( \[[^\]]*\])"), "");
}

TEST(FitMeasuredImpacts, DocsTablesAreTheFitsOfTheRepositorysData) {
  const std::vector<Block> blocks = doc_blocks();
  ASSERT_EQ(blocks.size(), 6u) << "three losses for each of the two data sets";
  for (const Block& b : blocks) {
    const std::vector<std::string> got = fit_md(b.args, {"--bootstrap", "0", "--no-loss-maps"});
    ASSERT_EQ(got.size(), b.lines.size()) << b.args;
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], without_intervals(b.lines[i])) << b.args;
  }
}

TEST(FitMeasuredImpacts, DocsIntervalsOfTheClassicPlanarLaws) {
  const std::vector<Block> blocks = doc_blocks();
  ASSERT_FALSE(blocks.empty());
  const Block& ellipse = blocks.front();  // the ellipse, contact loss
  ASSERT_NE(ellipse.args.find("mcube_ellipse.csv"), std::string::npos);
  ASSERT_NE(ellipse.args.find("--loss contact"), std::string::npos);
  std::string args = ellipse.args;
  args.replace(args.find("--law all"), 9, "--law stronge,poisson,newton,chatterjee-ruina");
  const std::vector<std::string> got = fit_md(args, {"--no-loss-maps"});  // the default 200 replicates
  // Each law's cells but its rank (a fit of four laws ranks them among themselves).
  const auto cells_after_rank = [](const std::string& row) { return row.substr(row.find('|', 1)); };
  int compared = 0;
  for (const std::string& row : got)
    for (const std::string& doc : ellipse.lines)
      if (row.rfind("| ", 0) == 0 && doc.rfind("| ", 0) == 0 &&
          std::isdigit(static_cast<unsigned char>(row[2])) &&
          cells_after_rank(row).substr(0, cells_after_rank(row).find(" |", 2)) ==
              cells_after_rank(doc).substr(0, cells_after_rank(doc).find(" |", 2))) {
        EXPECT_EQ(cells_after_rank(row), cells_after_rank(doc));
        ++compared;
      }
  EXPECT_EQ(compared, 4);
}

}  // namespace
}  // namespace collsweep::testing
