#pragma once
// Transcendentals that give the same bits on every machine. libm's exp2/exp
// are only faithfully rounded and differ between C libraries; these use
// nothing but IEEE +, *, / (exactly rounded everywhere, with
// -ffp-contract=off) and exact power-of-two scaling.
#include <cmath>

namespace terrain {

// 2^x for |x| < 1000, relative error below 1e-15.
inline double portableExp2(double x) {
  const double whole = std::floor(x + 0.5);               // exact
  const double t = (x - whole) * 0.69314718055994530942;  // |t| <= ln2 / 2
  // exp(t) by its Taylor series: 16 terms leave less than 1e-17.
  double term = 1.0;
  double sum = 1.0;
  for (int k = 1; k <= 16; ++k) {
    term *= t / k;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(whole));  // exact scaling
}

// e^x for |x| < 690.
inline double portableExp(double x) {
  return portableExp2(x * 1.44269504088896340736);
}

// log2(x) for finite x > 0, absolute error below 1e-15.
inline double portableLog2(double x) {
  int exponent = 0;
  double f = std::frexp(x, &exponent);  // exact: x = f 2^exponent, 0.5 <= f < 1
  if (f < 0.70710678118654752440) {     // keep f within [sqrt(1/2), sqrt(2))
    f *= 2.0;
    --exponent;
  }
  // ln f = 2 atanh(s), s = (f - 1) / (f + 1), |s| < 0.172: 13 terms leave
  // less than 1e-18.
  const double s = (f - 1.0) / (f + 1.0);
  const double s2 = s * s;
  double power = s;
  double sum = 0.0;
  for (int k = 0; k < 13; ++k) {
    sum += power / static_cast<double>(2 * k + 1);
    power *= s2;
  }
  return static_cast<double>(exponent) + 2.0 * sum * 1.44269504088896340736;
}

// x^y for x > 0 and |y log2 x| < 1000, relative error below 1e-13.
inline double portablePow(double x, double y) {
  return portableExp2(y * portableLog2(x));
}

}  // namespace terrain
