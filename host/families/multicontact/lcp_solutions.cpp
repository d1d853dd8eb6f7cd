// Every distinct solution of one multi-contact impact, from the laws' listener, as `solve` prints them.
#include "families/multicontact/lcp_solutions.hpp"

#include <algorithm>
#include <string>

#include "collsweep/models/multicontact/laws/law_steps.hpp"
#include "families/multicontact/lcp_law.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep::families {
namespace {

// Column labels prefix_N1 .. prefix_Tk.
void add_labels(std::vector<std::string>& row, const std::string& prefix, int k) {
  for (int i = 0; i < 2 * k; ++i) row.push_back(prefix + "_" + lcp_row_label(i, k));
}

void add_numbers(std::vector<std::string>& row, const std::vector<double>& xs) {
  for (double x : xs) row.push_back(table_number(x));
}

}  // namespace

void LcpSolutionList::chosen(int r, int i) {
  chosen_compression = r;
  for (std::size_t s = 0; s < solutions.size(); ++s)
    if (solutions[s].compression == r && solutions[s].index == i) chosen_solution = static_cast<int>(s);
}

void LcpSolutionList::group_outcomes(double gamma_scale) {
  outcome_of.assign(solutions.size(), -1);
  outcomes = 0;
  for (std::size_t s = 0; s < solutions.size(); ++s) {
    const std::vector<double>& g = solutions[s].gamma_plus;
    for (std::size_t e = 0; e < s && outcome_of[s] < 0; ++e)
      if (same_outcome(solutions[e].gamma_plus.data(), g.data(), static_cast<int>(g.size()), gamma_scale))
        outcome_of[s] = outcome_of[e];
    if (outcome_of[s] < 0) outcome_of[s] = outcomes++;
  }
}

ImpulseRanges chosen_outcome_ranges(const LcpSolutionList& list) {
  ImpulseRanges r;
  if (list.chosen_solution < 0 || list.outcome_of.size() != list.solutions.size()) return r;
  const int outcome = list.outcome_of[static_cast<std::size_t>(list.chosen_solution)];
  std::vector<const std::vector<double>*> impulses;
  for (std::size_t s = 0; s < list.solutions.size(); ++s)
    if (list.outcome_of[s] == outcome) impulses.push_back(&list.solutions[s].Lam);
  for (const std::vector<double>& lam : list.rigid_impulses) impulses.push_back(&lam);
  for (const std::vector<double>* p : impulses) {
    const std::vector<double>& lam = *p;
    if (r.solutions++ == 0) {
      r.min = r.max = lam;
      continue;
    }
    for (std::size_t i = 0; i < lam.size(); ++i) {
      r.min[i] = std::min(r.min[i], lam[i]);
      r.max[i] = std::max(r.max[i], lam[i]);
    }
  }
  return r;
}

void print_indeterminate_impulses(std::ostream& os, const LcpSolutionList& list, int k, int rank) {
  const ImpulseRanges r = chosen_outcome_ranges(list);
  os << "\nindeterminate impulses: G has rank " << rank << " of " << 2 * k << " (null space of dimension "
     << 2 * k - rank << "): a null vector of G changes the impulse but not the outcome (gamma+, W)\n";
  if (r.solutions == 0) return;
  os << "range of each impulse over " << r.solutions << " impulse" << (r.solutions == 1 ? "" : "s")
     << " with the chosen outcome (the listed solutions' and the rigid problem's)"
     << (r.solutions == 1 ? " (one: with --solver lemke, or where the outcome fixes the impulse)" : "")
     << "\n";
  TextTable t;
  t.row({"row", "Lam min", "Lam max"});
  for (int i = 0; i < 2 * k; ++i)
    t.row({lcp_row_label(i, k), table_number(r.min[static_cast<std::size_t>(i)]),
           table_number(r.max[static_cast<std::size_t>(i)])});
  t.print(os);
}

