// The searched box of a law's parameters (parameter_box.hpp).
#include "fit/parameter_box.hpp"

#include <cmath>

#include "io/format.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::fit {
namespace {

constexpr double kOpenSpan = 2.0;  // the span an unbounded end is closed at
constexpr int kMaxListedIntegers = 17;
constexpr double kLargestListedPower = 64.0;

bool in_domain(const ParameterDomain& d, double x) {
  if (d.has_min && (x < d.min || (d.min_open && x == d.min))) return false;
  if (d.has_max && (x > d.max || (d.max_open && x == d.max))) return false;
  return !d.integers || x == std::floor(x);
}

std::string domain_text(const ParameterDomain& d) {
  std::string s = d.has_min ? std::string(d.min_open ? "(" : "[") + io::format_short(d.min) : "(-inf";
  s += ", ";
  s += d.has_max ? io::format_short(d.max) + (d.max_open ? ")" : "]") : "inf)";
  return d.integers ? "whole numbers in " + s : s;
}

void integer_values(Dimension& dim, double largest_power) {
  dim.values.clear();
  const double lo = std::ceil(dim.lo), hi = std::floor(dim.hi);
  if (hi - lo + 1 <= kMaxListedIntegers) {
    for (double x = lo; x <= hi; x += 1.0) dim.values.push_back(x);
    return;
  }
  if (lo <= 0.0) dim.values.push_back(0.0);
  if (lo > 0.0) dim.values.push_back(lo);
  for (double p = 1.0; p <= std::min(hi, largest_power); p *= 2.0)
    if (p > lo) dim.values.push_back(p);
}

}  // namespace

Dimension default_dimension(const FitParameter& p) {
  const ParameterDomain& d = p.domain;
  Dimension dim;
  dim.name = p.name;
  dim.integer = d.integers;
  if (d.has_min && d.has_max) {
    dim.lo = d.min;
    dim.hi = d.max;
  } else if (d.has_min) {
    dim.lo = d.min;
    dim.hi = d.min + kOpenSpan;
  } else if (d.has_max) {
    dim.lo = d.max - kOpenSpan;
    dim.hi = d.max;
  } else {
    dim.lo = -kOpenSpan;
    dim.hi = kOpenSpan;
  }
  if (dim.integer) integer_values(dim, kLargestListedPower);
  return dim;
}

std::vector<Dimension> law_box(const std::vector<FitParameter>& parameters,
                               const std::map<std::string, double>& fixed,
                               const std::map<std::string, std::pair<double, double>>& ranges) {
  std::vector<Dimension> box;
  for (const FitParameter& p : parameters) {
    Dimension dim = default_dimension(p);
    const auto range = ranges.find(p.name);
    if (range != ranges.end()) {
      const auto [lo, hi] = range->second;
      const std::string option =
          "--range " + p.name + "=" + io::format_short(lo) + ":" + io::format_short(hi);
      if (!(lo <= hi)) throw UsageError(option + ": the lower end must not exceed the upper");
      if (!in_domain(p.domain, lo) || !in_domain(p.domain, hi))
        throw UsageError(option + ": outside " + p.name + "'s domain " + domain_text(p.domain) + " (" +
                         p.meaning + ")");
      dim.lo = lo;
      dim.hi = hi;
      if (dim.integer) integer_values(dim, hi);
    }
    const auto fix = fixed.find(p.name);
    if (fix != fixed.end()) {
      if (!in_domain(p.domain, fix->second))
        throw UsageError("--fix " + p.name + "=" + io::format_short(fix->second) + ": outside " + p.name +
                         "'s domain " + domain_text(p.domain) + " (" + p.meaning + ")");
      dim.fixed = true;
      dim.lo = dim.hi = fix->second;
      dim.values = {fix->second};
    }
    box.push_back(dim);
  }
  return box;
}

}  // namespace collsweep::fit
