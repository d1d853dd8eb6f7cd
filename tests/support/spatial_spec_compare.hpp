// Test-only field-by-field comparison of two spatial sweep specs (config round trips).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "collsweep/models/spatial/sweep_spec.hpp"

namespace collsweep::testing {

inline void expect_same_spatial_dist(const ScalarDist& a, const ScalarDist& b, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  EXPECT_EQ(a.n, b.n);
}

inline void expect_same_spatial(const SpatialSweepSpec& s, const SpatialSweepSpec& t) {
  const SpatialMatrixDist &a = s.plan.W, &b = t.plan.W;
  EXPECT_EQ(s.plan.seed, t.plan.seed);
  EXPECT_EQ(a.kind, b.kind);
  expect_same_spatial_dist(a.log10_cond, b.log10_cond, "log10_cond");
  expect_same_spatial_dist(a.log10_b, b.log10_b, "log10_b");
  expect_same_spatial_dist(a.coupling, b.coupling, "coupling");
  expect_same_spatial_dist(a.mass_ratio, b.mass_ratio, "mass_ratio");
  expect_same_spatial_dist(a.lever, b.lever, "lever");
  EXPECT_EQ(a.ground, b.ground);
  EXPECT_EQ(a.mechanism_dof, b.mechanism_dof);
  expect_same_spatial_dist(a.log10_cond_M, b.log10_cond_M, "log10_cond_M");
  const double fa[] = {a.fixed.a, a.fixed.c1, a.fixed.c2, a.fixed.b11, a.fixed.b12, a.fixed.b22};
  const double fb[] = {b.fixed.a, b.fixed.c1, b.fixed.c2, b.fixed.b11, b.fixed.b12, b.fixed.b22};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(fa[i], fb[i]) << "fixed W entry " << i;
  expect_same_spatial_dist(s.plan.psi_deg, t.plan.psi_deg, "psi_deg");
  expect_same_spatial_dist(s.plan.phi_deg, t.plan.phi_deg, "phi_deg");
  expect_same_spatial_dist(s.plan.mu, t.plan.mu, "mu");
  expect_same_spatial_dist(s.plan.e, t.plan.e, "e");
  expect_same_spatial_dist(s.plan.e_t, t.plan.e_t, "e_t");
  ASSERT_EQ(s.n_axes, t.n_axes);
  for (int i = 0; i < s.n_axes; ++i) {
    EXPECT_EQ(s.axes[i].quantity, t.axes[i].quantity);
    EXPECT_EQ(s.axes[i].lo, t.axes[i].lo);
    EXPECT_EQ(s.axes[i].hi, t.axes[i].hi);
    EXPECT_EQ(s.axes[i].bins, t.axes[i].bins);
  }
  ASSERT_EQ(s.n_laws, t.n_laws);
  for (int i = 0; i < s.n_laws; ++i) EXPECT_EQ(s.laws[i], t.laws[i]);
  EXPECT_EQ(s.tolerance, t.tolerance);
  EXPECT_EQ(s.witnesses, t.witnesses);
}

}  // namespace collsweep::testing
