// Tests of `collsweep eval` run as a process: columns, invalid rows, malformed files, exit statuses.
//
// Column binding in any order, pass-through columns, bitwise agreement with evaluate(), stdin/stdout.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "collsweep/models/planar/laws/registry.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "support/csv_text.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::read_text_file;
using testing::Rows;
using testing::run_collsweep;
using testing::temp_path;
using testing::write_text_file;

const std::vector<std::string> kOutputs = {"status", "type", "I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"};

using testing::bits;
using testing::num;
using testing::parse_csv;

// One input row: the text of each field in the file's column order, and the status it must get.
struct Row {
  std::string id, mu, v_t, note, e, W_tt, v_n, W_nt, W_nn, e_t;
  Status expect;
};

// Shuffled columns with two pass-through columns (id, note); valid rows in several regimes and one
// invalid row of each kind.
std::vector<Row> sample_rows() {
  return {
      // Kane's pendulum (Djerassi Table 2, row 1) written with fewer digits, and other valid rows.
      {"k1", "0.2", "0.5343486857", "kane, row 1", "0.5", "0.8134460152", "-0.2684040287", "-0.507102886",
       "0.3365200968", "0", Status::ok},
      {"007", "0.50", "0.1", "stick \"quoted\"", "1", "1", "-1", "0", "1", "0.5", Status::ok},
      {"s2", "0.1", "2", "slides", "0", "2", "-1", "0.3", "1", "1", Status::ok},
      {"s3", "1e-3", "-3.5", "", "0.25", "0.5", "-2", "-0.1", "4", "-1", Status::ok},
      {"s4", "3", "0.01", "high mu", "0.75", "1e3", "-1e-3", "5", "0.5", "-0.25", Status::ok},
      // Invalid rows, one of each kind.
      {"bad-W", "0.2", "0.1", "W not SPD", "0.5", "1", "-1", "2", "1", "0", Status::delassus_not_spd},
      {"bad-vn", "0.2", "0.1", "separating", "0.5", "1", "0.5", "0", "1", "0", Status::not_approaching},
      {"bad-vn0", "0.2", "0.1", "grazing", "0.5", "1", "0", "0", "1", "0", Status::not_approaching},
      {"bad-mu", "-0.1", "0.1", "", "0.5", "1", "-1", "0", "1", "0", Status::negative_friction},
      {"bad-e-hi", "0.2", "0.1", "", "1.5", "1", "-1", "0", "1", "0", Status::restitution_out_of_range},
      {"bad-e-lo", "0.2", "0.1", "", "-0.5", "1", "-1", "0", "1", "0", Status::restitution_out_of_range},
      {"bad-nan", "nan", "0.1", "", "0.5", "1", "-1", "0", "1", "0", Status::nonfinite_input},
      {"bad-inf", "0.2", "0.1", "", "0.5", "1", "-1", "-inf", "1", "0", Status::nonfinite_input},
  };
}

// The CSV text of the rows, with CRLF line ends and a blank line; with_et adds the e_t column.
std::string sample_csv(const std::vector<Row>& rows, bool with_et) {
  std::string s = std::string("id,mu,v_t,note,e,W_tt,v_n,W_nt,W_nn") + (with_et ? ",e_t" : "") + "\r\n";
  bool blank_done = false;
  for (const Row& r : rows) {
    std::string line;
    for (const std::string* f : {&r.id, &r.mu, &r.v_t, &r.note, &r.e, &r.W_tt, &r.v_n, &r.W_nt, &r.W_nn}) {
      if (!line.empty()) line += ',';
      io::append_csv_field(line, *f);
    }
    if (with_et) line += "," + r.e_t;
    s += line + "\r\n";
    if (!blank_done) s += "\r\n", blank_done = true;
  }
  return s;
}

std::vector<std::string> input_fields(const Row& r, bool with_et) {
  std::vector<std::string> f = {r.id, r.mu, r.v_t, r.note, r.e, r.W_tt, r.v_n, r.W_nt, r.W_nn};
  if (with_et) f.push_back(r.e_t);
  return f;
}

