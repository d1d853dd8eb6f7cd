// The number of contacts a multi-contact CSV header is for: checked against --contacts, or inferred.
#include "families/multicontact/lcp_header.hpp"

#include <cstdlib>
#include <vector>

#include "families/multicontact/lcp_eval.hpp"
#include "families/multicontact/lcp_law.hpp"

namespace collsweep::families {
namespace {

// A decimal index without sign or leading zeros (at most 3 digits); -1 otherwise.
int index_of(const std::string& s) {
  if (s.empty() || s.size() > 3 || (s.size() > 1 && s[0] == '0')) return -1;
  for (char c : s)
    if (c < '0' || c > '9') return -1;
  return std::atoi(s.c_str());
}

bool starts_with(const std::string& s, const char* prefix, std::string* rest) {
  const std::string p(prefix);
  if (s.compare(0, p.size(), p) != 0) return false;
  *rest = s.substr(p.size());
  return true;
}

// The family prefixes in the order messages list them.
const char* const kFamilies[] = {"g_", "mu_", "eN_", "eT_", "G_"};

// Up to eight names, then "and N more".
std::string name_list(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size() && i < 8; ++i) s += (i ? ", " : "") + names[i];
  if (names.size() > 8) s += " and " + std::to_string(names.size() - 8) + " more";
  return s;
}

std::string contacts_text(int k) { return std::to_string(k) + (k == 1 ? " contact" : " contacts"); }

}  // namespace

int lcp_column_contacts(const std::string& name) {
  std::string rest;
  int k = 0;
  if (starts_with(name, "G_", &rest)) {
    const std::size_t us = rest.find('_');
    if (us == std::string::npos) return 0;
    const int i = index_of(rest.substr(0, us)), j = index_of(rest.substr(us + 1));
    if (i < 0 || j < 0) return 0;
    if (i > j) return -1;  // the lower triangle: G is read from the upper one
    k = j / 2 + 1;         // j < 2k
  } else if (starts_with(name, "g_", &rest)) {
    const int i = index_of(rest);
    if (i < 0) return 0;
    if (i == 0) return -1;
    k = (i + 1) / 2;  // i <= 2k
  } else if (starts_with(name, "mu_", &rest) || starts_with(name, "eN_", &rest) ||
             starts_with(name, "eT_", &rest)) {
    const int j = index_of(rest);
    if (j < 0) return 0;
    if (j == 0) return -1;
    k = j;
  } else {
    return 0;
  }
  return k <= kMaxLcpContacts ? k : -1;
}

int lcp_header_contacts(const HeaderIndex& header, int given_k, bool per_row) {
  const long line = header.line();
  const std::string separator = separator_hint(header.fields());  // a file with another separator
  int header_k = 0;
  for (const std::string& name : header.names()) {
    const int k = lcp_column_contacts(name);
    if (k < 0)
      throw MalformedInput(line, "column '" + name + "': not a column of 1 to " +
                                     std::to_string(kMaxLcpContacts) +
                                     " contacts (G_i_j needs 0 <= i <= j < 2k, g_i 1 <= i <= 2k, mu_j, eN_j, "
                                     "eT_j 1 <= j <= k)" +
                                     separator);
    if (k > header_k) header_k = k;
  }
  if (given_k > 0) {
    if (per_row || header_k <= given_k) return given_k;
    std::vector<std::string> beyond;  // the columns no file of given_k contacts has
    for (const char* family : kFamilies)
      for (const std::string& name : header.names())
        if (name.compare(0, std::string(family).size(), family) == 0 && lcp_column_contacts(name) > given_k)
          beyond.push_back(name);
    throw MalformedInput(line, "header has columns for " + contacts_text(header_k) + " (" +
                                   name_list(beyond) + ") but --contacts " + std::to_string(given_k) +
                                   " (give --contacts " + std::to_string(header_k) +
                                   ", or leave it out: it is inferred from the header)");
  }
  if (header_k == 0)
    throw MalformedInput(
        line,
        "cannot infer the number of contacts: the header has no column G_i_j, g_i, mu_j, eN_j or "
        "eT_j (give --contacts k)" +
            separator);
  const std::vector<std::string> required = lcp_input_columns(header_k);
  bool missing = false;
  for (const std::string& name : required) missing = missing || header.find(name) < 0;
  if (missing)
    throw MalformedInput(line, missing_columns_message(header, required) + " of " + contacts_text(header_k) +
                                   " (the number of contacts is inferred from the header's columns; give "
                                   "--contacts k to read another)");
  return header_k;
}

}  // namespace collsweep::families
