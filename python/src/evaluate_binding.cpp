// collsweep._collsweep.eval_columns and sample_columns: a law over columns of numbers, and the inputs of a
// sweep's samples, through the eval schemas and witness writers of the command line (no second copy).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "bindings.hpp"
#include "cli/family_options.hpp"
#include "families/commands.hpp"
#include "families/multicontact/multicontact_outputs.hpp"
#include "families/planar/planar_outputs.hpp"
#include "families/run_config.hpp"
#include "families/spatial/spatial_outputs.hpp"
#include "numpy_table.hpp"
#include "parallel_rows.hpp"
#include "vocabulary/closest_name.hpp"
#include "vocabulary/command_options.hpp"

namespace py = pybind11;

namespace collsweep::python {
namespace {

using Column = py::array_t<double, py::array::c_style | py::array::forcecast>;

// The law's eval table, as `collsweep eval --law law [--contacts k] [--solver s] [--constraints]` builds it.
vocabulary::EvalTable eval_table(const std::string& law, const std::string& contacts,
                                 const std::string& solver, bool constraints) {
  vocabulary::EvalOptions o;
  o.law = law;
  o.contacts = contacts;
  o.solver = solver;
  o.constraints = constraints;
  const std::string flag = constraints ? "True" : "";
  const std::vector<cli::GivenOption> given = {
      {"--contacts", &o.contacts}, {"--solver", &o.solver}, {"--constraints", &flag}};
  const std::size_t family = cli::family_of_law_option(law, given, false);
  cli::reject_other_family_options(family, law, given, false);
  vocabulary::EvalTable table;
  families::for_each_family([&](auto i) {
    if (i == family) table = families::family_table(families::FamilyTag<families::SpecAt<i>>{}, o);
  });
  return table;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  for (const std::string& n : names)
    if (n == name) return true;
  return false;
}

// The inputs of every law of `law`'s family, for columns with these names.
std::vector<std::string> family_inputs(const std::string& law, const std::vector<std::string>& given,
                                       const std::string& contacts, const std::string& solver) {
  std::vector<std::string> all;
  const std::vector<cli::GivenOption> options = {{"--contacts", &contacts}, {"--solver", &solver}};
  const std::size_t family = cli::family_of_law_option(law, options, false);
  families::for_each_family([&](auto i) {
    if (i != family) return;
    using Spec = families::SpecAt<i>;
    std::vector<std::string> laws;
    for (std::string_view n : families::law_names<Spec>()) laws.emplace_back(n);
    for (const std::string& other : laws)
      for (const std::string& in : eval_table(other, contacts, solver, false).columns(given).inputs)
        if (!contains(all, in)) all.push_back(in);
  });
  return all;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

py::dict eval_columns(const std::string& law, const py::dict& columns, const std::string& contacts,
                      const std::string& solver, bool constraints, int threads) {
  const vocabulary::EvalTable table = eval_table(law, contacts, solver, constraints);
  std::vector<std::string> given;
  for (const auto& item : columns) given.push_back(py::str(item.first));
  const vocabulary::ColumnEvaluator ev = table.columns(given);

  // A column another law of the family reads (e_t for stronge) passes through, as in `collsweep eval`; any
  // other name is a mistake.
  std::vector<std::string> passed, family;  // family: every law's inputs, found once, when first needed
  for (const std::string& name : given) {
    if (contains(ev.inputs, name)) continue;
    if (family.empty()) family = family_inputs(law, given, contacts, solver);
    if (!contains(family, name)) {
      const std::vector<std::string_view> inputs(ev.inputs.begin(), ev.inputs.end());
      throw py::value_error("argument '" + name + "' is not an input of law " + law +
                            did_you_mean_name(name, inputs) + " (its inputs: " + joined(ev.inputs) + ")");
    }
    passed.push_back(name);
  }
  std::vector<Column> arrays;
  std::vector<const double*> data;
  std::size_t rows = 0;
  for (const std::string& in : ev.inputs) {
    if (!columns.contains(in))
      throw py::value_error("law " + law + " needs argument '" + in + "' (its inputs: " + joined(ev.inputs) +
                            ")");
    arrays.push_back(Column::ensure(columns[in.c_str()]));
    const Column& a = arrays.back();
    if (!a || a.ndim() != 1) throw py::value_error("argument '" + in + "': expected a 1-D array of numbers");
    if (arrays.size() == 1) rows = static_cast<std::size_t>(a.shape(0));
    if (static_cast<std::size_t>(a.shape(0)) != rows)
      throw py::value_error("argument '" + in + "': " + std::to_string(a.shape(0)) + " rows, the others " +
                            std::to_string(rows));
    data.push_back(a.data());
  }
  constexpr std::size_t kMaxInputs = 128;
  if (data.size() > kMaxInputs)
    throw py::value_error("law " + law + ": more inputs than this module handles");

  ColumnTable out(ev.outputs, rows);
  std::vector<std::uint8_t> valid(rows, 0);
  {
    py::gil_scoped_release release;
    fill_rows(out, threads, [&](ColumnTable::Writer& w, std::size_t row) {
      double values[kMaxInputs];
      for (std::size_t k = 0; k < data.size(); ++k) values[k] = data[k][row];
      valid[row] = ev.row(values, w) ? 1 : 0;
    });
  }
  py::dict result = to_python(out);
  result["valid"] = to_numpy(std::move(valid));
  result["inputs"] = py::cast(ev.inputs);
  result["passed"] = py::cast(passed);
  return result;
}

py::dict sample_columns(const std::string& config_path, std::uint64_t first, std::uint64_t count,
                        int threads) {
  const RunConfig config = load_run_config(config_path);
  if (first > config.samples || count > config.samples - first)
    throw py::value_error("samples [" + std::to_string(first) + ", " + std::to_string(first + count) +
                          ") are not all among the run's " + std::to_string(config.samples) +
                          " samples (run.samples)");
  return std::visit(
      [&](const auto& spec) {
        std::vector<std::string> names = {"sample"};
        for (const std::string& n : sample_column_names(spec)) names.push_back(n);
        ColumnTable out(names, static_cast<std::size_t>(count));
        {
          py::gil_scoped_release release;
          fill_rows(out, threads, [&](ColumnTable::Writer& w, std::size_t row) {
            const std::uint64_t index = first + row;
            w.field(std::to_string(index));
            write_sample_columns(w, spec, index);
          });
        }
        py::dict result = to_python(out);
        result["family"] = families::family_name(config.model);
        return result;
      },
      config.model);
}

}  // namespace

void bind_evaluate(py::module_& m) {
  m.def("eval_columns", &eval_columns, py::arg("law"), py::arg("columns"), py::arg("contacts") = "",
        py::arg("solver") = "", py::arg("constraints") = false, py::arg("threads") = 0,
        "The law on columns of numbers named as `collsweep eval`'s (collsweep.evaluate wraps it).");
  m.def("sample_columns", &sample_columns, py::arg("config_path"), py::arg("first"), py::arg("count"),
        py::arg("threads") = 0,
        "The inputs of samples [first, first + count) of a config (collsweep.sample).");
}

}  // namespace collsweep::python
