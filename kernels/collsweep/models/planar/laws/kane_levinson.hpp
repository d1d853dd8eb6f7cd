// Kane & Levinson's (Whittaker's) law as an algebraic law (thesis §5.1.2), planar.
//
// Parameters: e in [0, 1] (kinematic: v_n2 = e w), mu >= 0. The outcome satisfies v_n2 = e w and either
//   (stick) v_t2 = 0 with |P_t| <= mu P_n:  P_S = M ((1 + e) w, -v_t), M = W^-1            (type 1)
//   (slip)  P = P_n (1, -mu s), s = sign(v_t2) = +-1, friction from the POST-impact slip:
//           P_n = (1 + e) w / (W_nn - mu s W_nt) > 0 and s v_t2 > 0,
//           v_t2 = v_t + P_n (W_nt - mu s W_tt)                        (type 2: s v_t >= 0, type 3: reversed)
// Each of the three states is tested; `solutions` counts the consistent ones. Rule: stick if it is
// consistent, else the consistent slip sign (if both were, the one with the lower kinetic energy after,
// s = sign(v_t) on a tie). Status::no_consistent_solution when none is.
// In exact arithmetic there is always exactly one: on the line v_n2 = e w of impulse space (through
// (1 + e) w / W_nn n, which is inside the cone), v_t2 increases with P_t (slope det W / W_nn > 0) and
// vanishes at the sticking point; if that point is outside the cone, exactly the cone edge on the side
// the line leaves the cone towards it is consistent (a slip with s v_t2 > 0 must lie beyond the sticking
// point in P_t, i.e. on the near edge). Ties, where the sticking point is on a cone edge and stick and slip
// are the same state, are resolved as follows: the stick test accepts |P_t| <= mu P_n (1 + 64 eps); a
// slip with |v_t2| <= 1e-10 |v1| IS that sticking state (counted once, as stick, type 1, with the slip's
// impulse, which is on the cone); a slip counts as a slip only when s v_t2 > 1e-10 |v1|.
// The law can gain energy (Kane's paradox; thesis §7.5, Fig. 3.x), never for e = 0 (§8.1 footnote).
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

namespace kl_detail {
inline constexpr double kTie = 64.0 * 2.220446049250313e-16;  // stick test: relative slack of the cone
inline constexpr double kTieV = 1e-10;                        // |v_t2| / |v1| below which a slip sticks
}  // namespace kl_detail

struct KaneLevinson : LawDefaults {
  static constexpr const char* name = "kane-levinson";
  static constexpr bool thesis = true;
  static constexpr bool counts_solutions = true;
  // No theorem: Kane's paradox (Chatterjee 1997 §5.1.2) gains energy.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return false; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return slip_type_label(type); }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report = nullptr) {
    set_report(report, 0, 0);
    const Status s = validate_planar(c);
    if (s != Status::ok) return invalid_outcome(s);
    const Delassus2& W = c.W;
    const double w = -c.v.n, k = (1.0 + c.e) * w, det = determinant(W);
    const double vmag = ::sqrt(c.v.n * c.v.n + c.v.t * c.v.t);
    // Stick: P_S = M (k, -v_t).
    const double Sn = (W.tt * k + W.nt * c.v.t) / det, St = -(W.nt * k + W.nn * c.v.t) / det;
    const bool stick_test = Sn >= 0.0 && abs_d(St) <= c.mu * Sn * (1.0 + kl_detail::kTie);
    // Slips s = +1 (index 0) and s = -1 (index 1); a slip ending at v_t2 ~ 0 is the sticking state (tie).
    bool slip[2] = {false, false};
    int tie = -1;
    double Pn[2] = {0.0, 0.0}, Vt[2] = {0.0, 0.0}, ke[2] = {0.0, 0.0};
    for (int i = 0; i < 2; ++i) {
      const double sg = i == 0 ? 1.0 : -1.0;
      const double h = W.nn - c.mu * sg * W.nt;
      if (!(h > 0.0)) continue;
      Pn[i] = k / h;
      Vt[i] = c.v.t + Pn[i] * (W.nt - c.mu * sg * W.tt);
      if (abs_d(Vt[i]) <= kl_detail::kTieV * vmag) {
        if (tie < 0) tie = i;
        continue;
      }
      if (!(sg * Vt[i] > 0.0)) continue;
      slip[i] = true;
      // Kinetic energy change P.(v1 + v2)/2 ranks the slips.
      ke[i] = 0.5 * Pn[i] * ((c.v.n + c.e * w) - c.mu * sg * (c.v.t + Vt[i]));
    }
    const bool stick = stick_test || tie >= 0;
    const int count = (stick ? 1 : 0) + (slip[0] ? 1 : 0) + (slip[1] ? 1 : 0);
    if (count == 0) return invalid_outcome(Status::no_consistent_solution);
    PlanarOutcome o;
    std::uint8_t type = 1;
    if (stick_test) {
      o = finish_outcome(c, 1, Sn, St, c.e * w, 0.0);
    } else if (stick) {
      const double sg = tie == 0 ? 1.0 : -1.0;
      o = finish_outcome(c, 1, Pn[tie], -c.mu * sg * Pn[tie], c.e * w, Vt[tie]);
    } else {
      int i = slip[0] ? 0 : 1;
      if (slip[0] && slip[1] && (ke[1] < ke[0] || (ke[1] == ke[0] && c.v.t < 0.0))) i = 1;
      const double sg = i == 0 ? 1.0 : -1.0;
      type = sg * c.v.t >= 0.0 ? 2 : 3;
      o = finish_outcome(c, type, Pn[i], -c.mu * sg * Pn[i], c.e * w, Vt[i]);
    }
    if (o.status == Status::ok) set_report(report, type, static_cast<std::uint8_t>(count));
    return o;
  }
};

}  // namespace collsweep
