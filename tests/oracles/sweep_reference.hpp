// Oracle of the CPU backend's batched, threaded sweeps: the one-sample sweep (sweep_sample one sample at a
// time), compared with a sweep word for word.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "backend/cpu_backend.hpp"

namespace collsweep::testing {

// Sweeps samples first .. first + count - 1 one at a time with sweep_sample (the reference), then through
// `run(threads)` (the CPU backend, batched) for 1 and 2 threads: every tally word and every witness index
// must be equal.
template <class Spec, class Run>
void expect_sweep_equals_reference(const Spec& s, std::uint64_t first, std::uint64_t count, Run run) {
  const auto constants = sweep_constants(s);
  const TallyLayout L = tally_layout(s);
  std::vector<u64> words(L.words(), 0);
  LawWitnesses reference(s.witnesses);
  for (std::uint64_t k = first; k < first + count; ++k)
    sweep_sample<PlainOps>(s, constants, L, words.data(), k, reference);
  for (const int threads : {1, 2}) {
    const auto r = run(threads);
    ASSERT_EQ(r.words, words) << threads << " threads";
    for (int l = 0; l < s.n_laws; ++l) {
      ASSERT_EQ(r.witnesses[l].size(), static_cast<std::size_t>(reference.law[l].n)) << "law " << l;
      for (int i = 0; i < reference.law[l].n; ++i)
        EXPECT_EQ(r.witnesses[l][i].index, reference.law[l].w[i].index);
    }
  }
}

}  // namespace collsweep::testing
