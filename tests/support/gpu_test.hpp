// The GPU tests' fixture: skips with the reason where no usable GPU is present, else names the device.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>

#include "backend/cuda_backend.hpp"
#include "collsweep/cuda_api.hpp"

namespace collsweep::testing {

class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const cuda::DeviceInfo info = cuda::query_device();
    if (!info.available) GTEST_SKIP() << "GPU tests skipped: " << info.message;
    std::printf("GPU: %s\n", describe_device(info).c_str());
  }
};

}  // namespace collsweep::testing
