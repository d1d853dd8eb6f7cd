// Test-only check that two multi-contact outcomes are the same to the last bit (every field, predicates too).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"

namespace collsweep::testing {

inline std::uint64_t bits_of(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// Fails the calling test at the first field of a that differs from b, naming the sample and the field.
template <int K>
void expect_same_outcome(const MultiContactOutcome<K>& a, const MultiContactOutcome<K>& b, int sample) {
  ASSERT_EQ(a.status, b.status) << "sample " << sample;
  ASSERT_EQ(a.solver, b.solver) << "sample " << sample;
  ASSERT_EQ(a.solutions, b.solutions) << "sample " << sample;
  ASSERT_EQ(a.compression_solutions, b.compression_solutions) << "sample " << sample;
  ASSERT_EQ(a.solutions_truncated, b.solutions_truncated) << "sample " << sample;
  std::vector<double> fa = {a.W, a.W_min, a.W_max, a.W_compression, a.T_acc, a.W_rel};
  std::vector<double> fb = {b.W, b.W_min, b.W_max, b.W_compression, b.T_acc, b.W_rel};
  for (int i = 0; i < 2 * K; ++i) {
    for (const double* v : {a.Lam, a.Lam_minus, a.Lam_plus, a.gamma_0, a.gamma_plus}) fa.push_back(v[i]);
    for (const double* v : {b.Lam, b.Lam_minus, b.Lam_plus, b.gamma_0, b.gamma_plus}) fb.push_back(v[i]);
  }
  const GlockerConditions &ca = a.conditions, &cb = b.conditions;
  for (const double v : {ca.cond_G, ca.cond_active, ca.lambda_min_111, ca.eps_min, ca.eps_max})
    fa.push_back(v);
  for (const double v : {cb.cond_G, cb.cond_active, cb.lambda_min_111, cb.eps_min, cb.eps_max})
    fb.push_back(v);
  for (std::size_t i = 0; i < fa.size(); ++i)
    ASSERT_EQ(bits_of(fa[i]), bits_of(fb[i])) << "sample " << sample << " field " << i;
  ASSERT_EQ(ca.psd_111, cb.psd_111) << "sample " << sample;
  ASSERT_EQ(ca.similar_117, cb.similar_117) << "sample " << sample;
  ASSERT_EQ(ca.small_121, cb.small_121) << "sample " << sample;
}

}  // namespace collsweep::testing
