// Items [0, n) split into contiguous shares over threads; each item is computed alone, so the results are
// the same for any thread count.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

#include "io/usable_cores.hpp"

namespace collsweep::fit {

// The threads to use: `requested` (> 0), else the machine's cores.
inline int thread_count(int requested) {
  return requested > 0 ? requested : io::usable_cores();
}

// f(begin, end) on shares of [0, n), at most `threads` at once and none smaller than `grain` items;
// rethrows the first share's exception.
template <class F>
void parallel_for(std::size_t n, int threads, std::size_t grain, F f) {
  const std::size_t useful = std::max<std::size_t>(1, n / std::max<std::size_t>(1, grain));
  const std::size_t t = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, threads)), useful);
  if (t <= 1) {
    f(std::size_t{0}, n);
    return;
  }
  std::vector<std::exception_ptr> errors(t);
  std::vector<std::thread> workers;
  for (std::size_t k = 1; k < t; ++k)
    workers.emplace_back([&, k] {
      try {
        f(n * k / t, n * (k + 1) / t);
      } catch (...) {
        errors[k] = std::current_exception();
      }
    });
  try {
    f(0, n / t);
  } catch (...) {
    errors[0] = std::current_exception();
  }
  for (std::thread& w : workers) w.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace collsweep::fit
