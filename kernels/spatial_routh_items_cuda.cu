// The spatial Routh laws' items on the GPU (spatial_routh_items.cuh): a kernel of persistent threads, each
// running the lane of routh_lane.hpp over items it takes from one counter, and its launcher.
#include "collsweep/models/spatial/routh/routh_lane.hpp"
#include "cuda_common.cuh"
#include "spatial_routh_items.cuh"

namespace collsweep::cuda {

namespace {

constexpr int kRouthBlock = 256;

// One resident block per SM: the DOP853 step's state takes up to 255 registers.
constexpr int kRouthMinBlocks = 1;

// Free threads of a warp at which they take new items together.
constexpr int kRefillAt = 8;

// The next item index for each calling thread: one atomic per warp for the threads that ask together
// (warp-aggregated), ranked by lane.
__device__ std::uint64_t fetch_next_item(unsigned long long* counter) {
  const unsigned mask = __activemask();
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int leader = __ffs(mask) - 1;
  const unsigned rank = __popc(mask & ((1u << lane) - 1u));
  unsigned long long base = 0;
  if (lane == leader) base = atomicAdd(counter, static_cast<unsigned long long>(__popc(mask)));
  base = __shfl_sync(mask, base, leader);
  return base + rank;
}

// The item source of routh_lane.hpp over a batch.
struct DeviceRouthItems {
  detail::RouthItems j;
  unsigned long long* counter;
  __device__ bool next(std::uint64_t* q) {
    *q = fetch_next_item(counter);
    return *q < j.n * static_cast<std::uint64_t>(j.n_laws);
  }
  __device__ SpatialLaw law(std::uint64_t q) const { return j.laws[q / j.n]; }
  __device__ const SpatialCollision& collision(std::uint64_t q) const {
    return *reinterpret_cast<const SpatialCollision*>(reinterpret_cast<const char*>(j.first) +
                                                      (q % j.n) * j.pitch);
  }
  __device__ void put(std::uint64_t q, const SpatialOutcome& o) const {
    j.out[q / j.n][(q % j.n) * j.stride] = o;
  }
};

// Each thread runs one item's slip a DOP853 step per turn, so that a warp's threads stay on DOP853 steps
// however unequal their items' step counts. A warp's threads take new items together once kRefillAt of them
// (or all that still work) are free: a thread starting an item (its invariant directions, the slip's start,
// the first slip series) runs while the others wait, so refilling eight at once costs what refilling one
// does. Every thread stays in the loop until the warp is done (the ballots need all 32).
__global__ void __launch_bounds__(kRouthBlock, kRouthMinBlocks)
    routh_items_kernel(detail::RouthItems j, unsigned long long* counter) {
  constexpr unsigned kWarp = 0xffffffffu;
  DeviceRouthItems items{j, counter};
  const SpatialOptions opt;
  RouthLane ln;
  bool has = false, more = true;  // an item under way; the source may hold more
  for (;;) {
    const unsigned want = __ballot_sync(kWarp, !has && more);
    const unsigned busy = __ballot_sync(kWarp, has);
    if (want == 0 && busy == 0) break;
    if (warp_refills(__popc(want), __popc(busy), kRefillAt) && !has && more)
      more = has = routh_lane_start_next(items, opt, &ln);
    if (has) {
      double y1[spatial::kN], k1[spatial::kN];
      const double err = routh_lane_step(ln, opt, y1, k1);
      has = routh_lane_advance(items, opt, &ln, err, spatial::step_factors(err), y1, k1);
    }
  }
}

bool launch_routh_items(const detail::RouthItems& items, unsigned long long* counter, char* err,
                        std::size_t err_len) {
  using detail::check;
  int device = 0, sms = 0, per_sm = 0;
  if (!check(cudaGetDevice(&device), "cudaGetDevice", err, err_len)) return false;
  if (!check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
             "cudaDeviceGetAttribute(SMs)", err, err_len))
    return false;
  if (!check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, routh_items_kernel, kRouthBlock, 0),
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor(routh_items_kernel)", err, err_len))
    return false;
  routh_items_kernel<<<sms*(per_sm > 0 ? per_sm : 1), kRouthBlock>>>(items, counter);
  return detail::check_launch("routh_items_kernel", err, err_len);
}

}  // namespace

namespace detail {

bool evaluate_routh_items(const RouthItems& items, char* err, std::size_t err_len) {
  if (items.n == 0 || items.n_laws == 0) return true;
  DeviceBuffer<unsigned long long> counter;
  if (!counter.allocate(1, "cudaMalloc(item counter)", err, err_len)) return false;
  if (!check(cudaMemset(counter.get(), 0, sizeof(unsigned long long)), "cudaMemset(item counter)", err,
             err_len))
    return false;
  return launch_routh_items(items, counter.get(), err, err_len);
}

}  // namespace detail

}  // namespace collsweep::cuda
