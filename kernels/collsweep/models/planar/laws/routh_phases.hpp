// The impulse-space path shared by the stronge, poisson and newton laws: Djerassi 2010 Types 1-5.
//
// All three laws follow Routh's incremental process (zero tangential compliance, Coulomb friction,
// the normal impulse I_n as time-like variable): forward slide from the start, then at S (v_t = 0)
// either stick (Types 1, 2) or reverse slide (Types 3, 4), or forward slide throughout (Type 5).
// They differ only in where restitution terminates the path:
//   stronge  E_R = e^2 |E_C|        (energetic, Djerassi eq. 19)
//   poisson  I_n2 = (1 + e) I_nC    (kinetic, Routh)
//   newton   v_n2 = e w             (kinematic, Kane-Levinson)
// Each puts the Type 2/4 - Type 5 boundary at v_nS = e w, i.e. alpha = (1 + e) r_m, so the Type
// selection (Djerassi 2010, Sect. 5.2 and Table 1, with the project's tie-breaks, docs/planar-laws.md) is
// common and lives here.
//
// Everything below is in the forward frame: if v_t < 0 the tangent is flipped (m_nt -> -m_nt,
// v_t -> -v_t, eq. 7) and I_t, v_t2 are flipped back at the end. w = -v_n > 0 is the approach speed.
#pragma once

#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

// The Types of Djerassi 2010 (Table 1) that the stronge, poisson and newton laws report.
inline const char* djerassi_type_label(int type) {
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

struct RouthFrame {
  double nn, nt, tt;  // W in the forward frame (nt flipped with the tangent)
  double mu;
  double w;   // approach speed -v_n > 0
  double vt;  // tangential approach velocity >= 0
  double g, h, p,
      q;     // eq. 24: g = mu m_tt - m_nt, h = m_nn - mu m_nt, p = mu m_tt + m_nt, q = m_nn + mu m_nt
  double D;  // Delta = m_nn m_tt - m_nt^2
  bool flipped;
};

// Where the path ends, in the forward frame (I_nS = 0 for Type 5).
struct RouthPath {
  std::uint8_t type;
  double I_nS;  // forward sliding stops (v_t = 0), eq. 40a
  double I_nC;  // compression ends (v_n = 0)
  double k;     // dv_n/dI_n after S: Delta/m_tt (stick) or q (reverse slide); h for Type 5
  double v_nS;  // v_n at S (Types 1-4)
};

COLLSWEEP_HD_INLINE RouthFrame make_routh_frame(const PlanarCollision& c) {
  RouthFrame f;
  f.flipped = c.v.t < 0.0;
  f.nn = c.W.nn;
  f.tt = c.W.tt;
  f.nt = f.flipped ? -c.W.nt : c.W.nt;
  f.mu = c.mu;
  f.w = -c.v.n;
  f.vt = f.flipped ? -c.v.t : c.v.t;
  f.g = f.mu * f.tt - f.nt;
  f.h = f.nn - f.mu * f.nt;
  f.p = f.mu * f.tt + f.nt;
  f.q = f.nn + f.mu * f.nt;
  f.D = determinant(c.W);
  return f;
}

// Table 1 (Djerassi 2010, Sect. 5.2) with the continuous tie-breaks at g, h, p = 0:
//   g <= 0 -> Type 5 (Case 5); h <= 0 -> Type 1 (Case 4); otherwise compare v_nS with 0 and e w.
// e is the law's own restitution coefficient (the boundary is alpha = (1+e) r_m for all three).
COLLSWEEP_HD_INLINE RouthPath routh_path(const RouthFrame& f, double e) {
  RouthPath r;
  r.I_nS = 0.0;
  r.v_nS = 0.0;
  if (f.g <= 0.0) {  // Case 5: v_t grows with I_n, forward sliding throughout
    r.type = 5;
  } else {
    r.I_nS = f.vt / f.g;          // eq. 40a (the laws reuse it for every vt/g of their formulas)
    r.v_nS = r.I_nS * f.h - f.w;  // eq. 40c: v_nS <= 0 <=> alpha <= r_m
    if (f.h <= 0.0)               // Case 4: v_n falls while sliding, S always in compression
      r.type = 1;
    else if (r.v_nS <= 0.0)
      r.type = f.p >= 0.0 ? 1 : 3;
    else if (r.v_nS <= e * f.w)
      r.type = f.p >= 0.0 ? 2 : 4;
    else
      r.type = 5;
  }
  if (r.type == 5) {
    r.I_nS = 0.0;
    r.k = f.h;
    r.I_nC = f.w / f.h;  // eq. 104
    return r;
  }
  const bool stick = r.type == 1 || r.type == 2;
  r.k = stick ? f.D / f.tt : f.q;
  if (r.type == 1)
    r.I_nC = (f.w * f.tt + f.vt * f.nt) / f.D;  // eq. 40b, cancellation-free (docs/planar-laws.md)
  else if (r.type == 3)
    r.I_nC = (f.w + 2.0 * f.mu * f.nt * r.I_nS) / f.q;  // eq. 74b, vt/g = I_nS
  else
    r.I_nC = f.w / f.h;  // eqs 57b (sign corrected), 91b
  return r;
}

// Completes a law from the path and its terminal normal impulse I_n2 (forward frame): the tangential
// impulse and post-impact velocity along the last phase, then flip back to the caller's frame.
COLLSWEEP_HD_INLINE PlanarOutcome finish_routh(const PlanarCollision& c, const RouthFrame& f,
                                               const RouthPath& r, double I_n2) {
  double I_t2, v_n2, v_t2;
  const double x = I_n2 - r.I_nS;  // impulse after S
  switch (r.type) {
    case 1:
    case 2:  // stick after S: dI_t/dI_n = -m_nt/m_tt, v_t = 0 (eqs 39, 41b, 56, 58b)
      I_t2 = -f.mu * r.I_nS - (f.nt / f.tt) * x;
      v_n2 = r.type == 1 ? r.k * (I_n2 - r.I_nC) : r.v_nS + r.k * x;
      v_t2 = 0.0;
      break;
    case 3:
    case 4:  // reverse slide after S: dI_t/dI_n = +mu, dv_t/dI_n = p (eqs 73, 75, 90, 92)
      I_t2 = -f.mu * r.I_nS + f.mu * x;
      v_n2 = r.type == 3 ? r.k * (I_n2 - r.I_nC) : r.v_nS + r.k * x;
      v_t2 = f.p * x;
      break;
    default:  // Type 5, forward slide: dI_t/dI_n = -mu (eqs 103, 105)
      I_t2 = -f.mu * I_n2;
      v_n2 = f.h * I_n2 - f.w;
      v_t2 = f.vt - f.g * I_n2;
      break;
  }
  if (f.flipped) {
    I_t2 = -I_t2;
    v_t2 = -v_t2;
  }
  return finish_outcome(c, r.type, I_n2, I_t2, v_n2, v_t2);
}

}  // namespace collsweep
