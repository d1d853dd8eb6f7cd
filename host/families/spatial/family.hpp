// The spatial family in host code: one contact in 3D, W 3 x 3 (Routh's laws with swerve after Elkaranshawy
// 2002, Chatterjee's Law II and thesis laws in 3D); its names and its config keys, written once for the
// reader and the resolved-config writers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "collsweep/models/spatial/sweep_spec.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "config/map_reach.hpp"
#include "families/shared/common_keys.hpp"
#include "families/shared/compare_keys.hpp"
#include "families/shared/family_traits.hpp"

namespace collsweep::families {

namespace spatial_keys {

using config::Domain;

// v1 = (-cos psi, sin psi cos phi, sin psi sin phi) in (n, t1, t2): psi = 90 would not approach.
inline const Domain kPsi{
    "psi_deg", true, 0.0, false, true, 90.0, true, true, "the angle between -v1 and the normal, in degrees"};
inline const Domain kPhi{
    "phi_deg", true,  0.0,
    false,     true,  360.0,
    false,     false, "the azimuth of v1's tangential part from b's principal axis, degrees"};
// As the planar family's: beyond cond 1e12 the rounded entries of W no longer define its shape.
inline const Domain kLog10Cond{
    "log10_cond", true,  0.0,
    false,        true,  12.0,
    false,        false, "log10 cond(W), of W itself: cond >= 1, and cond <= 1e12 for accuracy"};
inline const Domain kLog10CondM{
    "log10_cond_M", true,  0.0,
    false,          true,  12.0,
    false,          false, "log10 cond(M) (of M, not W): cond >= 1, and cond <= 1e12 for accuracy"};
// The canonical form (plan.hpp): a = 1, b = diag(b1, b2), c^T b^-1 c = r^2.
inline const Domain kLog10B{
    "log10_b", true,  -6.0,
    false,     true,  6.0,
    false,     false, "log10 of an eigenvalue of W's tangential block b, with W_nn = 1"};
inline const Domain kCoupling{"coupling", true, 0.0,
                              false,      true, 1.0,
                              true,       true, "r with r^2 = c^T b^-1 c / W_nn; r = 1 is a singular W"};
inline const Domain kMassRatio{"mass_ratio", true, 0.0, true, false, 0.0, false, false, "m2 / m1 > 0"};
inline const Domain kLever{
    "lever", true,  0.0,
    false,   false, 0.0,
    false,   false, "a mass centre's distance from the contact point, in units of the body's size"};

inline constexpr std::int64_t min_mechanism_dof =
    3;  // W = J M^-1 J^T with J 3 x dof is SPD only for dof >= 3

inline const config::Choices<SpatialMatrixKind>& matrix_kinds() {
  static const config::Choices<SpatialMatrixKind> c{
      {{SpatialMatrixKind::direct, "direct"},
       {SpatialMatrixKind::canonical, "canonical"},
       {SpatialMatrixKind::bodies, "bodies"},
       {SpatialMatrixKind::mechanism, "mechanism"},
       {SpatialMatrixKind::fixed, "fixed"}},
      "",
      {"wishart", "shape"},
      "a matrix kind of the planar or multi-contact family; the spatial W is drawn by kind = direct, "
      "canonical, bodies, mechanism, fixed",
      "matrix kind"};
  return c;
}

// matrix.W of kind = "fixed": [W_nn, W_n1, W_n2, W_11, W_12, W_22], symmetric positive definite
// (config_keys.cpp).
config::CustomKey fixed_W_key(Delassus3& W, bool required);

}  // namespace spatial_keys

}  // namespace collsweep::families

namespace collsweep {

// The values a map quantity can take under the plan (a superset; families/spatial/map_reach.cpp), so that a
// map no sample reaches is rejected.
ValueRange reachable_range(const SpatialSamplePlan& plan, SpatialQuantity q);

}  // namespace collsweep

