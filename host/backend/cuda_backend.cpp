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

namespace {

// launch(words, witnesses, witness_counts, hook, err, err_len): the sweep's CUDA launcher on spec's samples
// [first, first + count).
template <class Spec, class Launch>
SweepResult<Spec> run_sweep_gpu(const Spec& spec, std::uint64_t first, std::uint64_t count,
                                Progress* progress, Launch launch) {
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
  if (!launch(result.words.data(), witnesses.data(), counts.data(), hook, err, sizeof err))
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

}  // namespace

PlanarSweepResult run_planar_sweep_gpu(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                       Progress* progress) {
  return run_sweep_gpu(spec, first, count, progress,
                       [&](auto... out) { return cuda::run_planar_sweep(spec, first, count, out...); });
}

MultiContactSweepResult run_multicontact_sweep_gpu(const MultiContactSweepSpec& spec, std::uint64_t first,
                                                   std::uint64_t count, Progress* progress) {
  return run_sweep_gpu(spec, first, count, progress,
                       [&](auto... out) { return cuda::run_multicontact_sweep(spec, first, count, out...); });
}

SpatialSweepResult run_spatial_sweep_gpu(const SpatialSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, Progress* progress, std::uint64_t max_batch) {
  return run_sweep_gpu(spec, first, count, progress, [&](auto... out) {
    return cuda::run_spatial_sweep(spec, first, count, out..., max_batch);
  });
}

}  // namespace collsweep
