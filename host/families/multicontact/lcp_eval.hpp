// The CSV row schema of `eval` for the multi-contact LCP laws (k contacts) and its evaluation loop.
//
// Input columns (any order, others passed through):
//   G_i_j   0 <= i <= j < 2k, 0-BASED row and column of G, upper triangle (G is symmetric: G_j_i = G_i_j);
//           rows and columns ordered N1..Nk, T1..Tk, so G_0_0 is N1-N1 and G_0_k is N1-T1
//   g_1 .. g_2k      gamma^- (1-based, same order: g_1..g_k normal, g_{k+1}..g_2k tangential)
//   mu_1 .. mu_k, eN_1 .. eN_k, eT_1 .. eT_k   per contact (1-based)
// Output columns: status,solutions,W_min,W_max,W,Lam_1..Lam_2k,gp_1..gp_2k (the chosen solution's total
// impulse Lambda and post-impact contact velocities gamma^+, 1-based, same order).
// A witness file of a multi-contact run (`law` and `contacts` columns) is read as it is: only the rows of
// this law and k are evaluated, and its recorded solutions,W_min,W_max,W,W_max_rel pass through as
// recorded_<name>.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "cli/eval_table.hpp"
#include "families/multicontact/lcp_law.hpp"

namespace collsweep::cli {

// The required input column names for k contacts, in the order described above.
std::vector<std::string> lcp_input_columns(int k);
// The appended output column names for k contacts.
std::vector<std::string> lcp_output_columns(int k);
// The results a multi-contact witness row records (witnesses.csv), in its column order.
const std::vector<std::string>& lcp_recorded_columns();

// The row schema of K contacts (K = 1..kMaxLcpContacts): the law runs without the theorem predicates,
// which are not among the outputs and change no number.
template <int K>
RowSchema<MultiContactCollision<K>, MultiContactOutcome<K>> lcp_schema(MultiContactLaw law, LcpSolver solver);
extern template RowSchema<MultiContactCollision<1>, MultiContactOutcome<1>> lcp_schema<1>(MultiContactLaw,
                                                                                          LcpSolver);
extern template RowSchema<MultiContactCollision<2>, MultiContactOutcome<2>> lcp_schema<2>(MultiContactLaw,
                                                                                          LcpSolver);
extern template RowSchema<MultiContactCollision<3>, MultiContactOutcome<3>> lcp_schema<3>(MultiContactLaw,
                                                                                          LcpSolver);
extern template RowSchema<MultiContactCollision<4>, MultiContactOutcome<4>> lcp_schema<4>(MultiContactLaw,
                                                                                          LcpSolver);

// A witness file's `contacts` field: an integer 1..kMaxLcpContacts; throws std::invalid_argument otherwise.
int parse_contacts_field(const std::string& text);

// eval_csv() with the LCP schema of k contacts (1 <= k <= kMaxLcpContacts; 0: the k of the header's columns,
// lcp_header.hpp); throws as eval_csv does, and MalformedInput where the header's columns are for
// another k.
EvalCounts eval_lcp_csv(std::istream& in, io::CsvWriter& out, MultiContactLaw law, int k, LcpSolver solver);

}  // namespace collsweep::cli
