// The collsweep command line: builds the CLI11 app from each subcommand's registration.
#include "cli/commands.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/subcommands.hpp"
#include "sweep/git_revision.hpp"

namespace collsweep::cli {

int main(int argc, char** argv) {
  CLI::App app{"collsweep: Monte-Carlo sweeps of rigid-body impact laws with friction"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(COLLSWEEP_VERSION) + " (" + git_revision() + ")");
  int status = 0;
  register_run(app, status);
  register_solve(app, status);
  register_eval(app, status);
  register_fit(app, status);
  register_validate(app, status);
  register_plot(app, status);
  register_reproduce(app, status);
  register_merge(app, status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every command-line error exits 2 (CLI11's own codes are 100+).
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const std::exception& e) {
    // The subcommands report their own failures; anything else (a file-system error on an odd path, memory)
    // still ends with a message, never with an abort.
    std::cerr << "collsweep: " << e.what() << '\n';
    return 1;
  }
  return status;
}

}  // namespace collsweep::cli
