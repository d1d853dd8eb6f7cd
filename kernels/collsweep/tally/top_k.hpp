// The K samples with the largest energy gain: a fixed-capacity ranked list, deterministic under any merge
// order.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

struct Witness {
  double value = 0.0;       // dE_rel of the sample
  std::uint64_t index = 0;  // sample index k
};

// Total order: larger value first, then the smaller sample index (so ties never depend on timing).
COLLSWEEP_HD_INLINE bool ranks_before(const Witness& a, const Witness& b) {
  return a.value > b.value || (a.value == b.value && a.index < b.index);
}

// Keeps the best `keep` (<= Cap) witnesses offered, sorted by ranks_before.
template <int Cap>
struct TopK {
  Witness w[Cap];
  int n = 0;
  int keep = Cap;

  COLLSWEEP_HD_INLINE void offer(double value, std::uint64_t index) { offer(Witness{value, index}); }
  COLLSWEEP_HD_INLINE void offer(const Witness& x) {
    if (keep <= 0) return;
    if (n == keep && !ranks_before(x, w[n - 1])) return;
    int i = n < keep ? n++ : n - 1;  // drop the last when full
    while (i > 0 && ranks_before(x, w[i - 1])) {
      w[i] = w[i - 1];
      --i;
    }
    w[i] = x;
  }
  // The value a candidate must reach to enter (when full), else -inf semantics via `full()`.
  COLLSWEEP_HD_INLINE bool full() const { return n == keep; }
};

}  // namespace collsweep
