// The multi-contact family in host code: k = 1..4 planar contacts, G 2k x 2k, the LCP impact laws of
// Glocker 2014; its names and its config keys, written once for the reader and the resolved-config writers.
#pragma once

#include <string>

#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "config/map_reach.hpp"
#include "families/shared/common_keys.hpp"
#include "families/shared/family_traits.hpp"
#include "families/shared/parameter_rows.hpp"

namespace collsweep::families {

namespace multicontact_keys {

using config::Domain;

inline const Domain kLog10CondG{
    "log10_cond", true,  0.0,
    false,        true,  12.0,
    false,        false, "log10 of G's condition number: cond >= 1, and cond <= 1e12 for accuracy"};
inline const Domain kLog10CondM{"log10_cond_M",
                                true,
                                0.0,
                                false,
                                true,
                                12.0,
                                false,
                                false,
                                "log10 of the condition number of the mechanism's mass matrix M (not of G = "
                                "J M^-1 J^T, which it does not "
                                "bound): cond >= 1, and cond <= 1e12 for accuracy"};
// The per-contact coefficients follow Glocker 2014's kinetic restrictions.
inline const Domain kGammaN{
    "gamma_N", false, 0.0,
    false,     true,  0.0,
    false,     false, "a pre-impact normal contact velocity: < 0 approaches, 0 touches"};
inline const Domain kGammaT{
    "gamma_T", false, 0.0, false, false, 0.0, false, false, "a pre-impact tangential velocity"};
inline const Domain kMu{"mu", true, 0.0, false, false, 0.0, false, false, "a friction coefficient"};
inline const Domain kEpsN{"eps_N", true, 0.0, false, true, 1.0, false, false, "a normal impact coefficient"};
inline const Domain kEpsTRatio{
    "eps_T_ratio", true,  0.0,
    false,         true,  1.0,
    false,         false, "eps_T = eps_T_ratio * eps_N, which keeps 0 <= eps_T <= eps_N"};

// The body kind's velocity before impact (any sign; planar_body.hpp).
inline const Domain kBodyVx{
    "v_x", false, 0.0, false, false, 0.0, false, false, "the body's mass-centre velocity along x"};
inline const Domain kBodyVy{
    "v_y", false, 0.0, false, false, 0.0, false, false, "the body's mass-centre velocity along y"};
inline const Domain kBodyOmega{
    "omega", false, 0.0, false, false, 0.0, false, false, "the body's angular velocity, counterclockwise"};

inline constexpr std::int64_t max_wishart_dof = 10000;

inline const config::Choices<DelassusKind>& matrix_kinds() {
  static const config::Choices<DelassusKind> c{
      {{DelassusKind::direct, "direct"},
       {DelassusKind::wishart, "wishart"},
       {DelassusKind::mechanism, "mechanism"},
       {DelassusKind::body, "body"}},
      "",
      {"fixed", "shape", "canonical", "bodies"},
      "a matrix kind of the planar or spatial family; G is drawn by kind = direct, wishart, mechanism, or "
      "given by one planar rigid body with kind = body",
      "matrix kind"};
  return c;
}

// The body kind's keys (body_keys.cpp): mass and inertia (> 0), the contact points from the mass centre
// (their number must be model.contacts) and the unit normals (scaled to unit length when read).
config::CustomKey body_positive_key(double& x, const char* what);
config::CustomKey body_points_key(PlanarBody& b, const ScalarDist& contacts);
config::CustomKey body_normals_key(PlanarBody& b, const ScalarDist& contacts);

inline const config::Choices<LcpSolver>& solvers() {
  static const config::Choices<LcpSolver> c{{{LcpSolver::automatic, "automatic"},
                                             {LcpSolver::enumeration, "enumeration"},
                                             {LcpSolver::lemke, "lemke"}},
                                            " (automatic: enumeration for k <= 2, Lemke for k >= 3)",
                                            {},
                                            "",
                                            "solver"};
  return c;
}

// The largest k that model.contacts can give.
inline std::uint32_t max_contact_count(const MultiContactSamplePlan& p) {
  return static_cast<std::uint32_t>(p.contacts.kind == ScalarKind::grid ? p.contacts.hi : p.contacts.lo);
}

// k, the number of contacts: integers 1 .. max_contacts (a constant or an integer grid; never drawn at
// random).
inline const Domain kContacts{"contacts", true,  1.0,
                              false,      true,  static_cast<double>(max_contacts),
                              false,      false, "k, the number of planar contacts",
                              true};

}  // namespace multicontact_keys

}  // namespace collsweep::families

namespace collsweep {

// The values a map quantity can take under the plan (a superset; families/multicontact/map_reach.cpp), so
// that a map no sample reaches is rejected.
ValueRange reachable_range(const MultiContactSamplePlan& plan, MultiContactQuantity q);

}  // namespace collsweep

