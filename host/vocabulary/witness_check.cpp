// `reproduce`'s comparison of each witness row's recorded results with their re-evaluation, per law.
#include "vocabulary/witness_check.hpp"

#include <cmath>
#include <utility>

#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep {
inline namespace vocabulary {
namespace {

constexpr std::size_t kMaxListed = 20;  // differing fields listed; the tallies count them all

// 0 for equal numbers (NaN equal to NaN), infinite where exactly one is not finite.
double relative_difference(double a, double b) {
  if (a == b || (std::isnan(a) && std::isnan(b))) return 0.0;
  if (!std::isfinite(a) || !std::isfinite(b)) return INFINITY;
  return std::fabs(a - b) / std::fmax(std::fabs(a), std::fabs(b));
}

}  // namespace

WitnessCheck::WitnessCheck(std::vector<std::string> columns, double tolerance, std::string file)
    : columns_(std::move(columns)), tolerance_(tolerance), file_(std::move(file)) {}

WitnessCheck::Law& WitnessCheck::law(const std::string& name) {
  for (Law& l : laws_)
    if (l.name == name) return l;
  laws_.push_back({name, 0, 0, 0, std::vector<double>(columns_.size() - 1, 0.0)});
  return laws_.back();
}

void WitnessCheck::add_law(const std::string& name) { law(name); }

long WitnessCheck::witnesses() const {
  long n = 0;
  for (const Law& l : laws_) n += l.witnesses;
  return n;
}

void WitnessCheck::note(const WitnessRow& row, const std::string& column, const std::string& recorded,
                        const std::string& reproduced, double rel) {
  ++differences_total_;
  if (differences_.size() < kMaxListed)
    differences_.push_back({row.law, row.rank, row.sample, column, recorded, reproduced, row.line, rel});
}

void WitnessCheck::compare(const WitnessRow& row, const Reproduced& r) {
  Law& l = law(row.law);
  ++l.witnesses;
  bool failed = false;
  if (!r.ok) {
    ++l.count_mismatches;
    note(row, columns_[0], row.recorded_text[0], "invalid: " + r.reason, 0.0);
    failed = true;
  } else {
    const bool label = !r.label.empty();
    if (label ? r.label != row.recorded_text[0] : r.values[0] != row.recorded[0]) {
      ++l.count_mismatches;
      note(row, columns_[0], row.recorded_text[0], label ? r.label : io::format_double(r.values[0]), 0.0);
      failed = true;
    }
    for (std::size_t q = 1; q < columns_.size(); ++q) {
      const double rel = relative_difference(row.recorded[q], r.values[q]);
      l.max_rel[q - 1] = std::fmax(l.max_rel[q - 1], rel);
      if (!(rel <= tolerance_)) {
        note(row, columns_[q], row.recorded_text[q], io::format_double(r.values[q]), rel);
        failed = true;
      }
    }
  }
  if (failed) {
    ++l.failed;
    ++failed_rows_;
  }
}

void WitnessCheck::print_text(std::ostream& os) const {
  TextTable t;
  std::vector<std::string> head = {"law", "witnesses"};
  for (std::size_t q = 1; q < columns_.size(); ++q) head.push_back("max rel diff " + columns_[q]);
  head.insert(head.end(), {columns_[0] + " mismatches", "result"});
  t.row(head);
  for (const Law& l : laws_) {
    std::vector<std::string> row = {l.name, std::to_string(l.witnesses)};
    for (double x : l.max_rel) row.push_back(io::format_short(x, 3));
    row.push_back(std::to_string(l.count_mismatches));
    row.push_back(l.failed == 0 ? "ok" : std::to_string(l.failed) + " not reproduced");
    t.row(row);
  }
  t.print(os);
  for (const Difference& d : differences_) {
    os << file_ << " line " << d.line << " (" << d.law << ", rank " << d.rank << ", sample " << d.sample
       << "): " << d.column << " recorded " << d.recorded << ", reproduced " << d.reproduced;
    if (d.rel > 0.0) os << " (relative difference " << io::format_short(d.rel, 3) << ")";
    os << '\n';
  }
  if (differences_total_ > static_cast<long>(differences_.size()))
    os << "(the first " << differences_.size() << " of " << differences_total_
       << " differences are listed)\n";
  os << (failed_rows_ == 0 ? "reproduced: " + std::to_string(witnesses()) + " witnesses"
                           : "NOT reproduced: " + std::to_string(failed_rows_) + " of " +
                                 std::to_string(witnesses()) + " witnesses differ")
     << " (tolerance " << io::format_short(tolerance_, 3) << ")\n";
}

void WitnessCheck::print_json(std::ostream& os, const std::string& run_dir, const std::string& model) const {
  io::JsonWriter j(os);
  j.begin_object();
  j.key("run_dir").string(run_dir).key("model").string(model).key("tolerance").number(tolerance_);
  j.key("reproduced").boolean(failed_rows_ == 0);
  j.key("witnesses").integer(witnesses()).key("not_reproduced").integer(failed_rows_);
  j.key("laws").begin_array();
  for (const Law& l : laws_) {
    j.begin_object().key("law").string(l.name).key("witnesses").integer(l.witnesses);
    j.key("max_relative_difference").begin_object();
    for (std::size_t q = 1; q < columns_.size(); ++q) j.key(columns_[q]).number(l.max_rel[q - 1]);
    j.end_object();
    j.key(columns_[0] + "_mismatches").integer(l.count_mismatches);
    j.key("not_reproduced").integer(l.failed).end_object();
  }
  j.end_array();
  j.key("differences_total").integer(differences_total_);
  j.key("differences").begin_array();  // the first kMaxListed
  for (const Difference& d : differences_) {
    j.begin_object().key("law").string(d.law).key("line").integer(d.line).key("rank").string(d.rank);
    j.key("sample").string(d.sample).key("column").string(d.column);
    j.key("recorded").string(d.recorded).key("reproduced").string(d.reproduced);
    j.key("relative_difference").number(d.rel).end_object();
  }
  j.end_array();
  j.end_object();
  os << '\n';
}

}  // namespace vocabulary
}  // namespace collsweep
