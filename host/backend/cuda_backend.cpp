// Host wrapper of the CUDA sweep launchers: buffers, progress, timing and errors as exceptions.
#include "backend/cuda_backend.hpp"

#include <chrono>
#include <cstdio>

#include "sweep/progress.hpp"

namespace collsweep {

std::string describe_device(const cuda::DeviceInfo& info) {
  if (!info.available) return info.message;
  char text[512];
  std::snprintf(text, sizeof text, "%s (cc %d.%d, %.1f GiB, CUDA runtime %d.%d)", info.name, info.cc_major,
                info.cc_minor, info.memory_gib, info.runtime_version / 1000,
                (info.runtime_version % 1000) / 10);
  return text;
}

template <class Spec>
SweepResult<Spec> run_sweep_gpu(const Spec& spec, std::uint64_t first, std::uint64_t count,
                                Progress* progress, std::uint64_t max_batch) {
  const cuda::DeviceInfo info = cuda::query_device();
  if (!info.available) throw CudaError(info.message);
  const auto start = std::chrono::steady_clock::now();
  SweepResult<Spec> result = make_empty_result(spec);
  std::vector<Witness> witnesses(static_cast<std::size_t>(spec.n_laws) * max_witnesses);
  std::vector<int> counts(spec.n_laws);
  struct Ctx {
    Progress* progress;
    std::uint64_t reported;
  } ctx{progress, 0};
  cuda::ProgressHook hook;
  hook.ctx = &ctx;
  hook.fn = [](std::uint64_t done, void* p) {
    auto* c = static_cast<Ctx*>(p);
    if (c->progress) c->progress->add(done - c->reported);
    c->reported = done;
  };
  char err[512] = {};
  if (!cuda::run_sweep(spec, first, count, result.words.data(), witnesses.data(), counts.data(), hook, err,
                       sizeof err, max_batch))
    throw CudaError(err);
  for (int l = 0; l < spec.n_laws; ++l)
    result.witnesses[l].assign(witnesses.begin() + l * max_witnesses,
                               witnesses.begin() + l * max_witnesses + counts[l]);
  result.first = first;
  result.count = count;
  result.backend = "cuda";
  result.device = describe_device(info);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

template PlanarSweepResult run_sweep_gpu(const PlanarSweepSpec&, std::uint64_t, std::uint64_t, Progress*,
                                         std::uint64_t);
template MultiContactSweepResult run_sweep_gpu(const MultiContactSweepSpec&, std::uint64_t, std::uint64_t,
                                               Progress*, std::uint64_t);
template SpatialSweepResult run_sweep_gpu(const SpatialSweepSpec&, std::uint64_t, std::uint64_t, Progress*,
                                          std::uint64_t);

}  // namespace collsweep
