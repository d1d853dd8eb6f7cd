// Parsing of numeric command-line values ("0.5", "a,b,c") with one-line messages naming the option.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace collsweep {
inline namespace vocabulary {

// Bad command-line input; what() is one line naming the option and the value. Commands print it and
// exit with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One number (io::parse_double: decimal, hex, nan, inf); throws UsageError "--mu: 'abc' is not a number".
double parse_number_option(std::string_view option, std::string_view text);

// A comma-separated list of exactly `expected` numbers (any count >= 1 when expected == 0). `layout`
// describes the items for the message, e.g. "m_nn,m_nt,m_tt". Throws UsageError naming the option,
// the count or the item that does not parse, and the text given.
std::vector<double> parse_number_list(std::string_view option, std::string_view text, std::size_t expected,
                                      std::string_view layout = {});

// The same, refusing NaN and inf: UsageError "--mu nan: NaN or inf in the input" (the solve commands'
// inputs, where a non-finite number is an input error rather than a value to map).
double parse_finite_option(std::string_view option, std::string_view text);
std::vector<double> parse_finite_list(std::string_view option, std::string_view text, std::size_t expected,
                                      std::string_view layout = {});

// A positive integer; throws UsageError otherwise.
int parse_positive_int(std::string_view option, std::string_view text);

// A count of samples: a positive integer, written out or in exponent form ("1000000", "1e9", "2.5e8"), below
// 2^63; throws UsageError "--samples: '1.5' is not a whole positive number of samples" otherwise. With
// index set, a sample index: 0 too ("--first: '-1' is not a sample index (a whole number >= 0)").
std::uint64_t parse_sample_count(std::string_view option, std::string_view text, bool index = false);

}  // namespace vocabulary
}  // namespace collsweep
