// Visitors of a family's key table (config_keys.hpp) that list its keys by section, and its SCALARs that may
// be grids.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "collsweep/tally/axes.hpp"
#include "config/config_keys.hpp"

namespace collsweep::config {

// A section's keys in declaration order (each once), and how many declarations each key has.
struct SectionKeys {
  std::string name;
  std::vector<std::string_view> keys;
  std::vector<int> declarations;  // parallel to keys
  bool has(std::string_view k) const { return std::find(keys.begin(), keys.end(), k) != keys.end(); }
  int declarations_of(std::string_view k) const {
    const auto it = std::find(keys.begin(), keys.end(), k);
    return it == keys.end() ? 0 : declarations[it - keys.begin()];
  }
};

class KeyCollector {
 public:
  std::vector<SectionKeys> sections;

  void section(const char* name, const char*) { sections.push_back(SectionKeys{name, {}, {}}); }
  void family_kind() { add("kind"); }
  template <class T>
  void integer(const char* key, T&, std::int64_t, std::int64_t, const KeyRules<T>&, const When& = {}) {
    add(key);
  }
  void scalar(const char* key, ScalarDist&, const Domain&, const When& = {}) { add(key); }
  void number(const char* key, double&, const KeyRules<double>&) { add(key); }
  void boolean(const char* key, bool&, const KeyRules<bool>&, const When& = {}) { add(key); }
  void text(const char* key, std::string&, const KeyRules<std::string>&) { add(key); }
  template <class E>
  void choice(const char* key, E&, const Choices<E>&, const KeyRules<E>&) {
    add(key);
  }
  template <class Law>
  void laws(const char* key, Law*, int&) {
    add(key);
  }
  template <class Q, std::size_t N>
  void axes(MapAxis<Q> (&)[N], int&) {
    add("x");
    add("y");
  }
  void custom(const char* key, const CustomKey&, const When&) { add(key); }

  const SectionKeys* find(std::string_view name) const {
    for (const SectionKeys& s : sections)
      if (s.name == name) return &s;
    return nullptr;
  }

 private:
  void add(const char* key) {
    SectionKeys& s = sections.back();
    const auto it = std::find(s.keys.begin(), s.keys.end(), std::string_view(key));
    if (it != s.keys.end()) {
      ++s.declarations[it - s.keys.begin()];
      return;
    }
    s.keys.emplace_back(key);
    s.declarations.push_back(1);
  }
};

// The SCALARs of a spec that may be grids, with their key paths ("parameters.mu"), in table order.
class GridCollector {
 public:
  std::vector<std::pair<std::string, const ScalarDist*>> scalars;

  void section(const char* name, const char*) { section_ = name; }
  void family_kind() {}
  template <class T>
  void integer(const char*, T&, std::int64_t, std::int64_t, const KeyRules<T>&, const When& = {}) {}
  void scalar(const char* key, ScalarDist& d, const Domain&, const When& = {}) {
    scalars.emplace_back(path(key), &d);
  }
  void number(const char*, double&, const KeyRules<double>&) {}
  void boolean(const char*, bool&, const KeyRules<bool>&, const When& = {}) {}
  void text(const char*, std::string&, const KeyRules<std::string>&) {}
  template <class E>
  void choice(const char*, E&, const Choices<E>&, const KeyRules<E>&) {}
  template <class Law>
  void laws(const char*, Law*, int&) {}
  template <class Q, std::size_t N>
  void axes(MapAxis<Q> (&)[N], int&) {}
  void custom(const char* key, const CustomKey& c, const When&) {
    if (c.grid) scalars.emplace_back(path(key), c.grid);
  }

 private:
  std::string path(const char* key) const { return section_ + "." + key; }
  std::string section_;
};

}  // namespace collsweep::config
