// A family's laws as a type list, and the folds over it: a law's index, dispatch by index, sub-lists by
// trait.
#pragma once

#include <cstring>
#include <type_traits>

#include "collsweep/hd.hpp"

namespace collsweep {

// Stands for law L in a fold; the law's traits are static members of decltype(tag)::type.
template <class L>
struct LawTag {
  using type = L;
};

template <class... Laws>
struct LawList {
  static constexpr int size = sizeof...(Laws);
};

namespace law_list_detail {

template <class L, class... Laws>
constexpr int index_of() {
  constexpr bool same[] = {std::is_same<L, Laws>::value...};
  for (int i = 0; i < static_cast<int>(sizeof...(Laws)); ++i)
    if (same[i]) return i;
  return -1;
}

template <class... Lists>
struct Concat {
  using type = LawList<>;
};
template <class... A>
struct Concat<LawList<A...>> {
  using type = LawList<A...>;
};
template <class... A, class... B, class... Rest>
struct Concat<LawList<A...>, LawList<B...>, Rest...> {
  using type = typename Concat<LawList<A..., B...>, Rest...>::type;
};

template <template <class> class Keep, class List>
struct Filter;
template <template <class> class Keep, class... Laws>
struct Filter<Keep, LawList<Laws...>> {
  using type = typename Concat<std::conditional_t<Keep<Laws>::value, LawList<Laws>, LawList<>>...>::type;
};

}  // namespace law_list_detail

// The position of L in List (its identifier in configs' order of registration); -1 when L is not in it.
template <class L, class List>
struct LawIndex;
template <class L, class... Laws>
struct LawIndex<L, LawList<Laws...>> : std::integral_constant<int, law_list_detail::index_of<L, Laws...>()> {
};

// The index of the law of the list whose name (its static member) is `name`; -1 for none. Host only.
template <class... Laws>
inline int law_index_of_name(const char* name, LawList<Laws...>) {
  const char* const names[] = {Laws::name...};
  for (int i = 0; i < static_cast<int>(sizeof...(Laws)); ++i)
    if (std::strcmp(name, names[i]) == 0) return i;
  return -1;
}

// The laws of List for which Keep<L>::value holds, in List's order.
template <template <class> class Keep, class List>
using LawsWhere = typename law_list_detail::Filter<Keep, List>::type;

// The law at position I of List, and whether List holds L.
template <int I, class List>
struct LawAt;
template <class L, class... Laws>
struct LawAt<0, LawList<L, Laws...>> {
  using type = L;
};
template <int I, class L, class... Laws>
struct LawAt<I, LawList<L, Laws...>> : LawAt<I - 1, LawList<Laws...>> {};
template <class L, class List>
struct HasLaw;
template <class L, class... Laws>
struct HasLaw<L, LawList<Laws...>> : std::bool_constant<(std::is_same<L, Laws>::value || ... || false)> {};

// The most laws a family's list may hold (the cases of LawFold::visit's switch).
inline constexpr int max_family_laws = 16;

// Folds over the laws of Sub (a sub-list of Full, or Full itself), identified by their index in Full.
template <class Full, class Sub = Full>
struct LawFold {
  static_assert(Full::size <= max_family_laws, "raise max_family_laws and add cases to LawFold::visit");

  // f(LawTag<L>{}) for the law L of Sub whose index in Full is `index`; otherwise() when Sub has none. A
  // switch over the index, as a hand-written dispatch would be.
  template <class F, class G>
  COLLSWEEP_HD_INLINE static auto visit(int index, const F& f, const G& otherwise) -> decltype(otherwise()) {
#define COLLSWEEP_LAW_CASE(I)                                     \
  case I:                                                         \
    if constexpr (I < Full::size) {                               \
      using L = typename LawAt<I, Full>::type;                    \
      if constexpr (HasLaw<L, Sub>::value) return f(LawTag<L>{}); \
    }                                                             \
    break;
    switch (index) {
      COLLSWEEP_LAW_CASE(0)
      COLLSWEEP_LAW_CASE(1)
      COLLSWEEP_LAW_CASE(2)
      COLLSWEEP_LAW_CASE(3)
      COLLSWEEP_LAW_CASE(4)
      COLLSWEEP_LAW_CASE(5)
      COLLSWEEP_LAW_CASE(6)
      COLLSWEEP_LAW_CASE(7)
      COLLSWEEP_LAW_CASE(8)
      COLLSWEEP_LAW_CASE(9)
      COLLSWEEP_LAW_CASE(10)
      COLLSWEEP_LAW_CASE(11)
      COLLSWEEP_LAW_CASE(12)
      COLLSWEEP_LAW_CASE(13)
      COLLSWEEP_LAW_CASE(14)
      COLLSWEEP_LAW_CASE(15)
      default:
        break;
    }
#undef COLLSWEEP_LAW_CASE
    return otherwise();
  }

  // f(LawTag<L>{}) for the law L of Sub whose index in Full is `index`, the first law of Sub for any index
  // that names none of the others: for callers whose index always names a law of Sub (a parsed config's),
  // where a fallback path would only cost registers. The last laws are tested first.
  template <class F>
  COLLSWEEP_HD_INLINE static auto visit_valid(int index, const F& f) {
    return visit_valid_from<Sub::size - 1>(index, f);
  }

 private:
  template <int I, class F>
  COLLSWEEP_HD_INLINE static auto visit_valid_from(int index, const F& f) {
    using L = typename LawAt<I, Sub>::type;
    if constexpr (I == 0) {
      return f(LawTag<L>{});
    } else {
      return index == LawIndex<L, Full>::value ? f(LawTag<L>{}) : visit_valid_from<I - 1>(index, f);
    }
  }
};

}  // namespace collsweep
