// The registry of model families: ModelSpec has one alternative per family, and host code dispatches on the
// family only through it (std::visit, for_each_family), so that a family without a case fails to compile.
// Adding a family: its folders kernels/collsweep/models/<family>/ and host/families/<family>/, one
// alternative below, an include here and in families/commands.hpp (docs/architecture.md, "Add a model
// family").
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "families/multicontact/family.hpp"
#include "families/planar/family.hpp"
#include "families/spatial/family.hpp"

namespace collsweep {

// The first alternative is the default family (a config without [model]).
using ModelSpec = std::variant<PlanarSweepSpec, MultiContactSweepSpec, SpatialSweepSpec>;

namespace families {

inline constexpr std::size_t family_count = std::variant_size_v<ModelSpec>;

template <std::size_t I>
using SpecAt = std::variant_alternative_t<I, ModelSpec>;

template <class Spec>
using Traits = FamilyTraits<std::decay_t<Spec>>;

namespace detail {
template <class F, std::size_t... I>
void for_each_family(F&& f, std::index_sequence<I...>) {
  (f(std::integral_constant<std::size_t, I>{}), ...);
}
}  // namespace detail

// f(std::integral_constant<std::size_t, I>) for every family I, in registry order (SpecAt<I> is its spec).
template <class F>
void for_each_family(F&& f) {
  detail::for_each_family(f, std::make_index_sequence<family_count>{});
}

// The family names (model.kind), in registry order.
inline const std::vector<std::string_view>& family_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for_each_family([&](auto i) { v.emplace_back(FamilyTraits<SpecAt<i>>::name); });
    return v;
  }();
  return names;
}

// The family in messages ("multi-contact"), by registry index.
inline const char* family_in_words(std::size_t family) {
  const char* words = "";
  for_each_family([&](auto i) {
    if (i == family) words = FamilyTraits<SpecAt<i>>::in_words;
  });
  return words;
}

// model.kind of a spec, and the spec of a family index (its defaults).
inline const char* family_name(const ModelSpec& m) {
  return std::visit([](const auto& s) { return Traits<decltype(s)>::name; }, m);
}

inline ModelSpec default_spec(std::size_t family) {
  ModelSpec m;
  for_each_family([&](auto i) {
    if (i == family) m.template emplace<i>();
  });
  return m;
}

// The family whose laws include `law`, or -1.
inline int family_of_law(const std::string& law) {
  int found = -1;
  for_each_family([&](auto i) {
    typename FamilyTraits<SpecAt<i>>::Law l{};
    if (found < 0 && FamilyTraits<SpecAt<i>>::parse_law(law, &l)) found = static_cast<int>(i);
  });
  return found;
}

// The laws of every family, "a, b, c", for messages and --help.
template <class Spec>
std::vector<std::string_view> law_names() {
  std::vector<std::string_view> v;
  using T = FamilyTraits<Spec>;
  for (int i = 0; i < T::law_count; ++i) v.emplace_back(T::law_name(static_cast<typename T::Law>(i)));
  return v;
}

}  // namespace families
}  // namespace collsweep
