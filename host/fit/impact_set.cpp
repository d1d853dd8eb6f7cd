// Reading measured impacts (impact_set.hpp): the contact-space or body columns of each row, checked.
#include "fit/impact_set.hpp"

#include <cmath>
#include <string>

#include "io/csv.hpp"
#include "io/format.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::fit {
namespace {

std::vector<std::string> contact_columns(const ImpactSpace& s) {
  std::vector<std::string> names = s.W;
  for (const std::string& n : s.v) names.push_back(n);
  for (const std::string& n : s.post_columns()) names.push_back(n);
  return names;
}

bool has_all(const HeaderIndex& h, const std::vector<std::string>& names) {
  for (const std::string& n : names)
    if (h.find(n) < 0) return false;
  return !names.empty();
}

// "W is not symmetric positive definite" and its like, or "" for a usable W.
std::string delassus_problem(const ImpactSpace& s, const Eigen::MatrixXd& W) {
  const char* name = s.contacts > 1 ? "G" : "W";
  if (s.contacts > 1) {
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(W);
    const double largest = eig.eigenvalues().cwiseAbs().maxCoeff();
    if (!(largest > 0.0) || eig.eigenvalues().minCoeff() < -1e-12 * largest)
      return std::string(name) + " is not positive semidefinite";
    return "";
  }
  const Eigen::LLT<Eigen::MatrixXd> llt(W);
  if (llt.info() != Eigen::Success) return std::string(name) + " is not symmetric positive definite";
  return "";
}

bool numbers_equal(const std::string& a, const std::string& b) {
  double x = 0.0, y = 0.0;
  if (io::parse_double(trim_blanks(a), &x) && io::parse_double(trim_blanks(b), &y)) return x == y;
  return trim_blanks(a) == trim_blanks(b);
}

}  // namespace

int family_of_header(const std::vector<std::string>& header, const std::vector<ImpactSpace>& spaces) {
  const HeaderIndex h(header, 1);
  for (std::size_t f = 0; f < spaces.size(); ++f) {
    std::vector<std::string> in_contact_space = spaces[f].W;
    in_contact_space.insert(in_contact_space.end(), spaces[f].v.begin(), spaces[f].v.end());
    if (has_all(h, in_contact_space) || has_all(h, spaces[f].body_columns)) return static_cast<int>(f);
  }
  return -1;
}

