// Which family a --law belongs to and which options each family reads (family_options.hpp).
#include "cli/family_options.hpp"

#include <algorithm>

#include "config/toml_reader.hpp"
#include "families/registry.hpp"
#include "vocabulary/closest_name.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::cli {
namespace {

template <class T>
std::vector<std::string_view> own_options(bool solve) {
  std::vector<std::string_view> v;
  if (solve) {
    for (const char* o : T::solve_options)
      if (*o) v.emplace_back(o);
    // The law parameters' options (--mu is every family's).
    T::for_each_parameter([&](const auto& row) {
      const std::string_view option = row.info.option;
      if (option != "--mu" && std::find(v.begin(), v.end(), option) == v.end()) v.push_back(option);
    });
  } else {
    for (const char* o : T::eval_options)
      if (*o) v.emplace_back(o);
  }
  return v;
}

bool contains(const std::vector<std::string_view>& v, std::string_view x) {
  for (const std::string_view y : v)
    if (y == x) return true;
  return false;
}

std::vector<std::string_view> every_law() {
  std::vector<std::string_view> all;
  families::for_each_family([&](auto i) {
    for (const std::string_view l : families::law_names<families::SpecAt<i>>()) all.push_back(l);
  });
  return all;
}

}  // namespace

std::string all_law_names() {
  std::string s;
  families::for_each_family([&](auto i) {
    using T = families::FamilyTraits<families::SpecAt<i>>;
    if (i > 0) s += std::string("; ") + T::in_words + ": ";
    s += config::join_names(families::law_names<families::SpecAt<i>>());
  });
  return s;
}

std::string law_suggestion(const std::string& law) { return did_you_mean_name(law, every_law()); }

std::size_t family_of_law_option(const std::string& law) {
  if (law.empty()) throw UsageError("--law is required (one of: " + all_law_names() + ")");
  const int family = families::family_of_law(law);
  if (family < 0)
    throw UsageError("--law " + law + ": unknown law" + law_suggestion(law) +
                     " (expected one of: " + all_law_names() + ")");
  return static_cast<std::size_t>(family);
}

std::size_t family_of_law_option(const std::string& law, const std::vector<GivenOption>& given, bool solve) {
  std::size_t best = family_of_law_option(law);
  int best_score = -1;
  families::for_each_family([&](auto i) {
    using T = families::FamilyTraits<families::SpecAt<i>>;
    typename T::Law l{};
    if (!T::parse_law(law, &l)) return;
    const std::vector<std::string_view> own = own_options<T>(solve);
    int score = 0;
    for (const GivenOption& g : given) score += !g.value->empty() && contains(own, g.name);
    if (score > best_score) {
      best = i;
      best_score = score;
    }
  });
  return best;
}

void reject_other_family_options(std::size_t family, const std::string& law,
                                 const std::vector<GivenOption>& given, bool solve) {
  std::vector<std::string_view> own;
  const char* own_words = "";
  families::for_each_family([&](auto i) {
    using T = families::FamilyTraits<families::SpecAt<i>>;
    if (i != family) return;
    own = own_options<T>(solve);
    own_words = T::in_words;
  });
  for (const GivenOption& g : given) {
    if (g.value->empty() || contains(own, g.name)) continue;
    std::string owners;  // every other family that reads the option ("multi-contact and spatial")
    families::for_each_family([&](auto i) {
      using T = families::FamilyTraits<families::SpecAt<i>>;
      if (i == family || !contains(own_options<T>(solve), g.name)) return;
      owners += std::string(owners.empty() ? "" : " and ") + T::in_words;
    });
    if (!owners.empty())
      throw UsageError(std::string(g.name) + " " + *g.value + ": belongs to the " + owners +
                       " laws, not to law " + law + " (a " + own_words + " law" +
                       (own.empty() ? std::string() : "; it reads " + config::join_names(own)) + ")");
  }
}

}  // namespace collsweep::cli
