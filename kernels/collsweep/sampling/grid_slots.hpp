// The slots of a plan's grid counter as a compile-time list, so that a family visits its grid axes in slot
// order with no loop or switch left at run time.
#pragma once

#include <utility>

namespace collsweep {

template <int... Slots>
using GridSlots = std::integer_sequence<int, Slots...>;

template <int N>
using MakeGridSlots = std::make_integer_sequence<int, N>;

}  // namespace collsweep
