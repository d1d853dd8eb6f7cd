// POD declarations of the CUDA launchers (defined in kernels/*.cu, or by a stub in CPU-only builds).
// No CUDA type crosses this boundary: host code passes plain pointers and PODs.
#pragma once

#include <cstddef>

#include "collsweep/models/multicontact/batch.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "collsweep/models/planar/batch.hpp"
#include "collsweep/models/planar/sweep.hpp"
#include "collsweep/models/spatial/batch.hpp"
#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep::cuda {

struct DeviceInfo {
  bool available = false;  // a usable device is present (cudaGetDeviceCount failing counts as none)
  int count = 0;
  char name[256] = {};
  int cc_major = 0, cc_minor = 0;
  int sms = 0;             // streaming multiprocessors
  double clock_ghz = 0.0;  // the SMs' peak clock
  double memory_gib = 0.0;
  int runtime_version = 0;  // CUDA runtime version as cudaRuntimeGetVersion reports it; 0 if none
  char message[256] = {};   // why no device is available
};

// Whether this binary was compiled with the CUDA backend.
bool built_with_cuda();

DeviceInfo query_device();

// Makes device index % count the current one (an MPI rank's node-local GPU: ranks on a node share its GPUs
// round robin; with one visible device, e.g. CUDA_VISIBLE_DEVICES set per task, every rank uses it).
// False when there is no device.
bool use_device(int index);

// Evaluates one law of a family on n given collisions on the GPU: Batch is the family's batch type (the law
// and its options; kernels/collsweep/models/<family>/batch.hpp), which names its Collision and Outcome. The
// outcomes are the CPU's, bit for bit. kernel_seconds, if not null, receives the device time of the kernels
// alone (CUDA events; without the copies to and from the device), for benchmarks. Returns false and writes a
// message naming the failing CUDA call or kernel into err on any error. Each family's kernels/*_cuda.cu
// instantiates it with its launch_family_batch (kernels/batch_launch.cuh); a build without CUDA, the stub.
template <class Batch>
bool evaluate_batch(const Batch& batch, const typename Batch::Collision* in, typename Batch::Outcome* out,
                    std::size_t n, char* err, std::size_t err_len, double* kernel_seconds = nullptr);
#define COLLSWEEP_EVALUATE_BATCH(Batch)                                                                  \
  bool evaluate_batch<Batch>(const Batch&, const Batch::Collision*, Batch::Outcome*, std::size_t, char*, \
                             std::size_t, double*)
extern template COLLSWEEP_EVALUATE_BATCH(PlanarBatch);
extern template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<1>);
extern template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<2>);
extern template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<3>);
extern template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<4>);
extern template COLLSWEEP_EVALUATE_BATCH(SpatialBatch);

// Called between kernel launches with the number of samples finished so far.
struct ProgressHook {
  void (*fn)(std::uint64_t done, void* ctx) = nullptr;
  void* ctx = nullptr;
};

// The samples of a spatial sweep's batch: at most this many, fewer when the GPU's free memory is short.
constexpr std::uint64_t max_spatial_batch = std::uint64_t{1} << 22;

// Sweeps samples [first, first + count) of any family's spec on the GPU: on-device sampling, the family's
// per-sample body, per-block tallies merged exactly. On success, words holds the tally (layout
// tally_layout(spec)), witnesses[l * max_witnesses + i] the ranked witnesses of law slot l and
// witness_counts[l] their number. max_batch (> 0): at most that many samples per batch where a family sweeps
// in batches (spatial: the samples drawn, the Routh laws evaluated as items, then the sweep kernel over the
// batch with their outcomes given; tests pass a few thousand to sweep several batches); the others ignore it.
// Each family's kernels/<family>_sweep_cuda.cu instantiates it with its launch_family_sweep (found by
// argument-dependent lookup, kernels/sweep_launch.cuh); a build without CUDA, the stub that says so.
template <class Spec>
bool run_sweep(const Spec& spec, std::uint64_t first, std::uint64_t count, u64* words, Witness* witnesses,
               int* witness_counts, ProgressHook progress, char* err, std::size_t err_len,
               std::uint64_t max_batch = max_spatial_batch);
#define COLLSWEEP_RUN_SWEEP(Spec)                                                                            \
  bool run_sweep<Spec>(const Spec&, std::uint64_t, std::uint64_t, u64*, Witness*, int*, ProgressHook, char*, \
                       std::size_t, std::uint64_t)
extern template COLLSWEEP_RUN_SWEEP(PlanarSweepSpec);
extern template COLLSWEEP_RUN_SWEEP(MultiContactSweepSpec);
extern template COLLSWEEP_RUN_SWEEP(SpatialSweepSpec);

// Draws samples [first, first + count) of any family's spec on the GPU and evaluates every law of spec on
// each: samples[i], outcomes[i * spec.n_laws + l] (Spec::Sample and Spec::Outcome, in the family's
// sweep_spec.hpp). For per-sample validation against the CPU. Each family's kernels/*_cuda.cu instantiates it
// with its launch_family_samples (kernels/sweep_launch.cuh); a build without CUDA, the stub.
template <class Spec>
bool evaluate_samples(const Spec& spec, std::uint64_t first, std::uint64_t count,
                      typename Spec::Sample* samples, typename Spec::Outcome* outcomes, char* err,
                      std::size_t err_len);
#define COLLSWEEP_EVALUATE_SAMPLES(Spec)                                                                \
  bool evaluate_samples<Spec>(const Spec&, std::uint64_t, std::uint64_t, Spec::Sample*, Spec::Outcome*, \
                              char*, std::size_t)
extern template COLLSWEEP_EVALUATE_SAMPLES(PlanarSweepSpec);
extern template COLLSWEEP_EVALUATE_SAMPLES(MultiContactSweepSpec);
extern template COLLSWEEP_EVALUATE_SAMPLES(SpatialSweepSpec);

}  // namespace collsweep::cuda
