// One Dormand-Prince 8(5,3) step (DOP853, Hairer, Norsett & Wanner, Solving ODEs I, Sect. II.10) for an
// autonomous system y' = f(y) of fixed size N, with the 5th- and 3rd-order error estimators combined as in
// Hairer's code. Coefficients as in scipy.integrate (dop853_coefficients.py), written as literals; the sums
// run in a fixed order, so the step has the same bits on every backend built without FMA contraction.
// Each stage's argument is (y0 + h (a_i0 k_0 + ... + a_i,i-2 k_i-2)) + (h a_i,i-1) k_i-1: the newest stage
// enters last with one multiply and one add, which shortens the chain of dependent operations from one
// stage to the next (the step is latency-bound: each stage waits for the square root in f of the last).
// Written once for any lane type R (math/lanes.hpp): double on the GPU and for one sample on the CPU, a SIMD
// vector of independent samples on the CPU (host/backend/spatial_routh_lanes.cpp), each lane with the
// scalar step's bits.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"

namespace collsweep {
namespace spatial {

// y1 = y0 + h sum b_i k_i, k1 = f(y0) given, k13 = f(y1) returned (first stage of the next step). Returns
// the scaled error norm of the step (accept when <= 1), with scale_j = tol * (base_j + max(|y0_j|, |y1_j|));
// 0 for a zero error, NaN when the step met one.
template <int N, class Rhs, class R>
COLLSWEEP_HD_INLINE R dop853_step(const Rhs& f, const R* y0, const R* k1, R h, double tol, const R* base,
                                  R* y1, R* k13) {
  R k[12][N];
  R t[N];
  for (int j = 0; j < N; ++j) k[0][j] = k1[j];
  {
    const R hc = h * 0.05260015195876773;
    for (int j = 0; j < N; ++j) t[j] = y0[j] + hc * k[0][j];
  }
  f(t, k[1]);
  {
    const R hc = h * 0.0591751709536137;
    for (int j = 0; j < N; ++j) t[j] = (y0[j] + h * (0.0197250569845379 * k[0][j])) + hc * k[1][j];
  }
  f(t, k[2]);
  {
    const R hc = h * 0.08876275643042054;
    for (int j = 0; j < N; ++j) t[j] = (y0[j] + h * (0.02958758547680685 * k[0][j])) + hc * k[2][j];
  }
  f(t, k[3]);
  {
    const R hc = h * 0.924834003261792;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (0.2413651341592667 * k[0][j] + -0.8845494793282861 * k[2][j])) + hc * k[3][j];
  }
  f(t, k[4]);
  {
    const R hc = h * 0.12546768756682242;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (0.037037037037037035 * k[0][j] + 0.17082860872947386 * k[3][j])) + hc * k[4][j];
  }
  f(t, k[5]);
  {
    const R hc = h * -0.017578125;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] +
              h * (0.037109375 * k[0][j] + 0.17025221101954405 * k[3][j] + 0.06021653898045596 * k[4][j])) +
             hc * k[5][j];
  }
  f(t, k[6]);
  {
    const R hc = h * 0.008273789163814023;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (0.03709200011850479 * k[0][j] + 0.17038392571223998 * k[3][j] +
                           0.10726203044637328 * k[4][j] + -0.015319437748624402 * k[5][j])) +
             hc * k[6][j];
  }
  f(t, k[7]);
  {
    const R hc = h * -43.48988418106996;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (0.6241109587160757 * k[0][j] + -3.3608926294469414 * k[3][j] +
                           -0.868219346841726 * k[4][j] + 27.59209969944671 * k[5][j] +
                           20.154067550477894 * k[6][j])) +
             hc * k[7][j];
  }
  f(t, k[8]);
  {
    const R hc = h * -0.020331201708508627;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (0.47766253643826434 * k[0][j] + -2.4881146199716677 * k[3][j] +
                           -0.590290826836843 * k[4][j] + 21.230051448181193 * k[5][j] +
                           15.279233632882423 * k[6][j] + -33.28821096898486 * k[7][j])) +
             hc * k[8][j];
  }
  f(t, k[9]);
  {
    const R hc = h * -3.0467644718982196;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (-0.9371424300859873 * k[0][j] + 5.186372428844064 * k[3][j] +
                           1.0914373489967295 * k[4][j] + -8.149787010746927 * k[5][j] +
                           -18.52006565999696 * k[6][j] + 22.739487099350505 * k[7][j] +
                           2.4936055526796523 * k[8][j])) +
             hc * k[9][j];
  }
  f(t, k[10]);
  {
    const R hc = h * 0.6433927460157636;
    for (int j = 0; j < N; ++j)
      t[j] = (y0[j] + h * (2.273310147516538 * k[0][j] + -10.53449546673725 * k[3][j] +
                           -2.0008720582248625 * k[4][j] + -17.9589318631188 * k[5][j] +
                           27.94888452941996 * k[6][j] + -2.8589982771350235 * k[7][j] +
                           -8.87285693353063 * k[8][j] + 12.360567175794303 * k[9][j])) +
             hc * k[10][j];
  }
  f(t, k[11]);
  for (int j = 0; j < N; ++j)
    y1[j] = y0[j] +
            h * (0.054293734116568765 * k[0][j] + 4.450312892752409 * k[5][j] + 1.8915178993145003 * k[6][j] +
                 -5.801203960010585 * k[7][j] + 0.3111643669578199 * k[8][j] + -0.1521609496625161 * k[9][j] +
                 0.20136540080403034 * k[10][j] + 0.04471061572777259 * k[11][j]);
  R err5 = LaneOps<R>::splat(0.0), err3 = LaneOps<R>::splat(0.0);
  for (int j = 0; j < N; ++j) {
    const R a0 = y0[j] < 0.0 ? -y0[j] : y0[j];
    const R a1 = y1[j] < 0.0 ? -y1[j] : y1[j];
    const R sc = tol * (base[j] + (a0 > a1 ? a0 : a1));
    const R e5 =
        (0.01312004499419488 * k[0][j] + -1.2251564463762044 * k[5][j] + -0.4957589496572502 * k[6][j] +
         1.6643771824549864 * k[7][j] + -0.35032884874997366 * k[8][j] + 0.3341791187130175 * k[9][j] +
         0.08192320648511571 * k[10][j] + -0.022355307863886294 * k[11][j]) /
        sc;
    const R e3 =
        (-0.18980075407240762 * k[0][j] + 4.450312892752409 * k[5][j] + 1.8915178993145003 * k[6][j] +
         -5.801203960010585 * k[7][j] + -0.4226823213237919 * k[8][j] + -0.1521609496625161 * k[9][j] +
         0.20136540080403034 * k[10][j] + 0.02265179219836082 * k[11][j]) /
        sc;
    err5 += e5 * e5;
    err3 += e3 * e3;
  }
  f(y1, k13);
  const R denom = err5 + 0.01 * err3;
  const R ah = h < 0.0 ? -h : h;
  const R err = ah * err5 / LaneOps<R>::sqrt(denom * static_cast<double>(N));
  return denom > 0.0 ? err : (denom == 0.0 ? LaneOps<R>::splat(0.0) : denom);
}

}  // namespace spatial
}  // namespace collsweep
