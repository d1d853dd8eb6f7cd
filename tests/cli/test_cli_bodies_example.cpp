// The shipped two-body file examples/two_bodies.toml through `collsweep solve --bodies` as docs/commands.md
// runs it: the documented outcome, I_nh null when the slip never halts, and a reversed normal named.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "collsweep/models/spatial/bodies.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "families/spatial/bodies_file.hpp"
#include "support/mini_json.hpp"
#include "support/paths.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::JsonParser;
using testing::JsonValue;
using testing::run_collsweep;

std::string example() { return testing::source_dir() + "/examples/two_bodies.toml"; }

std::vector<std::string> solve_args(const std::string& bodies, const char* mu) {
  return {"solve", "--law", "poisson-3d", "--bodies", bodies, "--mu", mu, "--e", "0.6"};
}

// The documented command: the slip swerves by 64.9 degrees, halts in compression at I_n = 0.8609 and
// sticks to the end at I_n = 2.3071 (mode B), dE_rel = -0.654; the same numbers as the law on the W and v
// that the two bodies make (Sypniewska-Kaminska & Rosinski 2008, eq. 12).
TEST(CliBodiesExample, DocumentedCommandHaltsAndSticks) {
  std::vector<std::string> args = solve_args(example(), "0.5");
  args.push_back("--json");
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = JsonParser::parse(r.out);
  EXPECT_EQ(j.at("mode").string(), "B");
  const JsonValue& out = j.at("outputs");
  EXPECT_NEAR(out.at("I_nh").number(), 0.8608678535, 1e-9);
  EXPECT_NEAR(out.at("I_n").number(), 2.307101795, 1e-8);
  EXPECT_NEAR(out.at("dE_rel").number(), -0.6537626756, 1e-9);
  EXPECT_NEAR(out.at("swerve_deg").number(), -64.94341817, 1e-7);
  EXPECT_NEAR(out.at("mu_c").number(), 0.3472719409, 1e-9);

  const families::BodiesInput b = families::read_bodies_file(example());
  const BodyCollision bc = contact_from_bodies(b.body1, b.body2, b.frame);
  ASSERT_EQ(bc.status, Status::ok);
  SpatialCollision c;
  c.W = bc.W;
  c.v = bc.v;
  c.mu = 0.5;
  c.e = 0.6;
  const SpatialOutcome o = evaluate_spatial(spatial_law<Poisson3d>, c);
  EXPECT_EQ(out.at("I_nh").number(), o.I_nh);
  EXPECT_EQ(out.at("dE").number(), o.dE);
  EXPECT_GT(j.at("bodies").at("T_before").number(), 0.0);
}

// Below mu_c the slip never halts (mode A): I_nh is null in the JSON, not a halt at I_n = 0, and the table
// says "never".
TEST(CliBodiesExample, SlipThatNeverHaltsHasNoHalt) {
  std::vector<std::string> args = solve_args(example(), "0.3");
  const CommandResult t = run_collsweep(args);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("mode                  A (slides throughout)"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("slip halts          never"), std::string::npos) << t.out;
  args.push_back("--json");
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = JsonParser::parse(r.out);
  EXPECT_EQ(j.at("mode").string(), "A");
  EXPECT_EQ(j.at("outputs").at("I_nh").kind, JsonValue::Kind::null);
  EXPECT_GT(j.at("outputs").at("I_nc").number(), 0.0);
}

// The example with its normal reversed: the contact points separate along it (v_n = +1.55), and the message
// says which way the normal must point and what the reversed one gives.
TEST(CliBodiesExample, ReversedNormalIsNamed) {
  std::string text = testing::read_text_file(example());
  const std::string normal = "normal = [0.0, 0.0, 1.0]";
  ASSERT_NE(text.find(normal), std::string::npos);
  text.replace(text.find(normal), normal.size(), "normal = [0.0, 0.0, -1.0]");
  const std::string path = testing::temp_path("reversed.toml");
  testing::write_text_file(path, text);
  const CommandResult r = run_collsweep(solve_args(path, "0.5"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find("collsweep solve: --bodies " + path +
                 ": v_n = 1.55 (contact-point velocity of body 1 minus body 2 along the normal), v_n >= 0: "
                 "the contact is not approaching, there is no impact; the contact points separate along "
                 "contact.normal = [0, 0, -1]: if the bodies do collide, the normal points the wrong way: it "
                 "must point from body 2 into body 1 (contact.normal = [0, 0, 1] gives v_n = -1.55)"),
      std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace collsweep
