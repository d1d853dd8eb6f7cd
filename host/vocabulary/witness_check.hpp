// `reproduce`'s comparison of each witness row's recorded results with their re-evaluation, per law.
//
// The first recorded column is compared exactly: a count (planar: type; multi-contact: solutions) or a
// label (spatial: mode, compared as text); the others are numbers compared by their relative difference
// |a - b| / max(|a|, |b|) against a tolerance.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace collsweep {
inline namespace vocabulary {

// What the re-evaluation of one row gave: ok, or the reason it is invalid; values in the recorded
// columns' order. label: the first column's text where it is a label (then values[0] is not read).
struct Reproduced {
  bool ok = false;
  std::string reason;
  std::vector<double> values;
  std::string label;
};

// One witness row as read: where it is and what the run recorded (texts and numbers, same order; a label
// column's number is 0).
struct WitnessRow {
  std::string law;
  long line = 0;
  std::string rank, sample;
  std::vector<std::string> recorded_text;
  std::vector<double> recorded;
};

class WitnessCheck {
 public:
  // columns: the recorded columns (count first); file: the witnesses file's name for messages.
  WitnessCheck(std::vector<std::string> columns, double tolerance, std::string file);

  void add_law(const std::string& law);  // a law listed even without witnesses (idempotent)
  void compare(const WitnessRow& row, const Reproduced& r);

  bool reproduced() const { return failed_rows_ == 0; }
  long witnesses() const;
  void print_text(std::ostream& os) const;  // one line per law, then the differing rows
  void print_json(std::ostream& os, const std::string& run_dir, const std::string& model) const;

 private:
  struct Law {
    std::string name;
    long witnesses = 0, count_mismatches = 0, failed = 0;
    std::vector<double> max_rel;  // per number column
  };
  struct Difference {
    std::string law, rank, sample, column, recorded, reproduced;
    long line = 0;
    double rel = 0.0;  // numbers only
  };
  Law& law(const std::string& name);
  void note(const WitnessRow& row, const std::string& column, const std::string& recorded,
            const std::string& reproduced, double rel);

  std::vector<std::string> columns_;
  double tolerance_;
  std::string file_;
  std::vector<Law> laws_;
  std::vector<Difference> differences_;  // the first ones (witness_check.cpp: kMaxListed)
  long differences_total_ = 0;
  long failed_rows_ = 0;
};

}  // namespace vocabulary
}  // namespace collsweep
