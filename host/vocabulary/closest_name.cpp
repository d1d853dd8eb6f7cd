// Typo suggestions for names: edit distance and suffix-less prefixes (closest_name.hpp).
#include "vocabulary/closest_name.hpp"

#include <algorithm>
#include <cctype>

namespace collsweep {
inline namespace vocabulary {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), ASCII case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1, 0));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string closest_name(std::string_view given, const std::vector<std::string_view>& known) {
  std::string best;
  std::size_t best_d = 0;
  for (const std::string_view k : known) {
    const std::size_t d = edit_distance(given, k);
    const std::size_t len = k.size();
    const std::size_t limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    if (d > limit || d >= std::max(given.size(), len)) continue;
    if (best.empty() || d < best_d) {
      best = std::string(k);
      best_d = d;
    }
  }
  return best;
}

std::vector<std::string_view> names_extending(std::string_view given,
                                              const std::vector<std::string_view>& known) {
  std::vector<std::string_view> out;
  if (given.size() < 3) return out;
  for (const std::string_view k : known) {
    if (k.size() <= given.size() || (k[given.size()] != '-' && k[given.size()] != '_')) continue;
    if (std::equal(given.begin(), given.end(), k.begin(),
                   [](char a, char b) { return lower(a) == lower(b); }))
      out.push_back(k);
  }
  return out;
}

std::string did_you_mean_name(std::string_view given, const std::vector<std::string_view>& known) {
  const std::string m = closest_name(given, known);
  if (!m.empty()) return " (did you mean " + quoted(m) + "?)";
  const std::vector<std::string_view> longer = names_extending(given, known);
  if (longer.empty()) return "";
  if (longer.size() == 1) return " (did you mean " + quoted(longer[0]) + "?)";
  std::string list;
  for (std::size_t i = 0; i < longer.size(); ++i) list += (i ? ", " : "") + quoted(longer[i]);
  return " (did you mean one of " + list + "?)";
}

}  // namespace vocabulary
}  // namespace collsweep
