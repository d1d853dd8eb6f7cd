// collsweep command line: run, solve, eval, validate, plot.
#include "cli/commands.hpp"

int main(int argc, char** argv) { return collsweep::cli::main(argc, argv); }
