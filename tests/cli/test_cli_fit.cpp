// `collsweep fit` as a user runs it: predictions equal `collsweep eval`'s bit for bit, noise-free impacts
// give their law's parameters back, the same files on any thread count, and bad input named (row, column,
// option).
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <filesystem>
#include <map>
#include <random>

#include "collsweep/cuda_api.hpp"
#include "support/csv_text.hpp"
#include "support/run_command.hpp"

namespace collsweep::testing {
namespace {

namespace fs = std::filesystem;

std::string data_file(const std::string& name) { return source_dir() + "/data/" + name; }

// The first `rows` data rows of a file, with its header.
std::string head_of(const std::string& path, int rows) {
  std::istringstream in(read_text_file(path));
  std::string line, out;
  for (int i = 0; i <= rows && std::getline(in, line); ++i) out += line + "\n";
  return out;
}

std::string file_with(const std::string& stem, const std::string& text) {
  const std::string path = temp_path(stem);
  write_text_file(path, text);
  return path;
}

// Column name -> position of a parsed CSV's header.
std::map<std::string, std::size_t> columns(const Rows& rows) {
  std::map<std::string, std::size_t> at;
  for (std::size_t i = 0; i < rows.at(0).size(); ++i) at[rows[0][i]] = i;
  return at;
}

CommandResult fit(std::vector<std::string> args) {
  args.insert(args.begin(), "fit");
  args.push_back("--no-plot");
  args.push_back("--quiet");
  return run_collsweep(args);
}

// eval of `law` on the used rows of a fit folder at the fitted values; its predicted columns against the
// fit's residuals, as text (17 significant digits: the same text is the same bits).
void expect_eval_matches_fit(const std::string& law, const std::string& dir,
                             const std::vector<std::string>& W, const std::vector<std::string>& v,
                             const std::vector<std::string>& eval_out, const Rows& input) {
  const Rows fitted = parse_csv(read_text_file(dir + "/fit.csv"));
  const Rows residuals = parse_csv(read_text_file(dir + "/residuals.csv"));
  const auto fc = columns(fitted), rc = columns(residuals), ic = columns(input);
  std::size_t law_row = 0;
  for (std::size_t r = 1; r < fitted.size(); ++r)
    if (fitted[r][fc.at("law")] == law) law_row = r;
  ASSERT_GT(law_row, 0u);
  // The law's parameters: the fit.csv columns before loss that are not _lo/_hi and not empty.
  std::vector<std::pair<std::string, std::string>> params;
  for (std::size_t c = 1; c < fitted[0].size() && fitted[0][c] != "loss"; ++c) {
    const std::string& name = fitted[0][c];
    if (name.size() > 3 && (name.rfind("_lo") == name.size() - 3 || name.rfind("_hi") == name.size() - 3))
      continue;
    if (!fitted[law_row][c].empty()) params.emplace_back(name, fitted[law_row][c]);
  }
  std::string eval_in;
  for (const auto& n : W) eval_in += n + ",";
  for (const auto& n : v) eval_in += n + ",";
  for (std::size_t k = 0; k < params.size(); ++k)
    eval_in += params[k].first + (k + 1 < params.size() ? "," : "\n");
  std::vector<std::string> impacts;
  for (std::size_t r = 1; r < residuals.size(); ++r) {
    if (residuals[r][rc.at("law")] != law) continue;
    const std::size_t row = std::stoul(residuals[r][rc.at("impact")]);
    impacts.push_back(residuals[r][rc.at("impact")]);
    for (const auto& n : W) eval_in += input[row][ic.at(n)] + ",";
    for (const auto& n : v) eval_in += input[row][ic.at(n)] + ",";
    for (std::size_t k = 0; k < params.size(); ++k)
      eval_in += params[k].second + (k + 1 < params.size() ? "," : "\n");
  }
  ASSERT_GT(impacts.size(), 10u);
  const std::string out = temp_path("eval.csv");
  const CommandResult e =
      run_collsweep({"eval", "--law", law, "--in", file_with("eval_in.csv", eval_in), "--out", out});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const Rows evaluated = parse_csv(read_text_file(out));
  const auto ec = columns(evaluated);
  std::size_t k = 0;
  for (std::size_t r = 1; r < residuals.size(); ++r) {
    if (residuals[r][rc.at("law")] != law) continue;
    ++k;
    for (std::size_t i = 0; i < v.size(); ++i)
      ASSERT_EQ(evaluated[k][ec.at(eval_out[i])], residuals[r][rc.at(v[i] + "_pred")])
          << law << ", impact " << residuals[r][rc.at("impact")];
  }
}

TEST(CliFit, PlanarPredictionsAreEvalsBitForBit) {
  const std::string in = file_with("ellipse.csv", head_of(data_file("mcube_ellipse.csv"), 150));
  const std::string dir = temp_path("fit_planar");
  const CommandResult r = fit({"--law", "newton,chatterjee-ruina,brach", "--in", in, "--out", dir, "--where",
                               "flags=0", "--bootstrap", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("rank"), std::string::npos) << r.out;
  expect_eval_matches_fit("chatterjee-ruina", dir, {"W_nn", "W_nt", "W_tt"}, {"v_n", "v_t"}, {"v_n2", "v_t2"},
                          parse_csv(read_text_file(in)));
  expect_eval_matches_fit("brach", dir, {"W_nn", "W_nt", "W_tt"}, {"v_n", "v_t"}, {"v_n2", "v_t2"},
                          parse_csv(read_text_file(in)));
  const Rows fitted = parse_csv(read_text_file(dir + "/fit.csv"));
  EXPECT_EQ(fitted[0], (std::vector<std::string>{"law",
                                                 "mu",
                                                 "mu_lo",
                                                 "mu_hi",
                                                 "e",
                                                 "e_lo",
                                                 "e_hi",
                                                 "e_t",
                                                 "e_t_lo",
                                                 "e_t_hi",
                                                 "ratio",
                                                 "ratio_lo",
                                                 "ratio_hi",
                                                 "loss",
                                                 "aggregate",
                                                 "loss_value",
                                                 "impacts_used",
                                                 "impacts_rejected",
                                                 "infeasible_fraction",
                                                 "rank",
                                                 "evaluations"}));
  EXPECT_TRUE(fs::exists(dir + "/loss_maps/newton__mu__e.csv"));
  EXPECT_TRUE(fs::exists(dir + "/loss_maps/brach__mu__e.csv"));
  EXPECT_TRUE(fs::exists(dir + "/summary.json"));
}

TEST(CliFit, SpatialPredictionsAreEvalsBitForBitAndTwoCornerRowsAreUnsupported) {
  const std::string in = file_with("cube.csv", head_of(data_file("dair_cube.csv"), 40));
  const std::string dir = temp_path("fit_spatial");
  const CommandResult r = fit({"--law", "chatterjee-ruina-3d", "--in", in, "--out", dir, "--bootstrap", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_eval_matches_fit("chatterjee-ruina-3d", dir, {"W_nn", "W_n1", "W_n2", "W_11", "W_12", "W_22"},
                          {"v_n", "v_1", "v_2"}, {"vf_n", "vf_1", "vf_2"}, parse_csv(read_text_file(in)));
  const Rows impacts = parse_csv(read_text_file(dir + "/impacts.csv"));
  const Rows input = parse_csv(read_text_file(in));
  const auto c = columns(impacts), ic = columns(input);
  int two = 0;
  for (std::size_t k = 1; k < impacts.size(); ++k)
    if (input[k][ic.at("contacts")] == "2") {
      ++two;
      EXPECT_EQ(impacts[k][c.at("used")], "0");
      EXPECT_EQ(
          impacts[k][c.at("reason")],
          "contacts = 2: an impact on 2 contacts, the spatial laws of this fit take 1 (no family solves a "
          "spatial impact on several contacts)");
    }
  EXPECT_GT(two, 0);
  const Rows fitted = parse_csv(read_text_file(dir + "/fit.csv"));
  EXPECT_EQ(fitted[1][columns(fitted).at("impacts_rejected")], std::to_string(two));
}

TEST(CliFit, NoiseFreeImpactsGiveTheirParametersBack) {
  // Post-impact velocities from `collsweep eval` of newton-lcp (k = 2) at mu 0.4, eN 0.7, eT 0.3.
  std::string in =
      "G_0_0,G_0_1,G_0_2,G_0_3,G_1_1,G_1_2,G_1_3,G_2_2,G_2_3,G_3_3,g_1,g_2,g_3,g_4,mu_1,mu_2,eN_1,eN_2,"
      "eT_1,eT_2\n";
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int i = 0; i < 40; ++i) {
    Eigen::Matrix4d A;
    for (int a = 0; a < 4; ++a)
      for (int b = 0; b < 4; ++b) A(a, b) = u(rng);
    const Eigen::Matrix4d G = A * A.transpose() + 0.5 * Eigen::Matrix4d::Identity();
    for (int a = 0; a < 4; ++a)
      for (int b = a; b < 4; ++b) in += io::format_double(G(a, b)) + ",";
    in += io::format_double(-0.5 - 0.5 * (u(rng) + 1)) + "," + io::format_double(-0.5 - 0.5 * (u(rng) + 1)) +
          "," + io::format_double(u(rng)) + "," + io::format_double(u(rng)) + ",0.4,0.4,0.7,0.7,0.3,0.3\n";
  }
  const std::string evaluated = temp_path("mc_eval.csv");
  CommandResult e =
      run_collsweep({"eval", "--law", "newton-lcp", "--in", file_with("mc_in.csv", in), "--out", evaluated});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  std::string text = read_text_file(evaluated);
  for (int i = 1; i <= 4; ++i) {  // gp_i, the law's γ⁺, becomes the measured g_i_post
    const std::string from = ",gp_" + std::to_string(i), to = ",g_" + std::to_string(i) + "_post";
    text.replace(text.find(from), from.size(), to);
  }
  const std::string dir = temp_path("fit_mc");
  const CommandResult r =
      fit({"--law", "newton-lcp", "--in", file_with("mc_fit.csv", text), "--out", dir, "--bootstrap", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows fitted = parse_csv(read_text_file(dir + "/fit.csv"));
  const auto c = columns(fitted);
  EXPECT_NEAR(num(fitted[1][c.at("mu")]), 0.4, 1e-6);
  EXPECT_NEAR(num(fitted[1][c.at("eN")]), 0.7, 1e-6);
  EXPECT_NEAR(num(fitted[1][c.at("eT")]), 0.3, 1e-6);
  EXPECT_LT(num(fitted[1][c.at("loss_value")]), 1e-7);
  EXPECT_EQ(fitted[1][c.at("impacts_used")], "40");
}

TEST(CliFit, SameFilesOnOneAndTwoThreads) {
  const std::string in = file_with("ellipse_t.csv", head_of(data_file("mcube_ellipse.csv"), 80));
  const std::string one = temp_path("fit_t1"), two = temp_path("fit_t2");
  for (const auto& [dir, threads] : {std::pair{one, "1"}, std::pair{two, "2"}}) {
    const CommandResult r = fit({"--law", "poisson", "--in", in, "--out", dir, "--bootstrap", "20", "--seed",
                                 "9", "--aggregate", "median", "--threads", threads});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  for (const char* f : {"fit.csv", "residuals.csv", "impacts.csv", "loss_maps/poisson__mu__e.csv"})
    EXPECT_EQ(read_text_file(one + "/" + f), read_text_file(two + "/" + f)) << f;
  const Rows fitted = parse_csv(read_text_file(one + "/fit.csv"));
  const auto c = columns(fitted);
  EXPECT_LE(num(fitted[1][c.at("e_lo")]), num(fitted[1][c.at("e")]));
  EXPECT_GE(num(fitted[1][c.at("e_hi")]), num(fitted[1][c.at("e")]));
}

TEST(CliFit, UnusableRowsAreCountedWithTheirReason) {
  const std::string header = "W_nn,W_nt,W_tt,v_n,v_t,v_n_post,v_t_post\n";
  const std::string good = "2,0.5,3,-1,0.3,0.5,0.1\n";
  const std::string in =
      file_with("bad_rows.csv", header + good + good + "2,0.5,3,nan,0.3,0.5,0.1\n" +
                                    "1,2,1,-1,0.3,0.5,0.1\n" + "2,0.5,3,0.2,0.3,0.5,0.1\n" + good);
  const std::string dir = temp_path("fit_bad_rows");
  const CommandResult r = fit({"--law", "newton", "--in", in, "--out", dir, "--bootstrap", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 used, 3 rejected"), std::string::npos) << r.out;
  const Rows impacts = parse_csv(read_text_file(dir + "/impacts.csv"));
  const auto c = columns(impacts);
  EXPECT_EQ(impacts[3][c.at("reason")], "v_n is not finite");
  EXPECT_EQ(impacts[4][c.at("reason")], "W is not symmetric positive definite");
  EXPECT_EQ(impacts[5][c.at("reason")],
            "v_n = 0.2 >= 0: the bodies separate (an impact approaches: v_n < 0)");
  EXPECT_EQ(impacts[5][c.at("line")], "6");
  const Rows fitted = parse_csv(read_text_file(dir + "/fit.csv"));
  EXPECT_EQ(fitted[1][columns(fitted).at("impacts_rejected")], "3");
}

TEST(CliFit, BadInputIsNamed) {
  const std::string planar = "W_nn,W_nt,W_tt,v_n,v_t,v_n_post,v_t_post\n2,0.5,3,-1,0.3,0.5,0.1\n";
  const auto message = [&](const std::vector<std::string>& args, const std::string& text) {
    std::vector<std::string> a = args;
    a.insert(a.end(), {"--in", file_with("in.csv", text), "--out", temp_path("fit_bad")});
    const CommandResult r = fit(a);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    return r.err;
  };
  EXPECT_NE(message({"--law", "newton"}, "W_nn,W_nt,v_n,v_t,v_n_post,v_t_post\n2,0.5,-1,0.3,0.5,0.1\n")
                .find("missing required column 'W_tt'"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newton"}, "Wnn,W_nt,W_tt,v_n,v_t,v_n_post,v_t_post\n2,0.5,3,-1,0.3,0.5,0.1\n")
                .find("did you mean 'W_nn'"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newton"}, "W_nn,W_nt,W_tt,v_n,v_t,v_n_post,v_t_post\n2,0.5,3,-1,abc,0.5,0.1\n")
                .find("line 2"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newton"},
                    "W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,v_2,v_n_post,v_1_post,v_2_post\n"
                    "2,0,0,2,0,2,-1,0,0,0.5,0,0\n")
                .find("the header has the columns of spatial impacts, and law newton is a planar law"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newton,newton-3d"}, planar).find("one fit takes the laws of one family"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newton", "--fix", "ratio=0.1"}, planar)
                .find("--fix ratio: no law of this fit reads it (their parameters: mu, e)"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newton", "--range", "e=0:2"}, planar)
                .find("--range e=0:2: outside e's domain [0, 1]"),
            std::string::npos);
  EXPECT_NE(
      message({"--law", "newton", "--loss", "generalized"}, planar)
          .find("no usable impact among 1 rows (row 1, line 2: the generalized loss needs the body columns"),
      std::string::npos);
  EXPECT_NE(message({"--law", "newton", "--loss", "energy"}, planar).find("--loss energy: expected contact"),
            std::string::npos);
  EXPECT_NE(message({"--law", "newtn"}, planar).find("did you mean"), std::string::npos);
  EXPECT_NE(
      message({"--law", "newton", "--where", "flags=0"}, planar).find("the header has no column 'flags'"),
      std::string::npos);
  EXPECT_NE(
      message({"--law", "newton", "--backend", "gpu"}, planar).find("--backend gpu: expected cpu or cuda"),
      std::string::npos);
}

// --backend cuda without a GPU says why (this build without CUDA, or no device); with one, the fit runs there
// and its summary says so (tests/gpu/test_gpu_fit.cpp compares the files with the CPU's).
TEST(CliFit, BackendCudaWithoutAGpuSaysWhy) {
  const std::string in = file_with("ellipse_b.csv", head_of(data_file("mcube_ellipse.csv"), 20));
  const std::string dir = temp_path("fit_backend");
  const CommandResult r =
      fit({"--law", "newton", "--in", in, "--out", dir, "--bootstrap", "0", "--backend", "cuda"});
  if (cuda::query_device().available) {
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(read_text_file(dir + "/summary.json").find("\"backend\": \"cuda\""), std::string::npos);
    return;
  }
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("collsweep fit: --backend cuda: " + std::string(cuda::query_device().message)),
            std::string::npos)
      << r.err;
  const CommandResult cpu = fit({"--law", "newton", "--in", in, "--out", dir, "--bootstrap", "0"});
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  EXPECT_NE(read_text_file(dir + "/summary.json").find("\"backend\": \"cpu\""), std::string::npos);
}

TEST(CliFit, RefusesAFolderThatHoldsFiles) {
  const std::string dir = temp_path("fit_full");
  fs::create_directories(dir);
  write_text_file(dir + "/keep.txt", "x");
  const CommandResult r =
      fit({"--law", "newton", "--in", data_file("mcube_ellipse.csv"), "--out", dir, "--bootstrap", "0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("exists and is not empty"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace collsweep::testing
