// One law's fit to measured impacts (law_fit.hpp).
#include "fit/law_fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

#include "collsweep/random/philox.hpp"
#include "fit/parallel_for.hpp"

namespace collsweep::fit {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kRefinements = 2;
// The polish stops when the simplex spans this fraction of each parameter's range (or the loss values within
// a hundredth of it, relative): the fit to 1e-10, a bootstrap replicate to 1e-6 (its spread is the
// interval's, far wider).
constexpr double kFitTolerance = 1e-10;
constexpr double kReplicateTolerance = 1e-6;
constexpr int kRestarts = 4;
// Polishes: from the refined best point and three more, apart on the first grid.
constexpr std::size_t kStarts = 4;
constexpr int kProfilePoints = 9;  // across a parameter's box, to tell whether it has any effect
constexpr int kMapPoints2 = 25;    // per axis of a two-parameter loss map
constexpr int kMapPoints1 = 101;   // of a one-parameter loss map

bool continuous_free(const Dimension& d) { return !d.fixed && !d.integer && d.hi > d.lo; }

std::vector<double> linspace(double lo, double hi, int n) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = n == 1 ? lo : lo + (hi - lo) * i / (n - 1);
  if (n > 1) v.back() = hi;
  return v;
}

// The Cartesian product of per-dimension value lists, the first dimension fastest.
std::vector<std::vector<double>> product(const std::vector<std::vector<double>>& axes) {
  std::vector<std::vector<double>> points(1);
  for (const std::vector<double>& axis : axes) {
    std::vector<std::vector<double>> next;
    next.reserve(points.size() * axis.size());
    for (double x : axis)
      for (const std::vector<double>& p : points) {
        next.push_back(p);
        next.back().push_back(x);
      }
    points.swap(next);
  }
  return points;
}

// The first grid: `budget` points shared out over the continuous dimensions (3 to 33 values each), every
// candidate of the integer ones, the held values.
std::vector<std::vector<double>> first_grid(const std::vector<Dimension>& box, int budget,
                                            std::vector<double>* cell) {
  std::size_t combos = 1;
  int continuous = 0;
  for (const Dimension& d : box) {
    if (continuous_free(d))
      ++continuous;
    else if (!d.fixed && d.integer)
      combos *= d.values.size();
  }
  int per = 1;
  if (continuous > 0) {
    const double share = std::max(1.0, static_cast<double>(budget) / static_cast<double>(combos));
    per = std::clamp(static_cast<int>(std::floor(std::pow(share, 1.0 / continuous) + 1e-9)), 3, 33);
  }
  std::vector<std::vector<double>> axes;
  cell->assign(box.size(), 0.0);
  for (std::size_t i = 0; i < box.size(); ++i) {
    const Dimension& d = box[i];
    if (continuous_free(d)) {
      axes.push_back(linspace(d.lo, d.hi, per));
      (*cell)[i] = (d.hi - d.lo) / (per - 1);
    } else if (d.integer && !d.fixed) {
      axes.push_back(d.values);
    } else {
      axes.push_back({d.lo});
    }
  }
  return product(axes);
}

std::size_t best_index(const std::vector<double>& values) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < values.size(); ++i)
    if (values[i] < values[best]) best = i;
  return best;
}

std::vector<double> aggregate_rows(const std::vector<std::vector<double>>& rows, Aggregate a,
                                   const std::vector<unsigned>& weights) {
  std::vector<double> v;
  v.reserve(rows.size());
  for (const std::vector<double>& r : rows) v.push_back(aggregate(a, r, weights));
  return v;
}

// Type-7 quantile of sorted values.
double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return kNaN;
  const double h = (sorted.size() - 1) * q;
  const std::size_t i = static_cast<std::size_t>(std::floor(h));
  if (i + 1 >= sorted.size()) return sorted.back();
  return sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]);
}

}  // namespace

std::vector<unsigned> bootstrap_counts(std::uint64_t seed, std::uint64_t replicate, std::size_t n) {
  std::vector<unsigned> counts(n, 0u);
  SampleRng rng(seed, 0u, replicate);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = std::min(n - 1, static_cast<std::size_t>(rng.uniform() * static_cast<double>(n)));
    ++counts[i];
  }
  return counts;
}

