// One law evaluated on measured impacts (law_model.hpp) through eval's ColumnEvaluator.
#include "fit/law_model.hpp"

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

void LawModel::fill_inputs(const Impact& im, const std::vector<double>& theta,
                           std::vector<double>& values) const {
  const int n = space_->size();
  values.resize(evaluator_.inputs.size());
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (input_W_[k] >= 0)
      values[k] = im.W(input_W_[k] / n, input_W_[k] % n);
    else if (input_v_[k] >= 0)
      values[k] = im.v(input_v_[k]);
    else
      values[k] = theta[static_cast<std::size_t>(input_parameter_[k])];
  }
}

Prediction LawModel::predict(const Impact& im, const std::vector<double>& theta) const {
  std::vector<double> values;
  fill_inputs(im, theta, values);
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

double LawModel::loss_of(const Impact& im, const std::vector<double>& theta, Loss loss,
                         std::vector<double>& values) const {
  fill_inputs(im, theta, values);
  thread_local CaptureSink sink(kMaxOutputs);
  sink.reset();
  if (!evaluator_.row(values.data(), sink)) return std::numeric_limits<double>::infinity();
  const int n = space_->size();
  Eigen::VectorXd v(n), impulse(n);
  for (int i = 0; i < n; ++i) {
    v(i) = sink.at(output_v_[static_cast<std::size_t>(i)]);
    impulse(i) = sink.at(output_impulse_[static_cast<std::size_t>(i)]);
  }
  const double l = impact_loss(loss, im, v, impulse);
  return std::isnan(l) ? std::numeric_limits<double>::infinity() : l;
}

std::vector<double> LawModel::losses(const std::vector<const Impact*>& impacts,
                                     const std::vector<double>& theta, Loss loss, int threads) const {
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
