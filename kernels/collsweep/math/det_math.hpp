// Deterministic exp, log, log10, pow10, sin/cos/sincos, atan, atan2 built from IEEE basic operations only.
//
// Why: glibc's and CUDA's libm may return different bits for one argument, which would break the promise that
// Monte-Carlo sample k is bit-identical on every backend. Everything here uses only +, -, *, / (correctly
// rounded on both), exact bit manipulation and a fixed evaluation order, so g++ with -ffp-contract=off and
// nvcc with -fmad=false produce the same bits. Built with FMA contraction the results stay accurate but may
// differ between backends. No <cmath> call is made. The algorithms are fdlibm's / musl's (Sun Microsystems,
// freely redistributable), rewritten without tables: every constant is a literal inside its function.
//
// Domains and accuracy. Max error in ulps of the result against glibc's long double functions, the larger
// of the ~1e6 points of tests/unit/test_det_math.cpp and a separate 4e6-point random run. Every function is
// faithful (< 1 ulp, per fdlibm's error analyses); the worst seen is 0.85 ulp.
//   exp(x)      all x; +inf for x > 709.79 (or when e^x rounds past DBL_MAX), gradual underflow,
//               +0 for x < -745.2 (and when e^x < 2^-1075).                                   max 0.77 ulp
//   log(x)      x > 0 (subnormals included); log(1) = +0; log(+inf) = +inf;
//               x <= 0 (also -0 and -inf) -> -inf, never NaN.                                 max 0.85 ulp
//   log10(x)    as log.                                                                      max 0.74 ulp
//   pow10(x)    10^x for all x; +inf for x > 308.255, +0 for x < -323.61; for integer x in
//               [-22, 22] the correctly rounded 10^x (exact for x >= 0).                      max 0.76 ulp
//   sincos(x)   |x| < 2^20 pi/2 (about 1.647e6): Cody-Waite reduction by pi/2 in up to three 33-bit
//               parts (~151 bits, so relative accuracy holds next to the zeros too). Outside
//               (also +-inf): s = c = 0, a documented out-of-domain marker.                   max 0.77 ulp
//   sin, cos    the same bits as sincos's s and c (one polynomial evaluated).
//   atan(x)     all x; atan(+-inf) = +-pi/2 rounded.                                        max 0.76 ulp
//   atan2(y,x)  all y, x, C99 conventions for zeros and infinities (see atan2). y/x is formed as
//               a double-double, and x < 0 uses pi/2 + atan(|x/y|) or pi - atan(|y/x|) so the
//               atan term stays below pi/4.                                                  max 0.85 ulp
// NaN arguments give NaN. Signed zeros are kept: exp(-0) = 1, sin(-0) = -0, atan(-0) = -0.
// sin, atan and atan2(-y, x) are odd bit for bit; cos is even. Golden bits of a few results are pinned in
// tests/unit/test_det_math.cpp, so that any change of constants or evaluation order is caught.
#pragma once

#include <cstdint>
#include <cstring>

#include "collsweep/hd.hpp"

