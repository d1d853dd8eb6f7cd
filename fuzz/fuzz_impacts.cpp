// fit's impacts reader (fit/impact_set.*) in each family's contact space the header has, as `collsweep fit`
// reads it; every used impact must hold finite numbers.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "families/commands.hpp"
#include "fit/impact_set.hpp"
#include "fuzz_support.hpp"
#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"

namespace {

void require_finite(const Eigen::MatrixXd& m, const char* what) {
  if (m.size() > 0 && !m.allFinite()) collsweep::fuzz::finding(what);
}

// The header's names, trimmed, as fit reads them (cli/fit_command.cpp); empty for an unreadable header.
std::vector<std::string> header_of(const std::string& text) {
  std::istringstream in(text);
  collsweep::io::CsvReader reader(in);
  std::vector<std::string> fields, names;
  try {
    if (!reader.next(fields)) return {};
  } catch (const collsweep::io::CsvError&) {
    return {};
  }
  for (const std::string& f : fields) names.push_back(collsweep::trim_blanks(f));
  return names;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  const std::string text = fuzz::as_text(data, size);
  const std::vector<std::string> header = header_of(text);
  families::for_each_family([&](auto i) {
    ImpactSpace space;
    try {
      space = families::impact_space(families::FamilyTag<families::SpecAt<i>>{}, header, "");
    } catch (const UsageError&) {
      return;  // no space of this family (fit tries the next)
    } catch (const MalformedInput&) {
      return;  // a header fit refuses (a duplicate column), which it reports as such
    }
    std::istringstream in(text);
    fit::ImpactSet set;
    try {
      set = fit::read_impacts(in, space, {});
    } catch (const MalformedInput&) {
      return;
    } catch (const io::CsvError&) {
      return;
    }
    if (set.used + set.rejected + set.excluded != set.impacts.size()) fuzz::finding("impacts miscounted");
    for (const fit::Impact& im : set.impacts) {
      if (!im.used) continue;
      require_finite(im.W, "a used impact with a non-finite W");
      require_finite(im.v, "a used impact with a non-finite velocity");
      require_finite(im.v_post, "a used impact with a non-finite velocity after");
      require_finite(im.B, "a used impact with a non-finite M^-1 J^T");
      require_finite(im.u, "a used impact with a non-finite generalized velocity");
      require_finite(im.u_post, "a used impact with a non-finite generalized velocity after");
      require_finite(im.W_inverse, "a used impact with a non-finite W inverse");
    }
  });
  return 0;
}
