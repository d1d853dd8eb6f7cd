// The CPU's SIMD spatial Routh laws against evaluate_routh one sample at a time, bit for bit, on every
// instruction set this CPU runs: random collisions of every mode sequence, the samples that need no slip
// integration (mu = 0, no initial slip, slip along an invariant direction, invalid input) mixed among them,
// and batches shorter than the lanes; and one lane (a GPU thread's loop) over the three laws' items in a
// scattered order.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "backend/spatial_routh_lanes.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/routh/routh_lane.hpp"
#include "families/spatial/gpu_check.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

constexpr SpatialLaw kRouthLaws[] = {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>};

std::vector<LaneIsa> isas() {
  std::vector<LaneIsa> v;
  for (const LaneIsa i : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512})
    if (planar_lanes_isa_available(i)) v.push_back(i);
  return v;
}

// Random collisions with every fifth one of the kinds that finish without slip steps.
std::vector<SpatialCollision> mixed_collisions(std::size_t n) {
  testing::Draw d(4242);
  std::vector<SpatialCollision> in(n);
  for (std::size_t i = 0; i < n; ++i) {
    SpatialCollision& c = in[i];
    c = testing::random_spatial_collision(d);
    if (i % 5 != 4) continue;
    switch ((i / 5) % 5) {
      case 0:  // invalid: b not positive definite, or a separating approach
        if (i % 2 == 0)
          c.W.b11 = -1.0;
        else
          c.v.n = 0.5;
        break;
      case 1:
        c.mu = 0.0;
        break;
      case 2:  // no initial slip
        c.v.t1 = c.v.t2 = 0.0;
        break;
      case 3: {  // along an invariant direction (slides with constant rates)
        if (c.mu == 0.0) c.mu = 0.5;
        const InvariantDirections dirs = invariant_directions(c.W, c.mu);
        const double s = std::hypot(c.v.t1, c.v.t2);
        c.v.t1 = s * dirs.s1[0];
        c.v.t2 = s * dirs.s2[0];
        break;
      }
      default:  // mu just above mu_c: a slow halt (many steps in one lane)
        c.mu = 1.0001 * critical_friction(c.W);
        break;
    }
  }
  return in;
}

TEST(SpatialRouthLanes, AreTheScalarLawsBitForBit) {
  const std::vector<SpatialCollision> in = mixed_collisions(6000);
  for (const SpatialLaw law : kRouthLaws) {
    std::vector<SpatialOutcome> scalar(in.size());
    std::array<int, 6> modes{};  // SpatialMode none, A .. E
    int invalid = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      scalar[i] = evaluate_routh(law, in[i]);
      ++modes[static_cast<int>(scalar[i].mode)];
      invalid += scalar[i].status != Status::ok;
    }
    for (int m = 1; m <= 5; ++m) EXPECT_GT(modes[m], 10) << law_name(law) << " mode " << m;
    EXPECT_GT(invalid, 100) << law_name(law);
    for (const LaneIsa isa : isas()) {
      std::vector<SpatialOutcome> lanes(in.size());
      evaluate_routh_lanes_with(isa, law, in.data(), in.size(), lanes.data());
      std::size_t differing = 0;
      for (std::size_t i = 0; i < in.size(); ++i) differing += !same_bits(scalar[i], lanes[i]);
      EXPECT_EQ(differing, 0u) << law_name(law) << " isa " << static_cast<int>(isa);
    }
  }
}

TEST(SpatialRouthLanes, BatchesShorterThanTheLanes) {
  const std::vector<SpatialCollision> in = mixed_collisions(40);
  for (const LaneIsa isa : isas())
    for (const std::size_t n : {0, 1, 2, 3, 5}) {
      std::vector<SpatialOutcome> lanes(n + 1);
      lanes[n].I.n = 7.0;  // past the batch: untouched
      evaluate_routh_lanes_with(isa, spatial_law<Stronge3d>, in.data() + 10, n, lanes.data());
      for (std::size_t i = 0; i < n; ++i)
        EXPECT_TRUE(same_bits(lanes[i], evaluate_routh(spatial_law<Stronge3d>, in[10 + i]))) << n << " " << i;
      EXPECT_EQ(lanes[n].I.n, 7.0);
    }
}

// The item source of a GPU thread (kernels/spatial_routh_items.cuh) as one lane sees it: the three laws'
// items over one batch (q -> law q / n, sample q % n), taken in a scattered order as threads of a warp take
// them from the shared counter. Every item's outcome is evaluate_routh's, whatever the order.
struct ScatteredItems {
  const std::vector<SpatialCollision>& in;
  std::vector<SpatialOutcome>& out;
  std::uint64_t taken = 0, stride = 0;
  int puts = 0;
  std::uint64_t total() const { return 3 * in.size(); }
  bool next(std::uint64_t* q) {
    if (taken >= total()) return false;
    *q = (taken++ * stride) % total();  // stride coprime to the total: each item once
    return true;
  }
  SpatialLaw law(std::uint64_t q) const { return kRouthLaws[q / in.size()]; }
  const SpatialCollision& collision(std::uint64_t q) const { return in[q % in.size()]; }
  void put(std::uint64_t q, const SpatialOutcome& o) {
    out[q] = o;
    ++puts;
  }
};

TEST(SpatialRouthLanes, OneLaneOverScatteredItemsOfEveryLaw) {
  const std::vector<SpatialCollision> in = mixed_collisions(1500);
  std::vector<SpatialOutcome> out(3 * in.size());
  ScatteredItems items{in, out, 0, 1009};
  run_routh_lane(items);
  EXPECT_EQ(items.puts, static_cast<int>(out.size()));
  std::size_t differing = 0;
  for (std::uint64_t q = 0; q < out.size(); ++q)
    differing += !same_bits(out[q], evaluate_routh(items.law(q), items.collision(q)));
  EXPECT_EQ(differing, 0u);
}

TEST(SpatialRouthLanes, ServeOnlyTheRouthLaws) {
  for (int l = 0; l < spatial_law_count; ++l) {
    const auto law = static_cast<SpatialLaw>(l);
    const bool routh =
        law == spatial_law<Stronge3d> || law == spatial_law<Poisson3d> || law == spatial_law<Newton3d>;
    EXPECT_EQ(is_routh_law(law), routh) << law_name(law);
  }
  SpatialCollision c;
  SpatialOutcome o;
  EXPECT_THROW(evaluate_routh_lanes(spatial_law<ChatterjeeRuina3d>, &c, 1, &o), std::invalid_argument);
}

}  // namespace
}  // namespace collsweep