namespace collsweep::families {

template <>
struct FamilyTraits<MultiContactSweepSpec> {
  static constexpr const char* name = "multicontact";
  static constexpr const char* in_words = "multi-contact";
  using Law = MultiContactLaw;
  static constexpr int law_count = multicontact_law_count;
  static const char* law_name(Law l) { return collsweep::law_name(l); }
  static bool parse_law(const std::string& s, Law* out) { return parse_multicontact_law(s.c_str(), out); }
  static std::string law_stem(const std::string& s) {
    return s.size() > 4 && s.compare(s.size() - 4, 4, "-lcp") == 0 ? s.substr(0, s.size() - 4) : s;
  }
  static std::string law_of_stem(const std::string& stem) { return stem + "-lcp"; }
  using Quantity = MultiContactQuantity;
  static constexpr bool writes_samples_npy = false;  // run.samples_npy
  static constexpr const char* solve_options[] = {"--contacts", "--G",      "--gamma", "--eN",
                                                  "--eT",       "--solver", "--bodies"};
  static constexpr const char* eval_options[] = {"--contacts", "--solver"};

  // The law parameters' table (models/multicontact/parameters.hpp: the engine law's settings); the
  // coefficients are per contact (the keys mu, eps_N, eps_T_ratio below, drawn by sample_inputs.hpp).
  template <class F>
  static void for_each_parameter(F&& f) {
    COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_HOST_PARAMETER_ROW)
  }

  template <class V>
  static void keys(V& v, RunSettings& run, MultiContactSweepSpec& s) {
    using namespace multicontact_keys;
    MultiContactSamplePlan& p = s.plan;
    model_keys(v, [&] { v.scalar("contacts", p.contacts, kContacts); });
    run_keys(v, run, s, [&] { v.choice("solver", s.solver, solvers(), config::KeyRules<LcpSolver>{}); });

    v.section("matrix", nullptr);
    v.choice("kind", p.G_kind, matrix_kinds(), config::KeyRules<DelassusKind>{});
    const auto when = [&](DelassusKind k, const char* hint = "") {
      const auto& names = matrix_kinds();
      return config::When{p.G_kind == k, "matrix.kind", names.name_of(p.G_kind), names.name_of(k), hint};
    };
    v.scalar("log10_cond", p.log10_cond, kLog10CondG,
             when(DelassusKind::direct, p.G_kind == DelassusKind::mechanism ? kMechanismCondHintG : ""));
    v.integer("extra_dof", p.wishart_extra_dof, 0, max_wishart_dof, config::KeyRules<std::uint32_t>{},
              when(DelassusKind::wishart));
    // G = J M^-1 J^T with J 2k x dof has rank min(dof, 2k): dof < 2k gives a semidefinite G, and the
    // sampler projects gamma^- onto its range (models/multicontact/range_projection.hpp).
    v.integer("dof", p.mechanism_dof, 1, max_mechanism_dof, config::KeyRules<std::uint32_t>{},
              when(DelassusKind::mechanism, p.G_kind == DelassusKind::wishart
                                                ? "; a multi-contact wishart G has dof = 2k + extra_dof"
                                                : ""));
    v.scalar("log10_cond_M", p.log10_cond_M, kLog10CondM,
             when(DelassusKind::mechanism, p.G_kind == DelassusKind::direct ? kDirectCondHintG : ""));
    v.custom("mass", body_positive_key(p.body.mass, "mass"), when(DelassusKind::body));
    v.custom("inertia", body_positive_key(p.body.inertia, "moment of inertia about its mass centre"),
             when(DelassusKind::body));
    v.custom("points", body_points_key(p.body, p.contacts), when(DelassusKind::body));
    v.custom("normals", body_normals_key(p.body, p.contacts), when(DelassusKind::body));

    // A body's contact velocities follow from its velocity (gamma^- = J v), the other kinds draw them.
    v.section("approach", nullptr);
    const config::When drawn_gamma{p.G_kind != DelassusKind::body, "matrix.kind",
                                   matrix_kinds().name_of(p.G_kind), "direct\", \"wishart\" or \"mechanism",
                                   "; a body's contact velocities are J v, from approach.v_x, v_y and omega"};
    v.scalar("gamma_N", p.gamma_N, kGammaN, drawn_gamma);
    v.scalar("gamma_T", p.gamma_T, kGammaT, drawn_gamma);
    v.scalar("v_x", p.v_x, kBodyVx, when(DelassusKind::body));
    v.scalar("v_y", p.v_y, kBodyVy, when(DelassusKind::body));
    v.scalar("omega", p.omega, kBodyOmega, when(DelassusKind::body));

    v.section("parameters", nullptr);
    v.scalar("mu", p.mu, kMu);
    v.scalar("eps_N", p.eps_N, kEpsN);
    v.scalar("eps_T_ratio", p.eps_T_ratio, kEpsTRatio);
    parameter_row_keys(v, s);

    map_keys(v, s);
  }
};

}  // namespace collsweep::families
