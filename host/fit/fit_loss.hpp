// The losses of `collsweep fit`: one impact's misfit between a law's predicted and the measured post-impact
// velocities, and their aggregate over the impacts (mean or median, with bootstrap weights).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "fit/impact_set.hpp"

namespace collsweep::fit {

// contact:     |v⁺_pred − v⁺_meas| / |v⁺_meas| in contact space;
// generalized: |u⁺_pred − u⁺_meas| / |u⁺_meas|, u⁺_pred = u⁻ + M⁻¹Jᵀ P (Fazeli et al. 2017's metric; needs
//              the body columns);
// weighted:    |e|_W⁻¹ / |v⁺_meas|_W⁻¹, e = v⁺_pred − v⁺_meas, |x|²_W⁻¹ = xᵀW⁻¹x: twice the kinetic energy
//              of the misfit over twice that of the measured post-impact motion (needs W invertible).
// A zero denominator falls back to the pre-impact velocity's norm.
enum class Loss { contact, generalized, weighted };
enum class Aggregate { mean, median };

const char* loss_name(Loss l);
const char* aggregate_name(Aggregate a);
bool parse_loss(const std::string& s, Loss* out);
bool parse_aggregate(const std::string& s, Aggregate* out);

// Why `impact` cannot be fitted with loss l ("" when it can).
std::string loss_problem(Loss l, const Impact& impact);

double impact_loss(Loss l, const Impact& impact, const Eigen::VectorXd& v_pred,
                   const Eigen::VectorXd& impulse);

// The weighted mean or weighted median (the smallest value at which the cumulative weight reaches half the
// total) of values[i] with integer weights[i] (empty: all 1). +inf when any weighted value is not finite.
double aggregate(Aggregate a, const std::vector<double>& values, const std::vector<unsigned>& weights);

}  // namespace collsweep::fit
