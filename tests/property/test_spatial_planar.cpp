// The spatial Routh laws on planar collisions embedded in 3D agree with the planar closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_collisions.hpp"

namespace collsweep {
namespace {

constexpr int kSamplesPerCase = 1000;
constexpr double kTol = 1e-12;

// (n, t) -> (n, t1, t2) with c2 = 0, b12 = 0, v_t2 = 0; b22 is arbitrary (the motion stays in the plane).
SpatialCollision embed(const PlanarCollision& p, double b22) {
  SpatialCollision c;
  c.W = Delassus3{p.W.nn, p.W.nt, 0.0, p.W.tt, 0.0, b22};
  c.v = Vec3n{p.v.n, p.v.t, 0.0};
  c.mu = p.mu;
  c.e = p.e;
  return c;
}

// Djerassi's Types in the spatial mode labels: 1 stick after a halt in compression (B), 2 in restitution
// (D), 3 reversal in compression (C), 4 in restitution (E), 5 forward sliding throughout (A).
SpatialMode mode_of_type(int type) {
  constexpr SpatialMode m[] = {SpatialMode::none, SpatialMode::B, SpatialMode::D,
                               SpatialMode::C,    SpatialMode::E, SpatialMode::A};
  return m[type];
}

TEST(SpatialPlanar, RoutLawsMatchThePlanarClosedForms) {
  const struct {
    SpatialLaw spatial;
    PlanarLaw planar;
  } pairs[] = {{spatial_law<Stronge3d>, planar_law<Stronge>},
               {spatial_law<Poisson3d>, planar_law<Poisson>},
               {spatial_law<Newton3d>, planar_law<Newton>}};
  testing::Draw d(11);
  long compared = 0, jams = 0, ties = 0;
  double worst = 0.0;
  for (int case_no = 1; case_no <= 5; ++case_no)
    for (int i = 0; i < kSamplesPerCase; ++i) {
      const PlanarCollision p = testing::stratified_collision(d, case_no);
      const SpatialCollision c = embed(p, p.W.tt * d.log_uniform(0.1, 10.0));
      for (const auto& pr : pairs) {
        const PlanarOutcome po = evaluate(pr.planar, p);
        const SpatialOutcome so = evaluate_routh(pr.spatial, c);
        ASSERT_EQ(po.status, Status::ok);
        // Jam (dv_n/dI_n <= 0 while sliding: Djerassi's Case 4, h <= 0) is a status in 3D; the planar
        // closed form continues it as Type 1. Skipped, and counted.
        const RouthFrame f = make_routh_frame(p);
        if (so.status == Status::jam) {
          EXPECT_LE(f.h, 0.0) << "case " << case_no << " sample " << i;
          ++jams;
          continue;
        }
        ASSERT_EQ(so.status, Status::ok) << "case " << case_no << " sample " << i;
        ASSERT_GT(f.h, 0.0);
        ++compared;
        // Labels may differ only where two events coincide (the sampler puts samples on the Type
        // boundaries): the halt at the end of compression or at the termination.
        const RouthPath rp = routh_path(f, p.e);
        const double I_nS = f.g > 0.0 ? f.vt / f.g : -1.0;  // where forward sliding would stop (eq. 40a)
        const bool tie =
            std::fabs(I_nS - rp.I_nC) <= 1e-12 * po.I_n || std::fabs(I_nS - po.I_n) <= 1e-12 * po.I_n;
        if (so.mode != mode_of_type(po.type)) {
          EXPECT_TRUE(tie) << law_name(pr.spatial) << " case " << case_no << " " << i;
          ++ties;
        }
        const double is = po.I_n + std::fabs(po.I_t);
        const double vs = std::hypot(p.v.n, p.v.t) + std::hypot(po.v_n2, po.v_t2);
        const double err[] = {std::fabs(so.I.n - po.I_n) / is, std::fabs(so.I.t1 - po.I_t) / is,
                              std::fabs(so.vf.n - po.v_n2) / vs, std::fabs(so.vf.t1 - po.v_t2) / vs,
                              std::fabs(so.dE_rel - po.dE_rel)};
        for (double e : err) {
          EXPECT_LE(e, kTol) << law_name(pr.spatial) << " case " << case_no << " sample " << i;
          worst = std::fmax(worst, e);
        }
        EXPECT_EQ(so.I.t2, 0.0);
        EXPECT_EQ(so.vf.t2, 0.0);
      }
    }
  std::printf(
      "planar embedding: %ld law evaluations compared (%ld mode labels differ at event ties), %ld jams "
      "skipped, max rel. error %.3g\n",
      compared, ties, jams, worst);
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace collsweep
