// What `collsweep fit` needs to know of a model family: the contact space of a measured impact (the eval
// columns of W and the pre-impact velocity, the outputs holding the predicted velocity and impulse), the
// law parameters a fit may vary, and how a row of body columns gives W, the velocities and M⁻¹Jᵀ.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "collsweep/sampling/parameter_rows.hpp"

namespace collsweep {
inline namespace vocabulary {

// One fitted parameter: its name (the eval column, or for a per-contact coefficient the name shared by its
// columns: mu for mu_1 ... mu_k), the eval input columns it sets, its domain and meaning.
struct FitParameter {
  std::string name;
  std::vector<std::string> columns;
  ParameterDomain domain;
  std::string meaning;
};

// One impact from body columns: W = J M⁻¹ Jᵀ, the contact velocities v = J u before and after, and what
// the generalized loss needs: B = M⁻¹ Jᵀ (so u⁺ = u⁻ + B P) and the generalized velocities.
struct BodyImpact {
  Eigen::MatrixXd W, B;
  Eigen::VectorXd v, v_post, u, u_post;
};

// The contact space of a family's impacts with `contacts` contacts. Vectors are in the order of `v`.
struct ImpactSpace {
  const char* family = "";  // in words, for messages
  int contacts = 1;
  int tangents = 1;                      // 1: planar; 2: spatial
  std::vector<int> normal_rows;          // positions of the normal components in v (one per contact)
  std::vector<std::string> W;            // eval columns of W's upper triangle, row by row (i <= j)
  std::vector<std::string> v;            // eval columns of the pre-impact contact velocity
  std::vector<std::string> predicted;    // eval outputs: the post-impact contact velocity
  std::vector<std::string> impulse;      // eval outputs: the impulse
  std::vector<FitParameter> parameters;  // every parameter any law of the family reads, in table order
  // The body form: its columns, and one row's values (in that order) into an impact; returns "" or why the
  // row cannot be used. Empty when the family has no body form.
  std::vector<std::string> body_columns;
  std::function<std::string(const double* values, BodyImpact& out)> body;

  int size() const { return static_cast<int>(v.size()); }
  // The column of W(i, j) (either triangle).
  const std::string& W_column(int i, int j) const;
  // Each measured post-impact column: the pre-impact column's name + "_post".
  std::vector<std::string> post_columns() const;
  // Every eval input a law of the family may read: W, v and every parameter's columns (the names that give
  // the family's EvalTable::columns its laws' evaluators).
  std::vector<std::string> eval_inputs() const;
};

inline const std::string& ImpactSpace::W_column(int i, int j) const {
  if (i > j) std::swap(i, j);
  const int n = size();
  return W[static_cast<std::size_t>(i * n - i * (i - 1) / 2 + (j - i))];
}

inline std::vector<std::string> ImpactSpace::post_columns() const {
  std::vector<std::string> names;
  for (const std::string& name : v) names.push_back(name + "_post");
  return names;
}

inline std::vector<std::string> ImpactSpace::eval_inputs() const {
  std::vector<std::string> names = W;
  names.insert(names.end(), v.begin(), v.end());
  for (const FitParameter& p : parameters) names.insert(names.end(), p.columns.begin(), p.columns.end());
  return names;
}

}  // namespace vocabulary
}  // namespace collsweep
