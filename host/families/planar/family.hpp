// The planar family in host code: one contact, W 2 x 2 (Djerassi 2009/2010's laws, Chatterjee 1997's Law II);
// its names and its config keys, written once for the reader and the resolved-config writers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "collsweep/models/planar/sweep_spec.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "config/map_reach.hpp"
#include "families/shared/common_keys.hpp"
#include "families/shared/compare_keys.hpp"
#include "families/shared/family_traits.hpp"

namespace collsweep::families {

namespace planar_keys {

using config::Domain;

inline const Domain kTheta{"theta_deg", true, 0.0,
                           false,       true, 90.0,
                           true,        true, "the angle between -v1 and the normal, in degrees"};
// Condition numbers are capped at 1e12: beyond it the rounded entries of W no longer define its shape
// (the sampler's accuracy drops like eps * cond, and near 1e16 W is singular to working precision).
inline const Domain kLog10Cond{
    "log10_cond", true,  0.0,
    false,        true,  12.0,
    false,        false, "log10 cond(W), of W itself: cond >= 1, and cond <= 1e12 for accuracy"};
inline const Domain kLog10CondM{
    "log10_cond_M", true,  0.0,
    false,          true,  12.0,
    false,          false, "log10 cond(M) (of M, not W): cond >= 1, and cond <= 1e12 for accuracy"};
inline const Domain kRho{"rho", true,  -1.0,
                         true,  true,  1.0,
                         true,  false, "rho = m_nt / sqrt(m_nn m_tt); |rho| = 1 is a singular W"};
inline const Domain kKappa{"kappa", true, 0.0, true, false, 0.0, false, false, "kappa = sqrt(m_nn / m_tt)"};

inline constexpr std::int64_t max_wishart_dof = 10000;

inline const config::Choices<MatrixKind>& matrix_kinds() {
  static const config::Choices<MatrixKind> c{{{MatrixKind::direct, "direct"},
                                              {MatrixKind::wishart, "wishart"},
                                              {MatrixKind::mechanism, "mechanism"},
                                              {MatrixKind::fixed, "fixed"},
                                              {MatrixKind::shape, "shape"}},
                                             "",
                                             {"canonical", "bodies"},
                                             "a spatial matrix kind; the planar W is drawn by kind = direct, "
                                             "wishart, mechanism, fixed, shape",
                                             "matrix kind"};
  return c;
}

// matrix.W of kind = "fixed": [m_nn, m_nt, m_tt], symmetric positive definite.
config::CustomKey fixed_W_key(Delassus2& W, bool required);

}  // namespace planar_keys

}  // namespace collsweep::families

namespace collsweep {

// The values a map quantity can take under the plan (a superset; families/planar/map_reach.cpp), so that a
// map no sample reaches is rejected.
ValueRange reachable_range(const PlanarSamplePlan& plan, PlanarQuantity q);

}  // namespace collsweep

namespace collsweep::families {

template <>
struct FamilyTraits<PlanarSweepSpec> {
  static constexpr const char* name = "planar";
  static constexpr const char* in_words = "planar";
  using Law = PlanarLaw;
  static constexpr int law_count = planar_law_count;
  static const char* law_name(Law l) { return collsweep::law_name(l); }
  static bool parse_law(const std::string& s, Law* out) { return collsweep::parse_law(s.c_str(), out); }
  static std::string law_stem(const std::string& s) { return s; }
  static std::string law_of_stem(const std::string& stem) { return stem; }
  using Quantity = PlanarQuantity;
  // The options of `solve` and `eval` that only this family reads (--law, --mu, --json, --in, --out are
  // everyone's); cli/family_options.cpp rejects them for another family's law.
  static constexpr bool writes_samples_npy = true;  // run.samples_npy (planar_outputs.hpp)
  // (with the law parameters' own, for_each_parameter)
  static constexpr const char* solve_options[] = {"--W", "--v", "--M", "--J", "--dof", "--u"};
  static constexpr const char* eval_options[] = {"--constraints"};

  // f(ParameterRow) for each law parameter (models/planar/parameters.hpp).
  template <class F>
  static void for_each_parameter(F&& f) {
    COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_HOST_PARAMETER_ROW)
  }

  template <class V>
  static void keys(V& v, RunSettings& run, PlanarSweepSpec& s) {
    using namespace planar_keys;
    PlanarSamplePlan& p = s.plan;
    MatrixDist& W = p.W;
    model_keys(v, [] {});
    run_keys(v, run, s, [&] {
      v.custom("compare", compare_pairs_key(s), config::When{});
      v.custom("constraints", constraints_key(s.constraints), config::When{});
    });

    v.section("matrix", nullptr);
    v.choice("kind", W.kind, matrix_kinds(), config::KeyRules<MatrixKind>{});
    const auto when = [&](MatrixKind k, const char* hint = "") {
      const auto& names = matrix_kinds();
      return config::When{W.kind == k, "matrix.kind", names.name_of(W.kind), names.name_of(k), hint};
    };
    v.scalar("log10_cond", W.log10_cond, kLog10Cond,
             when(MatrixKind::direct, W.kind == MatrixKind::mechanism ? kMechanismCondHint : ""));
    v.integer("dof", W.wishart_dof, 2, max_wishart_dof, config::KeyRules<std::uint32_t>{},
              when(MatrixKind::wishart));
    v.integer("dof", W.mechanism_dof, 2, max_mechanism_dof, config::KeyRules<std::uint32_t>{},
              when(MatrixKind::mechanism));
    v.scalar("log10_cond_M", W.log10_cond_M, kLog10CondM,
             when(MatrixKind::mechanism, W.kind == MatrixKind::direct ? kDirectCondHint : ""));
    v.scalar("rho", W.rho, kRho, when(MatrixKind::shape));
    v.scalar("kappa", W.kappa, kKappa, when(MatrixKind::shape));
    v.custom("W", fixed_W_key(W.fixed, W.kind == MatrixKind::fixed), when(MatrixKind::fixed));

    v.section("approach", nullptr);
    v.scalar("theta_deg", p.theta_deg, kTheta);
    v.boolean("random_tangent_sign", p.random_tangent_sign, config::KeyRules<bool>{});

    parameter_keys(v, s);

    map_keys(v, s);
  }
};

}  // namespace collsweep::families
