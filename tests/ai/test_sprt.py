"""The arena's sequential test (ai.lab.sprt) on synthetic margins of known mean and spread."""

from __future__ import annotations

import math
import random

import pytest

from ai.lab.sprt import H0, H1, INCONCLUSIVE, Sprt, bounds, llr


def _fed(test: Sprt, margins: list[float]) -> Sprt:
    for margin in margins:
        if test.add(margin) is not None:
            break
    return test


def _verdicts(mean: float, sd: float, runs: int, seed: int) -> dict[str, int]:
    """How often each verdict is reached by tests of H0: 0 against H1: 10 on normal margins."""
    rng = random.Random(seed)
    counts = {H0: 0, H1: 0, INCONCLUSIVE: 0}
    for _ in range(runs):
        test = Sprt(0, 10)
        while test.add(rng.gauss(mean, sd)) is None:
            pass
        counts[test.verdict] += 1
    return counts


def test_wald_s_bounds() -> None:
    lower, upper = bounds(0.05, 0.05)
    assert math.isclose(lower, math.log(0.05 / 0.95)) and math.isclose(upper, -lower)
    assert math.isclose(upper, 2.944, abs_tol=1e-3)


def test_the_llr_of_a_few_margins() -> None:
    margins = [0.0, 10.0, 20.0]  # mean 10, variance 200/3 around it
    value = llr(3, sum(margins), sum(m * m for m in margins), 0, 10)
    assert math.isclose(value, 3 * 10 * (2 * 10 - 0 - 10) / (2 * 200 / 3))
    assert llr(0, 0.0, 0.0, 0, 10) == 0


def test_the_llr_is_the_sum_of_the_normal_log_ratios_at_the_estimated_variance() -> None:
    rng = random.Random(3)
    margins = [rng.gauss(2.0, 80.0) for _ in range(500)]
    n, total, squares = len(margins), sum(margins), sum(m * m for m in margins)
    variance = squares / n - (total / n) ** 2
    low, high = -1.0, 4.0
    ratios = sum(((m - low) ** 2 - (m - high) ** 2) / (2 * variance) for m in margins)
    assert math.isclose(llr(n, total, squares, low, high), ratios, rel_tol=1e-9)


def test_the_llr_is_zero_halfway_and_changes_sign_across() -> None:
    assert llr(4, 4 * 5.0, 4 * 25.0 + 300, 0, 10) == 0
    assert llr(4, 4 * 6.0, 4 * 36.0 + 300, 0, 10) > 0 > llr(4, 4 * 4.0, 4 * 16.0 + 300, 0, 10)


def test_equal_margins_give_a_finite_ratio_and_a_verdict() -> None:
    test = _fed(Sprt(-5, 5), [5.0] * 30)
    assert test.verdict == H1 and test.count == 20 and math.isfinite(test.llr)
    assert _fed(Sprt(0, 10), [0.0] * 30).verdict == H0


def test_nothing_is_decided_before_the_minimum() -> None:
    test = Sprt(0, 10, min_deals=20)
    for _ in range(19):
        assert test.add(1000.0) is None
    assert test.llr > test.bounds[1]
    assert test.add(1000.0) == H1 and test.count == 20


def test_the_maximum_ends_the_test_undecided() -> None:
    test = _fed(Sprt(-5, 5, max_deals=50), [-10.0, 10.0] * 40)
    assert test.verdict == INCONCLUSIVE and test.count == 50 and test.llr == 0
    with pytest.raises(ValueError):
        test.add(0.0)


def test_figures() -> None:
    test = _fed(Sprt(0, 10, alpha=0.1, beta=0.2), [50.0, 60.0] * 20)
    figures = test.figures()
    assert figures["verdict"] == H1 and figures["low"] == 0 and figures["high"] == 10
    assert figures["bounds"] == [round(math.log(0.2 / 0.9), 3), round(math.log(0.8 / 0.1), 3)]
    assert figures["llr"] == round(test.llr, 3)


@pytest.mark.parametrize(
    ("low", "high", "alpha", "beta"),
    [(10, 10, 0.05, 0.05), (10, 0, 0.05, 0.05), (0, 10, 0, 0.05), (0, 10, 0.05, 0.5)],
)
def test_a_test_that_means_nothing_is_refused(
    low: float, high: float, alpha: float, beta: float
) -> None:
    with pytest.raises(ValueError):
        Sprt(low, high, alpha, beta)


def test_a_mean_well_above_high_accepts_h1_and_well_below_low_accepts_h0() -> None:
    assert _verdicts(25.0, 30.0, 300, seed=1) == {H0: 0, H1: 300, INCONCLUSIVE: 0}
    assert _verdicts(-15.0, 30.0, 300, seed=2) == {H0: 300, H1: 0, INCONCLUSIVE: 0}


def test_the_error_rates_are_near_alpha_and_beta() -> None:
    runs = 1500
    at_low = _verdicts(0.0, 30.0, runs, seed=3)  # H0 true: accepting H1 is the error
    at_high = _verdicts(10.0, 30.0, runs, seed=4)  # H1 true: accepting H0 is the error
    assert 0.03 <= at_low[H1] / runs <= 0.08
    assert 0.03 <= at_high[H0] / runs <= 0.08
