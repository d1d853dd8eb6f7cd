// The GPUs' peak FP64 and INT32 rates (backend/gpu_peak.hpp) against their data sheets and against the
// figure the roofline of bench/results/notes.md takes for an H100 at Nsight's base clock.
#include <gtest/gtest.h>

#include "backend/gpu_peak.hpp"

namespace collsweep {
namespace {

cuda::DeviceInfo gpu(int major, int minor, int sms, double ghz) {
  cuda::DeviceInfo d;
  d.cc_major = major;
  d.cc_minor = minor;
  d.sms = sms;
  d.clock_ghz = ghz;
  return d;
}

TEST(DevicePeak, DataSheetFp64Rates) {
  // NVIDIA's figures (non-tensor FP64): H100 SXM 33.5 TFLOP/s at 1.98 GHz, A100 9.7 at 1.41 GHz, V100 7.8 at
  // 1.53 GHz; an RTX 4090 (8.9, 128 SMs, 2.52 GHz) 1.29.
  EXPECT_NEAR(fp64_peak_per_second(gpu(9, 0, 132, 1.98)), 33.5e12, 0.05e12);
  EXPECT_NEAR(fp64_peak_per_second(gpu(8, 0, 108, 1.41)), 9.7e12, 0.05e12);
  EXPECT_NEAR(fp64_peak_per_second(gpu(7, 0, 80, 1.53)), 7.8e12, 0.05e12);
  EXPECT_NEAR(fp64_peak_per_second(gpu(8, 9, 128, 2.52)), 1.29e12, 0.01e12);
}

TEST(DevicePeak, RooflineTableFiguresAtNsightsBaseClock) {
  // bench/results/notes.md: 132 SMs x 64 lanes x 2 at 1.59 GHz = 26.9 TFLOP/s, INT32 132 x 64 = 13.4e12 per
  // second.
  EXPECT_NEAR(fp64_peak_per_second(gpu(9, 0, 132, 1.59)), 26.9e12, 0.05e12);
  EXPECT_NEAR(int32_peak_per_second(gpu(9, 0, 132, 1.59)), 13.4e12, 0.05e12);
}

TEST(DevicePeak, NoDeviceHasNoPeak) { EXPECT_EQ(fp64_peak_per_second(cuda::DeviceInfo{}), 0.0); }

}  // namespace
}  // namespace collsweep
