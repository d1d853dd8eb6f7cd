// Map axes: which sampled or derived quantity a map bins, and the bin of a sample (same on CPU and GPU).
#pragma once

#include <cstdint>
#include <cstring>

#include "collsweep/hd.hpp"

namespace collsweep {

// A family's map quantities are its own enum Q (models/<family>/quantities.hpp: quantity_name(Q),
// quantity_value(sample, Q), Q::count_); configs and outputs name them.

// The quantity of `name` among the family's Q, or false.
template <class Q>
bool parse_quantity(const char* name, Q* out) {
  for (int i = 0; i < static_cast<int>(Q::count_); ++i)
    if (std::strcmp(name, quantity_name(static_cast<Q>(i))) == 0) {
      *out = static_cast<Q>(i);
      return true;
    }
  return false;
}

// One binned axis over [lo, hi] with `bins` equal bins; the upper edge belongs to the last bin.
template <class Q>
struct MapAxis {
  Q quantity{};
  double lo = 0.0, hi = 1.0;
  std::uint32_t bins = 1;
};

template <class Q>
MapAxis(Q, double, double, std::uint32_t) -> MapAxis<Q>;

// Cells of a map over axes[0 .. n_axes - 1]: the product of their bins (every family's spec.cells()).
template <class Q>
COLLSWEEP_HD_INLINE int map_cells(const MapAxis<Q>* axes, int n_axes) {
  int c = 1;
  for (int a = 0; a < n_axes; ++a) c *= static_cast<int>(axes[a].bins);
  return c;
}

// Bin of x, or -1 when x is outside [lo, hi] (counted as "outside the map", never dropped silently).
template <class Q>
COLLSWEEP_HD_INLINE int axis_bin(const MapAxis<Q>& a, double x) {
  if (!(x >= a.lo && x <= a.hi)) return -1;
  int b = static_cast<int>((x - a.lo) / (a.hi - a.lo) * a.bins);
  return b >= static_cast<int>(a.bins) ? static_cast<int>(a.bins) - 1 : b;
}

// axis_bin's value without its division: y = (x - lo) scale with scale = bins / (hi - lo) (axis_scale,
// computed once per sweep) is within 3 ulps of axis_bin's (x - lo) / (hi - lo) bins, so the two truncate
// to the same bin unless y lies within 1e-13 (relative) of an integer; there axis_bin itself decides.
// The same bin as axis_bin for every x, one multiplication instead of a division.
template <class Q>
COLLSWEEP_HD_INLINE double axis_scale(const MapAxis<Q>& a) {
  return a.bins / (a.hi - a.lo);
}

template <class Q>
COLLSWEEP_HD_INLINE int axis_bin_scaled(const MapAxis<Q>& a, double scale, double x) {
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
template <class Q>
double axis_center(const MapAxis<Q>& a, std::uint32_t bin) {
  return a.lo + (bin + 0.5) * (a.hi - a.lo) / a.bins;
}

}  // namespace collsweep
