// The CSV row schema of `eval` for the multi-contact LCP laws (k contacts) and its evaluation loop (the
// columns: docs/commands.md, "collsweep eval").
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "families/multicontact/lcp_law.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::families {

// The required input column names for k contacts: G_i_j, g_1..g_2k, mu_1..mu_k, eN_1..eN_k, eT_1..eT_k.
std::vector<std::string> lcp_input_columns(int k);
// The appended output column names for k contacts; engine: the engine law's columns after them
// (iterations_used, converged, orders, order_spread_W, order_spread_gamma).
std::vector<std::string> lcp_output_columns(int k, bool engine = false);
// The results a multi-contact witness row records (witnesses.csv), in its column order.
const std::vector<std::string>& lcp_recorded_columns();

// What `eval` computes per row: the law's outcome, and whether the row's G is nearly singular (full rank,
// cond(G) > 1e8; kernels' near_singular.hpp): the bracket of cond(G) from G's LDL^T factors decides, G's
// eigenvalues only where the bracket contains the bound.
template <int K>
struct LcpEvalOutcome {
  MultiContactOutcome<K> out;
  bool near_singular = false;
};

// The row schema of K contacts (K = 1..kMaxLcpContacts): the law runs without the theorem predicates,
// which are not among the outputs and change no number.
template <int K>
RowSchema<MultiContactCollision<K>, LcpEvalOutcome<K>> lcp_schema(MultiContactLaw law, LcpSolver solver);
extern template RowSchema<MultiContactCollision<1>, LcpEvalOutcome<1>> lcp_schema<1>(MultiContactLaw,
                                                                                     LcpSolver);
extern template RowSchema<MultiContactCollision<2>, LcpEvalOutcome<2>> lcp_schema<2>(MultiContactLaw,
                                                                                     LcpSolver);
extern template RowSchema<MultiContactCollision<3>, LcpEvalOutcome<3>> lcp_schema<3>(MultiContactLaw,
                                                                                     LcpSolver);
extern template RowSchema<MultiContactCollision<4>, LcpEvalOutcome<4>> lcp_schema<4>(MultiContactLaw,
                                                                                     LcpSolver);

// A witness file's `contacts` field: an integer 1..kMaxLcpContacts; throws std::invalid_argument otherwise.
int parse_contacts_field(const std::string& text);

// eval_csv() with the LCP schema of k contacts (1 <= k <= kMaxLcpContacts; 0: the k of the header's columns,
// lcp_header.hpp); throws as eval_csv does, and MalformedInput where the header's columns are for
// another k.
EvalCounts eval_lcp_csv(std::istream& in, io::CsvWriter& out, MultiContactLaw law, int k, LcpSolver solver);

}  // namespace collsweep::families
