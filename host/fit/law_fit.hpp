// Fitting one law's parameters to measured impacts: a grid over the box, refined around its best cells, a
// Nelder–Mead polish; percentile intervals from a seeded bootstrap over the impacts; loss maps over each
// pair of parameters. Deterministic: the same inputs and seed give the same bits on any thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fit/law_model.hpp"
#include "fit/parameter_box.hpp"

namespace collsweep::fit {

struct FitSettings {
  Loss loss = Loss::contact;
  Aggregate aggregate = Aggregate::mean;
  int bootstrap = 200;  // replicates (0: no intervals)
  std::uint64_t seed = 1;
  int threads = 0;         // 0: every core
  int grid_points = 1024;  // about this many points in the first grid
  bool loss_maps = true;
};

// The aggregate loss over one or two parameters, the others at their fitted values.
struct LossMap {
  std::vector<std::string> axes;            // one or two parameter names
  std::vector<std::vector<double>> points;  // each point's axis values
  std::vector<double> loss;                 // +inf where the law is invalid
};

struct LawFitResult {
  std::string law;
  std::vector<Dimension> box;
  std::vector<double> value, lo, hi;  // lo and hi NaN without an interval (no bootstrap, held, no effect)
  // Whether the parameter changes the loss at all: false when the loss is the same (to 1e-12 relative) at
  // nine values across its box, the others at their fitted values (e_t when μ = 0): the data cannot tell
  // its value, which is then arbitrary.
  std::vector<char> effect;
  double loss_value = 0.0;
  std::vector<double> impact_losses;    // at the fitted values, per impact
  std::vector<Prediction> predictions;  // at the fitted values, per impact
  std::vector<LossMap> maps;
  std::size_t evaluations = 0;  // law evaluations (impacts × parameter points)
  int replicates_failed = 0;    // bootstrap replicates with no finite loss
  double seconds = 0.0;
  std::string backend;  // where the law was evaluated: cpu or cuda
};

LawFitResult fit_law(const LawModel& model, const std::vector<const Impact*>& impacts,
                     std::vector<Dimension> box, const FitSettings& settings);

// The bootstrap counts of replicate r over n impacts (n draws with replacement, Philox keyed by the seed).
std::vector<unsigned> bootstrap_counts(std::uint64_t seed, std::uint64_t replicate, std::size_t n);

// Nelder–Mead over the free continuous dimensions `free` of `start` (the others held), points clamped to
// the box; f(point) -> value. Stops when the simplex spans at most `tolerance` of each range, or its values
// differ by at most tolerance / 100 relative. Deterministic; at most max_evaluations calls.
std::vector<double> nelder_mead(const std::vector<Dimension>& box, const std::vector<std::size_t>& free,
                                std::vector<double> start, const std::vector<double>& step,
                                const std::function<double(const std::vector<double>&)>& f,
                                int max_evaluations, double tolerance, double* best_value);

}  // namespace collsweep::fit
