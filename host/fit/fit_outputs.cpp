// Writing a fit folder and the console ranking (fit_outputs.hpp).
#include "fit/fit_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>

#include "collsweep/cuda_api.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "sweep/git_revision.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep::fit {
namespace {

namespace fs = std::filesystem;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Losses this close (relative) rank alike: the laws coincide there (at μ = 0 most laws are Newton's
// frictionless impact) and their difference is round-off.
constexpr double kTiedLoss = 1e-9;

bool tied(double a, double b) { return std::abs(b - a) <= kTiedLoss * std::max(std::abs(a), std::abs(b)); }

constexpr double kDegrees = 57.295779513082320876798154814105;

void number_or_empty(io::CsvWriter& w, double x) {
  if (std::isnan(x))
    w.empty_field();
  else
    w.number(x);
}

// The parameters any law of the fit has, in the space's table order.
std::vector<std::string> parameter_union(const FitReport& r) {
  std::vector<std::string> names;
  for (const FitParameter& p : r.space->parameters)
    for (const LawFitResult& law : r.laws)
      for (const Dimension& d : law.box)
        if (d.name == p.name && std::find(names.begin(), names.end(), p.name) == names.end())
          names.push_back(p.name);
  return names;
}

int dimension_of(const LawFitResult& law, const std::string& name) {
  for (std::size_t i = 0; i < law.box.size(); ++i)
    if (law.box[i].name == name) return static_cast<int>(i);
  return -1;
}

// Opens dir/name, calls write(CsvWriter&), and reports a failure as "<path>: <why>".
template <class F>
std::string write_csv(const fs::path& path, F write) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return path.string() + ": cannot open for writing";
  {
    io::CsvWriter w(file);
    write(w);
    if (!w.finish()) return path.string() + ": write failed";
  }
  file.close();
  return file ? "" : path.string() + ": write failed";
}

std::string write_fit_csv(const fs::path& dir, const FitReport& r) {
  const std::vector<std::string> names = parameter_union(r);
  const std::vector<std::size_t> order = ranking(r);
  const std::vector<int> rank = ranks(r, order);
  return write_csv(dir / "fit.csv", [&](io::CsvWriter& w) {
    w.field("law");
    for (const std::string& n : names) {
      w.field(n);
      w.field(n + "_lo");
      w.field(n + "_hi");
    }
    for (const char* c : {"loss", "aggregate", "loss_value", "impacts_used", "impacts_rejected",
                          "infeasible_fraction", "rank", "evaluations"})
      w.field(c);
    w.end_record();
    for (std::size_t li = 0; li < r.laws.size(); ++li) {
      const LawFitResult& law = r.laws[li];
      w.field(law.law);
      for (const std::string& n : names) {
        const int d = dimension_of(law, n);
        if (d < 0) {
          for (int k = 0; k < 3; ++k) w.empty_field();
          continue;
        }
        w.number(law.value[static_cast<std::size_t>(d)]);
        number_or_empty(w, law.lo[static_cast<std::size_t>(d)]);
        number_or_empty(w, law.hi[static_cast<std::size_t>(d)]);
      }
      w.field(loss_name(r.loss));
      w.field(aggregate_name(r.aggregate));
      w.number(law.loss_value);
      w.field(std::to_string(r.used.size()));
      w.field(std::to_string(r.set->rejected));
      w.number(r.infeasible_fraction);
      w.field(std::to_string(
          rank[static_cast<std::size_t>(std::find(order.begin(), order.end(), li) - order.begin())]));
      w.field(std::to_string(law.evaluations));
      w.end_record();
    }
  });
}

std::string write_residuals(const fs::path& dir, const FitReport& r) {
  const std::vector<std::string> posts = r.space->post_columns();
  return write_csv(dir / "residuals.csv", [&](io::CsvWriter& w) {
    w.field("impact");
    w.field("law");
    w.field("status");
    for (const std::string& v : r.space->v) w.field(v + "_pred");
    for (const std::string& p : posts) w.field(p);
    w.field("error");
    w.end_record();
    for (const LawFitResult& law : r.laws)
      for (std::size_t i = 0; i < r.used.size(); ++i) {
        const Impact& im = *r.used[i];
        const Prediction& p = law.predictions[i];
        w.field(std::to_string(im.row));
        w.field(law.law);
        w.field(p.status);
        for (int k = 0; k < r.space->size(); ++k) number_or_empty(w, p.ok ? p.v(k) : kNaN);
        for (int k = 0; k < r.space->size(); ++k) w.number(im.v_post(k));
        number_or_empty(w, std::isfinite(law.impact_losses[i]) ? law.impact_losses[i] : kNaN);
        w.end_record();
      }
  });
}

std::string write_impacts(const fs::path& dir, const FitReport& r) {
  return write_csv(dir / "impacts.csv", [&](io::CsvWriter& w) {
    for (const char* c : {"impact", "line", "used", "reason", "theta_deg", "coupling", "apparent_e",
                          "impulse_ratio", "feasible", "misfit"})
      w.field(c);
    w.end_record();
    for (std::size_t i = 0; i < r.set->impacts.size(); ++i) {
      const Impact& im = r.set->impacts[i];
      const ImpactFacts& f = r.facts[i];
      w.field(std::to_string(im.row));
      w.field(std::to_string(im.line));
      w.field(im.used ? "1" : "0");
      w.field(im.reason);
      if (!im.used) {
        for (int k = 0; k < 6; ++k) w.empty_field();
      } else {
        for (double x : {f.theta_deg, f.coupling, f.apparent_e, f.impulse_ratio}) number_or_empty(w, x);
        w.field(f.feasible ? "1" : "0");
        number_or_empty(w, f.misfit);
      }
      w.end_record();
    }
  });
}

std::string write_loss_maps(const fs::path& dir, const FitReport& r) {
  const fs::path maps = dir / "loss_maps";
  std::error_code ec;
  fs::create_directories(maps, ec);
  if (ec) return maps.string() + ": cannot create: " + ec.message();
  for (const LawFitResult& law : r.laws)
    for (const LossMap& m : law.maps) {
      std::string stem = law.law;
      for (const std::string& a : m.axes) stem += "__" + a;
      const std::string error = write_csv(maps / (stem + ".csv"), [&](io::CsvWriter& w) {
        for (const std::string& a : m.axes) w.field(a);
        w.field("loss");
        w.end_record();
        for (std::size_t i = 0; i < m.points.size(); ++i) {
          for (double x : m.points[i]) w.number(x);
          number_or_empty(w, std::isfinite(m.loss[i]) ? m.loss[i] : kNaN);
          w.end_record();
        }
      });
      if (!error.empty()) return error;
    }
  return "";
}

std::string write_summary(const fs::path& dir, const FitReport& r) {
  const fs::path path = dir / "summary.json";
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return path.string() + ": cannot open for writing";
  io::JsonWriter j(file);
  j.begin_object();
  j.key("collsweep").begin_object();
  j.key("version").string(COLLSWEEP_VERSION);
  j.key("git_revision").string(git_revision());
  j.key("compiler").string("g++ " __VERSION__);
  j.key("cuda_built").boolean(cuda::built_with_cuda());
  j.end_object();
  j.key("command").string(r.command_line);
  j.key("started_utc").string(r.started_utc);
  j.key("input").string(r.in_file);
  j.key("family").string(r.space->family);
  j.key("contacts").integer(r.space->contacts);
  j.key("options").raw(r.options_json);
  j.key("impacts").begin_object();
  j.key("rows").integer(static_cast<long long>(r.set->impacts.size()));
  j.key("used").integer(static_cast<long long>(r.used.size()));
  j.key("rejected").integer(static_cast<long long>(r.set->rejected));
  j.key("excluded").integer(static_cast<long long>(r.set->excluded));
  j.key("from_bodies").boolean(r.set->body_form);
  std::map<std::string, long long> reasons;
  for (const Impact& im : r.set->impacts)
    if (!im.used) ++reasons[im.reason];
  j.key("reasons").begin_object();
  for (const auto& [why, n] : reasons) j.key(why).integer(n);
  j.end_object();
  j.end_object();
  j.key("feasibility").begin_object();
  j.key("mu_max").number(r.mu_max);
  j.key("infeasible_fraction").number(r.infeasible_fraction);
  j.end_object();
  j.key("laws").begin_array();
  for (const LawFitResult& law : r.laws) {
    j.begin_object();
    j.key("law").string(law.law);
    j.key("loss_value").number(law.loss_value);
    j.key("parameters").begin_object();
    for (std::size_t d = 0; d < law.box.size(); ++d) {
      j.key(law.box[d].name).begin_object();
      j.key("value").number(law.value[d]);
      j.key("lo").number(law.lo[d]);
      j.key("hi").number(law.hi[d]);
      j.key("held").boolean(law.box[d].fixed);
      j.key("effect").boolean(law.effect.empty() || law.effect[d] != 0);
      j.key("box").numbers({law.box[d].lo, law.box[d].hi});
      j.end_object();
    }
    j.end_object();
    j.key("evaluations").integer(static_cast<long long>(law.evaluations));
    j.key("replicates_failed").integer(law.replicates_failed);
    j.key("seconds").number(law.seconds);
    j.key("backend").string(law.backend);
    j.end_object();
  }
  j.end_array();
  j.key("wall_seconds").number(r.seconds);
  j.end_object();
  file << '\n';
  file.close();
  return file ? "" : path.string() + ": write failed";
}

std::string write_markdown(const fs::path& dir, const FitReport& r) {
  const fs::path path = dir / "fit.md";
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return path.string() + ": cannot open for writing";
  write_fit_markdown(file, r);
  file.close();
  return file ? "" : path.string() + ": write failed";
}

}  // namespace

