// `collsweep reproduce RUN_DIR` and `eval` on a witnesses.csv as it is, run as processes on real runs.
//
// A planar run (quickstart, 20 000 samples) and multi-contact runs (two contacts; one to four contacts with
// Lemke for k >= 3) reproduce bit for bit; a tampered number or Type is named by file, line, rank and sample
// (exit 1); eval reads the witnesses file directly; malformed run folders exit 2 with one line.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "io/format.hpp"
#include "support/csv_text.hpp"
#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::JsonParser;
using testing::JsonValue;
using testing::num;
using testing::parse_csv;
using testing::read_text_file;
using testing::Rows;
using testing::run_collsweep;
using testing::temp_path;
using testing::write_text_file;

// A shipped config with `from` replaced by `to` (fewer samples), written to a temporary file.
std::string shipped_config(const std::string& name, const std::string& from, const std::string& to) {
  std::string text = read_text_file(testing::source_dir() + "/configs/" + name);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << name << " has no '" << from << "'";
  if (at != std::string::npos) text.replace(at, from.size(), to);
  const std::string path = temp_path(name);
  write_text_file(path, text);
  return path;
}

// Runs a config on the CPU into a fresh folder; returns the folder.
std::string run_into_folder(const std::string& config) {
  const std::string out = temp_path("run");
  const CommandResult r =
      run_collsweep({"run", config, "--out", out, "--backend", "cpu", "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

std::string planar_run() {
  return run_into_folder(shipped_config("quickstart.toml", "samples = 4_000_000", "samples = 20000"));
}

void write_rows(const std::string& path, const Rows& rows) {
  std::string text;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) line += ',';
      io::append_csv_field(line, row[i]);
    }
    text += line + "\n";
  }
  write_text_file(path, text);
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

JsonValue reproduce_json(const std::string& dir, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"reproduce", dir, "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CommandResult r = run_collsweep(args);
  try {
    return JsonParser::parse(r.out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what() << "\n" << r.out << r.err;
    return {};
  }
}

const JsonValue* law_entry(const JsonValue& j, const std::string& law) {
  for (const JsonValue& l : j.at("laws").arr)
    if (l.at("law").string() == law) return &l;
  ADD_FAILURE() << "no law " << law;
  return nullptr;
}

TEST(CliReproduce, PlanarRunReproducesBitForBit) {
  const std::string dir = planar_run();
  const Rows w = parse_csv(read_text_file(dir + "/witnesses.csv"));
  std::map<std::string, int> per_law;
  for (std::size_t i = 1; i < w.size(); ++i) ++per_law[w[i][0]];
  ASSERT_GT(per_law["newton"], 0) << "Newton's law gains energy on some of 20 000 samples";

  const CommandResult r = run_collsweep({"reproduce", dir});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("reproduced: " + std::to_string(w.size() - 1) + " witnesses (tolerance 0)"),
            std::string::npos)
      << r.out;
  for (const char* law : {"stronge", "poisson", "newton", "chatterjee-ruina"})
    EXPECT_NE(r.out.find(std::string("\n") + law + " "), std::string::npos) << law << ": one line per law\n"
                                                                            << r.out;

  const JsonValue j = reproduce_json(dir);
  EXPECT_TRUE(j.at("reproduced").b);
  EXPECT_EQ(j.at("model").string(), "planar");
  EXPECT_EQ(j.at("witnesses").number(), static_cast<double>(w.size() - 1));
  EXPECT_EQ(j.at("laws").arr.size(), 4u);
  for (const auto& [law, count] : per_law) {
    const JsonValue* l = law_entry(j, law);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->at("witnesses").number(), count) << law;
    EXPECT_EQ(l->at("max_relative_difference").at("dE").number(), 0.0) << law;
    EXPECT_EQ(l->at("max_relative_difference").at("dE_rel").number(), 0.0) << law;
    EXPECT_EQ(l->at("type_mismatches").number(), 0.0) << law;
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
}

TEST(CliReproduce, ATamperedWitnessIsNamedAndExits1) {
  const std::string dir = planar_run();
  const std::string path = dir + "/witnesses.csv";
  const Rows original = parse_csv(read_text_file(path));
  ASSERT_GE(original.size(), 3u);
  const std::vector<std::string>& head = original[0];
  const std::size_t de = column(head, "dE"), type = column(head, "type");

  // One digit of one dE (the second witness, line 3): 1e-9 relative.
  Rows rows = original;
  std::string& text = rows[2][de];
  const std::size_t digit = text.find_first_of("123456789") + 9;
  ASSERT_LT(digit, text.size());
  text[digit] = text[digit] == '5' ? '6' : '5';
  const double rel = std::fabs(num(text) - num(original[2][de])) / std::fabs(num(original[2][de]));
  ASSERT_GT(rel, 1e-12);
  write_rows(path, rows);
  const CommandResult r = run_collsweep({"reproduce", dir});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::string named = path + " line 3 (" + rows[2][0] + ", rank " + rows[2][1] + ", sample " +
                            rows[2][2] + "): dE recorded " + text + ", reproduced " + original[2][de];
  EXPECT_NE(r.out.find(named), std::string::npos) << named << "\n" << r.out;
  EXPECT_NE(r.out.find("NOT reproduced: 1 of " + std::to_string(rows.size() - 1) + " witnesses differ"),
            std::string::npos)
      << r.out;
  JsonValue j = reproduce_json(dir);
  EXPECT_FALSE(j.at("reproduced").b);
  ASSERT_EQ(j.at("differences").arr.size(), 1u);
  EXPECT_EQ(j.at("differences").arr[0].at("line").number(), 3.0);
  EXPECT_EQ(j.at("differences").arr[0].at("column").string(), "dE");
  EXPECT_NEAR(j.at("differences").arr[0].at("relative_difference").number(), rel, 1e-3 * rel);
  const JsonValue* l = law_entry(j, rows[2][0]);
  ASSERT_NE(l, nullptr);
  EXPECT_NEAR(l->at("max_relative_difference").at("dE").number(), rel, 1e-3 * rel);
  // Within a tolerance above the change it reproduces.
  EXPECT_EQ(run_collsweep({"reproduce", dir, "--tolerance", "1e-6"}).exit_code, 0);

  // A Type that differs is a mismatch whatever the tolerance.
  rows = original;
  rows[1][type] = rows[1][type] == "2" ? "3" : "2";
  write_rows(path, rows);
  const CommandResult t = run_collsweep({"reproduce", dir, "--tolerance", "1"});
  EXPECT_EQ(t.exit_code, 1);
  EXPECT_NE(t.out.find(path + " line 2 (" + rows[1][0] + ", rank 1, sample " + rows[1][2] +
                       "): type recorded " + rows[1][type] + ", reproduced " + original[1][type]),
            std::string::npos)
      << t.out;
  j = reproduce_json(dir);
  l = law_entry(j, rows[1][0]);
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->at("type_mismatches").number(), 1.0);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

// eval reads witnesses.csv as it is: the rows of --law, the recorded results renamed, the same numbers.
TEST(CliReproduce, EvalReadsAPlanarWitnessFile) {
  const std::string dir = planar_run();
  const Rows w = parse_csv(read_text_file(dir + "/witnesses.csv"));
  const CommandResult r =
      run_collsweep({"eval", "--law", "newton", "--in", dir + "/witnesses.csv", "--out", "-"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const Rows out = parse_csv(r.out);
  std::vector<std::string> want = w[0];
  for (std::string& c : want)
    if (c == "type" || c == "dE" || c == "dE_rel") c = "recorded_" + c;
  for (const char* c : {"status", "type", "I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"}) want.push_back(c);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out[0], want);
  std::size_t newton = 0;
  for (std::size_t i = 1; i < w.size(); ++i) newton += w[i][0] == "newton";
  ASSERT_GT(newton, 0u);
  ASSERT_EQ(out.size(), newton + 1);
  for (std::size_t i = 1; i < out.size(); ++i) {
    EXPECT_EQ(out[i][0], "newton");
    EXPECT_EQ(out[i][column(out[0], "status")], "ok");
    EXPECT_EQ(out[i][column(out[0], "dE")], out[i][column(out[0], "recorded_dE")]) << "row " << i;
    EXPECT_EQ(out[i][column(out[0], "dE_rel")], out[i][column(out[0], "recorded_dE_rel")]) << "row " << i;
    EXPECT_EQ(out[i][column(out[0], "type")], out[i][column(out[0], "recorded_type")]) << "row " << i;
    EXPECT_GT(num(out[i][column(out[0], "dE")]), 0.0);
  }
  // A law without rows in the file: only the header, and a note.
  const CommandResult none =
      run_collsweep({"eval", "--law", "stronge", "--in", dir + "/witnesses.csv", "--out", "-"});
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_EQ(testing::count_lines(none.out), 1);
  EXPECT_NE(none.err.find("rows left out"), std::string::npos) << none.err;
  std::error_code ec;
  fs::remove_all(dir, ec);
}

TEST(CliReproduce, MultiContactRunsReproduceAndEvalReadsTheirWitnesses) {
  const struct {
    const char* config;
    const char* from;
    const char* to;
  } runs[] = {
      {"glocker_two_contacts.toml", "samples = 200_000", "samples = 20000"},
      {"glocker_one_to_four_contacts.toml", "samples = 400_000",
       "samples = 4000"},                                                 // k = 1..4, Lemke for k >= 3
      {"rod_two_contacts.toml", "samples = 400_000", "samples = 20000"},  // one body: G of rank 3
  };
  for (const auto& run : runs) {
    SCOPED_TRACE(run.config);
    const std::string dir = run_into_folder(shipped_config(run.config, run.from, run.to));
    const std::string path = dir + "/witnesses.csv";
    const Rows w = parse_csv(read_text_file(path));
    ASSERT_GT(w.size(), 5u);
    const std::vector<std::string>& head = w[0];
    if (std::string(run.config) == "rod_two_contacts.toml") {
      // One rigid body's witnesses carry its velocity: gamma_N1 = v_y - omega / 2 at the rod's left end.
      for (std::size_t i = 1; i < w.size(); ++i)
        EXPECT_NEAR(num(w[i][column(head, "g_1")]),
                    num(w[i][column(head, "v_y")]) - 0.5 * num(w[i][column(head, "omega")]), 1e-15);
    }
    std::map<std::string, int> rows_of;  // "law/k" -> rows
    for (std::size_t i = 1; i < w.size(); ++i) ++rows_of[w[i][0] + "/" + w[i][column(head, "contacts")]];

    const CommandResult r = run_collsweep({"reproduce", dir});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const JsonValue j = reproduce_json(dir);
    EXPECT_TRUE(j.at("reproduced").b);
    EXPECT_EQ(j.at("model").string(), "multicontact");
    EXPECT_EQ(j.at("witnesses").number(), static_cast<double>(w.size() - 1));
    for (const char* law : {"poisson-lcp", "newton-lcp"}) {
      const JsonValue* l = law_entry(j, law);
      ASSERT_NE(l, nullptr);
      for (const char* q : {"W_min", "W_max", "W", "W_max_rel"})
        EXPECT_EQ(l->at("max_relative_difference").at(q).number(), 0.0) << law << " " << q;
      EXPECT_EQ(l->at("solutions_mismatches").number(), 0.0) << law;
    }

    // eval on the file: per law and k, the rows of that k; the recorded numbers are eval's.
    for (const auto& [key, count] : rows_of) {
      const std::string law = key.substr(0, key.find('/')), k = key.substr(key.find('/') + 1);
      SCOPED_TRACE(key);
      const CommandResult e =
          run_collsweep({"eval", "--law", law, "--contacts", k, "--in", path, "--out", "-"});
      ASSERT_EQ(e.exit_code, 0) << e.err;
      const Rows out = parse_csv(e.out);
      ASSERT_EQ(out.size(), static_cast<std::size_t>(count) + 1);
      EXPECT_EQ(out[0][out[0].size() - 3], "gp_" + std::to_string(2 * std::stoi(k)));
      EXPECT_EQ(out[0].back(), "near_singular");
      for (std::size_t i = 1; i < out.size(); ++i) {
        EXPECT_EQ(out[i][column(out[0], "contacts")], k);
        for (const char* q : {"solutions", "W_min", "W_max", "W"})
          EXPECT_EQ(out[i][column(out[0], q)], out[i][column(out[0], std::string("recorded_") + q)]) << q;
      }
    }
    // Without --contacts: the k of the header's columns (the plan's largest).
    const CommandResult e = run_collsweep({"eval", "--law", "newton-lcp", "--in", path, "--out", "-"});
    EXPECT_EQ(e.exit_code, 0) << e.err;

    // A tampered W_max is named.
    Rows t = w;
    const std::size_t wm = column(head, "W_max");
    t[1][wm] = io::format_double(num(t[1][wm]) * (1 + 1e-6));
    write_rows(path, t);
    const CommandResult bad = run_collsweep({"reproduce", dir});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.out.find(path + " line 2 (" + t[1][0] + ", rank 1, sample " + t[1][2] +
                           "): W_max recorded " + t[1][wm] + ", reproduced " + w[1][wm]),
              std::string::npos)
        << bad.out;
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
}

// A file with a law column is a witness file: rows of other laws (and contact counts) are left out, the
// recorded results renamed; without a law column, a column named like an output is still refused.
TEST(CliReproduce, EvalFiltersWitnessRowsAndRenamesRecordedColumns) {
  const std::string planar =
      "law,W_nn,W_nt,W_tt,v_n,v_t,mu,e,e_t,type,dE,dE_rel\n"
      "newton,1,0,1,-1,0.5,0.3,0.5,0,9,1,2\n"
      "stronge,1,0,1,-1,0.5,0.3,0.5,0,9,1,2\n"
      "newton,1,0.2,1,-1,-0.5,0.3,0.5,0,9,1,2\n";
  const CommandResult r = run_collsweep({"eval", "--law", "newton", "--in", "-", "--out", "-"}, &planar);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows out = parse_csv(r.out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0][9], "recorded_type");
  EXPECT_EQ(out[0][10], "recorded_dE");
  EXPECT_EQ(out[0][11], "recorded_dE_rel");
  EXPECT_EQ(out[0][13], "type");
  EXPECT_EQ(out[1][2], "0");
  EXPECT_EQ(out[2][2], "0.2");
  EXPECT_EQ(out[1][10], "1") << "the recorded value passes through";

  std::string no_law = planar.substr(planar.find(',') + 1);  // header without law
  for (std::size_t p = no_law.find("\n"); p != std::string::npos; p = no_law.find("\n", p + 1))
    if (p + 1 < no_law.size()) no_law.erase(p + 1, no_law.find(',', p + 1) - p);
  const CommandResult clash = run_collsweep({"eval", "--law", "newton", "--in", "-", "--out", "-"}, &no_law);
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_NE(clash.err.find("column 'type': has the name of an output column"), std::string::npos)
      << clash.err;

  const std::string lcp =
      "law,contacts,G_0_0,G_0_1,G_1_1,g_1,g_2,mu_1,eN_1,eT_1,W\n"
      "poisson-lcp,1,1,0,1,-1,0.5,0.3,0.5,0.2,7\n"
      "newton-lcp,1,1,0,1,-1,0.5,0.3,0.5,0.2,7\n"
      "poisson-lcp,2,1,0,1,-1,0.5,0.3,0.5,0.2,7\n"
      "poisson-lcp,x,1,0,1,-1,0.5,0.3,0.5,0.2,7\n";
  const CommandResult m = run_collsweep({"eval", "--law", "poisson-lcp", "--in", "-", "--out", "-"}, &lcp);
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find("line 5: column 'contacts': 'x' is not a number of contacts"), std::string::npos)
      << m.err;
  const Rows kept = parse_csv(m.out);
  ASSERT_EQ(kept.size(), 2u) << "the header and the one poisson-lcp row of one contact";
  EXPECT_EQ(kept[0][10], "recorded_W");
  EXPECT_EQ(kept[1][11], "ok");
}

