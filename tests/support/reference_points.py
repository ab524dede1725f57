"""The points of a pile's combinations (RULES.md §7) counted from the rule text alone, with no
code of the engine: what tests/game/test_rules_combinations.py and test_rules_end_of_hand.py
check the engine's scoring against."""

from __future__ import annotations

CRICCHE = {  # §7.1: group -> (value of 3, value of 4)
    ("ANG", "MON", "BEG", "MAT"): (18, 36),
    ("KS", "KB", "KC", "KD"): (17, 34),
    ("QS", "QB", "QC", "QD"): (14, 28),
    ("NS", "NB", "NC", "ND"): (13, 26),
    ("JS", "JB", "JC", "JD"): (12, 24),
}


def grande_elements(codes: set[str], counters: int) -> int:
    """§7.2 Grande, steps 1-6 as written; 0 when not realised."""
    head = [c for c in ("MON", "SOL", "LUN") if c in codes]
    if "ANG" not in codes or not head or (len(head) == 1 and not counters):
        return 0
    free = counters - (len(head) == 1)
    mori = sum(f"MO{i}" in codes for i in range(1, 5))
    chain = 0
    for n in range(16, 4, -1):
        if f"T{n}" in codes:
            chain += 1
        elif n == 16 and "SOL" not in codes and "LUN" not in codes:
            break  # scavezzo al sedici
        elif free and (f"T{n - 1}" in codes if n > 5 else mori > 0):
            free -= 1  # a counter fills this single gap
        else:
            break  # scavezzo
    else:
        return 1 + len(head) + chain + mori + counters  # T5 reached: the Mori count
    return 1 + len(head) + chain + counters


def reference_points(codes: set[str]) -> int:
    counters = ("BEG" in codes) + ("MAT" in codes)
    cricche = []
    for group, (three, four) in CRICCHE.items():
        n = sum(c in codes for c in group)
        if n >= 3:
            cricche.append(four if n == 4 else three)
    elements = []
    for s in "SBCD":
        courts = sum(f"{r}{s}" in codes for r in "QNJ")
        if f"K{s}" in codes and (courts >= 2 or (courts == 1 and counters)):
            elements.append(1 + courts + (f"A{s}" in codes) + counters)
    for group in ([f"A{s}" for s in "SBCD"], [f"MO{i}" for i in range(1, 5)]):
        n = sum(c in codes for c in group)
        if n >= 3 or (n == 2 and counters):
            elements.append(n + counters)
    if e := grande_elements(codes, counters):
        elements.append(e)
    sequences = [10 + 5 * (e - 3) for e in elements]
    return sum(cricche) * (2 if len(cricche) >= 3 else 1) + sum(sequences) * (
        2 if len(sequences) >= 3 else 1
    )
