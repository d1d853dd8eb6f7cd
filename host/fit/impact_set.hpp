// The measured impacts of `collsweep fit`: rows of a CSV file in a family's contact space (W, the velocities
// before and after) or as bodies, each used or rejected with its reason, never dropped silently.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <istream>
#include <string>
#include <utility>
#include <vector>

#include "vocabulary/impact_space.hpp"

namespace collsweep::fit {

struct Impact {
  std::size_t row = 0;  // 1-based data row of the file
  long line = 0;        // its line in the file
  bool used = false;
  std::string reason;  // why it is not used (empty when it is)
  Eigen::MatrixXd W;
  Eigen::VectorXd v, v_post;  // contact velocities, measured
  Eigen::MatrixXd B;          // M⁻¹Jᵀ when the file has the body columns (else empty)
  Eigen::VectorXd u, u_post;  // generalized velocities, measured (with B)
  Eigen::MatrixXd W_inverse;  // for the weighted loss (when W is invertible)
};

// A column test of --where: rows whose `column` reads `value` (as numbers when both are, else as text).
struct RowSelection {
  std::string column, value;
};

struct ImpactSet {
  std::vector<Impact> impacts;  // every data row, in file order (excluded ones too)
  bool body_form = false;       // W and the velocities formed from the body columns
  bool has_bodies = false;      // the body columns are there (the generalized loss can be computed)
  std::size_t used = 0, rejected = 0, excluded = 0;  // excluded: left out by --where
};

// The header's family among `spaces` (in registry order): the first whose contact-space or body columns
// the header has all of; -1 when none.
int family_of_header(const std::vector<std::string>& header, const std::vector<ImpactSpace>& spaces);

// Reads every row after the header (already read). Throws MalformedInput (bad header, missing columns, a
// field count or an unparsable number, naming the line and the column); a usable row's numbers are checked:
// non-finite values, a W that is not symmetric positive definite (multi-contact: semidefinite), a
// separating approach (every v_n >= 0) and a `contacts` column other than the space's are rejections.
ImpactSet read_impacts(std::istream& in, const ImpactSpace& space, const std::vector<RowSelection>& where);

}  // namespace collsweep::fit
