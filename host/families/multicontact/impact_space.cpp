// fit's view of the multi-contact family: k contacts of one body in the plane, G (2k × 2k, rows N1..Nk then
// T1..Tk) and γ⁻; each per-contact coefficient (μ_j, ε_Nj, ε_Tj) is fitted as one value for every contact.
#include <string>

#include "families/multicontact/commands.hpp"
#include "families/multicontact/family.hpp"
#include "families/multicontact/lcp_header.hpp"
#include "families/multicontact/lcp_law.hpp"
#include "families/shared/parameter_rows.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::families {
namespace {

// The largest k whose G and γ columns the header has all of (0: none).
int header_contacts(const std::vector<std::string>& header) {
  const HeaderIndex index(header, 1);
  for (int k = kMaxLcpContacts; k >= 1; --k) {
    bool all = true;
    for (int i = 0; i < 2 * k && all; ++i) all = index.find("g_" + std::to_string(i + 1)) >= 0;
    for (int i = 0; i < 2 * k && all; ++i)
      for (int j = i; j < 2 * k && all; ++j)
        all = index.find("G_" + std::to_string(i) + "_" + std::to_string(j)) >= 0;
    if (all) return k;
  }
  return 0;
}

std::vector<std::string> per_contact(const std::string& stem, int k) {
  std::vector<std::string> names;
  for (int j = 1; j <= k; ++j) names.push_back(stem + "_" + std::to_string(j));
  return names;
}

}  // namespace

ImpactSpace impact_space(families::FamilyTag<MultiContactSweepSpec>, const std::vector<std::string>& header,
                         const std::string& contacts) {
  int k = contacts.empty() ? header_contacts(header) : parse_contacts(contacts);
  if (k == 0)
    throw UsageError(
        "cannot tell the number of contacts: the header has no complete set of columns G_i_j, "
        "g_1 .. g_2k for any k = 1 .. " +
        std::to_string(kMaxLcpContacts) + " (give --contacts k)");
  ImpactSpace s;
  s.family = "multi-contact";
  s.contacts = k;
  const int n = 2 * k;
  for (int j = 0; j < k; ++j) s.normal_rows.push_back(j);
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) s.W.push_back("G_" + std::to_string(i) + "_" + std::to_string(j));
  for (int i = 1; i <= n; ++i) {
    s.v.push_back("g_" + std::to_string(i));
    s.predicted.push_back("gp_" + std::to_string(i));
    s.impulse.push_back("Lam_" + std::to_string(i));
  }
  // Glocker's coefficients: mu_j >= 0, 0 <= eN_j <= 1, 0 <= eT_j <= 1 (docs/multicontact.md).
  s.parameters = {{"mu", per_contact("mu", k), parameter_domain::at_least(0.0),
                   "the friction coefficient of every contact"},
                  {"eN", per_contact("eN", k), parameter_domain::closed(0.0, 1.0),
                   "the normal restitution of every contact"},
                  {"eT", per_contact("eT", k), parameter_domain::closed(0.0, 1.0),
                   "the tangential restitution of every contact"}};
  for (const ParameterInfo& p : parameter_infos<MultiContactSweepSpec>())
    s.parameters.push_back({p.name, {p.name}, p.domain, p.meaning});
  return s;
}

}  // namespace collsweep::families
