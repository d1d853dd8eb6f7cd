// `collsweep fit` (fit_command.hpp): reads the impacts, fits every law, tests feasibility, writes the folder.
#include "cli/fit_command.hpp"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/family_options.hpp"
#include "cli/out_folder.hpp"
#include "cli/plotting.hpp"
#include "collsweep/cuda_api.hpp"
#include "families/commands.hpp"
#include "fit/feasibility.hpp"
#include "fit/fit_outputs.hpp"
#include "fit/law_fit.hpp"
#include "fit/parallel_for.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::cli {
namespace {

namespace fs = std::filesystem;
using fit::FitReport;
using fit::Impact;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) parts.push_back(trim_blanks(part));
  return parts;
}

// "name=value" of --fix, --range or --where; throws UsageError naming the option.
std::pair<std::string, std::string> name_value(const std::string& option, const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(option + " " + text + ": expected " +
                     (option == "--range"   ? "name=lo:hi"
                      : option == "--where" ? "column=value"
                                            : "name=value"));
  return {trim_blanks(text.substr(0, eq)), trim_blanks(text.substr(eq + 1))};
}

std::vector<std::string> header_of(const std::string& text) {
  std::istringstream in(text);
  io::CsvReader reader(in);
  std::vector<std::string> fields;
  if (!reader.next(fields)) throw MalformedInput(1, "empty file (expected a header of impact columns)");
  std::vector<std::string> names;
  for (const std::string& f : fields) names.push_back(trim_blanks(f));
  return names;
}

// The family of the laws: each law's (a name two families have: the multi-contact one when the header has
// G's columns), the same for all; "all" takes the family whose columns the header has.
// Every family's impact space for the header (multi-contact without G's columns: an empty one).
std::vector<ImpactSpace> header_spaces(const std::vector<std::string>& header, const std::string& contacts) {
  std::vector<ImpactSpace> spaces;
  families::for_each_family([&](auto i) {
    try {
      spaces.push_back(families::impact_space(families::FamilyTag<families::SpecAt<i>>{}, header, contacts));
    } catch (const UsageError&) {
      spaces.push_back(ImpactSpace{});
    }
  });
  return spaces;
}

std::size_t laws_family(const FitOptions& o, const std::vector<std::string>& header,
                        const std::vector<ImpactSpace>& spaces, std::vector<std::string>* laws) {
  const int by_header = fit::family_of_header(header, spaces);
  if (o.laws == "all") {
    if (by_header < 0)
      throw UsageError(
          "--law all: the header has the columns of no family's impacts (planar: W_nn, W_nt, W_tt, "
          "v_n, v_t; spatial: W_nn, W_n1, ..., v_1, v_2; multi-contact: G_i_j, g_i)");
    families::for_each_family([&](auto i) {
      if (static_cast<int>(i) == by_header)
        for (std::string_view n : families::law_names<families::SpecAt<i>>()) laws->emplace_back(n);
    });
    return static_cast<std::size_t>(by_header);
  }
  *laws = split(o.laws, ',');
  const std::string hint = o.contacts.empty() && by_header == 1 ? "(a multi-contact header)" : "";
  const std::vector<GivenOption> given = {
      {"--contacts", &o.contacts}, {"--solver", &o.solver}, {"--contacts", &hint}};
  std::size_t family = 0;
  for (std::size_t k = 0; k < laws->size(); ++k) {
    const std::size_t f = family_of_law_option((*laws)[k], given, false);
    if (k > 0 && f != family)
      throw UsageError("--law " + o.laws + ": " + (*laws)[k] + " is a " + families::family_in_words(f) +
                       " law and " + (*laws)[0] + " a " + families::family_in_words(family) +
                       " one; one fit takes the laws of one family");
    family = f;
  }
  return family;
}

