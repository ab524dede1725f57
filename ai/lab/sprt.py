"""The sequential probability ratio test of the arena: play until the deals decide.

H0: the mean margin a deal is LOW; H1: it is HIGH (LOW < HIGH, in points a deal). The margins
are taken as normal, their variance estimated from the deals so far; the log-likelihood ratio is
then the normal one, as chess engines' test farms compute it for points:

    LLR = n * (HIGH - LOW) * (2 * mean - LOW - HIGH) / (2 * variance)

Wald's bounds: H1 is accepted when the LLR reaches ln((1 - beta) / alpha), H0 when it falls to
ln(beta / (1 - alpha)), which keeps the chance of accepting H1 when the mean is LOW near alpha at
most, and of accepting H0 when it is HIGH near beta. Nothing is decided before ``min_deals`` (the
variance needs some deals); after ``max_deals`` the test stops undecided.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

ALPHA = BETA = 0.05
MIN_DEALS = 20
MAX_DEALS = 2000

H0, H1, INCONCLUSIVE = "H0", "H1", "inconclusive"


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds of the LLR: (accept H0 at or below, accept H1 at or above)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr(count: int, total: float, squares: float, low: float, high: float) -> float:
    """The log-likelihood ratio of H1 (mean ``high``) to H0 (mean ``low``) for ``count`` margins
    of sum ``total`` and sum of squares ``squares``. The variance is floored at a millionth of
    (HIGH - LOW)^2, so equal margins give a large finite ratio, not a division by 0; one margin
    alone says nothing of the variance (0)."""
    if count < 2:
        return 0.0
    mean = total / count
    variance = max(squares / count - mean * mean, ((high - low) / 1000) ** 2)
    return count * (high - low) * (2 * mean - low - high) / (2 * variance)


@dataclass(slots=True)
class Sprt:
    """One sequential test, fed margins in deal order: ``add`` each, then read ``verdict``."""

    low: float
    high: float
    alpha: float = ALPHA
    beta: float = BETA
    min_deals: int = MIN_DEALS
    max_deals: int = MAX_DEALS
    count: int = 0
    total: float = 0.0
    squares: float = 0.0
    verdict: str | None = field(default=None)

    def __post_init__(self) -> None:
        if not self.low < self.high:
            raise ValueError("LOW must be below HIGH")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5")

    @property
    def llr(self) -> float:
        return llr(self.count, self.total, self.squares, self.low, self.high)

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    def add(self, margin: float) -> str | None:
        """Count one more deal's margin; the verdict once there is one (then nothing more)."""
        if self.verdict is not None:
            raise ValueError("the test is over")
        self.count += 1
        self.total += margin
        self.squares += margin * margin
        if self.count >= self.min_deals:
            lower, upper = self.bounds
            value = self.llr
            if value >= upper:
                self.verdict = H1
            elif value <= lower:
                self.verdict = H0
        if self.verdict is None and self.count >= self.max_deals:
            self.verdict = INCONCLUSIVE
        return self.verdict

    def figures(self) -> dict[str, object]:
        """The test's figures for a summary."""
        lower, upper = self.bounds
        return {
            "low": self.low,
            "high": self.high,
            "alpha": self.alpha,
            "beta": self.beta,
            "min_deals": self.min_deals,
            "max_deals": self.max_deals,
            "llr": round(self.llr, 3),
            "bounds": [round(lower, 3), round(upper, 3)],
            "verdict": self.verdict,
        }
