// Output folder checks and run records (out_folder.hpp).
#include "cli/out_folder.hpp"

#include <ctime>

#include "cli/run_folder_lock.hpp"
#include "sweep/run_state.hpp"

namespace collsweep::cli {

namespace fs = std::filesystem;

std::string prepare_out_dir(const fs::path& out_dir, bool force, std::string* error) {
  std::error_code ec;
  const bool exists = fs::exists(out_dir, ec);
  if (ec) {
    *error = "cannot use output folder " + out_dir.string() + ": " + ec.message();
    return {};
  }
  if (exists) {
    if (!fs::is_directory(out_dir, ec)) {
      *error = "output folder " + out_dir.string() + " exists and is not a folder";
      return {};
    }
    // (a killed run's lock file, or the temporary of a first checkpoint it did not finish writing, does not
    // make a folder hold a run: a requeued job starts it again)
    const std::string torn_state = std::string(kStateFileName) + ".tmp";
    bool empty = true;
    for (const auto& entry : fs::directory_iterator(out_dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name != kLockFileName && name != torn_state) empty = false;
    }
    if (ec) {
      *error = "cannot read output folder " + out_dir.string() + ": " + ec.message();
      return {};
    }
    if (!empty && !force) {
      *error =
          "output folder " + out_dir.string() + " exists and is not empty; " +
          (fs::exists(out_dir / kStateFileName, ec) ? "it holds a checkpoint: continue it with --resume " +
                                                          out_dir.string() + ", or pass --force to start over"
                                                    : "choose another --out or pass --force to overwrite");
      return {};
    }
    return {};
  }
  fs::create_directories(out_dir, ec);
  if (ec) {
    *error = "cannot create output folder " + out_dir.string() + ": " + ec.message();
    return {};
  }
  return out_dir.string();
}

RunRecord new_run_record(const std::string& command_line) {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  RunRecord r;
  r.command_line = command_line;
  r.started_utc = buf;
  return r;
}

}  // namespace collsweep::cli
