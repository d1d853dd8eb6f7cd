// eval's CSV reading for one family (fuzz_eval_*.cpp): the input's first byte picks the law, --constraints
// and (multi-contact) --contacts and --solver; the rest is the CSV file eval reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "families/commands.hpp"
#include "fuzz_support.hpp"
#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::fuzz {

// The options of eval that a byte chooses: law (its low bits), the other bits the family's flags.
template <class Spec>
EvalOptions eval_options(std::uint8_t choice) {
  const std::vector<std::string_view> laws = families::law_names<Spec>();
  EvalOptions o;
  o.law = std::string(laws[choice % laws.size()]);
  o.constraints = (choice & 0x80) != 0;
  return o;
}

template <class Spec>
int eval_one_input(const std::uint8_t* data, std::size_t size, EvalOptions (*options)(std::uint8_t)) {
  if (size == 0) return 0;
  const EvalOptions o = options(data[0]);
  EvalTable table;
  try {
    table = families::family_table(families::FamilyTag<Spec>{}, o);
  } catch (const UsageError&) {
    return 0;  // an option combination the command refuses before reading
  }
  std::istringstream in(as_text(data + 1, size - 1));
  std::ostringstream out;
  io::CsvWriter writer(out);
  try {
    const EvalCounts counts = table.run(in, writer);
    if (counts.invalid > counts.rows) finding("more invalid rows than rows");
  } catch (const MalformedInput&) {
  } catch (const io::CsvError&) {
  }
  writer.finish();
  return 0;
}

}  // namespace collsweep::fuzz
