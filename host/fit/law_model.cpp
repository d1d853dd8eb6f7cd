// One law evaluated on measured impacts (law_model.hpp) through eval's ColumnEvaluator.
#include "fit/law_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "fit/parallel_for.hpp"
#include "io/field_sink.hpp"

namespace collsweep::fit {
namespace {

// Keeps one row's outputs as numbers (text and empty fields: NaN) and the status field's text.
class CaptureSink final : public io::FieldSink {
 public:
  explicit CaptureSink(std::size_t columns) : numbers_(columns) {}
  void field(std::string_view text) override {
    if (column_ == 0) status_.assign(text);
    store(std::numeric_limits<double>::quiet_NaN());
  }
  void number(double x) override { store(x); }
  void reset() { column_ = 0; }
  double at(std::size_t column) const { return numbers_[column]; }
  const std::string& status() const { return status_; }

 private:
  void store(double x) {
    if (column_ < numbers_.size()) numbers_[column_] = x;
    ++column_;
  }
  std::vector<double> numbers_;
  std::size_t column_ = 0;
  std::string status_;
};

// More than any law's eval outputs (multi-contact with k = 4 and the engine's columns: 33).
constexpr std::size_t kMaxOutputs = 64;

std::size_t output_index(const ColumnEvaluator& ev, const std::string& name) {
  for (std::size_t i = 0; i < ev.outputs.size(); ++i)
    if (ev.outputs[i] == name) return i;
  throw std::logic_error("fit: the law's outputs lack " + name);
}

}  // namespace

LawModel::LawModel(std::string law, ColumnEvaluator evaluator, const ImpactSpace& space)
    : law_(std::move(law)), evaluator_(std::move(evaluator)), space_(&space) {
  const int n = space.size();
  for (const FitParameter& p : space.parameters) {
    bool read = false;
    for (const std::string& c : p.columns)
      for (const std::string& in : evaluator_.inputs) read = read || in == c;
    if (read) parameters_.push_back(p);
  }
  for (const std::string& in : evaluator_.inputs) {
    int w = -1, v = -1, par = -1;
    for (int i = 0; i < n && w < 0; ++i)
      for (int j = i; j < n; ++j)
        if (space.W_column(i, j) == in) {
          w = i * n + j;
          break;
        }
    for (int i = 0; i < n; ++i)
      if (space.v[static_cast<std::size_t>(i)] == in) v = i;
    for (std::size_t k = 0; k < parameters_.size(); ++k)
      for (const std::string& c : parameters_[k].columns)
        if (c == in) par = static_cast<int>(k);
    if (w < 0 && v < 0 && par < 0)
      throw std::logic_error("fit: law " + law_ + " reads an unknown input " + in);
    input_W_.push_back(w);
    input_v_.push_back(v);
    input_parameter_.push_back(par);
  }
  if (evaluator_.outputs.size() > kMaxOutputs)
    throw std::logic_error("fit: law " + law_ + " has too many outputs");
  for (const std::string& name : space.predicted) output_v_.push_back(output_index(evaluator_, name));
  for (const std::string& name : space.impulse) output_impulse_.push_back(output_index(evaluator_, name));
}

void LawModel::fill_inputs(const Impact& im, const std::vector<double>& theta, double* values) const {
  const int n = space_->size();
  for (std::size_t k = 0; k < evaluator_.inputs.size(); ++k) {
    if (input_W_[k] >= 0)
      values[k] = im.W(input_W_[k] / n, input_W_[k] % n);
    else if (input_v_[k] >= 0)
      values[k] = im.v(input_v_[k]);
    else
      values[k] = theta[static_cast<std::size_t>(input_parameter_[k])];
  }
}

Prediction LawModel::predict(const Impact& im, const std::vector<double>& theta) const {
  std::vector<double> values(evaluator_.inputs.size());
  fill_inputs(im, theta, values.data());
  CaptureSink sink(evaluator_.outputs.size());
  Prediction p;
  p.ok = evaluator_.row(values.data(), sink);
  p.status = sink.status();
  const int n = space_->size();
  p.v.resize(n);
  p.impulse.resize(n);
  for (int i = 0; i < n; ++i) {
    p.v(i) = sink.at(output_v_[static_cast<std::size_t>(i)]);
    p.impulse(i) = sink.at(output_impulse_[static_cast<std::size_t>(i)]);
  }
  return p;
}

// An impact's loss from the law's written outputs (+inf where the row is invalid or the loss NaN).
double loss_from(const CaptureSink& sink, bool valid, const Impact& im, Loss loss, int n,
                 const std::vector<std::size_t>& output_v, const std::vector<std::size_t>& output_impulse) {
  if (!valid) return std::numeric_limits<double>::infinity();
  Eigen::VectorXd v(n), impulse(n);
  for (int i = 0; i < n; ++i) {
    v(i) = sink.at(output_v[static_cast<std::size_t>(i)]);
    impulse(i) = sink.at(output_impulse[static_cast<std::size_t>(i)]);
  }
  const double l = impact_loss(loss, im, v, impulse);
  return std::isnan(l) ? std::numeric_limits<double>::infinity() : l;
}

double LawModel::loss_of(const Impact& im, const std::vector<double>& theta, Loss loss,
                         std::vector<double>& values) const {
  values.resize(evaluator_.inputs.size());
  fill_inputs(im, theta, values.data());
  thread_local CaptureSink sink(kMaxOutputs);
  sink.reset();
  const bool valid = evaluator_.row(values.data(), sink);
  return loss_from(sink, valid, im, loss, space_->size(), output_v_, output_impulse_);
}

bool LawModel::use_gpu(bool on, std::size_t min_rows) {
  gpu_ = on && has_gpu_path();
  gpu_min_rows_ = min_rows;
  return gpu_;
}

// The (point, impact) rows in batches of at most kGpuRows: their inputs filled on the CPU threads, the law
// on the GPU, the outputs written and the losses computed on the CPU threads.
std::vector<std::vector<double>> LawModel::losses_on_gpu(const std::vector<const Impact*>& impacts,
                                                         const std::vector<std::vector<double>>& points,
                                                         Loss loss, int threads) const {
  constexpr std::size_t kGpuRows = std::size_t{1} << 20;
  const std::size_t m = impacts.size(), total = points.size() * m, width = evaluator_.inputs.size();
  std::vector<std::vector<double>> out(points.size(), std::vector<double>(m));
  std::vector<double> values;
  for (std::size_t first = 0; first < total; first += kGpuRows) {
    const std::size_t rows = std::min(kGpuRows, total - first);
    values.resize(rows * width);
    parallel_for(rows, threads, 256, [&](std::size_t begin, std::size_t end) {
      for (std::size_t r = begin; r < end; ++r) {
        const std::size_t k = first + r;
        fill_inputs(*impacts[k % m], points[k / m], values.data() + r * width);
      }
    });
    EvaluatedRows evaluated;
    try {
      evaluated = evaluator_.gpu_rows(values.data(), rows);
    } catch (const std::runtime_error& e) {
      throw GpuFailure(e.what());
    }
    parallel_for(rows, threads, 256, [&](std::size_t begin, std::size_t end) {
      thread_local CaptureSink sink(kMaxOutputs);
      for (std::size_t r = begin; r < end; ++r) {
        const std::size_t k = first + r;
        sink.reset();
        const bool valid = evaluated.write(r, sink);
        out[k / m][k % m] =
            loss_from(sink, valid, *impacts[k % m], loss, space_->size(), output_v_, output_impulse_);
      }
    });
  }
  evaluations_ += total;
  return out;
}

std::vector<double> LawModel::losses(const std::vector<const Impact*>& impacts,
                                     const std::vector<double>& theta, Loss loss, int threads) const {
  if (gpu_ && impacts.size() >= gpu_min_rows_)
    return losses_on_gpu(impacts, {theta}, loss, thread_count(threads))[0];
  std::vector<double> out(impacts.size());
  parallel_for(impacts.size(), thread_count(threads), 64, [&](std::size_t begin, std::size_t end) {
    std::vector<double> values;
    for (std::size_t i = begin; i < end; ++i) out[i] = loss_of(*impacts[i], theta, loss, values);
  });
  evaluations_ += impacts.size();
  return out;
}

std::vector<std::vector<double>> LawModel::losses_at(const std::vector<const Impact*>& impacts,
                                                     const std::vector<std::vector<double>>& points,
                                                     Loss loss, int threads) const {
  if (gpu_ && points.size() * impacts.size() >= gpu_min_rows_)
    return losses_on_gpu(impacts, points, loss, thread_count(threads));
  const std::size_t m = impacts.size();
  std::vector<std::vector<double>> out(points.size(), std::vector<double>(m));
  parallel_for(points.size() * m, thread_count(threads), 64, [&](std::size_t begin, std::size_t end) {
    std::vector<double> values;
    for (std::size_t k = begin; k < end; ++k)
      out[k / m][k % m] = loss_of(*impacts[k % m], points[k / m], loss, values);
  });
  evaluations_ += points.size() * m;
  return out;
}

}  // namespace collsweep::fit
