// Number formatting and parsing shared by every writer: 17 significant digits, round-trip exact.
#pragma once

#include <string>
#include <string_view>

namespace collsweep::io {

// Formats x with printf's "%.17g": 17 significant digits, which always round-trips through
// parse_double / strtod to the same bits (also for subnormals and -0.0, printed "-0"). Non-finite
// values print as "nan", "inf" and "-inf" (parse_double reads them back). Writers that cannot
// represent non-finite numbers (JSON) must handle them before calling this.
std::string format_double(double x);

// Appends format_double(x) to out without a temporary string (for hot writers such as `eval`).
void append_double(std::string& out, double x);

// Formats x with `digits` significant digits ("%.*g"), for human-readable tables only.
std::string format_short(double x, int digits = 10);

// Parses a whole string as one double, as strtod does in the "C" locale (decimal or hexadecimal,
// "nan", "inf", "infinity", any case), after trimming blanks (space, tab) at both ends. Returns false
// when the text is empty or has anything left over. Values too large overflow to +-inf and tiny ones
// underflow to a subnormal or zero, as strtod rounds them; the caller decides whether they are valid.
bool parse_double(std::string_view text, double* out);

}  // namespace collsweep::io
