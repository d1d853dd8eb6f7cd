// The exact tally arithmetic: ordered keys, 128-bit fixed-point sums, merges in any order, witness ranking.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "collsweep/models/planar/quantities.hpp"
#include "collsweep/tally/accumulate.hpp"
#include "collsweep/tally/axes.hpp"
#include "collsweep/tally/top_k.hpp"

namespace collsweep {
namespace {

TEST(TallyArithmetic, OrderedKeyPreservesOrder) {
  const double xs[] = {
      -std::numeric_limits<double>::max(), -1e300, -1.0, -1e-300, -0.0, 0.0, 5e-324, 1e-12, 1.0, 1e300};
  for (std::size_t i = 0; i + 1 < std::size(xs); ++i) {
    EXPECT_LE(ordered_key(xs[i]), ordered_key(xs[i + 1])) << xs[i];
    EXPECT_GT(ordered_key(xs[i]), 0u);
  }
  for (double x : xs) EXPECT_EQ(key_value(ordered_key(x)), x);
}

TEST(TallyArithmetic, FixedPointSumsAreExactAndOrderFree) {
  std::mt19937_64 gen(3);
  std::vector<long long> q(100000);
  long double exact = 0;
  for (auto& v : q) {
    const double x = std::ldexp(static_cast<double>(gen() >> 11), -53) * 2e8 - 1e8;  // |x| ~ 1e8
    bool clamped;
    v = to_fixed_point(x, &clamped);
    EXPECT_FALSE(clamped);
    exact += static_cast<long double>(v);
  }
  u64 lo = 0, hi = 0;
  for (long long v : q) add_int128<PlainOps>(&lo, &hi, v);
  std::shuffle(q.begin(), q.end(), gen);
  u64 lo2 = 0, hi2 = 0, lo3 = 0, hi3 = 0;
  for (std::size_t i = 0; i < q.size(); ++i)
    add_int128<PlainOps>(i % 2 ? &lo2 : &lo3, i % 2 ? &hi2 : &hi3, q[i]);
  merge_int128<PlainOps>(&lo2, &hi2, lo3, hi3);
  EXPECT_EQ(lo, lo2);
  EXPECT_EQ(hi, hi2);
  EXPECT_NEAR(int128_to_double(lo, hi), static_cast<double>(exact / 4294967296.0L), 1e-6);
}

TEST(TallyArithmetic, ClampingIsReported) {
  bool clamped;
  EXPECT_EQ(to_fixed_point(3e9, &clamped), static_cast<long long>(fixed_point_limit * fixed_point_scale));
  EXPECT_TRUE(clamped);
  EXPECT_EQ(to_fixed_point(-1.5, &clamped), -6442450944LL);
  EXPECT_FALSE(clamped);
  u64 lo = 0, hi = 0;
  add_int128<PlainOps>(&lo, &hi, -5);
  add_int128<PlainOps>(&lo, &hi, 3);
  EXPECT_EQ(int128_to_double(lo, hi), -2.0 / fixed_point_scale);
}

TEST(TallyArithmetic, TopKKeepsTheBestWithIndexTieBreak) {
  TopK<8> t;
  t.keep = 3;
  t.offer(0.5, 10);
  t.offer(0.9, 20);
  t.offer(0.5, 5);
  t.offer(0.1, 1);
  t.offer(0.9, 30);
  ASSERT_EQ(t.n, 3);
  EXPECT_EQ(t.w[0].index, 20u);
  EXPECT_EQ(t.w[1].index, 30u);
  EXPECT_EQ(t.w[2].index, 5u);  // the tie at 0.5 goes to the smaller index
}

}  // namespace
}  // namespace collsweep

namespace collsweep {
namespace {

// axis_bin_scaled (one multiplication) bins every x as axis_bin (one division): random x, every bin edge
// and its neighbours, for axes whose width is not a power of two.
TEST(AxisBins, ScaledBinsEqualDividedBins) {
  const MapAxis<PlanarQuantity> axes[] = {
      {PlanarQuantity::theta, 0.0, 90.0, 30}, {PlanarQuantity::mu, 0.0, 1.5, 20},
      {PlanarQuantity::e_t, -1.0, 3.0, 40},   {PlanarQuantity::log10_cond, 0.0, 7.0, 21},
      {PlanarQuantity::alpha, 0.1, 0.7, 7},   {PlanarQuantity::e, 0.0, 1.0, 1000}};
  std::uint64_t state = 88172645463325252ull;
  const auto next = [&] {  // xorshift64
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return static_cast<double>(state >> 11) * 0x1p-53;
  };
  for (const MapAxis<PlanarQuantity>& a : axes) {
    const double s = axis_scale(a);
    for (int i = 0; i < 200000; ++i) {
      const double x = a.lo + (a.hi - a.lo) * (1.2 * next() - 0.1);
      ASSERT_EQ(axis_bin_scaled(a, s, x), axis_bin(a, x)) << "x " << x;
    }
    for (std::uint32_t b = 0; b <= a.bins; ++b) {
      double x = a.lo + b * ((a.hi - a.lo) / a.bins);
      for (int step = 0; step < 8; ++step) x = std::nextafter(x, -1e300);
      for (int step = 0; step < 16; ++step, x = std::nextafter(x, 1e300))
        ASSERT_EQ(axis_bin_scaled(a, s, x), axis_bin(a, x)) << "edge " << b << " x " << x;
    }
  }
}

}  // namespace
}  // namespace collsweep