namespace {

// One Nelder–Mead descent (reflection 1, expansion 2, contraction and shrink ½) from a simplex of `start`
// and one step along each free dimension; counts its calls in *evaluations.
std::vector<double> nelder_mead_pass(const std::vector<Dimension>& box, const std::vector<std::size_t>& free,
                                     const std::vector<double>& start, const std::vector<double>& step,
                                     const std::function<double(const std::vector<double>&)>& f,
                                     int max_evaluations, double tolerance, int& evaluations,
                                     double* best_value) {
  const std::size_t d = free.size();
  const auto clamp_point = [&](std::vector<double> x) {
    for (std::size_t k : free) x[k] = std::clamp(x[k], box[k].lo, box[k].hi);
    return x;
  };
  struct Vertex {
    std::vector<double> x;
    double f;
  };
  const auto eval = [&](std::vector<double> x) {
    x = clamp_point(std::move(x));
    ++evaluations;
    const double v = f(x);
    return Vertex{std::move(x), std::isnan(v) ? kInf : v};
  };
  std::vector<Vertex> simplex;
  simplex.push_back(eval(start));
  if (d == 0) {
    *best_value = simplex[0].f;
    return simplex[0].x;
  }
  for (std::size_t k = 0; k < d; ++k) {
    std::vector<double> x = simplex[0].x;
    const std::size_t i = free[k];
    const double s = step[i] > 0.0 ? step[i] : 0.05 * (box[i].hi - box[i].lo);
    x[i] = x[i] + s <= box[i].hi ? x[i] + s : x[i] - s;
    simplex.push_back(eval(x));
  }
  const auto order = [&] {
    std::stable_sort(simplex.begin(), simplex.end(),
                     [](const Vertex& a, const Vertex& b) { return a.f < b.f; });
  };
  const auto combine = [&](const std::vector<double>& c, const std::vector<double>& x, double t) {
    std::vector<double> y = c;
    for (std::size_t k : free) y[k] = c[k] + t * (x[k] - c[k]);
    return y;
  };
  order();
  while (evaluations < max_evaluations) {
    const double spread_f = simplex.back().f - simplex.front().f;
    double extent = 0.0;
    for (std::size_t v = 1; v <= d; ++v)
      for (std::size_t k : free)
        extent = std::max(extent, std::abs(simplex[v].x[k] - simplex[0].x[k]) / (box[k].hi - box[k].lo));
    if ((std::isfinite(spread_f) && spread_f <= tolerance * 1e-2 * std::abs(simplex.front().f)) ||
        extent <= tolerance)
      break;
    std::vector<double> centroid = simplex[0].x;
    for (std::size_t k : free) {
      double s = 0.0;
      for (std::size_t v = 0; v < d; ++v) s += simplex[v].x[k];
      centroid[k] = s / static_cast<double>(d);
    }
    Vertex& worst = simplex.back();
    const Vertex reflected = eval(combine(centroid, worst.x, -1.0));
    if (reflected.f < simplex.front().f) {
      const Vertex expanded = eval(combine(centroid, worst.x, -2.0));
      worst = expanded.f < reflected.f ? expanded : reflected;
    } else if (reflected.f < simplex[d - 1].f) {
      worst = reflected;
    } else {
      const bool outside = reflected.f < worst.f;
      const Vertex contracted = eval(combine(centroid, outside ? reflected.x : worst.x, 0.5));
      if (contracted.f < std::min(reflected.f, worst.f)) {
        worst = contracted;
      } else {
        for (std::size_t v = 1; v <= d; ++v) simplex[v] = eval(combine(simplex[0].x, simplex[v].x, 0.5));
      }
    }
    order();
  }
  *best_value = simplex.front().f;
  return simplex.front().x;
}

}  // namespace

std::vector<double> nelder_mead(const std::vector<Dimension>& box, const std::vector<std::size_t>& free,
                                std::vector<double> start, const std::vector<double>& step,
                                const std::function<double(const std::vector<double>&)>& f,
                                int max_evaluations, double tolerance, double* best_value) {
  // A simplex squeezed against the box's edge loses a dimension; a fresh one from its best point finds the
  // rest (restarts while they improve, within the budget).
  int evaluations = 0;
  double best = kInf;
  for (int restart = 0; restart < kRestarts && evaluations < max_evaluations; ++restart) {
    double value = kInf;
    std::vector<double> x =
        nelder_mead_pass(box, free, start, step, f, max_evaluations, tolerance, evaluations, &value);
    const bool improved = value < best;
    if (improved || restart == 0) {
      best = value;
      start = std::move(x);
    }
    if (!improved && restart > 0) break;
  }
  *best_value = best;
  return start;
}

