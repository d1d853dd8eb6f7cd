// Stand-ins for the CUDA launchers in builds without nvcc: every call reports that CUDA is not built.
#include <cstdio>

#include "collsweep/cuda_api.hpp"

namespace collsweep::cuda {

namespace {
constexpr const char* kNotBuilt = "this collsweep was built without CUDA (COLLSWEEP_ENABLE_CUDA=OFF)";
}

bool built_with_cuda() { return false; }

DeviceInfo query_device() {
  DeviceInfo info;
  std::snprintf(info.message, sizeof info.message, "%s", kNotBuilt);
  return info;
}

bool use_device(int) { return false; }

template <class Batch>
bool evaluate_batch(const Batch&, const typename Batch::Collision*, typename Batch::Outcome*, std::size_t,
                    char* err, std::size_t err_len, double* kernel_seconds) {
  if (kernel_seconds) *kernel_seconds = 0.0;
  std::snprintf(err, err_len, "%s", kNotBuilt);
  return false;
}
template COLLSWEEP_EVALUATE_BATCH(PlanarBatch);
template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<1>);
template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<2>);
template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<3>);
template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<4>);
template COLLSWEEP_EVALUATE_BATCH(SpatialBatch);

template <class Spec>
bool run_sweep(const Spec&, std::uint64_t, std::uint64_t, u64*, Witness*, int*, ProgressHook, char* err,
               std::size_t err_len, std::uint64_t) {
  std::snprintf(err, err_len, "%s", kNotBuilt);
  return false;
}
template COLLSWEEP_RUN_SWEEP(PlanarSweepSpec);
template COLLSWEEP_RUN_SWEEP(MultiContactSweepSpec);
template COLLSWEEP_RUN_SWEEP(SpatialSweepSpec);

template <class Spec>
bool evaluate_samples(const Spec&, std::uint64_t, std::uint64_t, typename Spec::Sample*,
                      typename Spec::Outcome*, char* err, std::size_t err_len) {
  std::snprintf(err, err_len, "%s", kNotBuilt);
  return false;
}
template COLLSWEEP_EVALUATE_SAMPLES(PlanarSweepSpec);
template COLLSWEEP_EVALUATE_SAMPLES(MultiContactSweepSpec);
template COLLSWEEP_EVALUATE_SAMPLES(SpatialSweepSpec);

}  // namespace collsweep::cuda
