// Writes a resolved RunConfig (every default filled in) as TOML that parses back, and as JSON: the family's
// key table (host/families/) run with a TOML and a JSON visitor, so the schema is written once.
#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>

#include "config/config_values.hpp"
#include "families/run_config.hpp"
#include "io/json_writer.hpp"

namespace collsweep {
namespace {

using config::Choices;
using config::CustomKey;
using config::Domain;
using config::KeyRules;
using config::When;

template <class Spec>
class TomlWriter {
 public:
  explicit TomlWriter(std::ostream& o) : o_(o) {}

  void section(const char* name, const char*) { o_ << "\n[" << name << "]\n"; }
  void family_kind() { line("kind", std::string("\"") + families::FamilyTraits<Spec>::name + "\""); }
  template <class T>
  void integer(const char* key, T& x, std::int64_t, std::int64_t, const KeyRules<T>&, const When& w = {}) {
    if (w.applies) line(key, std::to_string(x));
  }
  void scalar(const char* key, ScalarDist& d, const Domain& domain, const When& w = {}) {
    if (w.applies) line(key, config::toml_scalar(d, domain.integers));
  }
  void number(const char* key, double& x, const KeyRules<double>&) { line(key, config::toml_double(x)); }
  void boolean(const char* key, bool& b, const KeyRules<bool>&, const When& w = {}) {
    if (w.applies) line(key, b ? "true" : "false");
  }
  void text(const char* key, std::string& s, const KeyRules<std::string>&) {
    line(key, config::toml_string(s));
  }
  template <class E>
  void choice(const char* key, E& e, const Choices<E>& c, const KeyRules<E>&) {
    line(key, std::string("\"") + c.name_of(e) + "\"");
  }
  template <class Law>
  void laws(const char* key, Law* laws, int& n) {
    std::string s = "[";
    for (int i = 0; i < n; ++i)
      s += std::string(i ? ", " : "") + '"' + families::FamilyTraits<Spec>::law_name(laws[i]) + '"';
    line(key, s + "]");
  }
  template <class Q, std::size_t N>
  void axes(MapAxis<Q> (&a)[N], int& n) {
    line("x", config::toml_axis(a[0]));
    if (n > 1) line("y", config::toml_axis(a[1]));
  }
  void custom(const char* key, const CustomKey& c, const When& w) {
    if (w.applies && (!c.written || c.written())) line(key, c.toml());
  }

 private:
  void line(const char* key, const std::string& value) { o_ << key << " = " << value << "\n"; }
  std::ostream& o_;
};

template <class Spec>
class JsonWriter {
 public:
  explicit JsonWriter(io::JsonWriter& j) : j_(j) {}

  void section(const char* name, const char*) {
    if (open_) j_.end_object();
    j_.key(name).begin_object();
    open_ = true;
  }
  void finish() {
    if (open_) j_.end_object();
  }
  void family_kind() { j_.key("kind").string(families::FamilyTraits<Spec>::name); }
  template <class T>
  void integer(const char* key, T& x, std::int64_t, std::int64_t, const KeyRules<T>&, const When& w = {}) {
    if (!w.applies) return;
    // TOML integers are signed 64-bit; a larger one (a seed set by code) is written as a decimal string.
    if (static_cast<std::uint64_t>(x) > static_cast<std::uint64_t>(INT64_MAX))
      j_.key(key).string(std::to_string(x));
    else
      j_.key(key).integer(static_cast<long long>(x));
  }
  void scalar(const char* key, ScalarDist& d, const Domain& domain, const When& w = {}) {
    if (w.applies) config::json_scalar(j_.key(key), d, domain.integers);
  }
  void number(const char* key, double& x, const KeyRules<double>&) { j_.key(key).number(x); }
  void boolean(const char* key, bool& b, const KeyRules<bool>&, const When& w = {}) {
    if (w.applies) j_.key(key).boolean(b);
  }
  void text(const char* key, std::string& s, const KeyRules<std::string>&) { j_.key(key).string(s); }
  template <class E>
  void choice(const char* key, E& e, const Choices<E>& c, const KeyRules<E>&) {
    j_.key(key).string(c.name_of(e));
  }
  template <class Law>
  void laws(const char* key, Law* laws, int& n) {
    j_.key(key).begin_array();
    for (int i = 0; i < n; ++i) j_.string(families::FamilyTraits<Spec>::law_name(laws[i]));
    j_.end_array();
  }
  template <class Q, std::size_t N>
  void axes(MapAxis<Q> (&a)[N], int& n) {
    config::json_axis(j_.key("x"), a[0]);
    if (n > 1) config::json_axis(j_.key("y"), a[1]);
  }
  void custom(const char* key, const CustomKey& c, const When& w) {
    if (w.applies && (!c.written || c.written())) c.json(j_.key(key));
  }

 private:
  io::JsonWriter& j_;
  bool open_ = false;
};

}  // namespace

std::string resolved_config_toml(const RunConfig& config) {
  RunConfig c = config;  // the key tables take the spec by reference (the readers fill it)
  std::ostringstream o;
  o << "# collsweep run configuration, resolved: every default filled in";
  if (!c.source_path.empty()) o << " (from " << c.source_path << ")";
  o << "\n";
  std::visit(
      [&](auto& spec) {
        using Spec = std::decay_t<decltype(spec)>;
        TomlWriter<Spec> w(o);
        families::FamilyTraits<Spec>::keys(w, c, spec);
      },
      c.model);
  return o.str();
}

std::string resolved_config_json(const RunConfig& config) {
  RunConfig c = config;
  std::ostringstream o;
  io::JsonWriter j(o);
  j.begin_object();
  j.key("source").string(c.source_path);
  std::visit(
      [&](auto& spec) {
        using Spec = std::decay_t<decltype(spec)>;
        JsonWriter<Spec> w(j);
        families::FamilyTraits<Spec>::keys(w, c, spec);
        w.finish();
      },
      c.model);
  j.end_object();
  return o.str();
}

}  // namespace collsweep