namespace collsweep::families {

template <>
struct FamilyTraits<SpatialSweepSpec> {
  static constexpr const char* name = "spatial";
  static constexpr const char* in_words = "spatial";
  using Law = SpatialLaw;
  static constexpr int law_count = spatial_law_count;
  static const char* law_name(Law l) { return collsweep::law_name(l); }
  static bool parse_law(const std::string& s, Law* out) { return collsweep::parse_law(s.c_str(), out); }
  static std::string law_stem(const std::string& s) {
    return s.size() > 3 && s.compare(s.size() - 3, 3, "-3d") == 0 ? s.substr(0, s.size() - 3) : s;
  }
  static std::string law_of_stem(const std::string& stem) { return stem + "-3d"; }
  using Quantity = SpatialQuantity;
  static constexpr bool writes_samples_npy = false;  // run.samples_npy
  // --W and --v take six and three numbers here (the planar laws three and two); --bodies FILE is the
  // two-body form (solve_spatial.cpp).
  // (with the law parameters' own, for_each_parameter)
  static constexpr const char* solve_options[] = {"--W", "--v", "--bodies"};
  static constexpr const char* eval_options[] = {"--constraints"};

  // f(ParameterRow) for each law parameter (models/spatial/parameters.hpp).
  template <class F>
  static void for_each_parameter(F&& f) {
    COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_HOST_PARAMETER_ROW)
  }

  template <class V>
  static void keys(V& v, RunSettings& run, SpatialSweepSpec& s) {
    using namespace spatial_keys;
    SpatialSamplePlan& p = s.plan;
    SpatialMatrixDist& W = p.W;
    model_keys(v, [] {});
    run_keys(v, run, s, [&] {
      v.custom("compare", compare_pairs_key(s), config::When{});
      v.custom("constraints", constraints_key(s.constraints), config::When{});
    });

    v.section("matrix", nullptr);
    v.choice("kind", W.kind, matrix_kinds(), config::KeyRules<SpatialMatrixKind>{});
    const auto when = [&](SpatialMatrixKind k, const char* hint = "") {
      const auto& names = matrix_kinds();
      return config::When{W.kind == k, "matrix.kind", names.name_of(W.kind), names.name_of(k), hint};
    };
    v.scalar(
        "log10_cond", W.log10_cond, kLog10Cond,
        when(SpatialMatrixKind::direct, W.kind == SpatialMatrixKind::mechanism ? kMechanismCondHint : ""));
    v.scalar("log10_b", W.log10_b, kLog10B, when(SpatialMatrixKind::canonical));
    v.scalar("coupling", W.coupling, kCoupling, when(SpatialMatrixKind::canonical));
    v.boolean("ground", W.ground, config::KeyRules<bool>{}, when(SpatialMatrixKind::bodies));
    // Body 2 as fixed ground has no mass: mass_ratio is then not read.
    config::When mass = when(SpatialMatrixKind::bodies);
    if (W.kind == SpatialMatrixKind::bodies && W.ground)
      mass = config::When{false, "matrix.ground", "true", "bodies",
                          " with ground = false: body 2 is fixed ground here"};
    v.scalar("mass_ratio", W.mass_ratio, kMassRatio, mass);
    v.scalar("lever", W.lever, kLever, when(SpatialMatrixKind::bodies));
    v.integer("dof", W.mechanism_dof, min_mechanism_dof, max_mechanism_dof, config::KeyRules<std::uint32_t>{},
              when(SpatialMatrixKind::mechanism));
    v.scalar("log10_cond_M", W.log10_cond_M, kLog10CondM,
             when(SpatialMatrixKind::mechanism, W.kind == SpatialMatrixKind::direct ? kDirectCondHint : ""));
    v.custom("W", fixed_W_key(W.fixed, W.kind == SpatialMatrixKind::fixed), when(SpatialMatrixKind::fixed));

    v.section("approach", nullptr);
    v.scalar("psi_deg", p.psi_deg, kPsi);
    v.scalar("phi_deg", p.phi_deg, kPhi);

    parameter_keys(v, s);

    map_keys(v, s);
  }
};

}  // namespace collsweep::families
