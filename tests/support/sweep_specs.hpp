// Test-only sweep specs built in code (independent of the TOML parser).
#pragma once

#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "collsweep/models/planar/sweep_spec.hpp"

namespace collsweep::testing {

// All four laws over a theta x mu map, W direct with cond in [1, 1e3], e and e_t uniform.
inline PlanarSweepSpec quickstart_spec(double e_t_lo = -1.0, double e_t_hi = 1.0) {
  PlanarSweepSpec s;
  s.plan.seed = 20261125;
  s.plan.W.kind = MatrixKind::direct;
  s.plan.W.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.plan.theta_deg = {ScalarKind::uniform, 0.0, 90.0, 1};
  s.plan.random_tangent_sign = true;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e = {ScalarKind::uniform, 0.0, 1.0, 1};
  s.plan.e_t = {ScalarKind::uniform, e_t_lo, e_t_hi, 1};
  s.axes[0] = {PlanarQuantity::theta, 0.0, 90.0, 18};
  s.axes[1] = {PlanarQuantity::mu, 0.0, 1.5, 10};
  s.n_axes = 2;
  s.laws[0] = planar_law<Stronge>;
  s.laws[1] = planar_law<Poisson>;
  s.laws[2] = planar_law<Newton>;
  s.laws[3] = planar_law<ChatterjeeRuina>;
  s.n_laws = 4;
  s.witnesses = 8;
  return s;
}

// Both multi-contact laws over a log10 cond(G) x eps-spread map of 6 x 4 cells, the plan's defaults
// otherwise (callers set what their test draws).
inline MultiContactSweepSpec two_contact_spec(std::uint64_t seed) {
  MultiContactSweepSpec s;
  s.plan.seed = seed;
  s.axes[0] = {MultiContactQuantity::log10_cond, 0.0, 3.0, 6};
  s.axes[1] = {MultiContactQuantity::eps_spread, 0.0, 1.0, 4};
  s.n_axes = 2;
  s.laws[0] = multicontact_law<PoissonLcp>;
  s.laws[1] = multicontact_law<NewtonLcp>;
  s.n_laws = 2;
  s.witnesses = 5;
  return s;
}

}  // namespace collsweep::testing
