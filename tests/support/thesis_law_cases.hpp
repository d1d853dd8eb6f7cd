// Test-only cases for the laws of Chatterjee's thesis: worked configurations and independent oracles.
#pragma once

#include <cmath>

#include "collsweep/models/planar/contact.hpp"
#include "support/random_collisions.hpp"

namespace collsweep::testing {

// Uniform rod (m = 1, I = 1/3, half-length 1) at 45 deg struck at its end:
// W = [[2.5, -1.5], [-1.5, 2.5]], M = W^-1 = [[5/8, 3/8], [3/8, 5/8]], v1 = (-1, 1), KE_i = T_acc = 1/4.
inline PlanarCollision rod(double mu, double e, double e_t = 0.0) {
  return PlanarCollision{{2.5, -1.5, 2.5}, {-1.0, 1.0}, mu, e, e_t};
}

// Rod pendulum against a wall with a stiff direction (thesis §7.5 with th = 30 deg,
// m = 1): M = a a^T + lambda b b^T, a = (sin th, cos th), b = (cos th, -sin th), v1 = (-0.5, -0.8660).
inline Delassus2 pendulum_W(double lambda) {
  const double th = M_PI / 6, s = std::sin(th), c = std::cos(th);
  return {s * s + c * c / lambda, s * c - c * s / lambda, c * c + s * s / lambda};
}
inline const Velocity2 kPendulumV{-0.5, -0.8660254037844386};

// e_t in the thesis's range [-1, 1], hitting -1, 0 and 1 exactly now and then.
inline double draw_e_t(Draw& d) {
  const int k = d.pick(12);
  return k == 0 ? -1.0 : k == 1 ? 0.0 : k == 2 ? 1.0 : d.uniform(-1.0, 1.0);
}

// A planar collision from the stratified generator with e_t drawn in [-1, 1].
inline PlanarCollision random_thesis_collision(Draw& d) {
  PlanarCollision c = stratified_collision(d, 1 + d.pick(5));
  c.e_t = draw_e_t(d);
  return c;
}

// The bilinear law for diagonal W (thesis §6.4): I_n = (1 + e) w / W_nn,
// I_t = -sign(v_t) min((1 + e_t) |v_t| / W_tt, mu (1 + e) w / W_nn).
struct Bilinear {
  double I_n, I_t;
};
inline Bilinear bilinear(double W_nn, double W_tt, double w, double v_t, double mu, double e, double e_t) {
  const double I_n = (1.0 + e) * w / W_nn;
  const double mag = std::fmin((1.0 + e_t) * std::fabs(v_t) / W_tt, mu * I_n);
  return {I_n, v_t < 0.0 ? mag : -mag};
}

// Largest difference of two planar outcomes' impulses and velocities, relative to |P| and |v1|.
inline double planar_distance(const PlanarCollision& c, const PlanarOutcome& a, const PlanarOutcome& b) {
  const double is = std::hypot(a.I_n, a.I_t), vs = std::hypot(c.v.n, c.v.t);
  return std::fmax(std::fmax(std::fabs(a.I_n - b.I_n), std::fabs(a.I_t - b.I_t)) / is,
                   std::fmax(std::fabs(a.v_n2 - b.v_n2), std::fabs(a.v_t2 - b.v_t2)) / vs);
}

}  // namespace collsweep::testing
