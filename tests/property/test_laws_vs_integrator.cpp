// Closed forms (stronge, poisson, newton) against the independent event-driven impulse integrator.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/reference/impulse_integrator.hpp"
#include "support/random_collisions.hpp"

namespace collsweep {
namespace {

// Agreement to 1e-9 relative, each quantity against its natural scale: impulses against |P|,
// velocities against |v1|, dE against |P| |v1| (the scale of P.(v1 + v2)/2).
constexpr double kTol = 1e-9;

struct Coverage {
  long case_type[6][6] = {};
};

void compare_law(PlanarLaw law, Termination rule, int samples_per_case, Coverage& cov) {
  testing::Draw d(20261125u + static_cast<unsigned>(law));
  double worst = 0.0;
  long boundary_ties = 0;
  for (int case_no = 1; case_no <= 5; ++case_no) {
    for (int i = 0; i < samples_per_case; ++i) {
      const PlanarCollision c = testing::stratified_collision(d, case_no);
      const PlanarOutcome a = evaluate(law, c);
      const IntegratedImpact b = integrate_impact(c, rule);
      ASSERT_EQ(a.status, Status::ok);
      ASSERT_EQ(b.outcome.status, Status::ok);
      const double P = std::hypot(a.I_n, a.I_t), v = std::hypot(c.v.n, c.v.t);
      const double err = std::fmax(
          std::fmax(std::fabs(a.I_n - b.outcome.I_n) / P, std::fabs(a.I_t - b.outcome.I_t) / P),
          std::fmax(std::fmax(std::fabs(a.v_n2 - b.outcome.v_n2) / v, std::fabs(a.v_t2 - b.outcome.v_t2) / v),
                    std::fabs(a.dE - b.outcome.dE) / (P * v)));
      worst = std::fmax(worst, err);
      // At a Type boundary (alpha = r_m or (1+e) r_m, e.g. the collapsed band when e = 0) both Types give
      // the same outcome and either label is right; elsewhere the Types must agree.
      const RouthFrame f = make_routh_frame(c);
      const RouthPath r = routh_path(f, c.e);
      const bool on_boundary =
          f.g > 0.0 && (std::fabs(r.v_nS) <= 1e-9 * f.w || std::fabs(r.v_nS - c.e * f.w) <= 1e-9 * f.w);
      if (a.type != b.outcome.type && on_boundary) {
        ++boundary_ties;
        continue;
      }
      if (err > kTol || a.type != b.outcome.type) {
        ADD_FAILURE() << law_name(law) << " case " << case_no << " sample " << i << ": W = (" << c.W.nn
                      << ", " << c.W.nt << ", " << c.W.tt << ") v = (" << c.v.n << ", " << c.v.t
                      << ") mu = " << c.mu << " e = " << c.e << " type " << int(a.type) << " vs "
                      << int(b.outcome.type) << ", relative difference " << err;
        return;
      }
      ++cov.case_type[case_no][a.type];
    }
  }
  EXPECT_LT(boundary_ties, samples_per_case / 20) << "too many samples on a Type boundary";
  ::testing::Test::RecordProperty(std::string(law_name(law)) + "_worst_relative_difference",
                                  std::to_string(worst));
}

// Table 1: which Types each Case admits.
void expect_table1_coverage(const Coverage& cov) {
  const int admitted[6][5] = {{}, {1, 2, 5}, {1, 2, 5}, {3, 4, 5}, {1}, {5}};
  for (int case_no = 1; case_no <= 5; ++case_no)
    for (int type = 1; type <= 5; ++type) {
      bool allowed = false;
      for (int t : admitted[case_no]) allowed |= t == type;
      if (allowed)
        EXPECT_GT(cov.case_type[case_no][type], 100)
            << "Case " << case_no << " Type " << type << " barely sampled";
      else
        EXPECT_EQ(cov.case_type[case_no][type], 0) << "Case " << case_no << " cannot give Type " << type;
    }
}

constexpr int kPerCase = 24000;  // 5 Cases x 24 000 = 120 000 per law

TEST(LawsVsIntegrator, Stronge) {
  Coverage cov;
  compare_law(planar_law<Stronge>, Termination::stronge, kPerCase, cov);
  expect_table1_coverage(cov);
}

TEST(LawsVsIntegrator, Poisson) {
  Coverage cov;
  compare_law(planar_law<Poisson>, Termination::poisson, kPerCase, cov);
  expect_table1_coverage(cov);
}

TEST(LawsVsIntegrator, Newton) {
  Coverage cov;
  compare_law(planar_law<Newton>, Termination::newton, kPerCase, cov);
  expect_table1_coverage(cov);
}

}  // namespace
}  // namespace collsweep