LawFitResult fit_law(const LawModel& model, const std::vector<const Impact*>& impacts,
                     std::vector<Dimension> box, const FitSettings& s) {
  const auto started = std::chrono::steady_clock::now();
  const std::size_t before = model.evaluations();
  LawFitResult r;
  r.law = model.law();
  r.box = box;
  const int threads = thread_count(s.threads);
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < box.size(); ++i)
    if (continuous_free(box[i])) free.push_back(i);
  const int nm_budget = 200 + 100 * static_cast<int>(free.size());
  const int replicate_budget = 60 + 30 * static_cast<int>(free.size());

  // The first grid, every impact's loss at each point (kept for the bootstrap replicates).
  std::vector<double> cell;
  const std::vector<std::vector<double>> grid = first_grid(box, s.grid_points, &cell);
  const std::vector<std::vector<double>> grid_losses = model.losses_at(impacts, grid, s.loss, threads);
  const std::vector<double> grid_values = aggregate_rows(grid_losses, s.aggregate, {});
  std::vector<double> best = grid[best_index(grid_values)];

  // Finer grids around the best point, the integer and held values kept.
  std::vector<double> refined_cell = cell;
  for (int round = 0; round < kRefinements && !free.empty(); ++round) {
    const int per = free.size() <= 2 ? 9 : 3;
    std::vector<std::vector<double>> axes;
    for (std::size_t i = 0; i < box.size(); ++i) {
      if (std::find(free.begin(), free.end(), i) == free.end()) {
        axes.push_back({best[i]});
        continue;
      }
      const double lo = std::max(box[i].lo, best[i] - refined_cell[i]);
      const double hi = std::min(box[i].hi, best[i] + refined_cell[i]);
      axes.push_back(linspace(lo, hi, per));
      refined_cell[i] = 2.0 * refined_cell[i] / (per - 1);
    }
    const std::vector<std::vector<double>> points = product(axes);
    const std::vector<double> values =
        aggregate_rows(model.losses_at(impacts, points, s.loss, threads), s.aggregate, {});
    const std::size_t i = best_index(values);
    if (values[i] <= aggregate(s.aggregate, model.losses(impacts, best, s.loss, threads), {}))
      best = points[i];
  }

  // The local polish from several starts (a law with several parameters, chatterjee-combined's five, has
  // valleys a coarse grid meets in several places); the lowest wins, the earlier start on a tie.
  const auto full_loss = [&](const std::vector<double>& x) {
    return aggregate(s.aggregate, model.losses(impacts, x, s.loss, threads), {});
  };
  // Starts: the refined best point, then grid points in the order of their loss, each more than one cell
  // away (in some parameter) from every start taken, so that each polish explores another valley.
  std::vector<std::size_t> ranked(grid.size());
  for (std::size_t i = 0; i < ranked.size(); ++i) ranked[i] = i;
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](std::size_t a, std::size_t b) { return grid_values[a] < grid_values[b]; });
  std::vector<std::vector<double>> starts = {best};
  const auto apart = [&](const std::vector<double>& a, const std::vector<double>& b) {
    for (std::size_t j = 0; j < box.size(); ++j)
      if (box[j].integer ? a[j] != b[j] : std::abs(a[j] - b[j]) > 1.5 * cell[j]) return true;
    return false;
  };
  for (std::size_t i : ranked) {
    if (starts.size() >= kStarts || free.empty() || !std::isfinite(grid_values[i])) break;
    bool distinct = true;
    for (const std::vector<double>& x : starts) distinct = distinct && apart(grid[i], x);
    if (distinct) starts.push_back(grid[i]);
  }
  r.loss_value = kInf;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    double value = 0.0;
    const std::vector<double> x = nelder_mead(box, free, starts[k], k == 0 ? refined_cell : cell, full_loss,
                                              nm_budget, kFitTolerance, &value);
    if (k == 0 || value < r.loss_value) {
      r.value = x;
      r.loss_value = value;
    }
  }

  // The fitted values' predictions and losses, per impact.
  r.impact_losses = model.losses(impacts, r.value, s.loss, threads);
  r.predictions.resize(impacts.size());
  parallel_for(impacts.size(), threads, 64, [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) r.predictions[i] = model.predict(*impacts[i], r.value);
  });

  // Parameters without effect on the loss (profiles across the box through the fitted point).
  r.effect.assign(box.size(), 1);
  for (std::size_t j = 0; j < box.size(); ++j) {
    if (box[j].fixed) continue;
    const std::vector<double> xs =
        box[j].integer ? box[j].values : linspace(box[j].lo, box[j].hi, kProfilePoints);
    if (xs.size() < 2) continue;
    std::vector<std::vector<double>> points;
    for (double x : xs) {
      points.push_back(r.value);
      points.back()[j] = x;
    }
    const std::vector<double> values =
        aggregate_rows(model.losses_at(impacts, points, s.loss, threads), s.aggregate, {});
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    r.effect[j] = !(std::isfinite(*hi) && *hi - *lo <= 1e-12 * std::abs(r.loss_value));
  }

  // Bootstrap: each replicate's own fit (its weights on the impacts), its start as below.
  r.lo.assign(box.size(), kNaN);
  r.hi.assign(box.size(), kNaN);
  if (s.bootstrap > 0 && std::isfinite(r.loss_value)) {
    std::vector<std::vector<double>> estimates(static_cast<std::size_t>(s.bootstrap));
    std::vector<char> failed(estimates.size(), 0);
    parallel_for(estimates.size(), threads, 1, [&](std::size_t b, std::size_t e) {
      for (std::size_t k = b; k < e; ++k) {
        const std::vector<unsigned> w = bootstrap_counts(s.seed, k, impacts.size());
        const std::vector<double> values = aggregate_rows(grid_losses, s.aggregate, w);
        const std::size_t i = best_index(values);
        if (!std::isfinite(values[i])) {
          failed[k] = 1;
          continue;
        }
        const auto replicate_loss = [&](const std::vector<double>& x) {
          return aggregate(s.aggregate, model.losses(impacts, x, s.loss, 1), w);
        };
        // From the better of the replicate's best first-grid point and the fitted values (a coarse grid
        // alone may start a replicate in another basin than the fit's).
        const bool from_fit = replicate_loss(r.value) <= values[i];
        double v = 0.0;
        estimates[k] = nelder_mead(box, free, from_fit ? r.value : grid[i], from_fit ? refined_cell : cell,
                                   replicate_loss, replicate_budget, kReplicateTolerance, &v);
      }
    });
    for (std::size_t j = 0; j < box.size(); ++j) {
      if (box[j].fixed || !r.effect[j]) continue;
      std::vector<double> xs;
      for (std::size_t k = 0; k < estimates.size(); ++k)
        if (!failed[k]) xs.push_back(estimates[k][j]);
      std::sort(xs.begin(), xs.end());
      r.lo[j] = quantile(xs, 0.025);
      r.hi[j] = quantile(xs, 0.975);
    }
    for (char f : failed) r.replicates_failed += f;
  }

  // Loss maps over each pair of varied parameters (one parameter: its curve).
  std::vector<std::size_t> varied;
  for (std::size_t i = 0; i < box.size(); ++i)
    if (!box[i].fixed && (box[i].integer ? box[i].values.size() > 1 : box[i].hi > box[i].lo))
      varied.push_back(i);
  const auto axis_values = [&](std::size_t i, int n) {
    return box[i].integer ? box[i].values : linspace(box[i].lo, box[i].hi, n);
  };
  std::vector<std::vector<std::size_t>> map_axes;
  if (varied.size() == 1) map_axes.push_back({varied[0]});
  for (std::size_t a = 0; a < varied.size(); ++a)
    for (std::size_t b = a + 1; b < varied.size(); ++b) map_axes.push_back({varied[a], varied[b]});
  for (const std::vector<std::size_t>& axes :
       s.loss_maps ? map_axes : std::vector<std::vector<std::size_t>>{}) {
    LossMap m;
    std::vector<std::vector<double>> values;
    for (std::size_t i : axes) {
      m.axes.push_back(box[i].name);
      values.push_back(axis_values(i, axes.size() == 1 ? kMapPoints1 : kMapPoints2));
    }
    std::vector<std::vector<double>> points;
    for (const std::vector<double>& p : product(values)) {
      std::vector<double> x = r.value;
      for (std::size_t k = 0; k < axes.size(); ++k) x[axes[k]] = p[k];
      points.push_back(std::move(x));
      m.points.push_back(p);
    }
    m.loss = aggregate_rows(model.losses_at(impacts, points, s.loss, threads), s.aggregate, {});
    r.maps.push_back(std::move(m));
  }
  r.evaluations = model.evaluations() - before;
  r.backend = model.on_gpu() ? "cuda" : "cpu";
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return r;
}

}  // namespace collsweep::fit
