// The registry of planar single-contact laws: identifiers, names, Type labels and one dispatch point.
#pragma once

#include <cstring>

#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "collsweep/models/planar/laws/poisson.hpp"
#include "collsweep/models/planar/laws/stronge.hpp"

namespace collsweep {

enum class PlanarLaw : std::uint8_t { stronge = 0, poisson, newton, chatterjee_ruina, count_ };

inline constexpr int planar_law_count = static_cast<int>(PlanarLaw::count_);
// Types are numbered from 1; index 0 is unused so that type t counts into slot t.
inline constexpr int max_collision_type = 5;

COLLSWEEP_HD_INLINE PlanarOutcome evaluate(PlanarLaw law, const PlanarCollision& c) {
  switch (law) {
    case PlanarLaw::stronge:
      return Stronge::evaluate(c);
    case PlanarLaw::poisson:
      return Poisson::evaluate(c);
    case PlanarLaw::newton:
      return Newton::evaluate(c);
    case PlanarLaw::chatterjee_ruina:
      return ChatterjeeRuina::evaluate(c);
    default:
      return invalid_outcome(Status::numerical_failure);
  }
}

inline const char* law_name(PlanarLaw law) {
  switch (law) {
    case PlanarLaw::stronge:
      return Stronge::name;
    case PlanarLaw::poisson:
      return Poisson::name;
    case PlanarLaw::newton:
      return Newton::name;
    case PlanarLaw::chatterjee_ruina:
      return ChatterjeeRuina::name;
    default:
      return "unknown";
  }
}

// Parses a law name; returns false for an unknown name.
inline bool parse_law(const char* name, PlanarLaw* out) {
  for (int i = 0; i < planar_law_count; ++i) {
    const auto law = static_cast<PlanarLaw>(i);
    if (std::strcmp(name, law_name(law)) == 0) {
      *out = law;
      return true;
    }
  }
  return false;
}

// Whether the law reads e_t.
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(PlanarLaw law) {
  return law == PlanarLaw::chatterjee_ruina;
}

// Number of collision types the law reports (types run 1..n).
inline int law_type_count(PlanarLaw law) { return law == PlanarLaw::chatterjee_ruina ? 2 : 5; }

// Human-readable meaning of a collision type of a law.
inline const char* type_label(PlanarLaw law, int type) {
  if (law == PlanarLaw::chatterjee_ruina)
    return type == 1 ? "inside friction cone" : type == 2 ? "projected onto friction cone" : "none";
  switch (type) {
    case 1:
      return "sticking in compression";
    case 2:
      return "sticking in restitution";
    case 3:
      return "reverse sliding in compression";
    case 4:
      return "reverse sliding in restitution";
    case 5:
      return "forward sliding throughout";
    default:
      return "none";
  }
}

}  // namespace collsweep