std::string options_json(const FitOptions& o, const fit::FitSettings& s) {
  std::ostringstream text;
  io::JsonWriter j(text);
  j.begin_object();
  j.key("laws").string(o.laws);
  j.key("loss").string(fit::loss_name(s.loss));
  j.key("aggregate").string(fit::aggregate_name(s.aggregate));
  j.key("bootstrap").integer(s.bootstrap);
  j.key("seed").integer(static_cast<long long>(s.seed));
  j.key("threads").integer(s.threads);
  j.key("backend").string(o.backend);
  j.key("loss_maps").boolean(s.loss_maps);
  for (const auto& [key, list] : {std::pair{"fix", &o.fix}, {"range", &o.range}, {"where", &o.where}}) {
    j.key(key).begin_array();
    for (const std::string& x : *list) j.string(x);
    j.end_array();
  }
  if (!o.contacts.empty()) j.key("contacts").string(o.contacts);
  if (!o.solver.empty()) j.key("solver").string(o.solver);
  j.end_object();
  return text.str();
}

// scripts/plot_fit.py on the folder, quietly (the console's last lines are the ranking), with the first
// interpreter that can import matplotlib (plotting.hpp). Returns its exit status; kCannotImport when none
// could draw, with *why.
int draw_fit_maps(const std::string& dir, std::string* why) {
  std::vector<std::string> failures;
  const int status = run_plotting_script(plotting_script("plot_fit.py"), "--quiet " + shell_quoted(dir),
                                         plotting_pythons(), 0, &failures);
  if (plotting_unavailable(status)) *why = no_plotting_python(failures);
  return status;
}

// --force: the files an earlier fit wrote in the folder (and only those), so that none of its laws' maps
// stay.
void remove_fit_outputs(const std::string& dir) {
  std::error_code ec;
  for (const char* f : {"fit.csv", "fit.md", "residuals.csv", "impacts.csv", "summary.json"})
    fs::remove(fs::path(dir) / f, ec);
  for (const char* sub : {"loss_maps", "data_maps"}) {
    const fs::path folder = fs::path(dir) / sub;
    if (!fs::is_directory(folder, ec)) continue;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      const std::string ext = entry.path().extension().string();
      if (ext == ".csv" || ext == ".png") fs::remove(entry.path(), ec);
    }
  }
}

// --backend: cpu (the default) or cuda; cuda without a device is a usage error naming why. The CPU is the
// default, unlike `collsweep run`'s: a fit's rows keep their inputs, outputs and losses on the CPU threads
// whatever the backend, so the GPU pays only where a law's evaluation costs more than that work (the
// spatial Routh laws: twice the rate of 16 host cores on an H200; Newton's planar law: less than the host
// cores' rate, docs/measured-impacts.md).
bool fit_on_gpu(const std::string& backend) {
  if (backend == "cpu") return false;
  if (backend != "cuda") throw UsageError("--backend " + backend + ": expected cpu or cuda");
  const cuda::DeviceInfo gpu = cuda::query_device();
  if (!gpu.available) throw UsageError("--backend cuda: " + std::string(gpu.message));
  return true;
}

