// Command-line pieces shared by `solve` and `eval` for the multi-contact LCP laws (poisson-lcp, newton-lcp).
//
// Contact-space layout (kernels/collsweep/models/multicontact/contact.hpp): k planar contacts, 2k rows
// ordered N1..Nk, T1..Tk. The number of contacts is a compile-time parameter of the kernels; with_contacts()
// turns the runtime k (1..kMaxLcpContacts) into that parameter.
#pragma once

#include <string>
#include <type_traits>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/sweep_spec.hpp"

namespace collsweep::families {

inline constexpr int kMaxLcpContacts = 4;

// True when `name` is a multi-contact law (sets *law).
bool parse_lcp_law(const std::string& name, MultiContactLaw* law);

// --contacts: an integer 1..kMaxLcpContacts; throws UsageError naming --contacts and the value.
int parse_contacts(const std::string& text);

// --solver: automatic | enumeration | lemke (empty text = automatic); throws UsageError otherwise.
LcpSolver parse_lcp_solver(const std::string& text);

// The reason text of a status for the LCP laws: the kernels' status_reason() speaks of the planar W,
// v_n and e; these name G, gamma_N^- and eps_N instead (the same text in `solve` and `eval`).
std::string lcp_status_reason(Status s);

// The label of row i of k contacts: N1..Nk, T1..Tk.
std::string lcp_row_label(int i, int k);

// Calls f(std::integral_constant<int, K>{}) with K = k; k must be in 1..kMaxLcpContacts.
template <class F>
decltype(auto) with_contacts(int k, F&& f) {
  switch (k) {
    case 1:
      return f(std::integral_constant<int, 1>{});
    case 2:
      return f(std::integral_constant<int, 2>{});
    case 3:
      return f(std::integral_constant<int, 3>{});
    default:
      return f(std::integral_constant<int, 4>{});
  }
}

// Number of entries of the upper triangle of the 2k x 2k matrix G.
inline int lcp_upper_count(int k) { return 2 * k * (2 * k + 1) / 2; }

}  // namespace collsweep::families
