// `collsweep eval`: many planar collisions from a CSV file, one output row per input row.
//
//   collsweep eval --law L --in FILE.csv --out FILE.csv      ("-" = stdin / stdout)
//
// Input: a header row, then one collision per row. Required columns, in any order: W_nn, W_nt, W_tt,
// v_n, v_t, mu, e, and e_t for chatterjee-ruina (for the other laws an e_t column is not required and
// is passed through, not read). Every other column is passed through unchanged, as text. RFC 4180
// quoting, LF or CRLF line ends; blank lines are skipped. "nan"/"inf" parse as numbers and give invalid
// rows, not a malformed file.
//
// Output: the input columns in their order, then status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel. status is
// "ok" or "invalid: <reason>" (quoted when the reason holds a comma). Numbers have 17 significant
// digits (%.17g, they round-trip). Invalid rows: type 0 and the six numeric outputs EMPTY, so that
// nobody mistakes them for results.
//
// Exit status: 0 when every row is ok; 1 when some row is invalid (a count goes to stderr); 2 for bad
// options or a malformed file (missing/duplicate column, a column named like an output, wrong number
// of fields, unparsable or empty number, unclosed quote, empty file): one line on stderr naming the
// line number and the column. Rows stream (one in memory at a time). After a malformed line the
// --out file is removed (when it is a file, not stdout), so no partial result is left behind.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/eval_table.hpp"
#include "cli/parse_numbers.hpp"
#include "cli/subcommands.hpp"
#include "collsweep/laws/planar_laws.hpp"
#include "io/csv.hpp"

namespace collsweep::cli {
namespace {

struct EvalOptions {
  std::string law, in, out;
};

// The planar single-contact schema: columns -> PlanarCollision fields, outputs of PlanarOutcome.
RowSchema<PlanarCollision> planar_schema(PlanarLaw law) {
  RowSchema<PlanarCollision> s;
  s.inputs = {
      {"W_nn", [](PlanarCollision& c, double x) { c.W.nn = x; }},
      {"W_nt", [](PlanarCollision& c, double x) { c.W.nt = x; }},
      {"W_tt", [](PlanarCollision& c, double x) { c.W.tt = x; }},
      {"v_n", [](PlanarCollision& c, double x) { c.v.n = x; }},
      {"v_t", [](PlanarCollision& c, double x) { c.v.t = x; }},
      {"mu", [](PlanarCollision& c, double x) { c.mu = x; }},
      {"e", [](PlanarCollision& c, double x) { c.e = x; }},
  };
  if (law_uses_tangential_restitution(law))
    s.inputs.push_back({"e_t", [](PlanarCollision& c, double x) { c.e_t = x; }});
  s.outputs = {"status", "type", "I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"};
  s.evaluate = [law](const PlanarCollision& c, io::CsvWriter& w) {
    const PlanarOutcome o = evaluate(law, c);
    if (o.status != Status::ok) {
      w.field(std::string("invalid: ") + status_reason(o.status));
      w.field("0");
      for (int i = 0; i < 6; ++i) w.empty_field();
      return false;
    }
    w.field("ok");
    w.field(std::to_string(o.type));
    for (double x : {o.I_n, o.I_t, o.v_n2, o.v_t2, o.dE, o.dE_rel}) w.number(x);
    return true;
  };
  return s;
}

std::string law_list() {
  std::string s;
  for (int i = 0; i < planar_law_count; ++i)
    s += (i ? ", " : "") + std::string(law_name(static_cast<PlanarLaw>(i)));
  return s;
}

int run_eval(const EvalOptions& o, const std::vector<std::string>& extras) {
  const auto fail = [](const std::string& message) {
    std::cerr << "collsweep eval: " << message << '\n';
    return 2;
  };
  if (!extras.empty())
    return fail("unexpected argument '" + extras.front() + "' (see collsweep eval --help)");
  if (o.law.empty()) return fail("--law is required (one of: " + law_list() + ")");
  PlanarLaw law{};
  if (!parse_law(o.law.c_str(), &law))
    return fail("--law " + o.law + ": unknown law (expected one of: " + law_list() + ")");
  if (o.in.empty()) return fail("--in FILE.csv is required (\"-\" for stdin)");
  if (o.out.empty()) return fail("--out FILE.csv is required (\"-\" for stdout)");

  const bool from_stdin = o.in == "-", to_stdout = o.out == "-";
  if (!from_stdin && !to_stdout) {
    std::error_code ec;
    if (std::filesystem::equivalent(o.in, o.out, ec))
      return fail("--out " + o.out + ": is the input file; writing it would destroy the input");
  }
  std::ifstream in_file;
  if (!from_stdin) {
    in_file.open(o.in, std::ios::binary);
    if (!in_file) return fail("--in " + o.in + ": cannot open: " + std::strerror(errno));
  }
  std::ofstream out_file;
  if (!to_stdout) {
    out_file.open(o.out, std::ios::binary | std::ios::trunc);
    if (!out_file) return fail("--out " + o.out + ": cannot open for writing: " + std::strerror(errno));
  }
  std::istream& in = from_stdin ? std::cin : in_file;
  std::ostream& out = to_stdout ? std::cout : out_file;

  const std::string in_name = from_stdin ? "<stdin>" : o.in;
  EvalCounts counts;
  {
    io::CsvWriter writer(out);
    try {
      counts = eval_csv(in, writer, planar_schema(law));
    } catch (const std::runtime_error& e) {  // MalformedInput or io::CsvError: both start "line N: "
      writer.finish();
      if (!to_stdout) {
        out_file.close();
        std::remove(o.out.c_str());
      }
      return fail(in_name + ": " + e.what());
    }
    if (in.bad()) return fail("--in " + in_name + ": read error");
    if (!writer.finish())
      return fail("--out " + (to_stdout ? std::string("<stdout>") : o.out) + ": write failed");
  }
  if (counts.invalid > 0) {
    std::cerr << "collsweep eval: " << counts.invalid << " of " << counts.rows
              << " rows invalid (see the status column)\n";
    return 1;
  }
  return 0;
}

}  // namespace

void register_eval(CLI::App& app, int& status) {
  auto o = std::make_shared<EvalOptions>();
  CLI::App* sub = app.add_subcommand(
      "eval", "Evaluate many planar collisions from a CSV file (columns W_nn,W_nt,W_tt,v_n,v_t,mu,e[,e_t])");
  sub->add_option("--law", o->law, "Impact law: " + law_list());
  sub->add_option("--in", o->in, "Input CSV file, - for stdin");
  sub->add_option("--out", o->out, "Output CSV file, - for stdout");
  sub->footer(
      "Output: the input columns, then status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel (17 significant digits).\n"
      "Invalid rows: status \"invalid: <reason>\", type 0, numeric outputs empty.\n"
      "Exit status: 0 all rows ok, 1 some row invalid, 2 bad options or malformed file.");
  sub->allow_extras();
  sub->callback([o, sub, &status] { status = run_eval(*o, sub->remaining()); });
}

}  // namespace collsweep::cli
