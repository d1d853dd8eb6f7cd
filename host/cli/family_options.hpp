// The laws and the `solve`/`eval` options of each model family, from the registry (families/registry.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace collsweep::cli {

// An option of the command line and its value ("" when not given).
struct GivenOption {
  std::string_view name;
  const std::string* value;
};

// "stronge, poisson, newton, chatterjee-ruina; multi-contact: poisson-lcp, newton-lcp": every family's laws.
std::string all_law_names();

// " (did you mean \"newton\"?)" for a mistyped law name of any family, " (did you mean one of ...?)" for a
// name without its suffix ("chatterjee"), else "" (vocabulary/closest_name.hpp).
std::string law_suggestion(const std::string& law);

// The family whose laws include `law`; throws UsageError "--law X: unknown law (did you mean ...?)
// (expected one of: ...)" (or "--law is required" when empty).
std::size_t family_of_law_option(const std::string& law);

// The same where several families have a law of that name (the planar and the multi-contact
// sequential-impulse): the one whose own options (`solve`: FamilyTraits::solve_options and its parameters'
// options, else eval_options) are given most often, the first family in the registry on a tie.
std::size_t family_of_law_option(const std::string& law, const std::vector<GivenOption>& given, bool solve);

// Throws UsageError naming the first given option that only another family reads:
// "--W 1,0,1: belongs to the planar laws, not to law poisson-lcp (a multi-contact law; it reads ...)".
// `solve` selects FamilyTraits::solve_options, else eval_options.
void reject_other_family_options(std::size_t family, const std::string& law,
                                 const std::vector<GivenOption>& given, bool solve);

}  // namespace collsweep::cli