std::string parameters_text(const LawFitResult& law) {
  std::string text;
  for (std::size_t d = 0; d < law.box.size(); ++d) {
    text += (d ? ", " : "") + law.box[d].name + " = " + io::format_short(law.value[d], 4);
    if (law.box[d].fixed)
      text += " (held)";
    else if (!law.effect.empty() && !law.effect[d])
      text += " (no effect)";
    else if (!std::isnan(law.lo[d]))
      text += " [" + io::format_short(law.lo[d], 4) + ", " + io::format_short(law.hi[d], 4) + "]";
  }
  return text;
}

void write_fit_markdown(std::ostream& out, const FitReport& r) {
  out << "| rank | law | " << loss_name(r.loss) << " loss (" << aggregate_name(r.aggregate)
      << ") | parameters [95 % interval] |\n|---|---|---|---|\n";
  const std::vector<std::size_t> order = ranking(r);
  const std::vector<int> rank = ranks(r, order);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const LawFitResult& law = r.laws[order[k]];
    out << "| " << rank[k] << " | " << law.law << " | " << io::format_short(law.loss_value, 4) << " | "
        << parameters_text(law) << " |\n";
  }
  out << "\n" << r.used.size() << " impacts used, " << r.set->rejected << " rejected";
  if (r.set->excluded) out << ", " << r.set->excluded << " left out by --where";
  out << "; no impulse within C1–C4 (μ ≤ " << io::format_short(r.mu_max, 4) << ") reproduces "
      << io::format_short(100.0 * r.infeasible_fraction, 3) << " % of them.\n";
}

