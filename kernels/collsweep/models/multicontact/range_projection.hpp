// The orthogonal projection of contact velocities onto range(G): the velocities a mechanism with fewer
// degrees of freedom than contact rows can have (G = J M^-1 J^T, range(G) = range(J)).
//
// A mechanism of n < 2k DOF cannot give an arbitrary gamma^-: only gamma = J u for some u, the range of J,
// which is the range of G. The multi-contact sampler (sampler.hpp) draws gamma^- as for any G and keeps its
// orthogonal projection onto that range, gamma^- <- P gamma^-, P = Q Q^T with Q an orthonormal basis of
// range(G): the columns of P^T L from G's pivoted Cholesky factor (smallmat::semidefinite_factor, rank
// r_G), orthonormalised by modified Gram-Schmidt applied twice (Giraud et al. 2005: twice is enough for
// orthogonality to working precision). A sample whose projection approaches at no contact is reported by
// the law as invalid, like any other.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/lcp/small_matrix.hpp"

namespace collsweep {

// gamma[0 .. N) <- its projection onto range(G); G's entries outside its leading rows are zero.
template <int N>
COLLSWEEP_HD inline void project_onto_delassus_range(const double (&G)[N][N], double (&gamma)[N]) {
  const smallmat::SemidefiniteFactor<N> f = smallmat::semidefinite_factor(G);
  double q[N][N] = {};  // q[c]: column c of the basis
  for (int c = 0; c < f.rank; ++c)
    for (int i = 0; i < N; ++i) q[c][f.perm[i]] = f.l[i][c];
  for (int c = 0; c < f.rank; ++c) {
    for (int pass = 0; pass < 2; ++pass)
      for (int p = 0; p < c; ++p) {
        double d = 0.0;
        for (int i = 0; i < N; ++i) d += q[p][i] * q[c][i];
        for (int i = 0; i < N; ++i) q[c][i] -= d * q[p][i];
      }
    double norm2 = 0.0;
    for (int i = 0; i < N; ++i) norm2 += q[c][i] * q[c][i];
    const double inv = 1.0 / ::sqrt(norm2);
    for (int i = 0; i < N; ++i) q[c][i] *= inv;
  }
  double out[N] = {};
  for (int c = 0; c < f.rank; ++c) {
    double d = 0.0;
    for (int i = 0; i < N; ++i) d += q[c][i] * gamma[i];
    for (int i = 0; i < N; ++i) out[i] += d * q[c][i];
  }
  for (int i = 0; i < N; ++i) gamma[i] = out[i];
}

}  // namespace collsweep