void print_solution_tables(std::ostream& os, const LcpSolutionList& list, int k, bool poisson) {
  if (poisson) {
    os << "\ncompression solutions (Lam- = Lambda^-, W- = T0 - T-)\n";
    TextTable t;
    std::vector<std::string> head = {"#"};
    add_labels(head, "Lam-", k);
    add_labels(head, "gamma0", k);
    head.insert(head.end(), {"W-", "chosen"});
    t.row(head);
    for (std::size_t r = 0; r < list.compressions.size(); ++r) {
      const LcpCompressionSolution& c = list.compressions[r];
      std::vector<std::string> row = {std::to_string(r + 1)};
      add_numbers(row, c.Lam_minus);
      add_numbers(row, c.gamma_0);
      row.push_back(table_number(c.W_compression));
      row.push_back(static_cast<int>(r) == list.chosen_compression ? "yes" : "no");
      t.row(row);
    }
    t.print(os);
  }
  os << (poisson
             ? "\nsolutions of the impact (one per decompression of each compression solution; Lam = total "
               "impulse, W = T+ - T-; solutions with one outcome gamma+ count once)\n"
             : "\nsolutions (Lam = impulse, W = T+ - T-; solutions with one outcome gamma+ count once)\n");
  TextTable t;
  std::vector<std::string> head = {"#"};
  if (poisson) head.push_back("compression");
  head.push_back("outcome");
  add_labels(head, "Lam", k);
  add_labels(head, "gamma+", k);
  head.insert(head.end(), {"W", "chosen"});
  t.row(head);
  for (std::size_t s = 0; s < list.solutions.size(); ++s) {
    const LcpImpactSolution& x = list.solutions[s];
    std::vector<std::string> row = {std::to_string(s + 1)};
    if (poisson) row.push_back(std::to_string(x.compression + 1));
    row.push_back(s < list.outcome_of.size() ? std::to_string(list.outcome_of[s] + 1) : "");
    add_numbers(row, x.Lam);
    add_numbers(row, x.gamma_plus);
    row.push_back(table_number(x.W));
    row.push_back(static_cast<int>(s) == list.chosen_solution ? "yes" : "no");
    t.row(row);
  }
  t.print(os);
}

void write_solution_json(io::JsonWriter& j, const LcpSolutionList& list, bool poisson) {
  if (poisson) {
    j.key("compression_solutions").begin_array();
    for (std::size_t r = 0; r < list.compressions.size(); ++r) {
      const LcpCompressionSolution& c = list.compressions[r];
      j.begin_object().key("index").integer(static_cast<long long>(r + 1));
      j.key("Lam_minus").numbers(c.Lam_minus).key("gamma_0").numbers(c.gamma_0);
      j.key("W_compression").number(c.W_compression);
      j.key("chosen").boolean(static_cast<int>(r) == list.chosen_compression).end_object();
    }
    j.end_array();
  }
  j.key(poisson ? "decompression_solutions" : "solution_list").begin_array();
  for (std::size_t s = 0; s < list.solutions.size(); ++s) {
    const LcpImpactSolution& x = list.solutions[s];
    j.begin_object().key("index").integer(static_cast<long long>(s + 1));
    if (poisson) {
      j.key("compression").integer(x.compression + 1);
      j.key("Lam_plus").numbers(x.Lam_plus);
    }
    if (s < list.outcome_of.size()) j.key("outcome").integer(list.outcome_of[s] + 1);
    j.key("Lam").numbers(x.Lam).key("gamma_plus").numbers(x.gamma_plus).key("W").number(x.W);
    j.key("chosen").boolean(static_cast<int>(s) == list.chosen_solution).end_object();
  }
  j.end_array();
  const ImpulseRanges r = chosen_outcome_ranges(list);
  if (r.solutions > 0) {
    j.key("impulse_ranges").begin_object();
    j.key("solutions").integer(r.solutions).key("Lam_min").numbers(r.min).key("Lam_max").numbers(r.max);
    j.end_object();
  }
}

}  // namespace collsweep::families
