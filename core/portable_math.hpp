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

}  // namespace terrain
