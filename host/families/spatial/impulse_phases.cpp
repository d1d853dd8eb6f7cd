// The phases of a spatial law's impulse path (impulse_phases.hpp).
#include "families/spatial/impulse_phases.hpp"

namespace collsweep::families {

std::vector<ImpulsePhase> impulse_phases(SpatialLaw law, const SpatialOutcome& o) {
  if (!is_routh_law(law)) return {};  // an algebraic law has no impulse path
  const double In = o.I.n, Inc = o.I_nc, Inh = o.I_nh;
  const bool stick = o.mode == SpatialMode::B || o.mode == SpatialMode::D;
  const std::string after = stick ? "stick" : "slide along the invariant direction sigma_F";
  std::vector<ImpulsePhase> p;
  const auto add = [&p](const std::string& what, double from, double to) {
    if (to > from) p.push_back({what, from, to});
  };
  switch (o.mode) {
    case SpatialMode::A:  // slides throughout
      add("slip (compression)", 0.0, Inc);
      add("slip (restitution)", Inc, In);
      break;
    case SpatialMode::B:  // halt in compression
    case SpatialMode::C:
      add("slip (compression)", 0.0, Inh);
      add(after + " (compression)", Inh, Inc);
      add(after + " (restitution)", Inc, In);
      break;
    case SpatialMode::D:  // halt in restitution
    case SpatialMode::E:
      add("slip (compression)", 0.0, Inc);
      add("slip (restitution)", Inc, Inh);
      add(after + " (restitution)", Inh, In);
      break;
    default:
      break;
  }
  return p;
}

}  // namespace collsweep::families
