// The losses and aggregates of `collsweep fit` (fit_loss.hpp).
#include "fit/fit_loss.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace collsweep::fit {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double relative(double error, double scale, double fallback) {
  const double d = scale > 0.0 ? scale : fallback;
  return d > 0.0 ? error / d : kInf;
}

}  // namespace

const char* loss_name(Loss l) {
  switch (l) {
    case Loss::contact:
      return "contact";
    case Loss::generalized:
      return "generalized";
    case Loss::weighted:
      return "weighted";
  }
  return "";
}

const char* aggregate_name(Aggregate a) { return a == Aggregate::mean ? "mean" : "median"; }

bool parse_loss(const std::string& s, Loss* out) {
  for (Loss l : {Loss::contact, Loss::generalized, Loss::weighted})
    if (s == loss_name(l)) {
      *out = l;
      return true;
    }
  return false;
}

bool parse_aggregate(const std::string& s, Aggregate* out) {
  for (Aggregate a : {Aggregate::mean, Aggregate::median})
    if (s == aggregate_name(a)) {
      *out = a;
      return true;
    }
  return false;
}

std::string loss_problem(Loss l, const Impact& impact) {
  if (l == Loss::generalized && impact.B.size() == 0)
    return "the generalized loss needs the body columns (mass, inertia, the Jacobian or lever arm, u before "
           "and "
           "after)";
  if (l == Loss::weighted && impact.W_inverse.size() == 0) return "the weighted loss needs an invertible W";
  return "";
}

double impact_loss(Loss l, const Impact& im, const Eigen::VectorXd& v_pred, const Eigen::VectorXd& impulse) {
  switch (l) {
    case Loss::contact:
      return relative((v_pred - im.v_post).norm(), im.v_post.norm(), im.v.norm());
    case Loss::generalized: {
      const Eigen::VectorXd u_pred = im.u + im.B * impulse;
      return relative((u_pred - im.u_post).norm(), im.u_post.norm(), im.u.norm());
    }
    case Loss::weighted: {
      const Eigen::VectorXd e = v_pred - im.v_post;
      const auto energy_norm = [&](const Eigen::VectorXd& x) {
        return std::sqrt(std::max(0.0, x.dot(im.W_inverse * x)));
      };
      return relative(energy_norm(e), energy_norm(im.v_post), energy_norm(im.v));
    }
  }
  return kInf;
}

double aggregate(Aggregate a, const std::vector<double>& values, const std::vector<unsigned>& weights) {
  const auto weight = [&](std::size_t i) { return weights.empty() ? 1u : weights[i]; };
  if (a == Aggregate::mean) {
    double sum = 0.0;
    unsigned long long total = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (weight(i) == 0u) continue;
      if (!std::isfinite(values[i])) return kInf;
      sum += weight(i) * values[i];
      total += weight(i);
    }
    return total ? sum / static_cast<double>(total) : kInf;
  }
  std::vector<std::size_t> order;
  unsigned long long total = 0;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (weight(i) > 0u) {
      if (!std::isfinite(values[i])) return kInf;
      order.push_back(i);
      total += weight(i);
    }
  if (order.empty()) return kInf;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return values[x] < values[y] || (values[x] == values[y] && x < y);
  });
  unsigned long long cumulative = 0;
  for (std::size_t i : order) {
    cumulative += weight(i);
    if (2 * cumulative >= total) return values[i];
  }
  return values[order.back()];
}

}  // namespace collsweep::fit
