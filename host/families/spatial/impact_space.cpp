// fit's view of the spatial family: the contact space (W 3 × 3, v = (v_n, v_1, v_2)) and the body form of
// an impact (one body on the plane z = 0: n = +z, t1 = x, t2 = y; lever arm, mass, isotropic inertia).
#include "families/shared/parameter_rows.hpp"
#include "families/spatial/commands.hpp"
#include "families/spatial/family.hpp"

namespace collsweep::families {
namespace {

// Body columns: the contact point relative to the mass centre r1 (world frame), u = (v, ω) in the world
// frame before and after. M = diag(m, m, m, I, I, I): an isotropic inertia (a cube, a sphere).
const std::vector<std::string>& spatial_body_columns() {
  static const std::vector<std::string> names = {
      "mass", "inertia", "r1_x",     "r1_y",     "r1_z",     "u_x",       "u_y",       "u_z",      "u_wx",
      "u_wy", "u_wz",    "u_x_post", "u_y_post", "u_z_post", "u_wx_post", "u_wy_post", "u_wz_post"};
  return names;
}

// The contact velocity along d is d · (v + ω × r) = [dᵀ, (r × d)ᵀ] u.
std::string spatial_body(const double* x, BodyImpact& out) {
  const double m = x[0], inertia = x[1];
  if (!(m > 0.0) || !(inertia > 0.0)) return "mass and inertia must be positive";
  const Eigen::Vector3d r(x[2], x[3], x[4]);
  const Eigen::Vector3d dirs[3] = {Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitX(),
                                   Eigen::Vector3d::UnitY()};
  Eigen::Matrix<double, 3, 6> J;
  for (int i = 0; i < 3; ++i) {
    J.block<1, 3>(i, 0) = dirs[i].transpose();
    J.block<1, 3>(i, 3) = r.cross(dirs[i]).transpose();
  }
  Eigen::Matrix<double, 6, 1> minv;
  minv << 1.0 / m, 1.0 / m, 1.0 / m, 1.0 / inertia, 1.0 / inertia, 1.0 / inertia;
  out.B = minv.asDiagonal() * J.transpose();
  out.W = J * out.B;
  out.u = Eigen::Map<const Eigen::Matrix<double, 6, 1>>(x + 5);
  out.u_post = Eigen::Map<const Eigen::Matrix<double, 6, 1>>(x + 11);
  out.v = J * out.u;
  out.v_post = J * out.u_post;
  return "";
}

}  // namespace

ImpactSpace impact_space(families::FamilyTag<SpatialSweepSpec>, const std::vector<std::string>&,
                         const std::string&) {
  ImpactSpace s;
  s.family = "spatial";
  s.tangents = 2;
  s.normal_rows = {0};
  s.W = {"W_nn", "W_n1", "W_n2", "W_11", "W_12", "W_22"};
  s.v = {"v_n", "v_1", "v_2"};
  s.predicted = {"vf_n", "vf_1", "vf_2"};
  s.impulse = {"I_n", "I_1", "I_2"};
  for (const ParameterInfo& p : parameter_infos<SpatialSweepSpec>())
    s.parameters.push_back({p.name, {p.name}, p.domain, p.meaning});
  s.body_columns = spatial_body_columns();
  s.body = spatial_body;
  return s;
}

}  // namespace collsweep::families