int fit_family(const FitOptions& o, std::ostream& out, std::ostream& err, std::size_t family,
               const std::vector<std::string>& laws, const std::string& text,
               const std::vector<std::string>& header, const std::vector<ImpactSpace>& spaces) {
  const auto started = std::chrono::steady_clock::now();
  fit::FitSettings settings;
  if (!fit::parse_loss(o.loss, &settings.loss))
    throw UsageError("--loss " + o.loss + ": expected contact, generalized or weighted");
  if (!fit::parse_aggregate(o.aggregate, &settings.aggregate))
    throw UsageError("--aggregate " + o.aggregate + ": expected mean or median");
  if (o.bootstrap < 0)
    throw UsageError("--bootstrap " + std::to_string(o.bootstrap) + ": expected 0 or more");
  settings.bootstrap = o.bootstrap;
  settings.seed = o.seed;
  settings.threads = o.threads;
  settings.loss_maps = o.loss_maps;
  std::map<std::string, double> fixed;
  std::map<std::string, std::pair<double, double>> ranges;
  for (const std::string& f : o.fix) {
    const auto [name, value] = name_value("--fix", f);
    fixed[name] = parse_finite_option("--fix " + name, value);
  }
  for (const std::string& r : o.range) {
    const auto [name, value] = name_value("--range", r);
    const std::vector<std::string> ends = split(value, ':');
    if (ends.size() != 2) throw UsageError("--range " + r + ": expected name=lo:hi");
    ranges[name] = {parse_finite_option("--range " + name, ends[0]),
                    parse_finite_option("--range " + name, ends[1])};
  }
  std::vector<fit::RowSelection> where;
  for (const std::string& w : o.where) {
    const auto [column, value] = name_value("--where", w);
    where.push_back({column, value});
  }

  ImpactSpace space;
  std::deque<fit::LawModel> models;  // (not movable: they count their evaluations)
  families::for_each_family([&](auto i) {
    if (i != family) return;
    using Spec = families::SpecAt<i>;
    const families::FamilyTag<Spec> tag;
    space = families::impact_space(tag, header, o.contacts);
    const std::vector<std::string> names = space.eval_inputs();
    for (const std::string& law : laws) {
      EvalOptions eo;
      eo.law = law;
      eo.contacts = space.contacts > 1 || !o.contacts.empty() ? std::to_string(space.contacts) : "";
      eo.solver = o.solver;
      const EvalTable table = families::family_table(tag, eo);
      models.emplace_back(law, table.columns(names), space);
    }
  });
  const bool gpu = fit_on_gpu(o.backend);
  for (fit::LawModel& m : models)
    if (!m.use_gpu(gpu) && gpu && o.backend == "cuda" && !o.quiet)
      err << "collsweep fit: " << m.law() << " has no GPU path: it is fitted on the CPU\n";
  const auto known = [&](const std::string& name) {
    for (const fit::LawModel& m : models)
      for (const FitParameter& p : m.parameters())
        if (p.name == name) return true;
    return false;
  };
  const auto all_parameters = [&] {
    std::string s;
    for (const FitParameter& p : space.parameters)
      if (known(p.name)) s += (s.empty() ? "" : ", ") + p.name;
    return s;
  };
  for (const auto& [name, v] : fixed)
    if (!known(name))
      throw UsageError("--fix " + name +
                       ": no law of this fit reads it (their parameters: " + all_parameters() + ")");
  for (const auto& [name, v] : ranges)
    if (!known(name))
      throw UsageError("--range " + name +
                       ": no law of this fit reads it (their parameters: " + all_parameters() + ")");

  // A file of another family's impacts is told as such, before its missing columns.
  const int by_header = fit::family_of_header(header, spaces);
  if (by_header >= 0 && static_cast<std::size_t>(by_header) != family &&
      fit::family_of_header(header, {space}) < 0)
    throw MalformedInput(1, std::string("the header has the columns of ") + spaces[by_header].family +
                                " impacts, and law " + laws[0] + " is a " + space.family +
                                " law (fit the file with that family's laws, or --law all)");
  std::istringstream in(text);
  fit::ImpactSet set = fit::read_impacts(in, space, where);
  FitReport report;
  for (Impact& im : set.impacts) {
    if (!im.used) continue;
    const std::string problem = fit::loss_problem(settings.loss, im);
    if (!problem.empty()) {
      im.used = false;
      im.reason = problem;
      --set.used;
      ++set.rejected;
    }
  }
  for (const Impact& im : set.impacts)
    if (im.used) report.used.push_back(&im);
  if (report.used.empty()) {
    std::string why;
    for (const Impact& im : set.impacts)
      if (!im.reason.empty()) {
        why =
            " (row " + std::to_string(im.row) + ", line " + std::to_string(im.line) + ": " + im.reason + ")";
        break;
      }
    err << "collsweep fit: " << o.in << ": no usable impact among " << set.impacts.size() << " rows" << why
        << '\n';
    return 2;
  }

  std::string error;
  prepare_out_dir(o.out, o.force, &error);
  if (!error.empty()) {
    err << "collsweep fit: " << error << '\n';
    return 2;
  }
  if (o.force) remove_fit_outputs(o.out);
  // The friction bound of the feasibility test: the largest μ of the searched boxes.
  const FitParameter* mu = nullptr;
  for (const FitParameter& p : space.parameters)
    if (p.name == "mu") mu = &p;
  report.mu_max = mu ? fit::law_box({*mu}, fixed, ranges)[0].hi : 0.0;

  for (const fit::LawModel& model : models) {
    if (!o.quiet) err << "collsweep fit: " << model.law() << " ..." << std::flush;
    report.laws.push_back(
        fit::fit_law(model, report.used, fit::law_box(model.parameters(), fixed, ranges), settings));
    if (!o.quiet)
      err << " " << report.laws.back().seconds << " s" << (model.on_gpu() ? " on the GPU" : "") << '\n';
  }

  report.space = &space;
  report.set = &set;
  report.loss = settings.loss;
  report.aggregate = settings.aggregate;
  std::size_t infeasible = 0;
  report.facts.resize(set.impacts.size());
  fit::parallel_for(set.impacts.size(), fit::thread_count(o.threads), 16, [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) {
      const Impact& im = set.impacts[i];
      report.facts[i] = fit::impact_facts(space, im);
      if (!im.used) continue;
      fit::FeasibilityProblem p;
      p.contacts = space.contacts;
      p.tangents = space.tangents;
      p.W = im.W;
      p.v_pre = im.v;
      p.v_post = im.v_post;
      p.mu_max = report.mu_max;
      const fit::FeasibilityResult f = fit::nearest_admissible_impulse(p);
      report.facts[i].feasible = f.feasible;
      report.facts[i].misfit = f.misfit;
    }
  });
  for (const Impact* im : report.used) infeasible += report.facts[im->row - 1].feasible ? 0 : 1;
  report.infeasible_fraction = static_cast<double>(infeasible) / static_cast<double>(report.used.size());
  report.in_file = o.in;
  report.command_line = o.command_line;
  report.started_utc = new_run_record(o.command_line).started_utc;
  report.options_json = options_json(o, settings);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  error = fit::write_fit_folder(o.out, report);
  if (!error.empty()) {
    err << "collsweep fit: " << error << '\n';
    return 2;
  }
  std::string maps;
  if (!o.no_plot) {
    std::string why;
    const int drawn = draw_fit_maps(o.out, &why);
    if (drawn == 0)
      maps = "  maps: " + o.out + "/loss_maps/*.png, " + o.out + "/data_maps/*.png\n";
    else if (plotting_unavailable(drawn))
      err << "collsweep fit: warning: PNGs not drawn (" << why << ")\n";
    else
      err << "collsweep fit: drawing the PNGs failed (scripts/plot_fit.py exit " << drawn << ")\n";
  }
  fit::print_fit_table(out, report);
  out << maps;
  out << "  written: " << o.out << "/fit.csv, fit.md, residuals.csv, impacts.csv, loss_maps/, summary.json\n";
  bool all_fitted = true;
  for (const fit::LawFitResult& r : report.laws) all_fitted = all_fitted && std::isfinite(r.loss_value);
  if (!all_fitted) err << "collsweep fit: some law has no parameters with a finite loss (loss_value inf)\n";
  return all_fitted ? 0 : 1;
}

}  // namespace

