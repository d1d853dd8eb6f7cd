// The multi-contact laws' solution listener: no outcome bit changes, exactly the counted solutions listed.
//
// On random samples (general, extreme and all-eps = 0 coefficients; k = 1, 2, 3; both laws; enumeration and
// Lemke) the outcome with a listener equals the outcome without, field for field and bit for bit; the listed
// solutions have as many distinct outcomes (gamma^+; gamma° for the compressions) as the outcome counts, the
// chosen one carries the outcome's numbers bit for bit, and every listed W lies in [W_min, W_max] with both
// ends attained.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/glocker_samples.hpp"

namespace collsweep {
namespace {

using testing_samples::Mode;
using testing_samples::Rng;

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

template <int N>
std::vector<double> vec(const double (&x)[N]) {
  return std::vector<double>(x, x + N);
}

// A test-side listener: records every call.
struct Recorder {
  static constexpr bool kActive = true;
  struct Compression {
    int r;
    std::vector<double> lm, g0;
    double w;
  };
  struct Solution {
    int r, i;
    std::vector<double> lp, lam, gp;
    double w;
  };
  std::vector<Compression> compressions;
  std::vector<Solution> solutions;
  int chosen_r = -2, chosen_i = -2, chosen_calls = 0;

  template <int N>
  void compression(int r, const double (&lm)[N], const double (&g0)[N], double w) {
    compressions.push_back({r, vec(lm), vec(g0), w});
  }
  template <int N>
  void solution(int r, int i, const double (&lp)[N], const double (&lam)[N], const double (&gp)[N],
                double w) {
    solutions.push_back({r, i, vec(lp), vec(lam), vec(gp), w});
  }
  template <int N>
  void rigid_impulse(const double (&)[N]) {}
  void discard() {
    compressions.clear();
    solutions.clear();
  }
  void chosen(int r, int i) {
    chosen_r = r;
    chosen_i = i;
    ++chosen_calls;
  }
};

template <int K>
void expect_same_outcome(const MultiContactOutcome<K>& a, const MultiContactOutcome<K>& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.solver, b.solver);
  EXPECT_EQ(a.solutions, b.solutions);
  EXPECT_EQ(a.compression_solutions, b.compression_solutions);
  EXPECT_EQ(a.solutions_truncated, b.solutions_truncated);
  for (auto [x, y] : {std::pair{a.W, b.W},
                      {a.W_min, b.W_min},
                      {a.W_max, b.W_max},
                      {a.W_compression, b.W_compression},
                      {a.T_acc, b.T_acc},
                      {a.W_rel, b.W_rel}})
    EXPECT_EQ(bits(x), bits(y));
  for (int i = 0; i < 2 * K; ++i) {
    EXPECT_EQ(bits(a.Lam[i]), bits(b.Lam[i]));
    EXPECT_EQ(bits(a.Lam_minus[i]), bits(b.Lam_minus[i]));
    EXPECT_EQ(bits(a.Lam_plus[i]), bits(b.Lam_plus[i]));
    EXPECT_EQ(bits(a.gamma_0[i]), bits(b.gamma_0[i]));
    EXPECT_EQ(bits(a.gamma_plus[i]), bits(b.gamma_plus[i]));
  }
}

void expect_bits(const std::vector<double>& got, const double* want, const char* what) {
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(bits(got[i]), bits(want[i])) << what << " " << i;
}

// The distinct outcomes among velocity vectors (same_outcome, law_steps.hpp).
int distinct_outcomes(const std::vector<std::vector<double>>& gammas, double gamma_scale) {
  std::vector<const std::vector<double>*> seen;
  for (const std::vector<double>& g : gammas) {
    bool repeated = false;
    for (const std::vector<double>* s : seen)
      repeated = repeated || same_outcome(s->data(), g.data(), static_cast<int>(g.size()), gamma_scale);
    if (!repeated) seen.push_back(&g);
  }
  return static_cast<int>(seen.size());
}

struct Coverage {
  int ok = 0, several = 0, several_compressions = 0;
};

template <int K>
void check_sample(const MultiContactCollision<K>& c, MultiContactLaw law, LcpSolver solver, Coverage& cov) {
  const bool poisson = law == multicontact_law<PoissonLcp>;
  MultiContactOptions opt;
  opt.solver = solver;
  const MultiContactOutcome<K> plain = poisson ? evaluate_poisson_lcp(c, opt) : evaluate_newton_lcp(c, opt);
  Recorder rec;
  const MultiContactOutcome<K> o =
      poisson ? evaluate_poisson_lcp(c, opt, rec) : evaluate_newton_lcp(c, opt, rec);
  expect_same_outcome(plain, o);
  if (o.status != Status::ok) return;
  ++cov.ok;
  cov.several += o.solutions > 1;
  cov.several_compressions += o.compression_solutions > 1;
  const double gamma_scale = multicontact_scales(c, o.T_acc).gamma_scale;
  std::vector<std::vector<double>> gp, g0;
  for (const auto& x : rec.solutions) gp.push_back(x.gp);
  for (const auto& x : rec.compressions) g0.push_back(x.g0);
  if (o.solutions_truncated)
    ASSERT_GE(distinct_outcomes(gp, gamma_scale), o.solutions);
  else
    ASSERT_EQ(distinct_outcomes(gp, gamma_scale), o.solutions);
  ASSERT_EQ(distinct_outcomes(g0, gamma_scale), poisson ? o.compression_solutions : 0);
  ASSERT_EQ(rec.chosen_calls, 1);
  // The chosen solution carries the outcome's numbers.
  const Recorder::Solution* chosen = nullptr;
  for (const auto& s : rec.solutions)
    if (s.r == rec.chosen_r && s.i == rec.chosen_i) chosen = &s;
  ASSERT_NE(chosen, nullptr) << "chosen (" << rec.chosen_r << ", " << rec.chosen_i << ") is not listed";
  expect_bits(chosen->lam, o.Lam, "Lam");
  expect_bits(chosen->gp, o.gamma_plus, "gamma_plus");
  EXPECT_EQ(bits(chosen->w), bits(o.W));
  if (poisson) {
    expect_bits(chosen->lp, o.Lam_plus, "Lam_plus");
    ASSERT_GE(rec.chosen_r, 0);
    ASSERT_LT(rec.chosen_r, static_cast<int>(rec.compressions.size()));
    const Recorder::Compression& cc = rec.compressions[static_cast<std::size_t>(rec.chosen_r)];
    expect_bits(cc.lm, o.Lam_minus, "Lam_minus");
    expect_bits(cc.g0, o.gamma_0, "gamma_0");
    EXPECT_EQ(bits(cc.w), bits(o.W_compression));
    for (std::size_t r = 0; r < rec.compressions.size(); ++r)
      EXPECT_EQ(rec.compressions[r].r, static_cast<int>(r));
  }
  // Solutions follow their compression solution, numbered from 0 within it.
  int last_r = -1, next_i = 0;
  for (const auto& s : rec.solutions) {
    if (s.r != last_r) last_r = s.r, next_i = 0;
    EXPECT_EQ(s.i, next_i++);
  }
  // Every listed W in [W_min, W_max], both ends attained (to the ties' tolerance: the list takes Delta = 0
  // exactly where the law does, the range its enumerated twin).
  const double tol = 1e-9 * o.T_acc;
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& s : rec.solutions) {
    EXPECT_GE(s.w, o.W_min - tol);
    EXPECT_LE(s.w, o.W_max + tol);
    lo = std::fmin(lo, s.w);
    hi = std::fmax(hi, s.w);
  }
  EXPECT_NEAR(lo, o.W_min, tol);
  EXPECT_NEAR(hi, o.W_max, tol);
}

