// Which known name a mistyped one was meant to be: the "did you mean" of config keys, law names and CSV
// columns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace collsweep {
inline namespace vocabulary {

// The closest of `known` to `given` (case-insensitive optimal-string-alignment distance, small enough to
// be a typo), or "" when none is close.
std::string closest_name(std::string_view given, const std::vector<std::string_view>& known);

// The known names that `given` (3 characters or more) begins, at a '-' or '_' of theirs ("chatterjee" ->
// chatterjee-ruina, chatterjee-law1, ...), in their order: a name given without its suffix.
std::vector<std::string_view> names_extending(std::string_view given,
                                              const std::vector<std::string_view>& known);

// " (did you mean \"x\"?)" for the closest name, else " (did you mean one of \"a\", \"b\"?)" for the names
// `given` begins, else "". The names are quoted as TOML and JSON strings.
std::string did_you_mean_name(std::string_view given, const std::vector<std::string_view>& known);

}  // namespace vocabulary
}  // namespace collsweep
