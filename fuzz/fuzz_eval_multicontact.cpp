// eval's CSV reader with the multi-contact laws (eval_target.hpp): the first byte picks the law, --contacts
// (none: the header's, or 1-4) and --solver.
#include "eval_target.hpp"

namespace {

collsweep::EvalOptions multicontact_options(std::uint8_t choice) {
  using namespace collsweep;
  const std::vector<std::string_view> laws = families::law_names<MultiContactSweepSpec>();
  EvalOptions o;
  o.law = std::string(laws[(choice & 0x3) % laws.size()]);
  const int k = (choice >> 2) % 5;  // 0: the header's
  if (k > 0) o.contacts = std::to_string(k);
  static const char* const solvers[] = {"", "automatic", "enumeration", "lemke"};
  o.solver = solvers[(choice >> 5) & 0x3];
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  return fuzz::eval_one_input<MultiContactSweepSpec>(data, size, multicontact_options);
}
