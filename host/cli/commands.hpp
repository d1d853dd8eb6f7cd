// Entry point of the command line and the registration of each subcommand.
#pragma once

namespace collsweep::cli {

// Parses argv and runs the chosen subcommand; returns the process exit status.
int main(int argc, char** argv);

}  // namespace collsweep::cli
