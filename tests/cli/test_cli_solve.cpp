// Tests of `collsweep solve` run as a process: Kane's pendulum, JSON output, bad input -> exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsweep/models/planar/laws/registry.hpp"
#include "families/planar/mechanism.hpp"
#include "io/format.hpp"
#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::JsonParser;
using testing::JsonValue;
using testing::run_collsweep;

// Kane & Levinson's double pendulum from its formulas (tests/support/kane_pendulum.hpp):
// M = m l^2 [[4/3, cos(q1-q2)/2], [cos(q1-q2)/2, 1/3]], J = [l sin q1, l sin q2; -l cos q1, -l cos q2].
struct Kane {
  double l = 2.0, m = 3.0;
  double q1 = 20.0 * std::acos(-1.0) / 180.0, q2 = 30.0 * std::acos(-1.0) / 180.0;
  double M[4], J[4];
  double u[2] = {-0.1, -0.2};
  Kane() {
    const double c12 = 0.5 * std::cos(q1 - q2), s = m * l * l;
    M[0] = s * (4.0 / 3.0), M[1] = s * c12, M[2] = s * c12, M[3] = s * (1.0 / 3.0);
    J[0] = l * std::sin(q1), J[1] = l * std::sin(q2), J[2] = -l * std::cos(q1), J[3] = -l * std::cos(q2);
  }
  Mechanism mechanism() const {
    Mechanism mech;
    mech.M.resize(2, 2);
    mech.M << M[0], M[1], M[2], M[3];
    mech.J.resize(2, 2);
    mech.J << J[0], J[1], J[2], J[3];
    return mech;
  }
};

std::string list(std::initializer_list<double> xs) {
  std::string s;
  for (double x : xs) s += (s.empty() ? "" : ",") + io::format_double(x);
  return s;
}

std::vector<std::string> kane_args(const std::string& law, double mu, double e, bool json) {
  const Kane k;
  std::vector<std::string> a = {"solve",
                                "--law",
                                law,
                                "--M",
                                list({k.M[0], k.M[1], k.M[2], k.M[3]}),
                                "--J",
                                list({k.J[0], k.J[1], k.J[2], k.J[3]}),
                                "--dof",
                                "2",
                                "--u",
                                list({k.u[0], k.u[1]}),
                                "--mu",
                                io::format_double(mu),
                                "--e",
                                io::format_double(e)};
  if (json) a.push_back("--json");
  return a;
}

