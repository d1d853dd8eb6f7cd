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

bool evaluate_planar_batch(PlanarLaw, const PlanarCollision*, PlanarOutcome*, std::size_t, char* err,
                           std::size_t err_len, LawReport*) {
  std::snprintf(err, err_len, "%s", kNotBuilt);
  return false;
}

template <int K>
bool evaluate_multicontact_batch(MultiContactLaw, const MultiContactOptions&, const MultiContactCollision<K>*,
                                 MultiContactOutcome<K>*, std::size_t, double* kernel_seconds, char* err,
                                 std::size_t err_len) {
  if (kernel_seconds) *kernel_seconds = 0.0;
  std::snprintf(err, err_len, "%s", kNotBuilt);
  return false;
}
template COLLSWEEP_MULTICONTACT_BATCH(1);
template COLLSWEEP_MULTICONTACT_BATCH(2);
template COLLSWEEP_MULTICONTACT_BATCH(3);
template COLLSWEEP_MULTICONTACT_BATCH(4);

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

bool evaluate_spatial_batch(SpatialLaw, const SpatialCollision*, SpatialOutcome*, std::size_t, char* err,
                            std::size_t err_len) {
  std::snprintf(err, err_len, "%s", kNotBuilt);
  return false;
}

}  // namespace collsweep::cuda
