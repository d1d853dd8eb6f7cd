// Reproducible random multi-contact impact samples for the Glocker LCP tests and benchmarks (host only).
//
// The general distribution: G = B B^T / (2k) + 0.05 I with B a 2k x 2k standard normal
// matrix; gamma_N^- ~ U(-1, 0), gamma_T^- ~ U(-1, 1); per contact mu ~ U(0, 1.5), eps_N ~ U(0, 1),
// eps_T ~ U(0, eps_N). "extreme" mode: eps_N in {0, 1}, eps_T = 0, mu ~ U(0, 3) (where gains are common).
// Also the reference solution sets of one phase: 3k complementary-basis enumeration vs mode enumeration.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/reference/lcp_enumerate.hpp"

namespace collsweep {
namespace testing_samples {

// mt19937_64's output sequence is specified by the standard; the std distributions are not, so the
// uniform and normal draws are done here.
struct Rng {
  std::mt19937_64 g;
  explicit Rng(std::uint64_t seed) : g(seed) {}
  double u01() { return (static_cast<double>(g() >> 11) + 0.5) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * u01(); }
  double normal() { return std::sqrt(-2.0 * std::log(u01())) * std::cos(6.283185307179586 * u01()); }
};

enum class Mode { general, extreme };

template <int K>
MultiContactCollision<K> random_collision(Rng& rng, Mode mode = Mode::general) {
  constexpr int n = 2 * K;
  MultiContactCollision<K> c{};
  double b[n][n];
  for (auto& row : b)
    for (double& v : row) v = rng.normal();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) {
      double s = 0.0;
      for (int k = 0; k < n; ++k) s += b[i][k] * b[j][k];
      c.G[i][j] = c.G[j][i] = s / n + (i == j ? 0.05 : 0.0);
    }
  for (int j = 0; j < K; ++j) {
    c.gamma_minus[j] = rng.uniform(-1.0, 0.0);
    c.gamma_minus[K + j] = rng.uniform(-1.0, 1.0);
    if (mode == Mode::general) {
      c.mu[j] = rng.uniform(0.0, 1.5);
      c.eps_N[j] = rng.u01();
      c.eps_T[j] = c.eps_N[j] * rng.u01();
    } else {
      c.mu[j] = rng.uniform(0.0, 3.0);
      c.eps_N[j] = rng.u01() < 0.5 ? 0.0 : 1.0;
      c.eps_T[j] = 0.0;
    }
  }
  return c;
}

// One physical phase solution: X = (X_N, X_T) and gamma = G X + c.
template <int K>
using PhysicalSolution = std::array<double, 4 * K>;

// Every solution of the phase (cv, b) by the generic 3k complementary-basis enumeration (lcp_enumerate on
// glocker_lcp_matrix), mapped to (X, gamma) as the laws do (X_T = s^R - mu X_N - b clamped into [-r, r]).
template <int K>
std::vector<PhysicalSolution<K>> basis_phase_solutions(const MultiContactCollision<K>& c,
                                                       const double (&cv)[2 * K], const double (&b)[K]) {
  double a[3 * K][3 * K], q[3 * K];
  glocker_lcp_matrix(c, a);
  glocker_lcp_rhs(c, cv, b, q);
  std::vector<PhysicalSolution<K>> out;
  auto sink = [&](const double(&z)[3 * K], const double(&)[3 * K]) {
    double x[2 * K], g[2 * K];
    for (int j = 0; j < K; ++j) {
      x[j] = z[j];
      x[K + j] = z[K + j] - c.mu[j] * z[j] - b[j];
    }
    phase_solution(c, cv, b, x, g);
    PhysicalSolution<K> p;
    for (int i = 0; i < 2 * K; ++i) {
      p[i] = x[i];
      p[2 * K + i] = g[i];
    }
    out.push_back(p);
  };
  lcp_enumerate(a, q, sink);
  return out;
}

// The same phase by the mode enumeration of the laws (GlockerModeSolver), in the order it finds them; Layout:
// the enumeration's code layout (the CPU's by default).
template <int K, ModeLayout Layout = ModeLayout::unrolled>
std::vector<PhysicalSolution<K>> mode_phase_solutions(const MultiContactCollision<K>& c,
                                                      const double (&cv)[2 * K], const double (&b)[K]) {
  GlockerModeSolver<K> modes;
  modes.init(c, LcpTolerance{});
  std::vector<PhysicalSolution<K>> out;
  auto sink = [&](const double(&x)[2 * K], const double(&g)[2 * K]) {
    PhysicalSolution<K> p;
    for (int i = 0; i < 2 * K; ++i) {
      p[i] = x[i];
      p[2 * K + i] = g[i];
    }
    out.push_back(p);
  };
  modes.template solve<Layout>(cv, b, sink);
  return out;
}

// Whether p is in the list, to a relative tol on X and an absolute tol * scale on gamma.
template <int K>
bool contains(const std::vector<PhysicalSolution<K>>& list, const PhysicalSolution<K>& p, double tol,
              double gamma_scale) {
  for (const PhysicalSolution<K>& o : list) {
    bool same = true;
    for (int i = 0; i < 2 * K && same; ++i)
      same = std::abs(o[i] - p[i]) <= tol * (gamma_scale + std::abs(p[i])) &&
             std::abs(o[2 * K + i] - p[2 * K + i]) <= tol * gamma_scale;
    if (same) return true;
  }
  return false;
}

}  // namespace testing_samples
}  // namespace collsweep
