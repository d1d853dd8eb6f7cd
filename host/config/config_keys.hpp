// The vocabulary in which a model family declares its config keys once, for the reader and the writers: the
// declarations' arguments; the key tables and their visitors are in docs/architecture.md.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "collsweep/sampling/scalar_dist.hpp"
#include "config/toml_reader.hpp"
#include "io/json_writer.hpp"

namespace collsweep::config {

// The range a scalar key's values must lie in.
struct Domain {
  const char* name;
  bool has_min = false;
  double min = 0.0;
  bool min_open = false;
  bool has_max = false;
  double max = 0.0;
  bool max_open = false;
  bool hi_may_touch_open_max = false;  // U[lo, hi) may have hi == max when max is open
  const char* note = "";               // why, appended in parentheses
  bool integers = false;               // integers only: a constant or a grid whose points are integers
};

// Whether a key is read given the value of the section's kind key (matrix.kind): a key present while it
// does not apply is rejected as "not applicable to matrix.kind = "direct" (only read by kind = "wishart"
// or "mechanism"...)". Several declarations may share a key (matrix.dof of wishart and of mechanism).
struct When {
  bool applies = true;
  std::string kind_key;  // "matrix.kind"
  std::string kind_now;  // the kind's value in this config
  std::string read_by;   // the kind that reads the key
  std::string hint;      // appended after the kinds ("; a multi-contact wishart G has dof = 2k + ...")
  std::string readers = "kind";  // what read_by names ("a law" for the thesis laws' parameters)
};

// Extra rules of a key: required (what it must hold, for the message), and a check of the value read
// that returns the reason it is rejected ("" when fine).
template <class T>
struct KeyRules {
  const char* required = nullptr;
  std::function<std::string(const T&)> check;
};

// The names of an enum's values, in the order messages list them; `foreign` names values of another
// family's key of the same name, rejected with `foreign_reason`.
template <class E>
struct Choices {
  std::vector<std::pair<E, const char*>> names;
  std::string unknown_suffix;             // appended to "unknown ...; known: ..."
  std::vector<std::string_view> foreign;  // e.g. planar matrix kinds in a multi-contact config
  std::string foreign_reason;
  const char* what = "value";  // "unknown <what>"

  std::vector<std::string_view> list() const {
    std::vector<std::string_view> v;
    for (const auto& n : names) v.emplace_back(n.second);
    return v;
  }
  const char* name_of(E e) const {
    for (const auto& n : names)
      if (n.first == e) return n.second;
    return "unknown";
  }
};

// A key with its own reader and writers (matrix.W, model.contacts). `read` gets the node (nullptr when the
// key is absent, so that it can require it) and its path; `grid` is the ScalarDist it fills, if any.
struct CustomKey {
  std::function<void(const ConfigReader&, const toml::node* parent, const toml::node* n,
                     const std::string& path)>
      read;
  std::function<std::string()> toml;
  std::function<void(io::JsonWriter&)> json;
  const ScalarDist* grid = nullptr;
  // Whether the resolved config writes the key (null: always); an optional key left at its default is then
  // not written, so that the resolved config of a config without it does not name it (planar run.compare).
  std::function<bool()> written;
};

}  // namespace collsweep::config
