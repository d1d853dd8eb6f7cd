// The sweep kernel of every model (planar, multi-contact, a spatial batch) and its host launcher, included by
// kernels/*_sweep*_cuda.cu.
#pragma once

#include <type_traits>
#include <utility>
#include <vector>

#include "collsweep/cuda_api.hpp"
#include "cuda_common.cuh"

namespace collsweep::cuda {

namespace {

constexpr int kBlock = 256;
constexpr int kMaxCostClasses = 8;               // sweep_cost_classes beyond it are not sorted
constexpr int kBuffer = kBlock + max_witnesses;  // room for one full chunk after a reduction

struct BlockWitnesses {
  Witness* buffer;  // [n_laws][kBuffer]
  int* count;       // [n_laws]
  double* floor;    // [n_laws] value a candidate must reach (the block's K-th best once it has K)
  __device__ void offer(int slot, double value, std::uint64_t k) {
    if (value < floor[slot]) return;
    const int i = atomicAdd(&count[slot], 1);
    buffer[slot * kBuffer + i] = Witness{value, k};  // i < kBuffer by the reduction schedule below
  }
};

// Keeps the best `keep` entries of one law's buffer at its front (selection; rare and short).
__device__ void reduce_witnesses(BlockWitnesses& bw, int slot, int keep) {
  Witness* b = bw.buffer + slot * kBuffer;
  const int n = bw.count[slot];
  const int m = n < keep ? n : keep;
  for (int j = 0; j < m; ++j) {
    int best = j;
    for (int i = j + 1; i < n; ++i)
      if (ranks_before(b[i], b[best])) best = i;
    const Witness t = b[j];
    b[j] = b[best];
    b[best] = t;
  }
  bw.count[slot] = m;
  if (m == keep && keep > 0) bw.floor[slot] = b[keep - 1].value;
}

// A model whose samples differ widely in cost defines sweep_cost_classes(spec) (how many classes; 1: none
// this plan) and sweep_cost_class(spec, i) beside its sweep_sample, found by argument-dependent lookup; the
// others (planar, spatial) fall to this overload, and the sorting below is compiled out of their kernels.
struct NoCostClasses {};
template <class Spec>
NoCostClasses sweep_cost_classes(const Spec&) {
  return {};
}
template <class Spec>
constexpr bool has_cost_classes =
    !std::is_same_v<decltype(sweep_cost_classes(std::declval<const Spec&>())), NoCostClasses>;

// Which sample of the chunk [base, base + blockDim) this thread evaluates once the chunk is sorted by cost
// class (a counting sort in shared memory; the samples past `count` last), so that a warp's threads take
// one law path. Every sample of the chunk is taken by exactly one thread; the order within a class is that of
// the atomics, which changes nothing: tallies are exact integer sums and witnesses are ranked by value, then
// index. start: classes + 1 ints, order: blockDim slots, both in shared memory.
template <class Spec>
__device__ unsigned sorted_by_cost(const Spec& spec, std::uint64_t first, std::uint64_t base,
                                   std::uint64_t count, int classes, int* start, unsigned short* order) {
  if (static_cast<int>(threadIdx.x) <= classes) start[threadIdx.x] = 0;
  __syncthreads();
  int c = classes;  // past the end
  if (base + threadIdx.x < count) {
    c = sweep_cost_class(spec, first + base + threadIdx.x);
    c = c < 0 ? 0 : (c >= classes ? classes - 1 : c);
  }
  const int rank = atomicAdd(&start[c], 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int j = 0; j <= classes; ++j) {
      const int n = start[j];
      start[j] = sum;
      sum += n;
    }
  }
  __syncthreads();
  order[start[c] + rank] = static_cast<unsigned short>(threadIdx.x);
  __syncthreads();
  return order[threadIdx.x];
}

// What sweep_constants(spec) derives, passed as a kernel parameter: computed once on the host and read from
// the constant bank, where ptxas would otherwise recompute it per sample rather than hold it in registers.
template <class Spec>
using SweepConstantsOf = decltype(sweep_constants(std::declval<const Spec&>()));

// Each block walks chunks of blockDim consecutive samples (grid-stride over chunks), sorted by the model's
// cost classes where it has several (sorted_by_cost). Tallies go to shared memory when the whole map fits
// there, else straight to global memory; both use exact integer atomics, so the result does not depend on
// the grid, the block order or the GPU. Energy-gain witnesses are appended to a per-block shared buffer and,
// whenever it could overflow in the next chunk, reduced to the block's best K (ranked by value, then the
// smaller index); the host ranks the blocks' lists.
// MinBlocks: the resident blocks per SM that __launch_bounds__ promises, which caps registers at
// 65536 / (kBlock * MinBlocks); each model picks its own from measurements (see its launcher).
template <class Spec, int MinBlocks>
__global__ void __launch_bounds__(kBlock, MinBlocks)
    sweep_kernel(Spec spec, SweepConstantsOf<Spec> constants, TallyLayout L, std::uint64_t first,
                 std::uint64_t count, u64* global_words, bool shared_tally, Witness* block_witnesses,
                 int* block_counts, int cost_classes) {
  extern __shared__ unsigned long long smem[];
  __shared__ int counts[max_sweep_laws];
  __shared__ double floors[max_sweep_laws];
  Witness* buffer = reinterpret_cast<Witness*>(smem);
  u64* words = shared_tally ? reinterpret_cast<u64*>(buffer + spec.n_laws * kBuffer) : global_words;
  if (shared_tally)
    for (std::uint64_t i = threadIdx.x; i < L.words(); i += blockDim.x) words[i] = 0;
  if (threadIdx.x < max_sweep_laws) {
    counts[threadIdx.x] = 0;
    floors[threadIdx.x] = -1.0e308;
  }
  __syncthreads();
  BlockWitnesses bw{buffer, counts, floors};
  const int keep = spec.witnesses;

  for (std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x; base < count;
       base += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    std::uint64_t j = threadIdx.x;
    if constexpr (has_cost_classes<Spec>) {
      __shared__ int class_start[kMaxCostClasses + 1];
      __shared__ unsigned short order[kBlock];
      if (cost_classes > 1) j = sorted_by_cost(spec, first, base, count, cost_classes, class_start, order);
    }
    if (base + j < count) sweep_sample<AtomicOps>(spec, constants, L, words, first + base + j, bw);
    __syncthreads();
    if (threadIdx.x < spec.n_laws && counts[threadIdx.x] > kBuffer - static_cast<int>(blockDim.x))
      reduce_witnesses(bw, threadIdx.x, keep);
    __syncthreads();
  }
  if (threadIdx.x < spec.n_laws) {
    reduce_witnesses(bw, threadIdx.x, keep);
    Witness* out = block_witnesses +
                   (static_cast<std::uint64_t>(blockIdx.x) * spec.n_laws + threadIdx.x) * max_witnesses;
    for (int i = 0; i < counts[threadIdx.x]; ++i) out[i] = buffer[threadIdx.x * kBuffer + i];
    block_counts[blockIdx.x * spec.n_laws + threadIdx.x] = counts[threadIdx.x];
  }
  if (shared_tally) {
    __syncthreads();
    for (std::uint64_t i = threadIdx.x; i < L.words(); i += blockDim.x)
      merge_tally_word<AtomicOps>(L, global_words, words, i);
  }
}

// The host side of sweep_kernel: the launch shape, the device tally and the witnesses kept across launches.
// prepare once for a spec, then sweep any number of sample ranges of specs with the same tally layout and
// laws (the spatial sweep's batches give each its own buffers, spatial_given_sweep.cuh), then finish.
// Internal to each .cu file: the multi-contact units build the same Spec with different laws
// (COLLSWEEP_DEVICE_MAX_CONTACTS), and a shared instantiation would launch one unit's kernel.
template <class Spec, int MinBlocks>
class SweepLauncher {
 public:
  bool prepare(const Spec& spec, const char* kernel_name, char* err, std::size_t err_len) {
    using detail::check;
    kernel_name_ = kernel_name;
    L_ = tally_layout(spec);
    constants_ = sweep_constants(spec);
    n_laws_ = spec.n_laws;
    int device = 0, sms = 0, optin = 0;
    if (!check(cudaGetDevice(&device), "cudaGetDevice", err, err_len)) return false;
    if (!check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
               "cudaDeviceGetAttribute(SMs)", err, err_len))
      return false;
    if (!check(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device),
               "cudaDeviceGetAttribute(shared)", err, err_len))
      return false;
    const std::size_t witness_bytes = static_cast<std::size_t>(spec.n_laws) * kBuffer * sizeof(Witness);
    tally_bytes_ = L_.words() * sizeof(u64);
    shared_tally_ = witness_bytes + tally_bytes_ <= static_cast<std::size_t>(optin) / 2;  // >= 2 blocks/SM
    smem_ = witness_bytes + (shared_tally_ ? tally_bytes_ : 0);
    if (!check(cudaFuncSetAttribute(sweep_kernel<Spec, MinBlocks>,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)),
               "cudaFuncSetAttribute(sweep_kernel)", err, err_len))
      return false;
    int per_sm = 0;
    if (!check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, sweep_kernel<Spec, MinBlocks>, kBlock,
                                                             smem_),
               "cudaOccupancyMaxActiveBlocksPerMultiprocessor", err, err_len))
      return false;
    grid_ = sms * (per_sm > 0 ? per_sm : 1);
    slots_ = static_cast<std::size_t>(grid_) * spec.n_laws;
    if (!d_words_.allocate(L_.words(), "cudaMalloc(tally)", err, err_len)) return false;
    if (!d_witnesses_.allocate(slots_ * max_witnesses, "cudaMalloc(witnesses)", err, err_len)) return false;
    if (!d_counts_.allocate(slots_, "cudaMalloc(witness counts)", err, err_len)) return false;
    if (!check(cudaMemset(d_words_.get(), 0, tally_bytes_), "cudaMemset(tally)", err, err_len)) return false;
    best_.assign(spec.n_laws, TopK<max_witnesses>{});
    for (auto& t : best_) t.keep = spec.witnesses;
    h_witnesses_.resize(slots_ * max_witnesses);
    h_counts_.resize(slots_);
    // Samples sorted by cost class within each chunk (sorted_by_cost) when the model has up to
    // kMaxCostClasses of them.
    if constexpr (has_cost_classes<Spec>) {
      if (sweep_cost_classes(spec) <= kMaxCostClasses) cost_classes_ = sweep_cost_classes(spec);
    }
    return true;
  }

  // Sweeps samples [first, first + count) of spec into the device tally and the kept witnesses, in slices
  // so that progress can be reported (progress.fn(done_before + samples done so far)).
  bool sweep(const Spec& spec, std::uint64_t first, std::uint64_t count, ProgressHook progress,
             std::uint64_t done_before, char* err, std::size_t err_len) {
    using detail::check;
    const std::uint64_t slice = static_cast<std::uint64_t>(grid_) * kBlock * 4096;  // billions on a big GPU
    for (std::uint64_t done = 0; done < count;) {
      const std::uint64_t n = count - done < slice ? count - done : slice;
      sweep_kernel<Spec, MinBlocks>
          <<<grid_, kBlock, smem_>>>(spec, constants_, L_, first + done, n, d_words_.get(), shared_tally_,
                                     d_witnesses_.get(), d_counts_.get(), cost_classes_);
      if (!detail::check_launch(kernel_name_, err, err_len)) return false;
      if (!check(cudaMemcpy(h_counts_.data(), d_counts_.get(), slots_ * sizeof(int), cudaMemcpyDeviceToHost),
                 "cudaMemcpy(witness counts)", err, err_len))
        return false;
      if (!check(cudaMemcpy(h_witnesses_.data(), d_witnesses_.get(), slots_ * max_witnesses * sizeof(Witness),
                            cudaMemcpyDeviceToHost),
                 "cudaMemcpy(witnesses)", err, err_len))
        return false;
      for (std::size_t s = 0; s < slots_; ++s)
        for (int i = 0; i < h_counts_[s]; ++i) best_[s % n_laws_].offer(h_witnesses_[s * max_witnesses + i]);
      done += n;
      if (progress.fn) progress.fn(done_before + done, progress.ctx);
    }
    return true;
  }

  // The tally and each law's kept witnesses (witnesses[l * max_witnesses + i], witness_counts[l]).
  bool finish(u64* words, Witness* witnesses, int* witness_counts, char* err, std::size_t err_len) {
    if (!detail::check(cudaMemcpy(words, d_words_.get(), tally_bytes_, cudaMemcpyDeviceToHost),
                       "cudaMemcpy(tally)", err, err_len))
      return false;
    for (int l = 0; l < n_laws_; ++l) {
      witness_counts[l] = best_[l].n;
      for (int i = 0; i < best_[l].n; ++i) witnesses[l * max_witnesses + i] = best_[l].w[i];
    }
    return true;
  }

 private:
  const char* kernel_name_ = "";
  TallyLayout L_{};
  SweepConstantsOf<Spec> constants_{};
  int n_laws_ = 0, grid_ = 1, cost_classes_ = 1;
  bool shared_tally_ = false;
  std::size_t tally_bytes_ = 0, smem_ = 0, slots_ = 0;
  detail::DeviceBuffer<u64> d_words_;
  detail::DeviceBuffer<Witness> d_witnesses_;
  detail::DeviceBuffer<int> d_counts_;
  std::vector<TopK<max_witnesses>> best_;
  std::vector<Witness> h_witnesses_;
  std::vector<int> h_counts_;
};