ImpactFacts impact_facts(const ImpactSpace& space, const Impact& im) {
  ImpactFacts f{kNaN, kNaN, kNaN, kNaN, false, kNaN};
  if (!im.used || space.contacts != 1) return f;
  const double vn = im.v(0);
  const Eigen::VectorXd vt = im.v.tail(space.tangents);
  f.theta_deg = std::atan2(vt.norm(), -vn) * kDegrees;
  f.apparent_e = -im.v_post(0) / vn;
  const Eigen::MatrixXd& W = im.W;
  if (space.tangents == 1)
    f.coupling = W(0, 1) / std::sqrt(W(0, 0) * W(1, 1));
  else
    f.coupling = std::hypot(W(0, 1), W(0, 2)) / std::sqrt(W(0, 0) * 0.5 * (W(1, 1) + W(2, 2)));
  const Eigen::VectorXd P = W.ldlt().solve(im.v_post - im.v);
  if (P(0) != 0.0) {
    if (space.tangents == 1)
      f.impulse_ratio = (vt(0) > 0.0 ? -1.0 : vt(0) < 0.0 ? 1.0 : 0.0) * P(1) / P(0);
    else
      f.impulse_ratio = P.tail(2).norm() / P(0);
  }
  return f;
}

std::vector<std::size_t> ranking(const FitReport& r) {
  std::vector<std::size_t> order(r.laws.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return r.laws[a].loss_value < r.laws[b].loss_value; });
  // A tie (within kTiedLoss of the group's first) keeps the laws' given order.
  for (std::size_t begin = 0; begin < order.size();) {
    std::size_t end = begin + 1;
    while (end < order.size() && tied(r.laws[order[begin]].loss_value, r.laws[order[end]].loss_value)) ++end;
    std::sort(order.begin() + static_cast<long>(begin), order.begin() + static_cast<long>(end));
    begin = end;
  }
  return order;
}

std::vector<int> ranks(const FitReport& r, const std::vector<std::size_t>& order) {
  std::vector<int> rank(order.size());
  for (std::size_t begin = 0; begin < order.size();) {
    std::size_t end = begin;
    while (end < order.size() &&
           (end == begin || tied(r.laws[order[begin]].loss_value, r.laws[order[end]].loss_value)))
      rank[end++] = static_cast<int>(begin + 1);
    begin = end;
  }
  return rank;
}

std::string write_fit_folder(const std::string& dir, const FitReport& r) {
  for (const auto& write :
       {write_fit_csv, write_residuals, write_impacts, write_loss_maps, write_summary, write_markdown}) {
    const std::string error = write(fs::path(dir), r);
    if (!error.empty()) return error;
  }
  return "";
}

void print_fit_table(std::ostream& out, const FitReport& r) {
  TextTable t;
  t.row({"rank", "law", std::string(loss_name(r.loss)) + " loss (" + aggregate_name(r.aggregate) + ")",
         "parameters [95 % interval]"});
  const std::vector<std::size_t> order = ranking(r);
  const std::vector<int> rank = ranks(r, order);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const LawFitResult& law = r.laws[order[k]];
    t.row({std::to_string(rank[k]), law.law, table_number(law.loss_value), parameters_text(law)});
  }
  t.print(out, "  ");
  out << "  impacts: " << r.used.size() << " used, " << r.set->rejected << " rejected";
  if (r.set->excluded) out << ", " << r.set->excluded << " left out by --where";
  out << " (of " << r.set->impacts.size() << " rows; reasons in impacts.csv)\n";
  std::ostringstream fraction;
  fraction.precision(3);
  fraction << 100.0 * r.infeasible_fraction;
  out << "  " << fraction.str()
      << " % of the used impacts no rigid point-contact law reproduces (no impulse with "
      << "C1-C4, mu <= " << r.mu_max << ", gives the measured change)\n";
}

}  // namespace collsweep::fit
