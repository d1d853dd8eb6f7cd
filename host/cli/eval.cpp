// `collsweep eval`: many collisions from CSV (placeholder until written).
#include "cli/subcommands.hpp"

namespace collsweep::cli {
void register_eval(CLI::App& app, int& status) { app.add_subcommand("eval", "many collisions")->callback([&] { status = 2; }); }
}  // namespace collsweep::cli
