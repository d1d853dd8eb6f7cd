// Witness ranking shared by every sweep result.
#include "sweep/sweep_result.hpp"

namespace collsweep {

std::vector<Witness> best_witnesses(std::vector<Witness> all, int keep) {
  std::sort(all.begin(), all.end(), ranks_before);
  all.erase(std::unique(
                all.begin(), all.end(),
                [](const Witness& a, const Witness& b) { return a.index == b.index && a.value == b.value; }),
            all.end());
  if (static_cast<int>(all.size()) > keep) all.resize(keep);
  return all;
}

}  // namespace collsweep