// Checks the output of eval on sample_rows() for one law against evaluate() called here.
void check_output(PlanarLaw law, const std::vector<Row>& rows, bool with_et, const std::string& output) {
  const Rows out = parse_csv(output);
  ASSERT_EQ(out.size(), rows.size() + 1);
  std::vector<std::string> header = {"id", "mu", "v_t", "note", "e", "W_tt", "v_n", "W_nt", "W_nn"};
  if (with_et) header.push_back("e_t");
  const std::size_t n_in = header.size();
  header.insert(header.end(), kOutputs.begin(), kOutputs.end());
  EXPECT_EQ(out[0], header);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const std::vector<std::string>& o = out[i + 1];
    SCOPED_TRACE("row " + r.id);
    ASSERT_EQ(o.size(), header.size());
    // Every input field comes back as the same text (pass-through and bound columns alike).
    EXPECT_EQ(std::vector<std::string>(o.begin(), o.begin() + static_cast<long>(n_in)),
              input_fields(r, with_et));
    PlanarCollision c{
        {num(r.W_nn), num(r.W_nt), num(r.W_tt)}, {num(r.v_n), num(r.v_t)}, num(r.mu), num(r.e), 0.0};
    if (law_reads_tangential_restitution(law)) c.e_t = num(r.e_t);
    const PlanarOutcome expect = evaluate(law, c);
    const Status want = r.expect;
    ASSERT_EQ(expect.status, want) << "test data: the row does not give the intended status";
    const std::string* res = &o[n_in];
    if (want == Status::ok) {
      EXPECT_EQ(res[0], "ok");
      EXPECT_EQ(res[1], std::to_string(expect.type));
      const double got[6] = {num(res[2]), num(res[3]), num(res[4]), num(res[5]), num(res[6]), num(res[7])};
      const double ref[6] = {expect.I_n, expect.I_t, expect.v_n2, expect.v_t2, expect.dE, expect.dE_rel};
      for (int k = 0; k < 6; ++k)
        EXPECT_EQ(bits(got[k]), bits(ref[k])) << kOutputs[static_cast<std::size_t>(k + 2)];
    } else {
      EXPECT_EQ(res[0], std::string("invalid: ") + status_reason(want));
      EXPECT_EQ(res[1], "0");
      for (int k = 2; k < 8; ++k) EXPECT_EQ(res[k], "") << kOutputs[static_cast<std::size_t>(k)];
    }
  }
}

class CliEvalLaws : public ::testing::TestWithParam<PlanarLaw> {};

