"""How sure a rate of 0 is: the one-sided 95 % Clopper–Pearson upper bound
of a binomial rate. For 0 events in n trials it is 1 − 0.05^(1/n), the exact
form of the rule of three (≈ 3/n); for k > 0 the beta quantile is found by
bisection on the binomial tail (no SciPy needed)."""

from __future__ import annotations

import math

CONFIDENCE = 0.95


def _binomial_cdf(k: int, n: int, p: float) -> float:
    """P[X ≤ k] for X ~ Binomial(n, p), summed in log space."""
    if p <= 0:
        return 1.0
    if p >= 1:
        return 0.0 if k < n else 1.0
    lp, lq = math.log(p), math.log1p(-p)
    total = 0.0
    for i in range(k + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * lp + (n - i) * lq)
    return min(total, 1.0)


def upper_bound(events: int, trials: int, confidence: float = CONFIDENCE):
    """The smallest p with P[X ≤ events | p] ≤ 1 − confidence; None without trials."""
    if trials <= 0:
        return None
    if events >= trials:
        return 1.0
    alpha = 1.0 - confidence
    if events == 0:
        return 1.0 - alpha ** (1.0 / trials)
    lo, hi = events / trials, 1.0
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if _binomial_cdf(events, trials, mid) > alpha:
            lo = mid
        else:
            hi = mid
    return hi
