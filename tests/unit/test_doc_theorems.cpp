// docs/outputs.md's `violations` rows name exactly the laws whose theorem forbids a gain
// (theorem_forbids_gain), planar and spatial, so that the documented counters are the counted ones.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/paths.hpp"

namespace collsweep {
namespace {

// The `code` names of the n-th table row of docs/outputs.md that starts with "| `violations` |", split at
// "always": those before it always forbid a gain, those after only for e_t <= 1.
struct ViolationRow {
  std::set<std::string> always, conditional;
};

ViolationRow violation_row(int n) {
  std::ifstream in(testing::source_dir() + "/docs/outputs.md");
  EXPECT_TRUE(in.good()) << "docs/outputs.md";
  std::string line;
  int seen = 0;
  while (std::getline(in, line)) {
    if (line.rfind("| `violations` |", 0) != 0 || seen++ != n) continue;
    ViolationRow row;
    const std::size_t split = line.find("always");
    EXPECT_NE(split, std::string::npos) << line;
    for (std::size_t at = line.find('`', 16); at != std::string::npos; at = line.find('`', at + 1)) {
      const std::size_t end = line.find('`', at + 1);
      if (end == std::string::npos) break;
      (at < split ? row.always : row.conditional).insert(line.substr(at + 1, end - at - 1));
      at = end;
    }
    return row;
  }
  ADD_FAILURE() << "docs/outputs.md has no row " << n << " of `violations`";
  return {};
}

// Every law of a family (Law, Collision) whose theorem forbids a gain on every collision is in the row's
// "always" list, one whose theorem holds only for some collisions in its conditional list, and no other:
// `generic` with e_t inside and outside Chatterjee-Ruina's theorem (e_t <= 1) decides "always", and a
// theorem that holds on it or on one of `special` (collisions a conditional theorem covers) is "sometimes".
template <class Law, class Collision>
void expect_row_names_the_laws(const ViolationRow& row, int law_count, const Collision& generic = Collision(),
                               const std::vector<Collision>& special = {}) {
  for (int l = 0; l < law_count; ++l) {
    const Law law = static_cast<Law>(l);
    SCOPED_TRACE(law_name(law));
    Collision within = generic, beyond = generic;  // e_t inside and outside Chatterjee-Ruina's theorem
    within.e_t = 0.5;
    beyond.e_t = 1.5;
    const bool always = theorem_forbids_gain(law, within) && theorem_forbids_gain(law, beyond);
    bool some = theorem_forbids_gain(law, within);
    for (const Collision& c : special) some = some || theorem_forbids_gain(law, c);
    const bool sometimes = some && !always;
    EXPECT_EQ(row.always.count(law_name(law)) == 1, always);
    EXPECT_EQ(row.conditional.count(law_name(law)) == 1, sometimes);
  }
}

TEST(DocTheorems, PlanarViolationsRowNamesTheLawsWithATheorem) {
  const ViolationRow row = violation_row(0);
  // A collision with friction and a coupled W; sequential-impulse's theorems cover mu = 0 and W_nt = 0.
  PlanarCollision generic{{2.0, 0.5, 1.0}, {-1.0, 0.5}, 0.5, 0.5};
  PlanarCollision frictionless = generic, uncoupled = generic;
  frictionless.mu = 0.0;
  uncoupled.W.nt = 0.0;
  expect_row_names_the_laws<PlanarLaw, PlanarCollision>(row, planar_law_count, generic, {frictionless, uncoupled});
  EXPECT_EQ(row.conditional.count("sequential-impulse"), 1u);
  EXPECT_EQ(row.always.count("poisson"), 1u);
}

TEST(DocTheorems, SpatialViolationsRowNamesTheLawsWithATheorem) {
  const ViolationRow row = violation_row(1);
  // A collision with friction and a coupled W; sequential-impulse-3d's theorems cover mu = 0 and a diagonal
  // W.
  SpatialCollision generic;
  generic.W = Delassus3{1.0, 0.2, 0.1, 2.0, 0.3, 1.5};
  generic.v = Vec3n{-1.0, 0.5, 0.2};
  generic.mu = 0.5;
  generic.e = 0.5;
  SpatialCollision frictionless = generic, diagonal = generic;
  frictionless.mu = 0.0;
  diagonal.W = Delassus3{1.0, 0.0, 0.0, 2.0, 0.0, 1.5};
  expect_row_names_the_laws<SpatialLaw, SpatialCollision>(row, spatial_law_count, generic,
                                                          {frictionless, diagonal});
  EXPECT_EQ(row.conditional.count("sequential-impulse-3d"), 1u);
  EXPECT_EQ(row.always.count("poisson-3d"), 1u);  // Ivanov 1992
}

}  // namespace
}  // namespace collsweep
