// The spatial laws' two-body file (collsweep solve --bodies FILE, families/spatial/bodies_file.*): two
// bodies and a frame with finite numbers, or a UsageError.
#include <cstddef>
#include <cstdint>

#include "families/spatial/bodies_file.hpp"
#include "fuzz_support.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace {

void require_finite(const collsweep::Vec3& v, const char* what) {
  collsweep::fuzz::require_finite(v.x + v.y + v.z, what);
}

void require_finite_body(const collsweep::RigidBody& b) {
  if (b.ground) return;  // (its numbers are ignored)
  collsweep::fuzz::require_finite(b.m, "a non-finite mass");
  for (const auto& row : b.J.m)
    for (double x : row) collsweep::fuzz::require_finite(x, "a non-finite inertia tensor");
  require_finite(b.r, "a non-finite mass-centre offset");
  require_finite(b.v, "a non-finite velocity");
  require_finite(b.w, "a non-finite angular velocity");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  families::BodiesInput in;
  try {
    in = families::read_bodies_file(fuzz::write_input_file(fuzz::as_text(data, size), ".toml"));
  } catch (const UsageError&) {
    return 0;
  }
  require_finite_body(in.body1);
  require_finite_body(in.body2);
  require_finite(in.frame.n, "a non-finite frame");
  require_finite(in.frame.t1, "a non-finite frame");
  require_finite(in.frame.t2, "a non-finite frame");
  return 0;
}
