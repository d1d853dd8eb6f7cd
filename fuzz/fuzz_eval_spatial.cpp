// eval's CSV reader with the spatial laws (collsweep eval --law LAW, eval_target.hpp).
#include "eval_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  return fuzz::eval_one_input<SpatialSweepSpec>(data, size, fuzz::eval_options<SpatialSweepSpec>);
}
