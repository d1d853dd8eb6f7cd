// Map axes: which sampled or derived quantity a map bins, and the bin of a sample (same on CPU and GPU).
#pragma once

#include <cstdint>
#include <cstring>

#include "collsweep/hd.hpp"

namespace collsweep {

// Every family's map quantities, named once for configs and outputs; each family says which are its own and
// what they are on its samples (quantity_value, models/*/quantities.hpp):
// planar sweeps: theta, alpha, mu, e, e_t, rho, kappa, log10_cond (of W);
// multi-contact sweeps: log10_cond (of G), eps_spread (max - min of all eps_N, eps_T), mu (mean over the
// contacts) and contacts (k); spatial sweeps: psi, phi, mu, mu_ratio (mu / mu_c), e, e_t, log10_cond (of W),
// s1, s2, r1, r2. The thesis laws' parameters: planar s1, s2, ratio; spatial s1, s2, r1, r2.
enum class Quantity : std::uint8_t {
  theta = 0,
  alpha,
  mu,
  e,
  e_t,
  rho,
  kappa,
  log10_cond,
  eps_spread,
  contacts,
  psi,       // spatial: incidence, the angle between -v1 and n, degrees in [0, 90)
  phi,       // spatial: azimuth of v1's tangential part from the principal axis of b, degrees in [0, 360)
  mu_ratio,  // spatial: mu / mu_c, mu_c = |b^-1 c| (>= 1: sticking can hold once slip halts)
  s1,        // chatterjee-combined's weight of Law I (Chatterjee 1997 §6.6), planar and spatial
  s2,        // chatterjee-combined's weight of Law II, planar and spatial
  ratio,     // planar: brach's impulse ratio P_t / P_n (Chatterjee 1997 §5.1.1)
  r1,        // spatial: brach-3d's impulse ratio along -v_T/|v_T| (the planar ratio in 3D)
  r2,        // spatial: brach-3d's impulse ratio across the initial slip (along n x e2)
  count_
};
inline constexpr int quantity_count = static_cast<int>(Quantity::count_);

inline const char* quantity_name(Quantity q) {
  switch (q) {
    case Quantity::theta:
      return "theta";
    case Quantity::alpha:
      return "alpha";
    case Quantity::mu:
      return "mu";
    case Quantity::e:
      return "e";
    case Quantity::e_t:
      return "e_t";
    case Quantity::rho:
      return "rho";
    case Quantity::kappa:
      return "kappa";
    case Quantity::log10_cond:
      return "log10_cond";
    case Quantity::eps_spread:
      return "eps_spread";
    case Quantity::contacts:
      return "contacts";
    case Quantity::psi:
      return "psi";
    case Quantity::phi:
      return "phi";
    case Quantity::mu_ratio:
      return "mu_ratio";
    case Quantity::s1:
      return "s1";
    case Quantity::s2:
      return "s2";
    case Quantity::ratio:
      return "ratio";
    case Quantity::r1:
      return "r1";
    case Quantity::r2:
      return "r2";
    default:
      return "unknown";
  }
}

inline bool parse_quantity(const char* name, Quantity* out) {
  for (int i = 0; i < quantity_count; ++i)
    if (std::strcmp(name, quantity_name(static_cast<Quantity>(i))) == 0) {
      *out = static_cast<Quantity>(i);
      return true;
    }
  return false;
}

// One binned axis over [lo, hi] with `bins` equal bins; the upper edge belongs to the last bin.
struct MapAxis {
  Quantity quantity = Quantity::theta;
  double lo = 0.0, hi = 1.0;
  std::uint32_t bins = 1;
};

// Cells of a map over axes[0 .. n_axes - 1]: the product of their bins (every family's spec.cells()).
COLLSWEEP_HD_INLINE int map_cells(const MapAxis* axes, int n_axes) {
  int c = 1;
  for (int a = 0; a < n_axes; ++a) c *= static_cast<int>(axes[a].bins);
  return c;
}

// Bin of x, or -1 when x is outside [lo, hi] (counted as "outside the map", never dropped silently).
COLLSWEEP_HD_INLINE int axis_bin(const MapAxis& a, double x) {
  if (!(x >= a.lo && x <= a.hi)) return -1;
  int b = static_cast<int>((x - a.lo) / (a.hi - a.lo) * a.bins);
  return b >= static_cast<int>(a.bins) ? static_cast<int>(a.bins) - 1 : b;
}

// axis_bin's value without its division: y = (x - lo) scale with scale = bins / (hi - lo) (axis_scale,
// computed once per sweep) is within 3 ulps of axis_bin's (x - lo) / (hi - lo) bins, so the two truncate
// to the same bin unless y lies within 1e-13 (relative) of an integer; there axis_bin itself decides.
// The same bin as axis_bin for every x, one multiplication instead of a division.
COLLSWEEP_HD_INLINE double axis_scale(const MapAxis& a) { return a.bins / (a.hi - a.lo); }

COLLSWEEP_HD_INLINE int axis_bin_scaled(const MapAxis& a, double scale, double x) {
  if (!(x >= a.lo && x <= a.hi)) return -1;
  const double y = (x - a.lo) * scale;  // >= 0 and at most bins (1 + 1e-15)
  const int b = static_cast<int>(y);    // floor
  const double fy = static_cast<double>(b), margin = 1e-13 * (fy + 1.0);
  if (!(y - fy > margin && fy + 1.0 - y > margin)) return axis_bin(a, x);
  return b >= static_cast<int>(a.bins) ? static_cast<int>(a.bins) - 1 : b;
}

// Map cell of a sample (cell = bin_x + bins_x * bin_y), or -1 when a quantity falls outside its axis range.
// Spec has axes[] and n_axes; quantity_value(sample, q) is the family's (models/*/quantities.hpp). scales:
// axis_scale of each axis (the same cell as without them, see axis_bin_scaled), or nullptr.
template <class Spec, class Sample>
COLLSWEEP_HD_INLINE int map_cell(const Spec& s, const Sample& smp, const double* scales = nullptr) {
  int cell = 0, stride = 1;
  for (int a = 0; a < s.n_axes; ++a) {
    const double x = quantity_value(smp, s.axes[a].quantity);
    const int b = scales ? axis_bin_scaled(s.axes[a], scales[a], x) : axis_bin(s.axes[a], x);
    if (b < 0) return -1;
    cell += b * stride;
    stride *= static_cast<int>(s.axes[a].bins);
  }
  return cell;
}

// Bin centre, for the axis columns of map.csv.
inline double axis_center(const MapAxis& a, std::uint32_t bin) {
  return a.lo + (bin + 0.5) * (a.hi - a.lo) / a.bins;
}

}  // namespace collsweep
