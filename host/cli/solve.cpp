// `collsweep solve`: one collision (placeholder until the calculator is written).
#include "cli/subcommands.hpp"

namespace collsweep::cli {
void register_solve(CLI::App& app, int& status) { app.add_subcommand("solve", "one collision")->callback([&] { status = 2; }); }
}  // namespace collsweep::cli
