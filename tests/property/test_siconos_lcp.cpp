// Cross-validation of the impact LCPs against Siconos Numerics (lcp_lexicolemke, lcp_enum) on random samples.
//
// For each random sample both phases' LCPs in the 3k form are solved by our enumeration (all vertex
// solutions), by our 3k Lemke, and by Siconos's Lemke and enumeration. Every solution of ours satisfies the
// LCP conditions to 1e-10 (lcp_residual), and each Siconos solution, mapped to the physical quantities
// (X, gamma) (the LCP variables are not unique: where a friction radius is 0, the split of gamma_T into
// rho^R and rho^L is free), is one of ours.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "LinearComplementarityProblem.h"
#include "NonSmoothDrivers.h"
#include "NumericsMatrix.h"
#include "SolverOptions.h"
#include "collsweep/reference/lcp_enumerate.hpp"
#include "families/multicontact/law_instances.hpp"
#include "lcp_cst.h"
#include "support/glocker_samples.hpp"

namespace collsweep {
namespace {

using testing_samples::Mode;
using testing_samples::random_collision;
using testing_samples::Rng;

// One Siconos LCP of size n with a reusable dense matrix and solver options.
class SiconosLcp {
 public:
  SiconosLcp(int n, int solver_id) : n_(n), z_(n), w_(n), q_(n) {
    M_ = NM_create(NM_DENSE, n, n);
    options_ = solver_options_create(solver_id);
    problem_.size = n;
    problem_.M = M_;
    problem_.q = q_.data();
  }
  ~SiconosLcp() {
    solver_options_delete(options_);
    NM_free(M_);
  }
  SiconosLcp(const SiconosLcp&) = delete;
  SiconosLcp& operator=(const SiconosLcp&) = delete;

  // Returns Siconos's info (0 = success); z, w hold the solution.
  template <int N>
  int solve(const double (&a)[N][N], const double (&q)[N]) {
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) M_->matrix0[i + j * N] = a[i][j];  // column-major
    for (int i = 0; i < N; ++i) {
      q_[i] = q[i];
      z_[i] = 0.0;
      w_[i] = 0.0;
    }
    return linearComplementarity_driver(&problem_, z_.data(), w_.data(), options_);
  }
  const std::vector<double>& z() const { return z_; }