template <int K>
Coverage check_random(std::uint64_t seed, Mode mode, bool zero_eps, MultiContactLaw law, LcpSolver solver,
                      int samples) {
  Rng rng(seed);
  Coverage cov;
  for (int s = 0; s < samples && !::testing::Test::HasFatalFailure(); ++s) {
    MultiContactCollision<K> c = testing_samples::random_collision<K>(rng, mode);
    if (zero_eps)
      for (int j = 0; j < K; ++j) c.eps_N[j] = c.eps_T[j] = 0.0;
    SCOPED_TRACE("sample " + std::to_string(s));
    check_sample(c, law, solver, cov);
  }
  return cov;
}

TEST(SolutionListener, PoissonTwoContactsEnumeration) {
  for (const auto& [mode, zero] :
       {std::pair{Mode::general, false}, {Mode::extreme, false}, {Mode::general, true}}) {
    const Coverage cov =
        check_random<2>(606, mode, zero, multicontact_law<PoissonLcp>, LcpSolver::enumeration, 20000);
    EXPECT_GT(cov.ok, 15000);
    EXPECT_GT(cov.several, 40) << "samples with several solutions";
    EXPECT_GT(cov.several_compressions, 30) << "samples with several compression solutions";
  }
}

TEST(SolutionListener, NewtonTwoContactsEnumeration) {
  for (Mode mode : {Mode::general, Mode::extreme}) {
    const Coverage cov =
        check_random<2>(607, mode, false, multicontact_law<NewtonLcp>, LcpSolver::enumeration, 20000);
    EXPECT_GT(cov.ok, 15000);
    EXPECT_GT(cov.several, 40);
  }
}

TEST(SolutionListener, OneAndThreeContactsAndLemke) {
  for (MultiContactLaw law : {multicontact_law<PoissonLcp>, multicontact_law<NewtonLcp>}) {
    EXPECT_GT(check_random<1>(608, Mode::general, false, law, LcpSolver::enumeration, 2000).ok, 1500);
    EXPECT_GT(check_random<2>(609, Mode::general, false, law, LcpSolver::lemke, 2000).ok, 1500);
    EXPECT_GT(check_random<3>(610, Mode::general, false, law, LcpSolver::enumeration, 300).ok, 200);
    EXPECT_GT(check_random<3>(611, Mode::general, false, law, LcpSolver::lemke, 1000).ok, 800);
  }
}

}  // namespace
}  // namespace collsweep
