// `collsweep fit`'s command line (the fit itself: fit_command.cpp; docs/commands.md, "collsweep fit").
#include <cstdint>
#include <iostream>
#include <memory>

#include "cli/family_options.hpp"
#include "cli/fit_command.hpp"
#include "cli/subcommands.hpp"

namespace collsweep::cli {

void register_fit(CLI::App& app, int& status) {
  auto o = std::make_shared<FitOptions>();
  CLI::App* sub = app.add_subcommand(
      "fit",
      "Fit laws' parameters to measured impacts (CSV: the family's eval columns of W and v, the measured "
      "v_n_post, v_t_post ... or bodies), with bootstrap intervals, feasibility and loss maps");
  sub->add_option("--law", o->laws,
                  "Laws, comma-separated, or all (every law of the file's family): " + all_law_names());
  sub->add_option("--in", o->in, "Impacts CSV file, - for stdin");
  sub->add_option("--out", o->out, "Output folder");
  sub->add_option(
      "--loss", o->loss,
      "contact (default): |v+ pred - v+ meas| / |v+ meas|; generalized: the same on the generalized "
      "velocities (needs body columns); weighted: in the W^-1 (kinetic energy) norm");
  sub->add_option("--aggregate", o->aggregate, "mean (default) or median over the impacts");
  sub->add_option("--fix", o->fix, "name=value: hold a parameter (repeatable)");
  sub->add_option("--range", o->range, "name=lo:hi: the searched range of a parameter (repeatable)");
  sub->add_option("--where", o->where,
                  "column=value: fit only the rows where a column has this value (repeatable)");
  sub->add_option("--bootstrap", o->bootstrap,
                  "bootstrap replicates for the 95 % intervals (default 200; 0: none)");
  sub->add_option("--seed", o->seed, "seed of the bootstrap (default 1)");
  sub->add_option("--threads", o->threads, "CPU threads (default: every core)");
  sub->add_option("--backend", o->backend,
                  "cpu (default) or cuda: where the laws are evaluated (the same bits on either; the GPU "
                  "pays for the costly laws, e.g. the spatial Routh laws)");
  sub->add_option("--contacts", o->contacts,
                  "Multi-contact laws: number of contacts (default: from the header)");
  sub->add_option("--solver", o->solver,
                  "Multi-contact laws: LCP solver automatic (default), enumeration, lemke");
  sub->add_flag("--force", o->force, "overwrite a non-empty output folder");
  sub->add_flag("--no-plot", o->no_plot, "write no PNGs");
  sub->add_flag(
      "--no-loss-maps", [o](std::int64_t n) { o->loss_maps = n == 0; },
      "compute no loss maps (a fit without bootstrap then takes a fraction of the time)");
  sub->add_flag("--quiet", o->quiet, "no progress on stderr");
  sub->callback([o, sub, &status] {
    std::string line = "collsweep fit";
    for (const auto* opt : sub->get_options())
      if (opt->count())
        for (const std::string& r : opt->as<std::vector<std::string>>())
          line += " " + opt->get_name() + (opt->get_expected_min() ? " " + r : "");
    o->command_line = line;
    status = run_fit(*o, std::cout, std::cerr);
  });
}

}  // namespace collsweep::cli