int run_fit(const FitOptions& o, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << "collsweep fit: " << message << '\n';
    return 2;
  };
  if (o.laws.empty()) return fail("--law is required (one law, several comma-separated, or all)");
  if (o.in.empty()) return fail("--in FILE.csv is required (\"-\" for stdin)");
  if (o.out.empty()) return fail("--out DIR is required");
  std::string text;
  if (o.in == "-") {
    std::ostringstream s;
    s << std::cin.rdbuf();
    text = s.str();
  } else {
    std::ifstream file(o.in, std::ios::binary);
    if (!file) return fail("--in " + o.in + ": cannot open: " + std::strerror(errno));
    std::ostringstream s;
    s << file.rdbuf();
    text = s.str();
  }
  try {
    const std::vector<std::string> header = header_of(text);
    std::vector<std::string> laws;
    const std::vector<ImpactSpace> spaces = header_spaces(header, o.contacts);
    const std::size_t family = laws_family(o, header, spaces, &laws);
    return fit_family(o, out, err, family, laws, text, header, spaces);
  } catch (const UsageError& e) {
    return fail(e.what());
  } catch (const fit::GpuFailure& e) {
    return fail(std::string(e.what()) + " (--backend cpu fits on the CPU, with the same results)");
  } catch (const std::runtime_error& e) {  // MalformedInput, io::CsvError: "line N: ..."
    return fail((o.in == "-" ? std::string("<stdin>") : o.in) + ": " + e.what());
  }
}

}  // namespace collsweep::cli
