// The spatial Routh laws' items of a batch of samples on the GPU (kernels/spatial_routh_items_cuda.cu): what
// the spatial sweep (spatial_given_sweep.cuh) and the per-sample evaluation of `validate` hand them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep::cuda::detail {

// Item q of a batch of n device collisions is Routh law laws[q / n] on collision q % n, found pitch bytes
// apart from the first (of samples, SpatialSample::c, or of a plain array); its outcome goes to
// out[q / n][(q % n) * stride] (device memory).
struct RouthItems {
  const SpatialCollision* first = nullptr;
  std::size_t pitch = sizeof(SpatialCollision);
  std::uint64_t n = 0;
  int n_laws = 0;
  SpatialLaw laws[max_sweep_laws] = {};
  SpatialOutcome* out[max_sweep_laws] = {};
  std::uint64_t stride = 1;
};

// Evaluates every item (each GPU thread runs one item's slip phase a DOP853 step per turn and takes the next
// item from a shared counter when its own ends, routh_lane.hpp), then waits for the kernel. False with err
// filled on a CUDA error.
bool evaluate_routh_items(const RouthItems& items, char* err, std::size_t err_len);

// The items' collisions are the c of n device samples.
inline void set_samples(RouthItems* items, const SpatialSample* samples, std::uint64_t n) {
  items->first = &samples->c;
  items->pitch = sizeof(SpatialSample);
  items->n = n;
}

// The Routh laws among a spec's law slots, in slot order, into items->laws (items->n_laws of them); slots[r]
// is the slot of items->laws[r]. The caller points items->out[r] at slot slots[r]'s outcomes.
inline void collect_routh_laws(const SpatialLaw* laws, int n_laws, RouthItems* items,
                               int (&slots)[max_sweep_laws]) {
  items->n_laws = 0;
  for (int i = 0; i < n_laws; ++i)
    if (is_routh_law(laws[i])) {
      slots[items->n_laws] = i;
      items->laws[items->n_laws++] = laws[i];
    }
}

}  // namespace collsweep::cuda::detail
