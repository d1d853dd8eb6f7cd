// `collsweep eval`: many collisions from a CSV file, one output row per input row, for the laws of every
// family (columns, formats and exit statuses: docs/commands.md, "collsweep eval").
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cli/family_options.hpp"
#include "cli/subcommands.hpp"
#include "families/commands.hpp"
#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::cli {
namespace {

// "(a multi-contact header)" when the input file's first line names G's first entry, the column only the
// multi-contact laws read: it tells a law name two families share (sequential-impulse) which one is meant.
// Empty for stdin and for other headers.
std::string header_family_hint(const std::string& in) {
  if (in.empty() || in == "-") return "";
  std::ifstream file(in, std::ios::binary);
  if (!file) return "";
  std::vector<std::string> names;
  try {
    io::CsvReader reader(file);
    if (!reader.next(names)) return "";
  } catch (const io::CsvError&) {
    return "";  // (the table's own reading reports it)
  }
  for (const std::string& name : names)
    if (name == "G_0_0") return "(a multi-contact header)";
  return "";
}

int run_eval(const EvalOptions& o, const std::vector<std::string>& extras) {
  const auto fail = [](const std::string& message) {
    std::cerr << "collsweep eval: " << message << '\n';
    return 2;
  };
  if (!extras.empty())
    return fail("unexpected argument '" + extras.front() + "' (see collsweep eval --help)");
  EvalTable table;
  try {
    const std::string constraints = o.constraints ? "(flag)" : "";
    const std::vector<GivenOption> given = {
        {"--contacts", &o.contacts}, {"--solver", &o.solver}, {"--constraints", &constraints}};
    const std::string hint = o.contacts.empty() && o.solver.empty() ? header_family_hint(o.in) : "";
    std::vector<GivenOption> chosen_by = given;
    chosen_by.push_back({"--contacts", &hint});
    const std::size_t family = family_of_law_option(o.law, chosen_by, false);
    reject_other_family_options(family, o.law, given, false);
    families::for_each_family([&](auto i) {
      if (i == family) table = family_table(families::FamilyTag<families::SpecAt<i>>{}, o);
    });
  } catch (const UsageError& e) {
    return fail(e.what());
  }
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
      counts = table.run(in, writer);
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
  if (counts.rows == 0 && counts.skipped > 0)
    std::cerr << "collsweep eval: all " << counts.skipped << " rows left out: rows of a witness file are "
              << "evaluated " << table.rows_read << '\n';
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
      "eval",
      "Evaluate many collisions from a CSV file (planar: columns W_nn,W_nt,W_tt,v_n,v_t,mu,e[,e_t]; "
      "multi-contact: G_i_j,g_i,mu_j,eN_j,eT_j; spatial: "
      "W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,v_2,mu,e[,e_t])");
  sub->add_option("--law", o->law, "Impact law: " + all_law_names());
  sub->add_option("--in", o->in, "Input CSV file, - for stdin");
  sub->add_option("--out", o->out, "Output CSV file, - for stdout");
  sub->add_option("--contacts", o->contacts,
                  "Multi-contact laws: number of contacts k, 1 to 4 (default: inferred from the header's "
                  "columns; a header of another k is refused)");
  sub->add_option("--solver", o->solver,
                  "Multi-contact laws: LCP solver automatic (default), enumeration, lemke");
  sub->add_flag("--constraints", o->constraints,
                "Planar and spatial laws: append C1,C2,C3,C4,eta (Chatterjee 1997's constraints and Ivanov's "
                "restitution) for every law; Chatterjee's thesis laws always have them");
  sub->footer(
      "Planar laws: output the input columns, then status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel.\n"
      "Spatial laws (-3d): output the input columns, then status,mode,directions,mu_c,I_n,I_1,I_2,\n"
      "vf_n,vf_1,vf_2,dE,dE_rel,swerve_deg.\n"
      "Multi-contact laws: input columns G_i_j (0 <= i <= j < 2k, 0-based upper triangle of G, rows\n"
      "N1..Nk,T1..Tk), g_1..g_2k (gamma^-), mu_1..mu_k, eN_1..eN_k, eT_1..eT_k; output the input columns,\n"
      "then status,solutions,W_min,W_max,W,Lam_1..Lam_2k,gp_1..gp_2k. Without --contacts, k is inferred "
      "from\n"
      "the header (its columns must be those of one k).\n"
      "Witness files of collsweep run (a law column) are read as they are: only the rows of --law (and of\n"
      "k contacts) are evaluated; the recorded results pass through as recorded_<name>.\n"
      "Numbers have 17 significant digits. Invalid rows: status \"invalid: <reason>\", numeric outputs\n"
      "empty (planar type 0, spatial mode -).\n"
      "Exit status: 0 all rows ok, 1 some row invalid, 2 bad options or malformed file.");
  sub->allow_extras();
  sub->callback([o, sub, &status] { status = run_eval(*o, sub->remaining()); });
}

}  // namespace collsweep::cli
