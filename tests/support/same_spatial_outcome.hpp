// Test-only check that two spatial outcomes are the same to the last bit (every field).
#pragma once

#include <cstring>

#include "collsweep/models/spatial/contact.hpp"

namespace collsweep::testing {

// Every field of two outcomes, compared as bits (the numbers are zero, never NaN, when status != ok).
inline bool same_bits(const SpatialOutcome& a, const SpatialOutcome& b) {
  const double x[] = {a.mu_c, a.I.n,    a.I.t1, a.I.t2, a.vf.n, a.vf.t1, a.vf.t2,
                      a.dE,   a.dE_rel, a.W_n,  a.W_t,  a.I_nc, a.I_nh,  a.swerve_deg};
  const double y[] = {b.mu_c, b.I.n,    b.I.t1, b.I.t2, b.vf.n, b.vf.t1, b.vf.t2,
                      b.dE,   b.dE_rel, b.W_n,  b.W_t,  b.I_nc, b.I_nh,  b.swerve_deg};
  return a.status == b.status && a.mode == b.mode && a.n_invariant == b.n_invariant &&
         std::memcmp(x, y, sizeof x) == 0;
}

}  // namespace collsweep::testing
