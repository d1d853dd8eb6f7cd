// collsweep._collsweep: the extension module under `import collsweep` — its build, and the parts bound in
// evaluate_binding.cpp and run_binding.cpp.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "backend/cuda_backend.hpp"
#include "bindings.hpp"
#include "cli/family_options.hpp"
#include "cli/plotting.hpp"
#include "cli/subcommands.hpp"
#include "families/multicontact/lcp_law.hpp"
#include "families/registry.hpp"
#include "families/run_config.hpp"
#include "families/spatial/spatial_eval.hpp"
#include "mpi/mpi_world.hpp"
#include "sweep/git_revision.hpp"
#include "vocabulary/eval_table.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace py = pybind11;

namespace collsweep::python {

void bind_build(py::module_& m) {
  m.attr("__version__") = COLLSWEEP_VERSION;
  m.attr("revision") = git_revision();
  m.attr("cuda_built") = cuda::built_with_cuda();
  m.attr("cuda_compiler") = cuda_compiler_version();
  m.def(
      "cuda_device",
      [] {
        const cuda::DeviceInfo gpu = cuda::query_device();
        return py::make_tuple(gpu.available, describe_device(gpu));
      },
      "(whether a GPU is usable, its description or why there is none)");
  // The statuses that say the input is wrong (not an outcome of the law, as a jam or an LCP without
  // solution is): collsweep.evaluate raises for them. Their reasons as every family's eval writes them.
  m.def(
      "input_error_reasons",
      [] {
        std::vector<std::string> reasons;
        for (Status s :
             {Status::nonfinite_input, Status::delassus_not_spd, Status::not_approaching,
              Status::negative_friction, Status::restitution_out_of_range, Status::tangential_out_of_range,
              Status::singular_delassus, Status::coefficient_out_of_range, Status::parameter_out_of_range,
              Status::magnitude_out_of_range})
          for (std::string r : {std::string(status_reason(s)), families::lcp_status_reason(s),
                                std::string(families::spatial_status_reason(s))})
            reasons.push_back("invalid: " + r);
        return reasons;
      },
      "The status texts of rows whose input is wrong (collsweep.evaluate raises for them).");
  m.def(
      "laws",
      [] {
        py::dict out;
        families::for_each_family([&](auto i) {
          using Spec = families::SpecAt<i>;
          std::vector<std::string> names;
          for (std::string_view n : families::law_names<Spec>()) names.emplace_back(n);
          out[families::FamilyTraits<Spec>::name] = names;
        });
        return out;
      },
      "Every family's laws (model.kind -> law names).");
  m.def("set_plotting_host", &cli::set_plotting_host, py::arg("scripts_dir"), py::arg("python"),
        "The folder of the plotting scripts that run and fit start (the package's own copy) and the "
        "interpreter tried first to draw (sys.executable).");
  m.def("law_suggestion", &cli::law_suggestion,
        "' (did you mean \"x\"?)' for a mistyped law name, as `collsweep solve --law` and `eval --law` say "
        "it; '' when no law is close.");
  m.def(
      "solve_options",
      [] {
        std::vector<std::string> names;
        for (const std::string& o : cli::solve_option_names()) names.push_back(o.substr(2));
        return names;
      },
      "The options of `collsweep solve`, without their dashes (collsweep.solve's arguments).");
}

}  // namespace collsweep::python

PYBIND11_MODULE(_collsweep, m) {
  m.doc() = "collsweep's compiled core: the kernels and host library of the collsweep program.";
  // Bad input in any form (an unknown law, a malformed config, columns of no contact count) is a ValueError.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const collsweep::vocabulary::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const collsweep::vocabulary::MalformedInput& e) {
      std::string what = e.what();
      const std::string line0 = "line 0: ";
      if (what.compare(0, line0.size(), line0) == 0) what = what.substr(line0.size());
      PyErr_SetString(PyExc_ValueError, what.c_str());
    } catch (const collsweep::ConfigError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  collsweep::python::bind_build(m);
  collsweep::python::bind_evaluate(m);
  collsweep::python::bind_run(m);
}
