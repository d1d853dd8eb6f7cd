// The hook through which the multi-contact laws report every distinct solution they find (`solve`).
//
// evaluate_poisson_lcp / evaluate_newton_lcp take a listener L; when L::kActive is true they call, as the
// solutions are stored (so the listed ones are exactly those counted in the outcome's solutions):
//   l.compression(r, Lam_minus, gamma_0, W_compression)   poisson-lcp: the r-th distinct compression
//                                                          solution (0-based), W^- = T° - T^-
//   l.solution(r, i, Lam_plus, Lam, gamma_plus, W)         the i-th distinct solution (0-based) of the whole
//                                                          impact that follows compression r: poisson-lcp its
//                                                          decompression (Lambda^+ = Delta + eps Lambda^-),
//                                                          newton-lcp r = 0 and Lam_plus = Lam
//   l.discard()                                            on a singular G where the law takes the limit of
//                                                          G + eps I: forget what was listed so far (the
//                                                          rigid problem's solutions); the limit's follow
//   l.rigid_impulse(Lam)                                   on a singular G (the law is the limit of G + eps
//   I,
//                                                          regularised_limit.hpp): each total impulse of the
//                                                          rigid problem's solutions with the chosen outcome
//   l.chosen(r, i)                                         once, at the end: the outcome's chosen solution
// Arrays have 2k entries ordered N1..Nk, T1..Tk. For the chosen solution the listed numbers are the
// outcome's, bit for bit (Delta = 0 is listed as exactly 0 where the law takes the pure Poisson solution).
// The sweeps pass NoSolutionListener: every call sits behind `if constexpr (L::kActive)` and compiles away.
#pragma once

namespace collsweep {

struct NoSolutionListener {
  static constexpr bool kActive = false;
};

}  // namespace collsweep
