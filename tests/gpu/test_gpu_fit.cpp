// `collsweep fit`'s law evaluations on the GPU against the CPU, bit for bit: eval's output columns row by row
// for every law with a GPU path of each family, the losses at many parameter points, and whole fits through
// the command line (skips with a message without a GPU).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>
#include <string_view>

#include "backend/cuda_backend.hpp"
#include "collsweep/cuda_api.hpp"
#include "fit/parameter_box.hpp"
#include "io/field_sink.hpp"
#include "support/fit_models.hpp"
#include "support/gpu_test.hpp"
#include "support/run_command.hpp"

namespace collsweep::testing {
namespace {

class GpuFit : public GpuTest {};

// One row's written fields: numbers as their bits, text as written.
class FieldsSink final : public io::FieldSink {
 public:
  void field(std::string_view text) override { fields.emplace_back(text); }
  void number(double x) override {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    fields.push_back("#" + std::to_string(bits));
  }
  std::vector<std::string> fields;
};

// The evaluator's input values of impact im at parameter point theta, as LawModel fills them: W's entries,
// v's components and the law's parameters by column name.
std::vector<double> row_values(const ColumnEvaluator& ev, const ImpactSpace& space, const fit::Impact& im,
                               const std::vector<FitParameter>& parameters,
                               const std::vector<double>& theta) {
  std::vector<double> values;
  const int n = space.size();
  for (const std::string& in : ev.inputs) {
    double x = std::numeric_limits<double>::quiet_NaN();
    for (int i = 0; i < n; ++i)
      for (int j = i; j < n; ++j)
        if (space.W_column(i, j) == in) x = im.W(i, j);
    for (int i = 0; i < n; ++i)
      if (space.v[static_cast<std::size_t>(i)] == in) x = im.v(i);
    for (std::size_t k = 0; k < parameters.size(); ++k)
      for (const std::string& c : parameters[k].columns)
        if (c == in) x = theta[k];
    values.push_back(x);
  }
  return values;
}

// Random points of a law's box (integer dimensions on their candidates), the box's corners among them.
std::vector<std::vector<double>> box_points(const std::vector<fit::Dimension>& box, int count,
                                            std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<std::vector<double>> points;
  for (int p = 0; p < count; ++p) {
    std::vector<double> x;
    for (const fit::Dimension& d : box) {
      if (d.integer) {
        x.push_back(d.values[static_cast<std::size_t>(u(rng) * d.values.size()) % d.values.size()]);
      } else {
        const double t = p == 0 ? 0.0 : p == 1 ? 1.0 : u(rng);
        x.push_back(d.lo + t * (d.hi - d.lo));
      }
    }
    points.push_back(x);
  }
  return points;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every output field of gpu_rows against row, on synthetic impacts at random points of the law's box; and
// the model's losses at those points on the GPU against the CPU.
template <class Spec>
void expect_law_on_gpu_is_the_cpus(const std::string& law, int contacts, std::uint64_t seed) {
  SCOPED_TRACE(law + " (k = " + std::to_string(contacts) + ")");
  FitLaw<Spec> f = fit_law_of<Spec>(law, contacts);
  ASSERT_TRUE(f.model->has_gpu_path());
  std::mt19937_64 rng(seed);
  const std::vector<fit::Dimension> box = fit::law_box(f.model->parameters(), {}, {});
  std::vector<double> truth;
  // The box's middle; a whole-number setting at its first value (the engine laws' iterations 0, order 0,
  // permutation -1: valid for every k, where the last would not be).
  for (const fit::Dimension& d : box) truth.push_back(d.integer ? d.values.front() : 0.5 * (d.lo + d.hi));
  const std::deque<fit::Impact> impacts = synthetic_impacts(*f.model, *f.space, truth, 300, 0.05, 80.0, rng);
  const std::vector<std::vector<double>> points = box_points(box, 6, rng);

  EvalOptions eo;
  eo.law = law;
  eo.contacts = std::is_same_v<Spec, MultiContactSweepSpec> ? std::to_string(contacts) : "";
  const ColumnEvaluator ev =
      families::family_table(families::FamilyTag<Spec>{}, eo).columns(f.space->eval_inputs());
  std::vector<double> values;
  for (const auto& theta : points)
    for (const fit::Impact& im : impacts) {
      const std::vector<double> row = row_values(ev, *f.space, im, f.model->parameters(), theta);
      values.insert(values.end(), row.begin(), row.end());
    }
  const std::size_t rows = points.size() * impacts.size();
  const EvaluatedRows gpu = ev.gpu_rows(values.data(), rows);
  ASSERT_EQ(gpu.size, rows);
  int valid = 0, differ = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    FieldsSink cpu_fields, gpu_fields;
    const bool cpu_ok = ev.row(values.data() + r * ev.inputs.size(), cpu_fields);
    const bool gpu_ok = gpu.write(r, gpu_fields);
    valid += cpu_ok;
    if (cpu_ok != gpu_ok || cpu_fields.fields != gpu_fields.fields)
      if (++differ <= 3) ADD_FAILURE() << "row " << r << " differs";
  }
  EXPECT_EQ(differ, 0);
  EXPECT_GE(2 * valid, static_cast<int>(rows));  // most points of the box give valid rows

  fit::LawModel& model = *f.model;
  const std::vector<const fit::Impact*> used = pointers(impacts);
  const auto cpu = model.losses_at(used, points, fit::Loss::weighted, 2);
  ASSERT_TRUE(model.use_gpu(true, 1));  // every call on the GPU, however small
  const auto on_gpu = model.losses_at(used, points, fit::Loss::weighted, 2);
  const std::vector<double> one = model.losses(used, points[2], fit::Loss::contact, 2);
  model.use_gpu(false);
  const std::vector<double> one_cpu = model.losses(used, points[2], fit::Loss::contact, 2);
  for (std::size_t p = 0; p < points.size(); ++p)
    for (std::size_t i = 0; i < used.size(); ++i)
      ASSERT_TRUE(same_bits(cpu[p][i], on_gpu[p][i])) << "point " << p << ", impact " << i;
  for (std::size_t i = 0; i < used.size(); ++i) ASSERT_TRUE(same_bits(one[i], one_cpu[i])) << "impact " << i;
}

TEST_F(GpuFit, EveryPlanarLawGivesTheCpusFieldsAndLosses) {
  for (int l = 0; l < planar_law_count; ++l)
    expect_law_on_gpu_is_the_cpus<PlanarSweepSpec>(law_name(static_cast<PlanarLaw>(l)), 1, 11 + l);
}

TEST_F(GpuFit, TheClassicSpatialLawsGiveTheCpusFieldsAndLosses) {
  for (const char* law : {"stronge-3d", "poisson-3d", "newton-3d", "chatterjee-ruina-3d"})
    expect_law_on_gpu_is_the_cpus<SpatialSweepSpec>(law, 1, 7);
}

TEST_F(GpuFit, EveryMultiContactLawGivesTheCpusFieldsAndLosses) {
  for (int l = 0; l < multicontact_law_count; ++l)
    for (const int k : {1, 2, 3, 4})
      expect_law_on_gpu_is_the_cpus<MultiContactSweepSpec>(law_name(static_cast<MultiContactLaw>(l)), k,
                                                           100 + 10 * l + k);
}

// Whole fits of the repository's data sets through the command line, --backend cuda against cpu: every file
// but summary.json (which records the backend) byte-identical.
TEST_F(GpuFit, WholeFitsOfTheDataSetsAreTheCpusFiles) {
  struct Case {
    std::string laws, file, where;
  };
  for (const Case& c : {Case{"newton,sequential-impulse", "mcube_ellipse.csv", "flags=0"},
                        Case{"newton-3d", "dair_cube.csv", "contacts=1"}}) {
    SCOPED_TRACE(c.laws);
    const std::string cpu = temp_path("fit_cpu"), gpu = temp_path("fit_gpu");
    for (const auto& [dir, backend] : {std::pair{cpu, "cpu"}, std::pair{gpu, "cuda"}}) {
      const CommandResult r =
          run_collsweep({"fit", "--law", c.laws, "--in", source_dir() + "/data/" + c.file, "--where", c.where,
                         "--out", dir, "--bootstrap", "8", "--backend", backend, "--no-plot", "--quiet"});
      ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    for (const char* f : {"fit.csv", "residuals.csv", "impacts.csv"})
      EXPECT_EQ(read_text_file(cpu + "/" + f), read_text_file(gpu + "/" + f)) << f;
    int maps = 0;
    for (const auto& entry : std::filesystem::directory_iterator(cpu + "/loss_maps")) {
      const std::string name = entry.path().filename().string();
      EXPECT_EQ(read_text_file(entry.path().string()), read_text_file(gpu + "/loss_maps/" + name)) << name;
      ++maps;
    }
    EXPECT_GT(maps, 0);
    EXPECT_NE(read_text_file(gpu + "/summary.json").find("\"backend\": \"cuda\""), std::string::npos);
  }
}

}  // namespace
}  // namespace collsweep::testing
