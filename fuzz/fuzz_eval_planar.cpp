// eval's CSV reader with the planar laws (collsweep eval --law LAW, eval_target.hpp).
#include "eval_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  return fuzz::eval_one_input<PlanarSweepSpec>(data, size, fuzz::eval_options<PlanarSweepSpec>);
}