ImpactSet read_impacts(std::istream& in, const ImpactSpace& space, const std::vector<RowSelection>& where) {
  io::CsvReader reader(in);
  const std::vector<std::string> header_fields = read_header(reader, space.W.front());
  const HeaderIndex header(header_fields, reader.record_line());
  ImpactSet set;
  const std::vector<std::string> contact = contact_columns(space);
  set.has_bodies = has_all(header, space.body_columns);
  set.body_form = !has_all(header, contact) && set.has_bodies;
  if (!has_all(header, contact) && !set.body_form) {
    std::string message = missing_columns_message(header, contact) + " (the " + space.family +
                          " contact space: W, the velocities before and the measured ones after";
    if (!space.body_columns.empty()) {
      message += "; or the body columns";
      for (const std::string& n : space.body_columns) message += " " + n;
    }
    throw MalformedInput(header.line(), message + ")");
  }
  for (const RowSelection& w : where)
    if (header.find(w.column) < 0)
      throw MalformedInput(header.line(), "--where " + w.column + "=" + w.value +
                                              ": the header has no column '" + w.column + "'");
  const auto positions = [&](const std::vector<std::string>& names) {
    std::vector<long> at;
    for (const std::string& n : names) at.push_back(header.find(n));
    return at;
  };
  const std::vector<std::string> posts = space.post_columns();
  const std::vector<long> W_at = positions(space.W), v_at = positions(space.v), post_at = positions(posts),
                          body_at = positions(space.body_columns);
  const long contacts_at = header.find("contacts");
  const int n = space.size();

  std::vector<std::string> fields;
  while (reader.next(fields)) {
    const long line = reader.record_line();
    check_field_count(header, fields, line);
    Impact im;
    im.row = set.impacts.size() + 1;
    im.line = line;
    bool selected = true;
    for (const RowSelection& w : where)
      if (!numbers_equal(fields[static_cast<std::size_t>(header.find(w.column))], w.value)) {
        selected = false;
        im.reason = "left out by --where " + w.column + "=" + w.value;
      }
    if (!selected) {
      ++set.excluded;
      set.impacts.push_back(std::move(im));
      continue;
    }
    const auto value = [&](long at, const std::string& name) {
      return parse_field(fields[static_cast<std::size_t>(at)], name, line);
    };
    std::string reason;
    if (contacts_at >= 0) {
      const double k = value(contacts_at, "contacts");
      if (k != space.contacts)
        reason =
            "contacts = " + io::format_short(k) + ": an impact on " + io::format_short(k) +
            " contacts, the " + space.family + " laws of this fit take " + std::to_string(space.contacts) +
            (space.tangents == 2 && k > 1 ? " (no family solves a spatial impact on several contacts)" : "");
    }
    BodyImpact body;
    if (reason.empty() && set.has_bodies) {
      std::vector<double> values;
      for (std::size_t i = 0; i < body_at.size() && reason.empty(); ++i) {
        values.push_back(value(body_at[i], space.body_columns[i]));
        if (!std::isfinite(values.back())) reason = space.body_columns[i] + " is not finite";
      }
      if (reason.empty()) reason = space.body(values.data(), body);
      if (!reason.empty() && !set.body_form) {  // bodies only feed the generalized loss here
        reason.clear();
        body = BodyImpact{};
      }
    }
    if (reason.empty()) {
      if (set.body_form) {
        im.W = body.W;
        im.v = body.v;
        im.v_post = body.v_post;
      } else {
        im.W.resize(n, n);
        im.v.resize(n);
        im.v_post.resize(n);
        for (int i = 0; i < n; ++i)
          for (int j = i; j < n; ++j) {
            const std::string& name = space.W_column(i, j);
            im.W(i, j) = im.W(j, i) =
                value(W_at[static_cast<std::size_t>(i * n - i * (i - 1) / 2 + (j - i))], name);
            if (!std::isfinite(im.W(i, j)) && reason.empty()) reason = name + " is not finite";
          }
        for (int i = 0; i < n; ++i) {
          im.v(i) = value(v_at[i], space.v[i]);
          im.v_post(i) = value(post_at[i], posts[i]);
          if (!std::isfinite(im.v(i)) && reason.empty()) reason = space.v[i] + " is not finite";
          if (!std::isfinite(im.v_post(i)) && reason.empty()) reason = posts[i] + " is not finite";
        }
      }
      if (body.B.size() > 0) {
        im.B = body.B;
        im.u = body.u;
        im.u_post = body.u_post;
      }
    }
    if (reason.empty()) reason = delassus_problem(space, im.W);
    if (reason.empty()) {
      bool approaching = false;
      for (int j : space.normal_rows) approaching = approaching || im.v(j) < 0.0;
      if (!approaching)
        reason = space.contacts > 1 ? "no contact approaching (every normal velocity g_1 .. g_k >= 0)"
                                    : space.v[0] + " = " + io::format_short(im.v(0)) +
                                          " >= 0: the bodies separate (an impact approaches: v_n < 0)";
    }
    if (reason.empty()) {
      const Eigen::LDLT<Eigen::MatrixXd> ldlt(im.W);
      if (ldlt.info() == Eigen::Success && ldlt.isPositive() && (ldlt.vectorD().array() > 0.0).all())
        im.W_inverse = ldlt.solve(Eigen::MatrixXd::Identity(n, n));
    }
    im.used = reason.empty();
    im.reason = reason;
    ++(im.used ? set.used : set.rejected);
    set.impacts.push_back(std::move(im));
  }
  return set;
}

}  // namespace collsweep::fit