TEST_P(CliEvalLaws, ShuffledColumnsPassThroughAndOneInvalidRowOfEachKind) {
  const PlanarLaw law = GetParam();
  const bool with_et = law_reads_tangential_restitution(law);
  std::vector<Row> rows = sample_rows();
  if (with_et)
    rows.push_back(
        {"bad-et", "0.2", "0.1", "", "0.5", "1", "-1", "0", "1", "-2", Status::tangential_out_of_range});
  const std::string in = temp_path("in.csv"), out = temp_path("out.csv");
  write_text_file(in, sample_csv(rows, with_et));
  const CommandResult r = run_collsweep({"eval", "--law", law_name(law), "--in", in, "--out", out});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "");
  const long invalid = with_et ? 9 : 8;
  EXPECT_NE(r.err.find(std::to_string(invalid) + " of " + std::to_string(rows.size()) + " rows invalid"),
            std::string::npos)
      << r.err;
  check_output(law, rows, with_et, read_text_file(out));
  const std::string text = read_text_file(out);
  // Reasons with commas are quoted (RFC 4180), output lines end in LF.
  EXPECT_NE(text.find("\"invalid: W is not symmetric positive definite (need m_nn > 0, m_tt > 0"),
            std::string::npos);
  EXPECT_EQ(text.find('\r'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(AllPlanarLaws, CliEvalLaws,
                         ::testing::Values(planar_law<Stronge>, planar_law<Poisson>, planar_law<Newton>,
                                           planar_law<ChatterjeeRuina>),
                         [](const auto& info) {
                           std::string n = law_name(info.param);
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

std::vector<Row> ok_rows() {
  std::vector<Row> ok;
  for (const Row& r : sample_rows())
    if (r.expect == Status::ok) ok.push_back(r);
  return ok;
}

TEST(CliEval, AllRowsOkExitsZero) {
  const std::vector<Row> rows = ok_rows();
  const std::string in = temp_path("ok.csv"), out = temp_path("ok_out.csv");
  write_text_file(in, sample_csv(rows, false));
  const CommandResult r = run_collsweep({"eval", "--law", "stronge", "--in", in, "--out", out});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  check_output(planar_law<Stronge>, rows, false, read_text_file(out));
}

TEST(CliEval, EtColumnIsPassedThroughAndIgnoredByOtherLaws) {
  std::vector<Row> rows = ok_rows();
  for (Row& r : rows) r.e_t = "nan";  // would make the row invalid if newton read it
  const std::string in = temp_path("et.csv"), out = temp_path("et_out.csv");
  write_text_file(in, sample_csv(rows, true));
  const CommandResult r = run_collsweep({"eval", "--law", "newton", "--in", in, "--out", out});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  check_output(planar_law<Newton>, rows, true, read_text_file(out));
}

TEST(CliEval, StdinAndStdoutGiveTheSameBytesAsFiles) {
  const std::vector<Row> rows = sample_rows();
  const std::string csv = sample_csv(rows, false);
  const std::string in = temp_path("io.csv"), out = temp_path("io_out.csv");
  write_text_file(in, csv);
  const CommandResult files = run_collsweep({"eval", "--law", "poisson", "--in", in, "--out", out});
  const CommandResult pipes = run_collsweep({"eval", "--law", "poisson", "--in", "-", "--out", "-"}, &csv);
  EXPECT_EQ(files.exit_code, 1);
  EXPECT_EQ(pipes.exit_code, 1);
  EXPECT_EQ(pipes.out, read_text_file(out));
  check_output(planar_law<Poisson>, rows, false, pipes.out);
}

TEST(CliEval, HeaderOnlyFileGivesHeaderOnlyOutput) {
  const std::string csv = "W_nn,W_nt,W_tt,v_n,v_t,mu,e,tag\n";
  const CommandResult r = run_collsweep({"eval", "--law", "newton", "--in", "-", "--out", "-"}, &csv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "W_nn,W_nt,W_tt,v_n,v_t,mu,e,tag,status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel\n");
}

struct Malformed {
  std::string name, law, csv;
  std::vector<std::string> message_parts;  // each must appear in the one-line message
};

std::vector<Malformed> malformed_files() {
  const std::string h = "W_nn,W_nt,W_tt,v_n,v_t,mu,e\n";
  const std::string ok = "1,0,1,-1,0.5,0.2,0.5\n";
  return {
      {"missing column",
       "stronge",
       "W_nn,W_nt,W_tt,v_n,v_t,mu\n1,0,1,-1,0.5,0.2\n",
       {"line 1:", "missing required column 'e'"}},
      {"missing two columns",
       "stronge",
       "W_nn,W_tt,v_n,v_t,mu\n",
       {"line 1:", "missing required column 'W_nt', 'e'"}},
      {"missing e_t for chatterjee-ruina",
       "chatterjee-ruina",
       h + ok,
       {"line 1:", "missing required column 'e_t'"}},
      {"unparsable number",
       "stronge",
       h + ok + "1,0,1,-1,0.5,abc,0.5\n",
       {"line 3:", "column 'mu'", "'abc' is not a number"}},
      {"empty number", "stronge", h + "1,0,1,-1,,0.2,0.5\n", {"line 2:", "column 'v_t'", "empty field"}},
      {"too few fields",
       "stronge",
       h + ok + ok + "1,0,1,-1,0.5,0.2\n",
       {"line 4:", "6 fields but the header has 7", "column 'e'"}},
      {"too many fields",
       "stronge",
       h + "1,0,1,-1,0.5,0.2,0.5,9\n",
       {"line 2:", "8 fields but the header has 7", "after column 'e'"}},
      {"empty file", "stronge", "", {"line 1:", "empty file"}},
      {"only blank lines", "stronge", "\n\r\n  \n", {"line 1:", "empty file"}},
      {"duplicate column",
       "stronge",
       "W_nn,W_nt,W_tt,v_n,v_t,mu,e,mu\n",
       {"line 1:", "column 'mu'", "duplicate"}},
      {"output-name clash",
       "stronge",
       "W_nn,W_nt,W_tt,v_n,v_t,mu,e,status\n",
       {"line 1:", "column 'status'", "output column"}},
      {"unclosed quote", "stronge", h + ok + "1,0,1,-1,0.5,0.2,\"0.5\n" + ok, {"line 3:", "not closed"}},
      {"line numbers count blank lines and CRLF",
       "stronge",
       "W_nn,W_nt,W_tt,v_n,v_t,mu,e\r\n\r\n1,0,1,-1,0.5,0.2,0.5\r\n\r\n1,0,1,-1,0.5,0.2,x\r\n",
       {"line 5:", "column 'e'", "'x' is not a number"}},
      {"misspelled column",
       "stronge",
       "Wnn,W_nt,W_tt,v_n,v_t,mu,e\n" + ok,
       {"line 1:", "missing required column 'W_nn' (the header has 'Wnn': did you mean 'W_nn'?)"}},
      {"two misspelled spatial columns",
       "poisson-3d",
       "W_nn,W_n1,W_n2,W_11,W12,W_22,v_n,v_1,v2,mu,e\n",
       {"line 1:",
        "missing required column 'W_12', 'v_2' (the header has 'W12': did you mean 'W_12'?; it has "
        "'v2': did you mean 'v_2'?)"}},
      {"semicolon-separated file",
       "stronge",
       "W_nn;W_nt;W_tt;v_n;v_t;mu;e\n1;0;1;-1;0.5;0.2;0.5\n",
       {"line 1:", "missing required column 'W_nn', 'W_nt',",
        "(the line is one field holding ';' and no ',': collsweep eval reads comma-separated values"}},
      {"semicolon-separated line",
       "stronge",
       h + ok + "1;0;1;-1;0.5;0.2;0.5\n",
       {"line 3:", "1 fields but the header has 7", "one field holding ';' and no ','"}},
  };
}

TEST(CliEval, MalformedFilesExit2NamingLineAndColumn) {
  for (const Malformed& m : malformed_files()) {
    SCOPED_TRACE(m.name);
    const std::string in = temp_path("bad.csv"), out = temp_path("bad_out.csv");
    write_text_file(in, m.csv);
    const CommandResult r = run_collsweep({"eval", "--law", m.law, "--in", in, "--out", out});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("collsweep eval: " + in + ": line ", 0), 0u) << r.err;
    for (const std::string& part : m.message_parts) EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(out).good()) << "a partial --out file was left behind";

    const CommandResult p = run_collsweep({"eval", "--law", m.law, "--in", "-", "--out", "-"}, &m.csv);
    EXPECT_EQ(p.exit_code, 2);
    for (const std::string& part : m.message_parts) EXPECT_NE(p.err.find(part), std::string::npos) << p.err;
  }
}

TEST(CliEval, BadOptionsExit2) {
  const std::string in = temp_path("opt.csv"), out = temp_path("opt_out.csv");
  const std::string csv = "W_nn,W_nt,W_tt,v_n,v_t,mu,e\n1,0,1,-1,0.5,0.2,0.5\n";
  write_text_file(in, csv);
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"eval", "--law", "hooke", "--in", in, "--out", out}, "--law hooke: unknown law"},
      {{"eval", "--in", in, "--out", out}, "--law is required"},
      {{"eval", "--law", "newton", "--out", out}, "--in FILE.csv is required"},
      {{"eval", "--law", "newton", "--in", in}, "--out FILE.csv is required"},
      {{"eval", "--law", "newton", "--in", in + ".missing", "--out", out}, "cannot open"},
      {{"eval", "--law", "newton", "--in", in, "--out", in}, "is the input file"},
      {{"eval", "--law", "newton", "--in", in, "--out", out, "extra"}, "unexpected argument 'extra'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.message);
    const CommandResult r = run_collsweep(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
  EXPECT_EQ(read_text_file(in), csv);                        // --out == --in did not destroy the input
  EXPECT_EQ(run_collsweep({"eval", "--law"}).exit_code, 2);  // CLI11 syntax error
}

// A hint names only what is wrong: present required columns are never suggested, and an unrelated extra
// column gets no "did you mean".
TEST(CliEval, MissingColumnHintsNameOnlyMisspellings) {
  const std::string csv = "W_nn,W_tt,v_n,v_t,mu,e,W_nx,notes\n1,1,-1,0.5,0.2,0.5,0,x\n";
  const CommandResult r = run_collsweep({"eval", "--law", "stronge", "--in", "-", "--out", "-"}, &csv);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing required column 'W_nt' (the header has 'W_nx': did you mean 'W_nt'?)\n"),
            std::string::npos)
      << r.err;
  const std::string plain = "W_nn,W_tt,v_n,v_t,mu,e,notes\n";
  const CommandResult q = run_collsweep({"eval", "--law", "stronge", "--in", "-", "--out", "-"}, &plain);
  EXPECT_NE(q.err.find("line 1: missing required column 'W_nt'\n"), std::string::npos) << q.err;
}

// An unknown --law gets the suggestions of `solve`: the closest law, or the laws a name without its suffix
// begins.
TEST(CliEval, UnknownLawGetsDidYouMean) {
  const std::string in = temp_path("law.csv"), out = temp_path("law_out.csv");
  write_text_file(in, "W_nn,W_nt,W_tt,v_n,v_t,mu,e\n1,0,1,-1,0.5,0.2,0.5\n");
  const struct {
    std::string law, message;
  } cases[] = {
      {"newtn", "--law newtn: unknown law (did you mean \"newton\"?) (expected one of: stronge,"},
      {"poisson3d", "--law poisson3d: unknown law (did you mean \"poisson-3d\"?)"},
      {"chatterjee",
       "--law chatterjee: unknown law (did you mean one of \"chatterjee-ruina\", \"chatterjee-law1\", "
       "\"chatterjee-law3\", \"chatterjee-combined\", \"chatterjee-ruina-3d\","},
      {"hooke", "--law hooke: unknown law (expected one of: stronge,"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.law);
    for (const char* command : {"eval", "solve"}) {
      const CommandResult r = command == std::string("eval")
                                  ? run_collsweep({"eval", "--law", c.law, "--in", in, "--out", out})
                                  : run_collsweep({"solve", "--law", c.law, "--W", "1,0,1", "--v", "-1,0.5",
                                                   "--mu", "0.2", "--e", "0.5"});
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_NE(r.err.find("collsweep " + std::string(command) + ": " + c.message), std::string::npos)
          << r.err;
    }
  }
}

TEST(CliEval, ManyRowsStream) {
  // 50,000 rows through pipes: one output row per input row, the last one checked against evaluate().
  std::string csv = "W_nn,W_nt,W_tt,v_n,v_t,mu,e,row\n";
  const int n = 50000;
  for (int i = 0; i < n; ++i) {
    csv += "1,0.25,2,-1," + io::format_double(-2.0 + 4.0 * i / n) + ",0.3,0.5," + std::to_string(i) + "\n";
  }
  const CommandResult r = run_collsweep({"eval", "--law", "stronge", "--in", "-", "--out", "-"}, &csv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(testing::count_lines(r.out), n + 1);
  const std::size_t last = r.out.rfind('\n', r.out.size() - 2);
  const Rows tail = parse_csv(r.out.substr(last + 1));
  ASSERT_EQ(tail.size(), 1u);
  EXPECT_EQ(tail[0][7], std::to_string(n - 1));
  const PlanarOutcome o = evaluate(
      planar_law<Stronge>, PlanarCollision{{1, 0.25, 2}, {-1, -2.0 + 4.0 * (n - 1) / n}, 0.3, 0.5, 0.0});
  EXPECT_EQ(tail[0][8], "ok");
  EXPECT_EQ(bits(num(tail[0][10])), bits(o.I_n));
  EXPECT_EQ(bits(num(tail[0][15])), bits(o.dE_rel));
}

}  // namespace
}  // namespace collsweep
