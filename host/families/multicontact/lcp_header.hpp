// The number of contacts a multi-contact CSV header is for, checked against --contacts or inferred: the names
// of k contacts recur for k + 1 with another meaning (G_0_1), so each column names the least k that has it.
#pragma once

#include <string>

#include "vocabulary/eval_table.hpp"

namespace collsweep::families {

// The least number of contacts whose columns include `name`; 0 for a name outside the family (passed
// through), -1 for a name of the family that no k = 1..4 has (G_i_j with i > j, g_0, mu_5, ...).
int lcp_column_contacts(const std::string& name);

// The number of contacts to read the header with. given_k: --contacts (0 = not given: inferred, the k of
// the header's columns). per_row: the header has a `contacts` column (a witness file: each row says its
// k, columns of a larger k are empty in its rows), so columns of a larger k than given_k are allowed.
// Throws MalformedInput (the header's line) for a column of no k, for columns of a larger k than
// --contacts, for a header without any of these columns when k is inferred, and for the missing columns
// of the inferred k. Columns missing for a given k are reported when the row schema binds them.
int lcp_header_contacts(const HeaderIndex& header, int given_k, bool per_row);

}  // namespace collsweep::families
