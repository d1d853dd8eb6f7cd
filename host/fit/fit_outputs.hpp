// The files of a fit folder (docs/outputs.md, "collsweep fit"): fit.csv, residuals.csv, impacts.csv,
// loss_maps/*.csv, fit.md, summary.json, and the ranking printed on the console.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "fit/law_fit.hpp"

namespace collsweep::fit {

// One impact's place in the data's own maps and its feasibility (defined for used impacts).
struct ImpactFacts {
  double theta_deg, coupling, apparent_e, impulse_ratio;  // NaN where not defined
  bool feasible = false;
  double misfit;
};

struct FitReport {
  const ImpactSpace* space = nullptr;
  const ImpactSet* set = nullptr;
  std::vector<const Impact*> used;  // the fitted impacts, in file order
  std::vector<ImpactFacts> facts;   // per row of set->impacts
  std::vector<LawFitResult> laws;   // in the order given
  Loss loss = Loss::contact;
  Aggregate aggregate = Aggregate::mean;
  double mu_max = 0.0;               // the friction bound of the feasibility test
  double infeasible_fraction = 0.0;  // of the used impacts
  std::string in_file, command_line, started_utc, options_json;
  double seconds = 0.0;
};

// The data's facts of an impact in a space (planar and spatial; multi-contact: NaN but feasibility).
ImpactFacts impact_facts(const ImpactSpace& space, const Impact& impact);

// The laws by loss_value, best first; losses equal to 1e-9 relative are a tie, kept in the order given.
std::vector<std::size_t> ranking(const FitReport& r);
// Each place's rank in that order: tied laws share the rank of the first of them (1, 2, 3, 3, 3, 6 ...).
std::vector<int> ranks(const FitReport& r, const std::vector<std::size_t>& order);

// Writes every file into dir (which exists); returns "" or what failed (the file and why).
std::string write_fit_folder(const std::string& dir, const FitReport& r);

// "mu = 0.3277 [0.3252, 0.6041], e = 0.51 (held), e_t = -0.6 (no effect)": a law's parameters, 4 digits.
std::string parameters_text(const LawFitResult& law);

// fit.md: the ranking as a Markdown table (rank, law, loss, parameters_text), then the impacts' counts and
// the infeasible share, as docs/measured-impacts.md shows them.
void write_fit_markdown(std::ostream& out, const FitReport& r);

// The ranking table and the impacts' counts, for the console.
void print_fit_table(std::ostream& out, const FitReport& r);

}  // namespace collsweep::fit