// A whole sweep of samples [first, first + count) in one call.
template <int MinBlocks, class Spec>
bool launch_sweep(const Spec& spec, std::uint64_t first, std::uint64_t count, u64* words, Witness* witnesses,
                  int* witness_counts, ProgressHook progress, const char* kernel_name, char* err,
                  std::size_t err_len) {
  SweepLauncher<Spec, MinBlocks> launcher;
  return launcher.prepare(spec, kernel_name, err, err_len) &&
         launcher.sweep(spec, first, count, progress, 0, err, err_len) &&
         launcher.finish(words, witnesses, witness_counts, err, err_len);
}

}  // namespace

// run_sweep (collsweep/cuda_api.hpp) of any family: its launch_family_sweep, which its
// kernels/<family>_sweep_cuda.cu defines beside the explicit instantiation.
template <class Spec>
bool run_sweep(const Spec& spec, std::uint64_t first, std::uint64_t count, u64* words, Witness* witnesses,
               int* witness_counts, ProgressHook progress, char* err, std::size_t err_len,
               std::uint64_t max_batch) {
  return launch_family_sweep(spec, first, count, words, witnesses, witness_counts, progress, err, err_len,
                             max_batch);
}

// The tag by which evaluate_samples finds a family's launch_family_samples (argument-dependent lookup in
// this namespace; the family's types live in collsweep's).
struct SamplesLaunch {};

// evaluate_samples (collsweep/cuda_api.hpp) of any family: its launch_family_samples, defined beside the
// explicit instantiation.
template <class Spec>
bool evaluate_samples(const Spec& spec, std::uint64_t first, std::uint64_t count,
                      typename Spec::Sample* samples, typename Spec::Outcome* outcomes, char* err,
                      std::size_t err_len) {
  return launch_family_samples(SamplesLaunch{}, spec, first, count, samples, outcomes, err, err_len);
}

}  // namespace collsweep::cuda
