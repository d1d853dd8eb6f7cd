// One law as `collsweep fit` evaluates it: eval's own row evaluation (ColumnEvaluator, so the predictions
// equal `collsweep eval`'s bit for bit) on every used impact at given parameter values, on CPU threads or,
// batched, on the GPU (the same kernels/ code compiled by nvcc: the same bits).
#pragma once

#include <Eigen/Dense>
#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "fit/fit_loss.hpp"
#include "fit/impact_set.hpp"
#include "vocabulary/eval_table.hpp"
#include "vocabulary/impact_space.hpp"

namespace collsweep::fit {

// The GPU could not evaluate a batch (no device, a CUDA call that failed): the message names why.
class GpuFailure : public std::runtime_error {
 public:
  explicit GpuFailure(const std::string& why) : std::runtime_error("the GPU: " + why) {}
};

// A law's prediction for one impact.
struct Prediction {
  bool ok = false;
  std::string status;          // eval's status field ("ok", "invalid: ...")
  Eigen::VectorXd v, impulse;  // the post-impact contact velocity and the impulse (eval's output columns)
};

class LawModel {
 public:
  // The law's parameters are the space's parameters with a column among the evaluator's inputs.
  LawModel(std::string law, ColumnEvaluator evaluator, const ImpactSpace& space);

  const std::string& law() const { return law_; }
  const std::vector<FitParameter>& parameters() const { return parameters_; }

  // The prediction for one impact at parameter values theta (one per parameter, in parameters() order).
  Prediction predict(const Impact& impact, const std::vector<double>& theta) const;

  // Every impact's loss at theta, on `threads` threads (0: every usable core; +inf where the law is invalid).
  std::vector<double> losses(const std::vector<const Impact*>& impacts, const std::vector<double>& theta,
                             Loss loss, int threads) const;

  // The losses at several points, points.size() × impacts.size(), row by point.
  std::vector<std::vector<double>> losses_at(const std::vector<const Impact*>& impacts,
                                             const std::vector<std::vector<double>>& points, Loss loss,
                                             int threads) const;

  std::size_t evaluations() const { return evaluations_.load(); }

  // Whether the law has a GPU path (eval's gpu_rows); use_gpu(true) sends every later call of losses and
  // losses_at of at least min_rows (point, impact) rows there, in batches (false where the law has none: it
  // stays on the CPU). The same bits either way; smaller calls (a Nelder–Mead step: one point) stay on the
  // CPU threads, where they cost less than a GPU batch's launch and copies.
  static constexpr std::size_t gpu_min_rows = std::size_t{1} << 16;
  bool has_gpu_path() const { return static_cast<bool>(evaluator_.gpu_rows); }
  bool use_gpu(bool on, std::size_t min_rows = gpu_min_rows);
  bool on_gpu() const { return gpu_; }

 private:
  void fill_inputs(const Impact& impact, const std::vector<double>& theta, double* values) const;
  double loss_of(const Impact& impact, const std::vector<double>& theta, Loss loss,
                 std::vector<double>& values) const;
  std::vector<std::vector<double>> losses_on_gpu(const std::vector<const Impact*>& impacts,
                                                 const std::vector<std::vector<double>>& points, Loss loss,
                                                 int threads) const;

  std::string law_;
  ColumnEvaluator evaluator_;
  const ImpactSpace* space_;
  std::vector<FitParameter> parameters_;
  std::vector<int> input_W_, input_v_;  // per input: W's flat index (i, j) or v's index, -1
  std::vector<int> input_parameter_;    // per input: the parameter it takes, -1
  std::vector<std::size_t> output_v_, output_impulse_;
  mutable std::atomic<std::size_t> evaluations_{0};
  bool gpu_ = false;
  std::size_t gpu_min_rows_ = gpu_min_rows;
};

}  // namespace collsweep::fit
