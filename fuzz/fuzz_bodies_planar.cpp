// The multi-contact laws' bodies file (collsweep solve --bodies FILE, families/multicontact/body_reader.*):
// a body with finite numbers or a UsageError.
#include <cstddef>
#include <cstdint>

#include "families/multicontact/body_reader.hpp"
#include "fuzz_support.hpp"
#include "vocabulary/parse_numbers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  families::PlanarBodyFile f;
  try {
    f = families::read_planar_body_file(fuzz::write_input_file(fuzz::as_text(data, size), ".toml"));
  } catch (const UsageError&) {
    return 0;
  }
  if (!(f.body.mass > 0.0) || !(f.body.inertia > 0.0))
    fuzz::finding("a body without positive mass or inertia");
  if (f.contacts < 1 || f.contacts > max_contacts) fuzz::finding("a contact count out of range");
  fuzz::require_finite(f.body.mass + f.body.inertia, "a non-finite mass or inertia");
  for (std::uint32_t i = 0; i < f.contacts; ++i)
    for (int c = 0; c < 2; ++c) {
      fuzz::require_finite(f.body.point[i][c], "a non-finite contact point");
      fuzz::require_finite(f.body.normal[i][c], "a non-finite contact normal");
    }
  for (double v : f.velocity) fuzz::require_finite(v, "a non-finite velocity");
  return 0;
}