 private:
  int n_;
  std::vector<double> z_, w_, q_;
  NumericsMatrix* M_ = nullptr;
  SolverOptions* options_ = nullptr;
  LinearComplementarityProblem problem_{};
};

template <int K>
struct Physical {
  double x[2 * K], g[2 * K];
};

// (X, gamma) of a 3k-form solution z (collsweep/models/multicontact/laws/lcp_laws.hpp): X_N = z_N,
// X_T = s^R - mu X_N - b, gamma = G X + c.
template <int K>
Physical<K> physical(const MultiContactCollision<K>& c, const double (&cv)[2 * K], const double (&b)[K],
                     const double (&z)[3 * K]) {
  Physical<K> p;
  for (int j = 0; j < K; ++j) {
    p.x[j] = z[j];
    p.x[K + j] = z[K + j] - c.mu[j] * z[j] - b[j];
  }
  for (int i = 0; i < 2 * K; ++i) {
    p.g[i] = cv[i];
    for (int j = 0; j < 2 * K; ++j) p.g[i] += c.G[i][j] * p.x[j];
  }
  return p;
}

template <int K>
bool same_physical(const Physical<K>& a, const Physical<K>& b, double tol) {
  for (int i = 0; i < 2 * K; ++i)
    if (std::abs(a.x[i] - b.x[i]) > tol * (1 + std::abs(a.x[i])) || std::abs(a.g[i] - b.g[i]) > tol)
      return false;
  return true;
}

struct Counts {
  int lcps = 0, ours = 0, siconos_lemke_ok = 0, siconos_enum_ok = 0, siconos_bogus = 0, our_lemke3_ok = 0;
  double worst_residual = 0.0;
};

template <int K>
struct Collector {
  static constexpr int N = 3 * K;
  std::vector<std::vector<double>> z, w;
  void operator()(const double (&zz)[N], const double (&ww)[N]) {
    z.emplace_back(zz, zz + N);
    w.emplace_back(ww, ww + N);
  }
};

// Checks one phase LCP (cv, b) of sample c.
template <int K>
void check_phase(const MultiContactCollision<K>& c, const double (&a)[3 * K][3 * K],
                 const double (&cv)[2 * K], const double (&b)[K], SiconosLcp& lemke, SiconosLcp& enumeration,
                 Counts& n) {
  constexpr int N = 3 * K;
  double q[N];
  glocker_lcp_rhs(c, cv, b, q);
  Collector<K> ours;
  lcp_enumerate(a, q, ours);
  ++n.lcps;
  ASSERT_FALSE(ours.z.empty()) << "no solution found by the enumeration";
  std::vector<Physical<K>> phys;
  for (size_t k = 0; k < ours.z.size(); ++k) {
    double z[N], w[N];
    std::copy(ours.z[k].begin(), ours.z[k].end(), z);
    std::copy(ours.w[k].begin(), ours.w[k].end(), w);
    const double r = lcp_residual(a, q, z, w);
    n.worst_residual = std::max(n.worst_residual, r);
    EXPECT_LE(r, 1e-10);
    phys.push_back(physical(c, cv, b, z));
    ++n.ours;
  }
  // Our Lemke on the same (3k) LCP: a solution when it terminates, and then one of the enumerated ones.
  const LemkeResult<N> l3 = lcp_lemke(a, q);
  if (l3.status == LemkeStatus::ok) {
    ++n.our_lemke3_ok;
    EXPECT_LE(lcp_residual(a, q, l3.z, l3.w), 1e-10);
    const Physical<K> p = physical(c, cv, b, l3.z);
    EXPECT_TRUE(std::any_of(phys.begin(), phys.end(),
                            [&](const Physical<K>& o) { return same_physical(o, p, 1e-8); }));
  }
  for (SiconosLcp* s : {&lemke, &enumeration}) {
    if (s->solve(a, q) != 0) continue;
    // Siconos's enumeration sometimes reports success with z ~ 1e17 from a singular basis (z_i w_i far
    // from 0); such outputs are counted, not compared.
    double z[N], w[N];
    for (int i = 0; i < N; ++i) z[i] = s->z()[i];
    lcp_clean(a, q, z, w);
    if (lcp_residual(a, q, z, w) > 1e-8) {
      ++n.siconos_bogus;
      continue;
    }
    (s == &lemke ? n.siconos_lemke_ok : n.siconos_enum_ok)++;
    const Physical<K> p = physical(c, cv, b, z);
    const bool found = std::any_of(phys.begin(), phys.end(),
                                   [&](const Physical<K>& o) { return same_physical(o, p, 1e-7); });
    EXPECT_TRUE(found) << (s == &lemke ? "Siconos Lemke" : "Siconos enum") << " solution not among ours";
  }
}

template <int K>
Counts cross_validate(int samples, std::uint64_t seed) {
  constexpr int n = 2 * K;
  SiconosLcp lemke(3 * K, SICONOS_LCP_LEMKE), enumeration(3 * K, SICONOS_LCP_ENUM);
  Rng rng(seed);
  Counts counts;
  for (int s = 0; s < samples; ++s) {
    const MultiContactCollision<K> c = random_collision<K>(rng, s % 2 ? Mode::extreme : Mode::general);
    double a[3 * K][3 * K];
    glocker_lcp_matrix(c, a);
    const double zero_b[K] = {};
    check_phase(c, a, c.gamma_minus, zero_b, lemke, enumeration, counts);  // compression
    // Decompression after the chosen compression: c = gamma° + G eps Lambda^-, b = mu (E_N - E_T) Lambda_N^-.
    const MultiContactOutcome<K> o = evaluate_poisson_lcp(c);
    EXPECT_EQ(o.status, Status::ok);
    double cv[n], b[K], eps[n];
    for (int j = 0; j < K; ++j) {
      eps[j] = c.eps_N[j];
      eps[K + j] = c.eps_T[j];
      b[j] = c.mu[j] * (c.eps_N[j] - c.eps_T[j]) * o.Lam_minus[j];
    }
    for (int i = 0; i < n; ++i) {
      cv[i] = o.gamma_0[i];
      for (int j = 0; j < n; ++j) cv[i] += c.G[i][j] * eps[j] * o.Lam_minus[j];
    }
    check_phase(c, a, cv, b, lemke, enumeration, counts);  // decompression
  }
  return counts;
}

TEST(SiconosCrossCheck, TwoContactsBothPhases) {
  const Counts n = cross_validate<2>(6000, 1001);
  std::printf(
      "K=2: %d LCPs, %d solutions of ours, Siconos Lemke ok %d, Siconos enum ok %d, Siconos bogus %d, "
      "our 3k Lemke ok %d, worst residual of ours %.3g\n",
      n.lcps, n.ours, n.siconos_lemke_ok, n.siconos_enum_ok, n.siconos_bogus, n.our_lemke3_ok,
      n.worst_residual);
  EXPECT_EQ(n.lcps, 12000);
  EXPECT_LE(n.worst_residual, 1e-10);
  // Siconos's Lemke runs on the 3k form (not copositive) and may end on a ray; most problems are solved.
  EXPECT_GT(n.siconos_lemke_ok, n.lcps * 95 / 100);
  EXPECT_GT(n.siconos_enum_ok, n.lcps * 90 / 100);
}

TEST(SiconosCrossCheck, OneAndThreeContacts) {
  const Counts n1 = cross_validate<1>(2000, 1002);
  const Counts n3 = cross_validate<3>(300, 1003);
  std::printf(
      "K=1: %d LCPs, Siconos Lemke ok %d, enum ok %d; K=3: %d LCPs, Siconos Lemke ok %d, enum ok %d; "
      "worst residual of ours %.3g\n",
      n1.lcps, n1.siconos_lemke_ok, n1.siconos_enum_ok, n3.lcps, n3.siconos_lemke_ok, n3.siconos_enum_ok,
      std::max(n1.worst_residual, n3.worst_residual));
  EXPECT_GT(n1.siconos_lemke_ok, n1.lcps * 95 / 100);
  EXPECT_GT(n1.siconos_enum_ok, n1.lcps * 90 / 100);
  EXPECT_GT(n3.siconos_lemke_ok, n3.lcps * 90 / 100);
  EXPECT_GT(n3.siconos_enum_ok, n3.lcps * 90 / 100);
}

}  // namespace
}  // namespace collsweep