JsonValue parse_json_output(const CommandResult& r) {
  try {
    return JsonParser::parse(r.out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what() << "\n" << r.out;
    return {};
  }
}

// The mechanism form shares the samplers' W = J M^-1 J^T: with M = diag(d), W = J diag(1/d) J^T exactly up to
// rounding, and a mechanism beyond its arrays is refused by name.
TEST(CliSolve, MechanismFormWIsJMinvJtAndRefusesTooManyDof) {
  Mechanism m;
  m.M = Eigen::MatrixXd::Zero(3, 3);
  m.M.diagonal() << 2.0, 4.0, 0.5;
  m.J.resize(2, 3);
  m.J << 1.0, 0.5, -0.25, 0.3, 1.0, 0.75;
  const Delassus2 W = delassus_from_mechanism(m);
  EXPECT_NEAR(W.nn, 1.0 / 2 + 0.25 / 4 + 0.0625 / 0.5, 1e-15);
  EXPECT_NEAR(W.nt, 0.3 / 2 + 0.5 / 4 - 0.1875 / 0.5, 1e-15);
  EXPECT_NEAR(W.tt, 0.09 / 2 + 1.0 / 4 + 0.5625 / 0.5, 1e-15);
  Mechanism big;
  big.M = Eigen::MatrixXd::Identity(max_solve_dof + 1, max_solve_dof + 1);
  big.J = Eigen::MatrixXd::Ones(2, max_solve_dof + 1);
  try {
    validate_mechanism(big);
    FAIL() << "a mechanism of " << max_solve_dof + 1 << " degrees of freedom was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("at most 64 degrees of freedom (got 65)"), std::string::npos)
        << e.what();
  }
}

TEST(CliSolve, KaneMatrixFromFormulasMatchesTheNote) {
  const Kane k;
  EXPECT_DOUBLE_EQ(k.M[0], 16.0);
  EXPECT_NEAR(k.M[1], 5.908846518073248, 1e-14);
  EXPECT_DOUBLE_EQ(k.M[3], 4.0);
}

TEST(CliSolve, KanePendulumStrongeMechanismFormJson) {
  const CommandResult r = run_collsweep(kane_args("stronge", 0.2, 0.5, true));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const JsonValue j = parse_json_output(r);
  EXPECT_EQ(j.at("status").string(), "ok");
  EXPECT_EQ(j.at("reason").string(), "ok");
  EXPECT_EQ(j.at("law").string(), "stronge");
  EXPECT_EQ(j.at("type").number(), 4.0);
  EXPECT_EQ(j.at("type_label").string(), "reverse sliding in restitution");
  EXPECT_EQ(j.at("inputs").at("form").string(), "mechanism");
  EXPECT_EQ(j.at("inputs").at("dof").number(), 2.0);
  const JsonValue& out = j.at("outputs");
  ASSERT_EQ(out.at("du").arr.size(), 2u);
  EXPECT_NEAR(out.at("du").arr[0].number(), -0.114132, 1e-6);
  EXPECT_NEAR(out.at("du").arr[1].number(), 0.459194, 1e-6);
  EXPECT_NEAR(out.at("dE").number(), -0.104944, 1e-6);
  // u2 = u + du, and T_after - T_before = dE (energy two ways).
  ASSERT_EQ(out.at("u2").arr.size(), 2u);
  EXPECT_DOUBLE_EQ(out.at("u2").arr[0].number(), -0.1 + out.at("du").arr[0].number());
  EXPECT_DOUBLE_EQ(out.at("u2").arr[1].number(), -0.2 + out.at("du").arr[1].number());
  EXPECT_NEAR(out.at("T_before").number(), 0.27818, 5e-6);
  EXPECT_NEAR(out.at("T_after").number() - out.at("T_before").number(), out.at("dE").number(), 1e-12);
  EXPECT_NEAR(out.at("dE_rel").number(), out.at("dE").number() / out.at("T_acc").number(), 1e-15);

  // The printed numbers are the law's own, bitwise: the inputs were printed with 17 digits.
  const Kane k;
  const Mechanism mech = k.mechanism();
  const PlanarCollision c{delassus_from_mechanism(mech),
                          contact_velocity(mech, Eigen::Vector2d(k.u[0], k.u[1])), 0.2, 0.5, 0.0};
  const PlanarOutcome o = evaluate(planar_law<Stronge>, c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(out.at("I_n").number(), o.I_n);
  EXPECT_EQ(out.at("I_t").number(), o.I_t);
  EXPECT_EQ(out.at("v_n2").number(), o.v_n2);
  EXPECT_EQ(out.at("v_t2").number(), o.v_t2);
  EXPECT_EQ(out.at("dE").number(), o.dE);
  EXPECT_EQ(out.at("T_acc").number(), accessible_energy(c.W, c.v));
  EXPECT_EQ(j.at("inputs").at("W_nn").number(), c.W.nn);
  EXPECT_EQ(j.at("inputs").at("v_t").number(), c.v.t);
  EXPECT_FALSE(j.at("inputs").has("e_t"));  // stronge does not read it
}

TEST(CliSolve, KanePendulumNewtonGainsEnergy) {
  const CommandResult r = run_collsweep(kane_args("newton", 0.5, 0.9, true));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json_output(r);
  EXPECT_EQ(j.at("law").string(), "newton");
  EXPECT_NEAR(j.at("outputs").at("dE").number(), 0.082919, 1e-6);
  EXPECT_GT(j.at("outputs").at("dE").number(), 0.0);
}

TEST(CliSolve, KanePendulumHumanReadableTable) {
  const CommandResult r = run_collsweep(kane_args("stronge", 0.2, 0.5, false));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("4 (reverse sliding in restitution)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-0.1141323761"), std::string::npos) << r.out;  // du_1
  EXPECT_NE(r.out.find("0.4591941835"), std::string::npos) << r.out;   // du_2
  EXPECT_NE(r.out.find("-0.1049442947"), std::string::npos) << r.out;  // dE
  for (const char* label :
       {"I_n", "I_t", "v_n2", "v_t2", "dE_rel", "T_acc", "T_before", "T_after", "W_nn", "mu"})
    EXPECT_NE(r.out.find(label), std::string::npos) << label;
}

TEST(CliSolve, ContactFormGivesTheSameNumbersAsMechanismForm) {
  const Kane k;
  const Mechanism mech = k.mechanism();
  const Delassus2 W = delassus_from_mechanism(mech);
  const Velocity2 v = contact_velocity(mech, Eigen::Vector2d(k.u[0], k.u[1]));
  const CommandResult a = run_collsweep(kane_args("poisson", 0.3, 0.7, true));
  const CommandResult b = run_collsweep({"solve", "--law", "poisson", "--W", list({W.nn, W.nt, W.tt}), "--v",
                                         list({v.n, v.t}), "--mu", "0.3", "--e", "0.7", "--json"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const JsonValue ja = parse_json_output(a), jb = parse_json_output(b);
  EXPECT_EQ(jb.at("inputs").at("form").string(), "contact");
  EXPECT_FALSE(jb.at("outputs").has("du"));
  for (const char* key : {"I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel", "T_acc"})
    EXPECT_EQ(ja.at("outputs").at(key).number(), jb.at("outputs").at(key).number()) << key;
  EXPECT_EQ(ja.at("type").number(), jb.at("type").number());
}

TEST(CliSolve, MechanismFormWithContactVelocityPrintsDuOnly) {
  const Kane k;
  const CommandResult r =
      run_collsweep({"solve", "--law", "stronge", "--M", list({k.M[0], k.M[1], k.M[2], k.M[3]}), "--J",
                     list({k.J[0], k.J[1], k.J[2], k.J[3]}), "--v", "-0.2684040287,0.5343486857", "--mu",
                     "0.2", "--e", "0.5", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json_output(r);
  EXPECT_NEAR(j.at("outputs").at("du").arr.at(0).number(), -0.114132, 1e-6);
  EXPECT_FALSE(j.at("outputs").has("u2"));
  EXPECT_FALSE(j.at("outputs").has("T_before"));
}

TEST(CliSolve, ChatterjeeRuinaReadsEt) {
  const CommandResult r = run_collsweep({"solve", "--law", "chatterjee-ruina", "--W", "1,0,1", "--v",
                                         "-1,0.1", "--mu", "0.5", "--e", "0.5", "--et", "-0.5", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json_output(r);
  EXPECT_EQ(j.at("inputs").at("e_t").number(), -0.5);
  const PlanarOutcome o =
      evaluate(planar_law<ChatterjeeRuina>, PlanarCollision{{1, 0, 1}, {-1, 0.1}, 0.5, 0.5, -0.5});
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(j.at("type").number(), o.type);
  EXPECT_EQ(j.at("outputs").at("I_t").number(), o.I_t);
  EXPECT_EQ(j.at("outputs").at("v_t2").number(), o.v_t2);
}

TEST(CliSolve, EtIgnoredWithANoteByOtherLaws) {
  const CommandResult r = run_collsweep({"solve", "--law", "newton", "--W", "1,0,1", "--v", "-1,0.1", "--mu",
                                         "0.5", "--e", "0.5", "--et", "nan"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("--et is ignored by law newton"), std::string::npos) << r.err;
}

struct BadCase {
  std::vector<std::string> args;  // after "solve"
  std::string message;            // expected part of the one-line message
};

const std::string kM = "16,5.908846518073248,5.908846518073248,4";
const std::string kJ = "0.68404028665133743,1,-1.8793852415718169,-1.7320508075688772";

std::vector<BadCase> bad_cases() {
  const std::vector<std::string> ok_tail = {"--mu", "0.2", "--e", "0.5"};
  auto contact = [&](std::string W, std::string v, std::string mu, std::string e) {
    return std::vector<std::string>{"--law", "stronge", "--W", W, "--v", v, "--mu", mu, "--e", e};
  };
  auto mech = [&](std::string M, std::string J, std::string u) {
    std::vector<std::string> a = {"--law", "stronge", "--M", M, "--J", J, "--u", u};
    a.insert(a.end(), ok_tail.begin(), ok_tail.end());
    return a;
  };
  return {
      {contact("1,2,1", "-1,0", "0.2", "0.5"), "--W 1,2,1: W is not symmetric positive definite"},
      {contact("-1,0,1", "-1,0", "0.2", "0.5"), "--W -1,0,1: W is not symmetric positive definite"},
      {contact("1,0,1", "0.5,0", "0.2", "0.5"), "--v 0.5,0: v_n >= 0"},
      {contact("1,0,1", "0,1", "0.2", "0.5"), "--v 0,1: v_n >= 0"},
      {contact("1,0,1", "-1,0", "-0.1", "0.5"), "--mu -0.1: mu < 0"},
      {contact("1,0,1", "-1,0", "0.2", "1.5"), "--e 1.5: e outside [0, 1]"},
      {contact("1,0,1", "-1,0", "0.2", "-0.5"), "--e -0.5: e outside [0, 1]"},
      {{"--law", "chatterjee-ruina", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5", "--et",
        "-2"},
       "--et -2: e_t < -1"},
      {{"--law", "chatterjee-ruina", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5"},
       "--et is required by law chatterjee-ruina"},
      {contact("1,0,1", "-1,0", "nan", "0.5"), "--mu nan: NaN or inf in the input"},
      {contact("1,inf,1", "-1,0", "0.2", "0.5"), "--W 1,inf,1: NaN or inf in the input"},
      {contact("1,0,1", "-1,-inf", "0.2", "0.5"), "--v -1,-inf: NaN or inf in the input"},
      {contact("1,0", "-1,0", "0.2", "0.5"),
       "--W: expected 3 comma-separated numbers (m_nn,m_nt,m_tt), got 2 in '1,0'"},
      {contact("1,0,1", "-1,0,3", "0.2", "0.5"), "--v: expected 2 comma-separated numbers (v_n,v_t), got 3"},
      {contact("1,0,1", "-1,x", "0.2", "0.5"), "--v: item 2 of '-1,x' ('x') is not a number"},
      {contact("1,0,1", "-1,0", "0.2", "abc"), "--e: 'abc' is not a number"},
      {{"--law", "stronge", "--W", "1,0,1", "--v", "-1,0", "--e", "0.5"}, "--mu is required"},
      {{"--law", "hooke", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5"},
       "--law hooke: unknown law (expected one of: stronge, poisson, newton, chatterjee-ruina, "
       "chatterjee-law1, chatterjee-law3, chatterjee-combined, kane-levinson, smith, brach, sequential-impulse; "
       "multi-contact: poisson-lcp, newton-lcp, sequential-impulse; spatial: stronge-3d, poisson-3d, "
       "newton-3d, chatterjee-ruina-3d, chatterjee-law1-3d, chatterjee-law3-3d, chatterjee-combined-3d, "
       "kane-levinson-3d, smith-3d, brach-3d, sequential-impulse-3d)"},
      {{"--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5"}, "--law is required"},
      {{"--law", "newton", "--W", "1,0,1", "--M", kM, "--J", kJ, "--v", "-1,0", "--mu", "0.2", "--e", "0.5"},
       "--W and --M are both given"},
      {{"--law", "newton", "--v", "-1,0", "--mu", "0.2", "--e", "0.5"}, "neither --W nor --M is given"},
      {{"--law", "newton", "--W", "1,0,1", "--mu", "0.2", "--e", "0.5"}, "--v v_n,v_t is required with --W"},
      {{"--law", "newton", "--W", "1,0,1", "--v", "-1,0", "--u", "1,2", "--mu", "0.2", "--e", "0.5"},
       "--u belongs to the mechanism form"},
      {mech(kM, "1,2,3", "-0.1,-0.2"), "--J: expected 4 comma-separated numbers (2 x 2 = 4, row-major"},
      {mech(kM, "1,2,3,4,5,6", "-0.1,-0.2"), "--J: expected 4 comma-separated numbers"},
      {mech("1,2,3", kJ, "-0.1,-0.2"), "--M: expected a square matrix (n*n numbers, row-major), got 3"},
      {mech("1,2,2,1", kJ, "-0.1,-0.2"), "--M 1,2,2,1: M is not positive definite"},
      {mech("1,0.5,0,1", kJ, "-0.1,-0.2"), "--M 1,0.5,0,1: M is not symmetric"},
      {mech(kM, "1,1,2,2", "-0.1,-0.2"), "--J 1,1,2,2: W = J M^-1 J^T is singular"},
      {mech(kM, kJ, "-0.1"), "--u: expected 2 comma-separated numbers (u_1,...,u_2), got 1"},
      {mech(kM, kJ, "0.1,0.2"), "--u 0.1,0.2: v_n = J u = 0.268404, v_n >= 0"},
      {mech("16,nan,5.9,4", kJ, "-0.1,-0.2"), "--M 16,nan,5.9,4: NaN or inf in the input"},
      {{"--law", "stronge", "--M", kM, "--J", kJ, "--dof", "3", "--u", "1,2,3", "--mu", "0.2", "--e", "0.5"},
       "--M: expected 9 comma-separated numbers (3 x 3 = 9, row-major), got 4"},
      {{"--law", "stronge", "--M", kM, "--J", kJ, "--dof", "0", "--u", "1,2", "--mu", "0.2", "--e", "0.5"},
       "--dof: '0' is not a positive integer"},
      {{"--law", "stronge", "--M", kM, "--J", kJ, "--mu", "0.2", "--e", "0.5"},
       "neither --v nor --u is given"},
      {{"--law", "stronge", "--M", kM, "--J", kJ, "--v", "-1,0", "--u", "1,2", "--mu", "0.2", "--e", "0.5"},
       "--v and --u are both given"},
      {{"--law", "stronge", "--M", kM, "--u", "1,2", "--mu", "0.2", "--e", "0.5"}, "--J (2 x n, row-major"},
      {{"--law", "newton", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5", "--frobnicate"},
       "unexpected argument '--frobnicate'"},
  };
}

TEST(CliSolve, EveryKindOfBadInputGivesAOneLineMessageAndExit2) {
  for (const BadCase& c : bad_cases()) {
    std::vector<std::string> args = {"solve"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    SCOPED_TRACE(c.message);
    const CommandResult r = run_collsweep(args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("collsweep solve: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;

    args.push_back("--json");
    const CommandResult rj = run_collsweep(args);
    EXPECT_EQ(rj.exit_code, 2);
    EXPECT_NE(rj.err.find(c.message), std::string::npos) << rj.err;
    const JsonValue j = parse_json_output(rj);
    ASSERT_EQ(j.kind, JsonValue::Kind::object) << rj.out;
    EXPECT_EQ(j.at("status").string(), "invalid");
    EXPECT_NE(j.at("reason").string().find(c.message), std::string::npos) << rj.out;
  }
}

TEST(CliSolve, JsonCodesNameTheStatus) {
  const CommandResult r = run_collsweep(
      {"solve", "--law", "stronge", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "1.5", "--json"});
  EXPECT_EQ(r.exit_code, 2);
  const JsonValue j = parse_json_output(r);
  EXPECT_EQ(j.at("code").string(), "restitution_out_of_range");
  const CommandResult u = run_collsweep({"solve", "--law", "stronge", "--W", "1,0", "--json"});
  EXPECT_EQ(parse_json_output(u).at("code").string(), "usage");
}

TEST(CliSolve, CommandLineSyntaxErrorsAlsoExit2) {
  const CommandResult r = run_collsweep({"solve", "--law", "stronge", "--W"});  // --W without its value
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--W"), std::string::npos) << r.err;
  EXPECT_EQ(run_collsweep({"solve", "--help"}).exit_code, 0);
}

}  // namespace
}  // namespace collsweep
