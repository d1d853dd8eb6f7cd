// What an algebraic law of Chatterjee's thesis reports beside its family's outcome: case, solution count.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

// Filled by the algebraic laws of Chatterjee 1997 through an optional pointer (evaluate(c, ..., LawReport* =
// nullptr)). All fields are zero when the outcome's status is not ok, except `solutions` and `iterations` of
// a law that failed after counting (kane-levinson with no consistent state: solutions = 0; smith when the
// continuation did not converge: the roots it found and the iterations it spent).
struct LawReport {
  std::uint8_t type = 0;         // the law's case, numbered from 1 (its header lists them); also
                                 // PlanarOutcome::type in the planar family
  std::uint8_t solutions = 0;    // distinct consistent solutions found: 1 for the closed-form laws;
                                 // kane-levinson and smith count theirs (0, 1 or several)
  std::uint32_t iterations = 0;  // Newton iterations spent (smith), Gauss-Seidel sweeps (the sequential
                                 // impulses), 0 for the others
  std::uint8_t converged = 0;    // the sequential impulses: 1 when the last sweep reached the fixed point
};

COLLSWEEP_HD_INLINE void set_report(LawReport* r, std::uint8_t type, std::uint8_t solutions,
                                    std::uint32_t iterations = 0, std::uint8_t converged = 0) {
  if (r) {
    r->type = type;
    r->solutions = solutions;
    r->iterations = iterations;
    r->converged = converged;
  }
}

// The cases of the Kane-Levinson and Smith laws (planar and spatial): 1 stick, 2 the slip goes on in its
// direction, 3 it reverses.
inline const char* slip_type_label(int type) {
  return type == 1 ? "stick" : type == 2 ? "slides on" : type == 3 ? "slip reversed" : "none";
}

// The cases of Chatterjee's Law I (1997 §6.5.1) and Law III (§6.5.3), planar and spatial.
inline const char* chatterjee_law1_type_label(int type) {
  return type == 1   ? "case (a): e_n = r_n"
         : type == 2 ? "case (b): energy kept"
         : type == 3 ? "case (c): pushed along n"
                     : "none";
}
inline const char* chatterjee_law3_type_label(int type) {
  return type == 1   ? "accepted"
         : type == 2 ? "accepted after the energy fix"
         : type == 3 ? "projected onto friction cone"
                     : "none";
}

}  // namespace collsweep
