// The rod of docs/multicontact.md ("Semidefinite G"): a rod lying on both ends, G of rank 3 (its two tangent
// rows are one row of J), approaching with gamma^- = (-1, -0.5, 0.3, 0.3), mu = eps_N = 0.5, eps_T = 0.
#pragma once

#include "collsweep/models/multicontact/contact.hpp"

namespace collsweep::testing_samples {

inline MultiContactCollision<2> rod_on_two_contacts() {
  MultiContactCollision<2> c{};
  const double G[4][4] = {{4, -2, 0, 0}, {-2, 4, 0, 0}, {0, 0, 1, 1}, {0, 0, 1, 1}};
  const double gamma[4] = {-1, -0.5, 0.3, 0.3};
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) c.G[i][j] = G[i][j];
    c.gamma_minus[i] = gamma[i];
  }
  for (int j = 0; j < 2; ++j) {
    c.mu[j] = 0.5;
    c.eps_N[j] = 0.5;
    c.eps_T[j] = 0.0;
  }
  return c;
}

}  // namespace collsweep::testing_samples
