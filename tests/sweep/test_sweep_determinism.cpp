// Reproducibility: thread count and batch size never change a byte of the tally, map.csv or witnesses.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "backend/cpu_backend.hpp"
#include "families/planar/planar_outputs.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string map_csv_of(const PlanarSweepResult& r, const std::string& tag) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("collsweep_det_" + tag + ".csv")).string();
  write_map_csv(path, r);
  std::string text = slurp(path);
  std::filesystem::remove(path);
  return text;
}

TEST(SweepDeterminism, ThreadsAndBatchesGiveIdenticalBytes) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const std::uint64_t n = 60000;
  const PlanarSweepResult serial = run_sweep_cpu(spec, 0, n, 1 << 14, 1);
  const PlanarSweepResult two = run_sweep_cpu(spec, 0, n, 1 << 14, 2);
  const PlanarSweepResult odd_batch = run_sweep_cpu(spec, 0, n, 777, 2);
  EXPECT_EQ(serial.threads, 1);
  EXPECT_EQ(two.threads, 2);
  EXPECT_EQ(serial.words, two.words);
  EXPECT_EQ(serial.words, odd_batch.words);
  const std::string a = map_csv_of(serial, "a"), b = map_csv_of(two, "b"), c = map_csv_of(odd_batch, "c");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  EXPECT_GT(a.size(), 1000u);
  for (int l = 0; l < spec.n_laws; ++l) {
    ASSERT_EQ(serial.witnesses[l].size(), odd_batch.witnesses[l].size());
    for (std::size_t i = 0; i < serial.witnesses[l].size(); ++i) {
      EXPECT_EQ(serial.witnesses[l][i].index, odd_batch.witnesses[l][i].index);
      EXPECT_EQ(serial.witnesses[l][i].value, odd_batch.witnesses[l][i].value);
    }
  }
}

// Splitting the sample range and merging gives the whole (the basis of distributed sweeps).
TEST(SweepDeterminism, RangesMergeExactly) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const PlanarSweepResult whole = run_sweep_cpu(spec, 0, 30000, 4096, 1);
  PlanarSweepResult parts = run_sweep_cpu(spec, 17000, 13000, 1000, 2);
  merge_results(parts, run_sweep_cpu(spec, 0, 17000, 5000, 1));
  EXPECT_EQ(whole.words, parts.words);
}

// Sample k inside the sweep loop is the sample k the host draws in a batch: tallying a host batch by
// hand gives the sweep's tally word for word.
TEST(SweepDeterminism, SweepLoopSeesTheBatchSamples) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const std::uint64_t first = 123456, n = 5000;
  std::vector<PlanarSample> batch(n);
  generate_planar_batch(spec.plan, first, n, batch.data());
  PlanarSweepResult by_hand = make_empty_result(spec);
  for (const PlanarSample& s : batch) {
    const std::uint32_t cell = by_hand.layout.tally_cell(map_cell(spec, s));  // outside: its pseudo-cell
    ++by_hand.words[by_hand.layout.samples(cell)];
    for (int l = 0; l < spec.n_laws; ++l)
      tally_outcome<PlainOps>(by_hand.layout, by_hand.words.data(), cell, l, evaluate(spec.laws[l], s.c),
                              spec.tolerance, theorem_forbids_gain(spec.laws[l], s.c));
  }
  EXPECT_EQ(by_hand.words, run_sweep_cpu(spec, first, n, 999, 2).words);
}

}  // namespace
}  // namespace collsweep
