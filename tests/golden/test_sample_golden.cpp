// Golden bits of drawn samples: sample k of a plan never changes across builds, machines and backends.
#include <gtest/gtest.h>

#include <cstring>

#include "collsweep/models/planar/sampler.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

// Drawn once with this implementation (Philox4x32-10, the deterministic elementary functions of
// math/det_math.hpp, no FMA contraction); any change to the sampler that moves a bit fails here, and the
// GPU test checks that the device draws the same bits.
struct Golden {
  std::uint64_t k;
  double in[8];  // W_nn, W_nt, W_tt, v_n, v_t, mu, e, e_t
};
const Golden kGolden[] = {
    {0ull,
     {0x1.8a81d099d3551p-3, 0x1.8e9aa488dd756p-2, 0x1.9fe8cb3851c44p-1, -0x1.de73dea225048p-1,
      -0x1.6c90e6324f92dp-2, 0x1.644e76041bf84p-1, 0x1.7fea4ecca36b2p-2, -0x1.863993da31f0ep-1}},
    {12345ull,
     {0x1.c0ff98c539772p-2, 0x1.87af9516ba8d5p-2, 0x1.7a97f3ec0ceaep-1, -0x1.e5beab9ae2905p-1,
      0x1.43b416575707ap-2, 0x1.2803087be224p-1, 0x1.e744a7aaeef31p-1, -0x1.95580740ce47p-4}},
    {1099511627776ull,
     {0x1.720983f127a15p-1, -0x1.c9977ee426cep-2, 0x1.1e8473c361f66p-2, -0x1.bf7bed444dfb6p-5,
      0x1.ff3c4e193b1adp-1, 0x1.cfed03ecdc6a6p-1, 0x1.739386d4c2fd1p-1, -0x1.99afcb9ee4fb6p-1}},
};

TEST(SampleGolden, QuickstartPlanSamplesKeepTheirBits) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  for (const Golden& g : kGolden) {
    const PlanarCollision c = draw_planar_sample(spec.plan, g.k).c;
    const double got[8] = {c.W.nn, c.W.nt, c.W.tt, c.v.n, c.v.t, c.mu, c.e, c.e_t};
    for (int i = 0; i < 8; ++i)
      EXPECT_EQ(std::memcmp(&got[i], &g.in[i], sizeof(double)), 0)
          << "sample " << g.k << " input " << i << ": " << got[i] << " vs " << g.in[i];
  }
}

}  // namespace
}  // namespace collsweep
