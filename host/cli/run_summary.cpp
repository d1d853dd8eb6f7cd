// What `reproduce` needs from a run folder's summary.json: the model, the LCP solver and the laws.
#include "cli/run_summary.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "config/toml_reader.hpp"
#include "families/registry.hpp"
#include "io/json_reader.hpp"

namespace collsweep::cli {
namespace {

[[noreturn]] void fail_at(const std::string& path, const io::JsonValue& v, const std::string& message) {
  throw RunFolderError(path + ": line " + std::to_string(v.line) + ", column " + std::to_string(v.column) +
                       ": " + message);
}

const io::JsonValue& member(const std::string& path, const io::JsonValue& root, const std::string& key,
                            io::JsonValue::Kind kind) {
  const io::JsonValue* v = root.find(key);
  if (!v) fail_at(path, root, "no key \"" + key + "\" (a summary.json written by collsweep run has it)");
  if (v->kind != kind)
    fail_at(path, *v,
            "\"" + key + "\" is " + io::json_kind_name(v->kind) + ", expected " + io::json_kind_name(kind));
  return *v;
}

}  // namespace

std::string read_run_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw RunFolderError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream s;
  s << f.rdbuf();
  if (f.bad()) throw RunFolderError(path + ": read error");
  return s.str();
}

RunSummary read_run_summary(const std::string& path) {
  io::JsonValue root;
  try {
    root = io::parse_json(read_run_file(path));
  } catch (const io::JsonError& e) {
    throw RunFolderError(path + ": " + e.what());
  }
  if (root.kind != io::JsonValue::Kind::object) fail_at(path, root, "expected a JSON object");
  RunSummary s;
  const io::JsonValue& model = member(path, root, "model", io::JsonValue::Kind::string);
  const std::vector<std::string_view>& families = families::family_names();
  const auto it = std::find(families.begin(), families.end(), model.string);
  if (it == families.end())
    fail_at(path, model, "\"model\" is \"" + model.string + "\", expected " + config::join_names(families));
  s.family = static_cast<std::size_t>(it - families.begin());
  const io::JsonValue& tol = member(path, root, "energy_tolerance", io::JsonValue::Kind::number);
  s.energy_tolerance = tol.number;
  if (const io::JsonValue* solver = root.find("solver")) {  // the multi-contact family's LCP solver
    if (solver->kind != io::JsonValue::Kind::string)
      fail_at(path, *solver,
              "\"solver\" is " + std::string(io::json_kind_name(solver->kind)) + ", expected a string");
    bool known = false;
    for (LcpSolver v : {LcpSolver::automatic, LcpSolver::enumeration, LcpSolver::lemke})
      if (solver->string == lcp_solver_name(v)) {
        s.solver = v;
        known = true;
      }
    if (!known)
      fail_at(path, *solver,
              "\"solver\" is \"" + solver->string + "\", expected automatic, enumeration or lemke");
  }
  for (const auto& law : member(path, root, "laws", io::JsonValue::Kind::object).object)
    s.laws.push_back(law.first);
  return s;
}

}  // namespace collsweep::cli