TEST(CliReproduce, MalformedRunFoldersExit2WithOneLine) {
  const std::string dir = planar_run();
  const std::string summary = read_text_file(dir + "/summary.json");
  const std::string witnesses = read_text_file(dir + "/witnesses.csv");
  const auto expect_2 = [&](const std::vector<std::string>& args, const std::vector<std::string>& parts) {
    const CommandResult r = run_collsweep(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("collsweep reproduce: ", 0), 0u) << r.err;
    for (const std::string& p : parts) EXPECT_NE(r.err.find(p), std::string::npos) << p << ": " << r.err;
  };
  expect_2({"reproduce", dir + "/nothing"}, {"nothing: not a run folder"});
  expect_2({"reproduce", dir, "--tolerance", "-1"}, {"--tolerance -1"});
  expect_2({"reproduce", dir, "--tolerance", "abc"}, {"--tolerance", "abc"});
  expect_2({"reproduce", dir, "--tolerance", "nan"}, {"--tolerance nan"});

  write_text_file(dir + "/summary.json", "{\n  \"model\": \"planar\",\n  \"laws\": [1,]\n}\n");
  expect_2({"reproduce", dir}, {dir + "/summary.json: line 3, column 14: unexpected character ']'"});
  write_text_file(dir + "/summary.json", "{\"model\": \"granular\", \"energy_tolerance\": 0, \"laws\": {}}");
  expect_2({"reproduce", dir}, {"summary.json: line 1, column 11:", "\"granular\"", "planar"});
  write_text_file(dir + "/summary.json", "{\"model\": \"planar\", \"laws\": {}}");
  expect_2({"reproduce", dir}, {"summary.json: line 1, column 1:", "no key \"energy_tolerance\""});
  fs::remove(dir + "/summary.json");
  expect_2({"reproduce", dir}, {dir + "/summary.json: cannot open"});
  write_text_file(dir + "/summary.json", summary);

  Rows w = parse_csv(witnesses);
  ASSERT_GE(w.size(), 3u);
  const std::size_t de = column(w[0], "dE");
  Rows bad = w;
  bad[2][de] = "abc";
  write_rows(dir + "/witnesses.csv", bad);
  expect_2({"reproduce", dir}, {dir + "/witnesses.csv: line 3: column 'dE': 'abc' is not a number"});
  bad = w;
  bad[1][0] = "poisson-lcp";
  write_rows(dir + "/witnesses.csv", bad);
  expect_2({"reproduce", dir}, {"witnesses.csv: line 2: column 'law': 'poisson-lcp' is not a planar law"});
  bad = w;
  for (auto& row : bad) row.erase(row.begin() + static_cast<long>(de));
  write_rows(dir + "/witnesses.csv", bad);
  expect_2({"reproduce", dir}, {"witnesses.csv: line 1: missing required column 'dE'"});
  bad = w;
  bad[2].pop_back();
  write_rows(dir + "/witnesses.csv", bad);
  expect_2({"reproduce", dir}, {"witnesses.csv: line 3: 14 fields but the header has 15"});
  fs::remove(dir + "/witnesses.csv");
  expect_2({"reproduce", dir}, {dir + "/witnesses.csv: cannot open"});
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace
}  // namespace collsweep