namespace collsweep {
namespace detmath {
namespace detail {

// The IEEE bit pattern of a double and back (exact).
COLLSWEEP_HD_INLINE std::uint64_t to_bits(double x) {
#if COLLSWEEP_DEVICE_COMPILE
  return static_cast<std::uint64_t>(__double_as_longlong(x));
#else
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
#endif
}

COLLSWEEP_HD_INLINE double from_bits(std::uint64_t u) {
#if COLLSWEEP_DEVICE_COMPILE
  return __longlong_as_double(static_cast<long long>(u));
#else
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
#endif
}

// The high 32 bits (sign, exponent, top 20 fraction bits).
COLLSWEEP_HD_INLINE std::uint32_t high_word(double x) { return static_cast<std::uint32_t>(to_bits(x) >> 32); }

COLLSWEEP_HD_INLINE double infinity() { return from_bits(0x7ff0000000000000ULL); }

// 2^k for -1022 <= k <= 1023 (exact).
COLLSWEEP_HD_INLINE double pow2(int k) { return from_bits(static_cast<std::uint64_t>(k + 1023) << 52); }

// The bit view of one lane type. The cores below that are written for any lane type R (round_to_int,
// exp_reduced, two_prod, log_parts_normal, log_from_parts, pow10_reduced, rem_pio2_first, sin_kernel,
// cos_kernel, sincos_quadrant) serve the scalar functions here (R = double, CPU and GPU) and the CPU's SIMD
// samplers (host/backend/simd_lanes.hpp specializes LaneBits for its vector of eight doubles): the same
// operations in the same order, so the same bits in every lane.
template <class R>
struct LaneBits;

template <>
struct LaneBits<double> {
  using Bits = std::uint64_t;
  using Int = std::int64_t;
  COLLSWEEP_HD_INLINE static Bits bits(double x) { return to_bits(x); }
  COLLSWEEP_HD_INLINE static double from(Bits u) { return from_bits(u); }
  COLLSWEEP_HD_INLINE static Int to_int(Bits u) { return static_cast<Int>(u); }
  // k is an exponent (|k| < 2^11): converted through 32 bits, the GPU's fast integer-to-double.
  COLLSWEEP_HD_INLINE static double to_double(Int k) {
    return static_cast<double>(static_cast<std::int32_t>(k));
  }
};

// The branch conditions of the functions below, once, for any lane type: a bool for double, a lane mask
// (all ones where true) for the SIMD type, so the SIMD sampler sends to the scalar function exactly the
// lanes whose scalar call would leave the path it computes.

// x rounded to the nearest integer, ties to even, for |x| < 2^51 (exact: the rounding of the addition does
// it).
template <class R>
COLLSWEEP_HD_INLINE R round_to_int(R x) {
  constexpr double kShift = 0x1.8p52;
  return (x + kShift) - kShift;
}

// scale's normal range: y 2^k = y * pow2(k) with pow2(k) a normal double.
constexpr int kScaleMinNormal = -1021, kScaleMax = 1023;
template <class I>
COLLSWEEP_HD_INLINE auto scale_is_normal(I k) {
  return (k >= kScaleMinNormal) & (k <= kScaleMax);
}

// y 2^k for y in [0.5, 2] and -1080 <= k <= 1024, rounded once (gradual underflow, overflow to +inf).
COLLSWEEP_HD_INLINE double scale(double y, int k) {
  if (k > kScaleMax) return (y * 2.0) * pow2(k - 1);  // y * 2 is exact
  if (k >= kScaleMinNormal) return y * pow2(k);       // a normal result: exact unless it overflows
  return (y * pow2(k + 1000)) * 0x1p-1000;            // exact first product, one rounding into the subnormals
}

// e^(x + xt) = y 2^kf with y in [0.5, 2] and kf integer-valued, for |x| <= 746 and |xt| <= 2^-40 |x| (a
// tail that extends x beyond double precision). fdlibm's e_exp.c: x = k ln2 + r with |r| <= ln2/2 carried as
// hi - lo, then a Remez rational form of e^r.
template <class R>
COLLSWEEP_HD_INLINE R exp_reduced(R x, R xt, R* kf_out) {
  constexpr double kInvLn2 = 0x1.71547652b82fep+0;
  constexpr double kLn2Hi = 0x1.62e42fee00000p-1;  // 32 significant bits: k ln2hi is exact for |k| < 2^21
  constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
  constexpr double P1 = 0x1.555555555553ep-3;
  constexpr double P2 = -0x1.6c16c16bebd93p-9;
  constexpr double P3 = 0x1.1566aaf25de2cp-14;
  constexpr double P4 = -0x1.bbd41c5d26bf1p-20;
  constexpr double P5 = 0x1.6376972bea4d0p-25;
  const R kf = round_to_int(x * kInvLn2);
  const R hi = x - kf * kLn2Hi;  // exact
  const R lo = kf * kLn2Lo - xt;
  const R r = hi - lo;
  const R r2 = r * r;
  const R c = r - r2 * (P1 + r2 * (P2 + r2 * (P3 + r2 * (P4 + r2 * P5))));
  // e^r = 1 + hi - lo + r c / (2 - c). fdlibm rounds (.. - hi) before adding 1 (max ~0.93 ulp); instead 1 +
  // hi is split exactly (Fast2Sum, |hi| < 1) so only the final addition rounds at the result's scale.
  const R s = 1.0 + hi;
  const R s_err = (1.0 - s) + hi;
  *kf_out = kf;
  return s + (s_err + ((r * c) / (2.0 - c) - lo));
}

// e^(x + xt) for |x| <= 746 and |xt| <= 2^-40 |x|.
COLLSWEEP_HD_INLINE double exp_core(double x, double xt) {
  double kf;
  const double y = exp_reduced(x, xt, &kf);
  return scale(y, static_cast<int>(kf));
}

// Dekker's exact product without FMA: a b = p + e exactly (no overflow for |a|, |b| < 2^995). Every partial
// product is exact, so the result does not change even where a compiler contracts it into FMAs.
template <class R, class S>
COLLSWEEP_HD_INLINE void two_prod(R a, S b, R* p, R* e) {
  constexpr double kSplit = 0x1.0000002p+27;  // 2^27 + 1
  const R ca = kSplit * a;
  const R a_hi = ca - (ca - a);
  const R a_lo = a - a_hi;
  const S cb = kSplit * b;
  const S b_hi = cb - (cb - b);
  const S b_lo = b - b_hi;
  *p = a * b;
  *e = (((a_hi * b_hi - *p) + a_hi * b_lo) + a_lo * b_hi) + a_lo * b_lo;
}

// log(1 + f) = f - hfsq + s (hfsq + R) for 1 + f in [sqrt(2)/2, sqrt(2)): fdlibm's k_log.h. The reduced
// argument's parts: x = 2^k (1 + f), k as a double (an exact integer).
template <class R>
struct LogPartsOf {
  R f, hfsq, sr;  // sr = s (hfsq + R)
  R dk;
};
using LogParts = LogPartsOf<double>;

// For a normal finite x > 0, any lane type. The exponent and mantissa are split on the bits: the high word
// is shifted so that the mantissa lands in [sqrt(2)/2, sqrt(2)) (32-bit arithmetic in 64-bit lanes: the
// high word of a positive finite double plus the shift stays below 2^32).
template <class R>
COLLSWEEP_HD_INLINE LogPartsOf<R> log_parts_normal(R x) {
  constexpr double Lg1 = 0x1.5555555555593p-1;
  constexpr double Lg2 = 0x1.999999997fa04p-2;
  constexpr double Lg3 = 0x1.2492494229359p-2;
  constexpr double Lg4 = 0x1.c71c51d8e78afp-3;
  constexpr double Lg5 = 0x1.7466496cb03dep-3;
  constexpr double Lg6 = 0x1.39a09d078c69fp-3;
  constexpr double Lg7 = 0x1.2f112df3e5244p-3;
  using Bits = typename LaneBits<R>::Bits;
  const Bits u = LaneBits<R>::bits(x);
  const Bits hx = (u >> 32) + (0x3ff00000u - 0x3fe6a09eu);
  const R dk = LaneBits<R>::to_double(LaneBits<R>::to_int(hx >> 20) - 0x3ff);
  const Bits m = (((hx & 0x000fffffu) + 0x3fe6a09eu) << 32) | (u & 0xffffffffULL);
  const R f = LaneBits<R>::from(m) - 1.0;  // exact
  const R hfsq = 0.5 * f * f;
  const R s = f / (2.0 + f);
  const R z = s * s;
  const R w = z * z;
  const R t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
  const R t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
  const R r = t2 + t1;
  return LogPartsOf<R>{f, hfsq, s * (hfsq + r), dk};
}

// For finite x > 0 (subnormals included: scaled up exactly by 2^54 first).
COLLSWEEP_HD_INLINE LogParts log_parts(double x) {
  const bool subnormal = x < 0x1p-1022;
  LogParts p = log_parts_normal(subnormal ? x * 0x1p54 : x);
  if (subnormal) p.dk = p.dk - 54.0;  // exact
  return p;
}

// log x from its parts (fdlibm e_log.c's last step), for any lane type.
template <class R>
COLLSWEEP_HD_INLINE R log_from_parts(const LogPartsOf<R>& p) {
  constexpr double kLn2Hi = 0x1.62e42fee00000p-1;
  constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
  return (((p.sr + p.dk * kLn2Lo) - p.hfsq) + p.f) + p.dk * kLn2Hi;
}

// Reduction x = n pi/2 + (y0 + y1), |y0 + y1| <~ pi/4, for |x| < 2^20 pi/2 (fdlibm/musl __rem_pio2, medium
// case). pi/2 is split into 33-bit parts so n * part is exact; a second and third part are used only when the
// first subtraction cancels (x close to a multiple of pi/2). Returns n.
// The first step of rem_pio2 (enough unless x is close to a multiple of pi/2): n = fn, x - n pi/2 = y
// with the parts r, w of y = r - w.
template <class R>
COLLSWEEP_HD_INLINE void rem_pio2_first(R x, R* fn, R* r, R* w, R* y) {
  constexpr double kInvPio2 = 0x1.45f306dc9c883p-1;
  constexpr double kPio2_1 = 0x1.921fb54400000p+0;
  constexpr double kPio2_1t = 0x1.0b4611a626331p-34;
  *fn = round_to_int(x * kInvPio2);
  *r = x - *fn * kPio2_1;  // exact
  *w = *fn * kPio2_1t;     // good to ~85 bits
  *y = *r - *w;
}

// Whether rem_pio2_first cancelled (y lost more than 16 bits against x): the further parts are needed.
template <class R>
COLLSWEEP_HD_INLINE auto rem_pio2_cancels(R x, R y) {
  using B = LaneBits<R>;
  return B::to_int((B::bits(x) >> 52) & 0x7ffu) - B::to_int((B::bits(y) >> 52) & 0x7ffu) > 16;
}

COLLSWEEP_HD_INLINE int rem_pio2(double x, double* y0, double* y1) {
  constexpr double kPio2_2 = 0x1.0b4611a600000p-34;
  constexpr double kPio2_2t = 0x1.3198a2e037073p-69;
  constexpr double kPio2_3 = 0x1.3198a2e000000p-69;
  constexpr double kPio2_3t = 0x1.b839a252049c1p-104;
  double fn, r, w, y;
  rem_pio2_first(x, &fn, &r, &w, &y);
  const int ex = static_cast<int>((high_word(x) >> 20) & 0x7ffu);
  if (rem_pio2_cancels(x, y)) {  // cancellation: 2nd part, ~118 bits
    double t = r;
    w = fn * kPio2_2;
    r = t - w;
    w = fn * kPio2_2t - ((t - r) - w);
    y = r - w;
    if (ex - static_cast<int>((high_word(y) >> 20) & 0x7ffu) > 49) {  // 3rd part, ~151 bits: all cases
      t = r;
      w = fn * kPio2_3;
      r = t - w;
      w = fn * kPio2_3t - ((t - r) - w);
      y = r - w;
    }
  }
  *y0 = y;
  *y1 = (r - y) - w;
  return static_cast<int>(fn);
}

// sin(x + y) for |x + y| <= pi/4, |y| << ulp(x) (musl __sin with iy = 1).
template <class R>
COLLSWEEP_HD_INLINE R sin_kernel(R x, R y) {
  constexpr double S1 = -0x1.5555555555549p-3;
  constexpr double S2 = 0x1.111111110f8a6p-7;
  constexpr double S3 = -0x1.a01a019c161d5p-13;
  constexpr double S4 = 0x1.71de357b1fe7dp-19;
  constexpr double S5 = -0x1.ae5e68a2b9cebp-26;
  constexpr double S6 = 0x1.5d93a5acfd57cp-33;
  const R z = x * x;
  const R w = z * z;
  const R r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
  const R v = z * x;
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

// cos(x + y) for |x + y| <= pi/4, |y| << ulp(x) (musl __cos).
template <class R>
COLLSWEEP_HD_INLINE R cos_kernel(R x, R y) {
  constexpr double C1 = 0x1.555555555554cp-5;
  constexpr double C2 = -0x1.6c16c16c15177p-10;
  constexpr double C3 = 0x1.a01a019cb1590p-16;
  constexpr double C4 = -0x1.27e4f809c52adp-22;
  constexpr double C5 = 0x1.1ee9ebdb4b1c4p-29;
  constexpr double C6 = -0x1.8fae9be8838d4p-37;
  const R z = x * x;
  const R w = z * z;
  const R r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
  const R hz = 0.5 * z;
  const R v = 1.0 - hz;
  return v + (((1.0 - v) - hz) + (z * r - x * y));
}

// What sincos does with x: 0 = tiny (sin x = x, cos x = 1), 1 = reduce, 2 = NaN, 3 = out of domain.
constexpr std::uint64_t kTrigTinyBits = 0x3e40000000000000ull;   // |x| below: tiny (2^-27)
constexpr std::uint64_t kTrigLimitBits = 0x413921fb00000000ull;  // |x| from here: out of domain (2^20 pi/2)

COLLSWEEP_HD_INLINE int trig_case(double x) {
  const std::uint64_t ax = to_bits(x) & 0x7fffffffffffffffull;
  if (ax < kTrigTinyBits) return 0;
  if (ax < kTrigLimitBits) return 1;
  if (x != x) return 2;
  return 3;
}

// trig_case(x) == 1, for any lane type.
template <class R>
COLLSWEEP_HD_INLINE auto trig_reduces(R x) {
  const auto ax = LaneBits<R>::bits(x) & 0x7fffffffffffffffull;
  return (ax >= kTrigTinyBits) & (ax < kTrigLimitBits);
}

// atan(x + xt) for finite x, |xt| <= 2^-50 |x| (a tail, 0 for plain atan): fdlibm s_atan.c. The tail enters
// as xt / (1 + x^2), the first-order term, added to the low-order part of the result.
COLLSWEEP_HD_INLINE double atan_core(double x, double xt) {
  constexpr double aT0 = 0x1.555555555550dp-2;
  constexpr double aT1 = -0x1.999999998ebc4p-3;
  constexpr double aT2 = 0x1.24924920083ffp-3;
  constexpr double aT3 = -0x1.c71c6fe231671p-4;
  constexpr double aT4 = 0x1.745cdc54c206ep-4;
  constexpr double aT5 = -0x1.3b0f2af749a6dp-4;
  constexpr double aT6 = 0x1.10d66a0d03d51p-4;
  constexpr double aT7 = -0x1.dde2d52defd9ap-5;
  constexpr double aT8 = 0x1.97b4b24760debp-5;
  constexpr double aT9 = -0x1.2b4442c6a6c2fp-5;
  constexpr double aT10 = 0x1.0ad3ae322da11p-6;
  const std::uint32_t ix = high_word(x) & 0x7fffffffu;
  const bool negative = x < 0.0;
  if (ix >= 0x44100000u) {  // |x| >= 2^66: atan = +-pi/2 rounded
    constexpr double kPio2 = 0x1.921fb54442d18p+0;
    constexpr double kPio2Lo = 0x1.1a62633145c07p-54;
    return negative ? -kPio2 - kPio2Lo : kPio2 + kPio2Lo;
  }
  if (ix < 0x3e400000u) return x;  // |x| < 2^-27: atan x = x to within 2^-55 relative (keeps -0)
  // Reduction: t = (x - c)/(1 + c x) for c = 0, 1/2, 1, 3/2, inf; atan x = atan c + atan t with |t| <= 7/16.
  // d/dx atan(c) + atan(t(x)) = 1/(1 + x^2) whatever c, so the tail always enters as xt / (1 + x^2).
  double t = x, hi = 0.0, lo = 0.0;
  bool reduced = true;
  const double a = negative ? -x : x;
  const double at = negative ? -xt : xt;
  const double tt = at / (1.0 + a * a);
  if (ix < 0x3fdc0000u) {  // |x| < 7/16
    reduced = false;
  } else if (ix < 0x3fe60000u) {  // 7/16 <= |x| < 11/16: c = 1/2
    hi = 0x1.dac670561bb4fp-2;
    lo = 0x1.a2b7f222f65e2p-56;
    t = (2.0 * a - 1.0) / (2.0 + a);
  } else if (ix < 0x3ff30000u) {  // 11/16 <= |x| < 19/16: c = 1
    hi = 0x1.921fb54442d18p-1;
    lo = 0x1.1a62633145c07p-55;
    t = (a - 1.0) / (a + 1.0);
  } else if (ix < 0x40038000u) {  // 19/16 <= |x| < 39/16: c = 3/2
    hi = 0x1.f730bd281f69bp-1;
    lo = 0x1.007887af0cbbdp-56;
    t = (a - 1.5) / (1.0 + 1.5 * a);
  } else {  // 39/16 <= |x| < 2^66: c = inf
    hi = 0x1.921fb54442d18p+0;
    lo = 0x1.1a62633145c07p-54;
    t = -1.0 / a;
  }
  const double z = t * t;
  const double w = z * z;
  const double s1 = z * (aT0 + w * (aT2 + w * (aT4 + w * (aT6 + w * (aT8 + w * aT10)))));
  const double s2 = w * (aT1 + w * (aT3 + w * (aT5 + w * (aT7 + w * aT9))));
  if (!reduced) return x - (x * (s1 + s2) - (negative ? -tt : tt));
  const double r = hi - ((t * (s1 + s2) - (lo + tt)) - t);
  return negative ? -r : r;
}

// atan(n/d) for finite n, d > 0 (n/d may over- or underflow): fdlibm's atan2 core, with n/d formed as a
// double-double q + qt so that the quotient's rounding does not add to the error.
COLLSWEEP_HD_INLINE double atan_ratio(double n, double d) {
  const int en = static_cast<int>((high_word(n) >> 20) & 0x7ffu);
  const int ed = static_cast<int>((high_word(d) >> 20) & 0x7ffu);
  if (en - ed > 60) return 0x1.921fb54442d18p+0 + 0x1.1a62633145c07p-54;  // n/d > 2^60: pi/2 rounded
  if (en - ed < -60) return n / d;  // n/d < 2^-60: atan(q) = q to 2^-120 relative
  // Scale both by one power of two (exact: |en - ed| <= 60) so that dd is about 1; then the remainder
  // nn - q dd is exact through Dekker's product and qt = remainder / dd.
  int sh = 1023 - ed;
  sh = sh > 1023 ? 1023 : (sh < -1022 ? -1022 : sh);
  const double sc = pow2(sh);
  const double nn = n * sc, dd = d * sc;
  const double q = nn / dd;
  double p, e;
  two_prod(q, dd, &p, &e);
  return atan_core(q, ((nn - p) - e) / dd);
}

}  // namespace detail

// e^x. NaN -> NaN; x > 709.79 -> +inf; x < -745.2 -> +0; e^(+-0) = 1 exactly.
COLLSWEEP_HD_INLINE double exp(double x) {
  if (x != x) return x;
  if (x > 709.79) return detail::infinity();
  if (x < -745.2) return 0.0;
  return detail::exp_core(x, 0.0);
}

// Natural logarithm. log(1) = +0; x = +-0 or x < 0 (also -inf) -> -inf; +inf -> +inf; NaN -> NaN.
COLLSWEEP_HD_INLINE double log(double x) {
  if (x != x) return x;
  if (!(x > 0.0)) return -detail::infinity();
  if (x > 0x1.fffffffffffffp+1023) return x;
  return detail::log_from_parts(detail::log_parts(x));
}

// Base-10 logarithm (musl log10: hi/lo split of log(1 + f), log10(2) and 1/ln(10) in two parts). Special
// values as log: log10(1) = +0, x <= 0 -> -inf.
COLLSWEEP_HD_INLINE double log10(double x) {
  constexpr double kIvLn10Hi = 0x1.bcb7b15200000p-2;
  constexpr double kIvLn10Lo = 0x1.b9438ca9aadd5p-36;
  constexpr double kLog10_2Hi = 0x1.34413509f6000p-2;
  constexpr double kLog10_2Lo = 0x1.9fef311f12b36p-42;
  if (x != x) return x;
  if (!(x > 0.0)) return -detail::infinity();
  if (x > 0x1.fffffffffffffp+1023) return x;
  const detail::LogParts p = detail::log_parts(x);
  // hi + lo = f - hfsq + sr ~ log(1 + f), hi with its low 32 bits cleared so hi * kIvLn10Hi is exact.
  const double hi = detail::from_bits(detail::to_bits(p.f - p.hfsq) & 0xffffffff00000000ULL);
  const double lo = ((p.f - hi) - p.hfsq) + p.sr;
  const double dk = p.dk;
  const double y = dk * kLog10_2Hi;
  double val_hi = hi * kIvLn10Hi;
  double val_lo = (dk * kLog10_2Lo + (lo + hi) * kIvLn10Lo) + lo * kIvLn10Hi;
  const double w = y + val_hi;
  val_lo = val_lo + ((y - w) + val_hi);
  val_hi = w;
  return val_lo + val_hi;
}

namespace detail {

// Whether pow10 takes its general path: not NaN, within [-323.61, 308.255] (beyond: 0 and +inf), and not
// an integer in [-22, 22] (those are exact powers of ten).
template <class R>
COLLSWEEP_HD_INLINE auto pow10_general(R x) {
  return (x >= -323.61) & (x <= 308.255) & ((x < -22.0) | (x > 22.0) | (round_to_int(x) != x));
}

// 10^x = y 2^kf (exp_reduced of x ln10 as a double-double), for -323.61 <= x <= 308.255.
template <class R>
COLLSWEEP_HD_INLINE R pow10_reduced(R x, R* kf) {
  constexpr double kLn10Hi = 0x1.26bb1bbb55516p+1;
  constexpr double kLn10Lo = -0x1.f48ad494ea3e9p-53;
  R p, e;
  two_prod(x, kLn10Hi, &p, &e);
  return exp_reduced(p, e + x * kLn10Lo, kf);
}

// sincos's last step: (s, c) from the kernels' sk = sin y, ck = cos y and the quadrant q = n mod 4:
// (sk, ck), (ck, -sk), (-sk, -ck), (-ck, sk). Selected with bit masks, not branches (n is as random as x in
// a sweep, and a mispredicted branch here cost more than both kernels); negation is a sign-bit flip, so the
// bits are those of the plain selection.
template <class R>
COLLSWEEP_HD_INLINE void sincos_quadrant(R sk, R ck, typename LaneBits<R>::Bits q, R* s, R* c) {
  using B = LaneBits<R>;
  using Bits = typename B::Bits;
  const Bits swap = (q & 1u) * 0xffffffffffffffffull;  // all ones for odd quadrants
  const Bits bs = B::bits(sk), bc = B::bits(ck);
  const Bits s_bits = (bs & ~swap) | (bc & swap), c_bits = (bc & ~swap) | (bs & swap);
  *s = B::from(s_bits ^ ((q >> 1) << 63));                // negative in quadrants 2, 3
  *c = B::from(c_bits ^ ((((q + 1u) >> 1) & 1u) << 63));  // negative in quadrants 1, 2
}

}  // namespace detail

// 10^x = e^(x ln10) with x ln10 formed as a double-double (Dekker product with a two-part ln10), so the
// product's rounding does not multiply the error. Integer x in [-22, 22]: the correctly rounded 10^x (exact
// for x >= 0). NaN -> NaN; x > 308.255 -> +inf; x < -323.61 -> +0.
COLLSWEEP_HD_INLINE double pow10(double x) {
  if (detail::pow10_general(x)) {
    double kf;
    const double y = detail::pow10_reduced(x, &kf);
    return detail::scale(y, static_cast<int>(kf));
  }
  if (x != x) return x;
  if (x > 308.255) return detail::infinity();  // 10^308.255 > DBL_MAX; x ln10 stays below 709.79 here
  if (x < -323.61) return 0.0;                 // 10^-323.61 < 2^-1075: rounds to 0
  {                                            // an integer in [-22, 22]
    const int n = static_cast<int>(x);
    int m = n < 0 ? -n : n;
    double p = 1.0, b = 10.0;  // every product is an exact power of ten <= 10^22 (5^22 < 2^53)
    while (m != 0) {
      if ((m & 1) != 0) p = p * b;
      m >>= 1;
      if (m != 0) b = b * b;
    }
    return n < 0 ? 1.0 / p : p;
  }
}

// sin x and cos x together, for |x| < 2^20 pi/2 (~1.647e6). Outside (also +-inf): *s = *c = 0 (out-of-domain
// marker). NaN -> NaN for both. sin(+-0) = +-0, cos(0) = 1.
COLLSWEEP_HD_INLINE void sincos(double x, double* s, double* c) {
  switch (detail::trig_case(x)) {
    case 0:
      *s = x;
      *c = 1.0;
      return;
    case 2:
      *s = x;
      *c = x;
      return;
    case 3:
      *s = 0.0;
      *c = 0.0;
      return;
    default:
      break;
  }
  double y0, y1;
  const int n = detail::rem_pio2(x, &y0, &y1);
  const double sk = detail::sin_kernel(y0, y1);
  const double ck = detail::cos_kernel(y0, y1);
  detail::sincos_quadrant(sk, ck, static_cast<std::uint64_t>(n & 3), s, c);
}

// sin x: the same bits as sincos's s, with one polynomial evaluated.
COLLSWEEP_HD_INLINE double sin(double x) {
  switch (detail::trig_case(x)) {
    case 0:
      return x;
    case 2:
      return x;
    case 3:
      return 0.0;
    default:
      break;
  }
  double y0, y1;
  const int n = detail::rem_pio2(x, &y0, &y1);
  const double v = (n & 1) != 0 ? detail::cos_kernel(y0, y1) : detail::sin_kernel(y0, y1);
  return (n & 2) != 0 ? -v : v;
}

// cos x: the same bits as sincos's c, with one polynomial evaluated.
COLLSWEEP_HD_INLINE double cos(double x) {
  switch (detail::trig_case(x)) {
    case 0:
      return 1.0;
    case 2:
      return x;
    case 3:
      return 0.0;
    default:
      break;
  }
  double y0, y1;
  const int n = detail::rem_pio2(x, &y0, &y1);
  const double v = (n & 1) != 0 ? detail::sin_kernel(y0, y1) : detail::cos_kernel(y0, y1);
  return ((n + 1) & 2) != 0 ? -v : v;
}

// Arctangent in [-pi/2, pi/2]. NaN -> NaN; atan(+-inf) = +-pi/2 (rounded); atan(+-0) = +-0.
COLLSWEEP_HD_INLINE double atan(double x) {
  if (x != x) return x;
  return detail::atan_core(x, 0.0);
}

// Angle of (x, y) in [-pi, pi], C99 conventions: atan2(+-0, +0 or x > 0) = +-0, atan2(+-0, -0 or x < 0) =
// +-pi, atan2(y, +-0) = +-pi/2 for y != 0, and the usual values for infinities. NaN in either -> NaN.
COLLSWEEP_HD_INLINE double atan2(double y, double x) {
  constexpr double kPi = 0x1.921fb54442d18p+1;
  constexpr double kPiLo = 0x1.1a62633145c07p-53;
  constexpr double kPio2 = 0x1.921fb54442d18p+0;
  constexpr double kPio2Lo = 0x1.1a62633145c07p-54;
  constexpr double kPio4 = 0x1.921fb54442d18p-1;
  if (x != x || y != y) return x + y;
  const bool ny = (detail::high_word(y) >> 31) != 0;  // sign bits, so that -0 counts as negative
  const bool nx = (detail::high_word(x) >> 31) != 0;
  const double ay = ny ? -y : y;
  const double ax = nx ? -x : x;
  const double inf = detail::infinity();
  if (ay == 0.0) return nx ? (ny ? -kPi : kPi) : y;
  if (ax == 0.0) return ny ? -kPio2 : kPio2;
  if (ax == inf) {
    if (ay == inf) return nx ? (ny ? -3.0 * kPio4 : 3.0 * kPio4) : (ny ? -kPio4 : kPio4);
    return nx ? (ny ? -kPi : kPi) : (ny ? -0.0 : 0.0);
  }
  if (ay == inf) return ny ? -kPio2 : kPio2;
  if (!nx) {  // right half-plane: atan(|y|/|x|) in [0, pi/2] directly
    const double z = detail::atan_ratio(ay, ax);
    return ny ? -z : z;
  }
  // Left half-plane: pi/2 + atan(|x|/|y|) when |y| >= |x|, else pi - atan(|y|/|x|). The atan term stays
  // below pi/4, so its error shrinks against the ulp of the result in [pi/2, pi].
  const double r =
      ay >= ax ? kPio2 + (detail::atan_ratio(ax, ay) + kPio2Lo) : kPi - (detail::atan_ratio(ay, ax) - kPiLo);
  return ny ? -r : r;
}

}  // namespace detmath
}  // namespace collsweep
