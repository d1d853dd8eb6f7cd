// fit's view of the planar family: the contact space (W 2 × 2, v = (v_n, v_t)) and the body form of an
// impact (one body on a fixed obstacle: mass, inertia, the Jacobian rows, the generalized velocities).
#include <cmath>

#include "families/planar/commands.hpp"
#include "families/planar/family.hpp"
#include "families/shared/parameter_rows.hpp"

namespace collsweep::families {
namespace {

// Body columns: M = diag(m, m, I) in (x, y, θ); J's rows J_n, J_t as measured; u = (ẋ, ẏ, ω).
const std::vector<std::string>& planar_body_columns() {
  static const std::vector<std::string> names = {"mass",  "inertia",  "J_n_x",    "J_n_y",   "J_n_w",
                                                 "J_t_x", "J_t_y",    "J_t_w",    "u_x",     "u_y",
                                                 "u_w",   "u_x_post", "u_y_post", "u_w_post"};
  return names;
}

std::string planar_body(const double* x, BodyImpact& out) {
  const double m = x[0], inertia = x[1];
  if (!(m > 0.0) || !(inertia > 0.0)) return "mass and inertia must be positive";
  Eigen::Matrix<double, 2, 3> J;
  J << x[2], x[3], x[4], x[5], x[6], x[7];
  const Eigen::Vector3d minv(1.0 / m, 1.0 / m, 1.0 / inertia);
  out.B = minv.asDiagonal() * J.transpose();
  out.W = J * out.B;
  out.u = Eigen::Vector3d(x[8], x[9], x[10]);
  out.u_post = Eigen::Vector3d(x[11], x[12], x[13]);
  out.v = J * out.u;
  out.v_post = J * out.u_post;
  return "";
}

}  // namespace

ImpactSpace impact_space(families::FamilyTag<PlanarSweepSpec>, const std::vector<std::string>&,
                         const std::string&) {
  ImpactSpace s;
  s.family = "planar";
  s.normal_rows = {0};
  s.W = {"W_nn", "W_nt", "W_tt"};
  s.v = {"v_n", "v_t"};
  s.predicted = {"v_n2", "v_t2"};
  s.impulse = {"I_n", "I_t"};
  for (const ParameterInfo& p : parameter_infos<PlanarSweepSpec>())
    s.parameters.push_back({p.name, {p.name}, p.domain, p.meaning});
  s.body_columns = planar_body_columns();
  s.body = planar_body;
  return s;
}

}  // namespace collsweep::families
