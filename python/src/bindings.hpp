// The parts of the extension module collsweep._collsweep, each defined in its own file.
#pragma once

#include <pybind11/pybind11.h>

namespace collsweep::python {

void bind_evaluate(pybind11::module_& m);  // evaluate_binding.cpp: eval_columns, sample_columns
void bind_run(pybind11::module_& m);       // run_binding.cpp: RunHandle, cli
void bind_build(pybind11::module_& m);     // module.cpp: version, build, laws, device

}  // namespace collsweep::python
