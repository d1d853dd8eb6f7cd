// `collsweep solve`: one collision of any family, its options and its failure report; each family's forms
// are in families/<family>/solve_*.cpp (docs/commands.md, "collsweep solve").
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/family_options.hpp"
#include "cli/subcommands.hpp"
#include "families/commands.hpp"
#include "families/shared/parameter_rows.hpp"
#include "io/json_writer.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::cli {
namespace {

void print_failure_json(const SolveFailure& f) {
  io::JsonWriter j(std::cout);
  j.begin_object().key("status").string("invalid").key("code").string(f.code).key("reason").string(f.message);
  j.end_object();
}

int run_solve(const SolveOptions& o, const std::vector<std::string>& extras) {
  std::optional<SolveFailure> failure;
  try {
    if (!extras.empty())
      throw UsageError("unexpected argument '" + extras.front() + "' (see collsweep solve --help)");
    std::vector<GivenOption> given = {{"--W", &o.W},   {"--v", &o.v},           {"--M", &o.M},
                                      {"--J", &o.J},   {"--dof", &o.dof},       {"--u", &o.u},
                                      {"--e", &o.e},   {"--et", &o.et},         {"--contacts", &o.contacts},
                                      {"--G", &o.G},   {"--gamma", &o.gamma},   {"--eN", &o.eN},
                                      {"--eT", &o.eT}, {"--solver", &o.solver}, {"--bodies", &o.bodies}};
    for (const auto& [name, value] : o.parameters) given.push_back({name, &value});
    const std::size_t family = family_of_law_option(o.law, given, true);
    reject_other_family_options(family, o.law, given, true);
    families::for_each_family([&](auto i) {
      if (i == family) failure = solve_family(families::FamilyTag<families::SpecAt<i>>{}, o);
    });
  } catch (const UsageError& e) {
    failure = SolveFailure{"usage", e.what()};
  }
  if (!failure) return 0;
  std::cerr << "collsweep solve: " << failure->message << '\n';
  if (o.json) print_failure_json(*failure);
  return 2;
}

// Every family's law-parameter options beyond --mu, --e, --et (their rows' options), with their help: the
// rows' meanings, family by family.
std::vector<std::pair<std::string, std::string>> law_parameter_options() {
  std::vector<std::pair<std::string, std::string>> options;
  families::for_each_family([&](auto i) {
    using Spec = families::SpecAt<i>;
    std::string last;
    for (const families::ParameterInfo& p : families::parameter_infos<Spec>()) {
      const std::string option = p.option;
      if (families::is_solve_coefficient(option)) continue;
      auto it =
          std::find_if(options.begin(), options.end(), [&](const auto& x) { return x.first == option; });
      if (it == options.end()) it = options.insert(options.end(), {option, ""});
      std::string& help = it->second;
      help += help.empty() ? "" : (last == option ? ", " : "; ");
      help += p.meaning;
      last = option;
    }
  });
  return options;
}

}  // namespace

std::vector<std::string> solve_option_names() {
  CLI::App app;
  int status = 0;
  register_solve(app, status);
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_subcommand("solve")->get_options())
    if (option->get_name() != "--help") names.push_back(option->get_name());
  return names;
}

void register_solve(CLI::App& app, int& status) {
  auto o = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand(
      "solve",
      "Evaluate one collision (planar, k contacts with an LCP law, or spatial) and print the outcome");
  sub->add_option("--law", o->law, "Impact law: " + all_law_names());
  sub->add_option("--W", o->W,
                  "Delassus matrix W = J M^-1 J^T as m_nn,m_nt,m_tt (contact-space form); spatial laws: "
                  "W_nn,W_n1,W_n2,W_11,W_12,W_22 in the frame (n, t1, t2)");
  sub->add_option("--v", o->v,
                  "Pre-impact contact velocity v_n,v_t (v_n < 0: approaching); spatial laws: v_n,v_1,v_2");
  sub->add_option("--M", o->M, "Mechanism form: n x n SPD mass matrix, row-major comma list");
  sub->add_option("--J", o->J,
                  "Mechanism form: 2 x n contact Jacobian (rows V_n, V_t), row-major comma list");
  sub->add_option("--dof", o->dof, "Mechanism form: n (optional; read from the size of --M)");
  sub->add_option("--u", o->u,
                  "Mechanism form: pre-impact generalized speeds u_1,...,u_n (v = J u), instead of --v");
  sub->add_option("--mu", o->mu,
                  "Coulomb friction coefficient (>= 0); multi-contact laws: mu_1,...,mu_k, one per contact");
  sub->add_option("--e", o->e, "Coefficient of restitution in [0, 1] (the law's own kind)");
  sub->add_option("--et", o->et,
                  "Tangential restitution e_t >= -1 (chatterjee-ruina and chatterjee-ruina-3d only)");
  // The law parameters' own options, from the families' parameter tables.
  for (const auto& [option, help] : law_parameter_options())
    sub->add_option(option, o->parameters[option], help);
  sub->add_option("--bodies", o->bodies,
                  "Spatial laws: a TOML file of two rigid bodies ([body1], [body2] or ground = true) and "
                  "[contact] normal, instead of --W and --v; multi-contact laws: a TOML file of one planar "
                  "rigid body ([body] mass, inertia, points, normals, v, omega), instead of --G and --gamma "
                  "(docs/commands.md)");
  sub->add_option("--contacts", o->contacts,
                  "Multi-contact laws: number of contacts k, 1 to 4 (required without --bodies)");
  sub->add_option("--G", o->G,
                  "Multi-contact laws: upper triangle of the 2k x 2k Delassus matrix G, row-major, "
                  "k(2k+1) numbers; rows and columns N1..Nk, T1..Tk");
  sub->add_option("--gamma", o->gamma,
                  "Multi-contact laws: pre-impact contact velocities gamma^-, N1..Nk, T1..Tk");
  sub->add_option("--eN", o->eN,
                  "Multi-contact laws: normal impact coefficients eps_N1,...,eps_Nk in [0, 1]");
  sub->add_option("--eT", o->eT,
                  "Multi-contact laws: tangential coefficients eps_T1,...,eps_Tk in [0, eps_N]");
  sub->add_option("--solver", o->solver,
                  "Multi-contact laws: LCP solver automatic (default), enumeration, lemke");
  sub->add_flag("--json", o->json, "Print one JSON object (numbers with 17 significant digits)");
  sub->allow_extras();
  sub->callback([o, sub, &status] { status = run_solve(*o, sub->remaining()); });
}

}  // namespace collsweep::cli
