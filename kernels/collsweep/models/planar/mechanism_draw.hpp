// The planar mechanism kind's W = J M^-1 J^T: a random mechanism with two Jacobian rows, on any lane type.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/planar/grid_digits.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "collsweep/sampling/sample_lanes.hpp"

namespace collsweep {

// A mechanism with d.mechanism_dof DOF (clamped to [2, max_mechanism_dof]) from the matrix stream rng, by
// the steps of sampling/mechanism.hpp with r = 2: x = log10 cond M (its grid digit from g), the spectrum m,
// the normals of M's Gaussian then of J's rows n (J[0]) and t (J[1]), M; then W = [[W00, W01], [W01, W11]]
// = Y^T Y with Y = L^-1 J^T (Y[0], Y[1] scratch). Returns the mask of the lanes whose M has a Cholesky
// factor (W = 0 for one sample without; meaningless in such a vector lane). bad as sample_lanes.hpp.
template <class R, class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE LaneMask<R> draw_planar_mechanism_lanes(const MatrixDist& d, LaneRng<R>& rng,
                                                            const GridDigits (&g)[LaneOps<R>::width], R& x,
                                                            R (&m)[max_mechanism_dof],
                                                            R (&M)[max_mechanism_dof][max_mechanism_dof],
                                                            R (&J)[2][max_mechanism_dof], R (&W)[2][2],
                                                            LaneMask<R>* bad) {
  const std::uint32_t n = clamp_mechanism_dof(d.mechanism_dof);
  expect_uniforms<R>(rng, 1u + mechanism_matrix_uniforms(n, 2u));  // x's (if it takes one), the matrices'
  x = draw_scalar_lanes<R>(d.log10_cond_M, rng, g, &GridDigits::log10_cond_M, bad);
  R work[max_mechanism_dof][max_mechanism_dof], Y[2][max_mechanism_dof];
  draw_mechanism_matrices_lanes<R, Normals>(rng, n, x, pow10_neg_of<R>(d.log10_cond_M, x, bad), 2u, m, M, J,
                                            work, bad);
  return mechanism_delassus_of(n, 2u, M, J, Y, work, W);
}

// A drawn mechanism: what the test needs to recompute W independently (row-major M and J).
struct MechanismDraw {
  std::uint32_t n = 0;        // degrees of freedom actually used (2 .. max_mechanism_dof)
  double log10_cond_M = 0.0;  // x: M's eigenvalue ratio is 10^x
  double m[max_mechanism_dof] = {};
  double M[max_mechanism_dof][max_mechanism_dof] = {};
  double J[2][max_mechanism_dof] = {};
  bool cholesky_ok = false;
  Delassus2 W;
};

// draw_planar_mechanism_lanes for one sample into out; cond_M_digit is the grid digit of d.log10_cond_M
// (ignored unless it is a grid). When M has no Cholesky factor, W = 0 and cholesky_ok = false.
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_mechanism(const MatrixDist& d, SampleRng& rng, std::uint32_t cond_M_digit,
                                        MechanismDraw& out) {
  GridDigits g[1];
  g[0].log10_cond_M = cond_M_digit;
  double W[2][2];
  bool bad = false;
  out.n = clamp_mechanism_dof(d.mechanism_dof);
  out.cholesky_ok =
      draw_planar_mechanism_lanes<double, Normals>(d, rng, g, out.log10_cond_M, out.m, out.M, out.J, W, &bad);
  out.W = Delassus2{W[0][0], W[0][1], W[1][1]};
}

}  // namespace collsweep
