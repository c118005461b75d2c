"""Large quantities in words a person reads at a glance: a count, a time, an amount of
memory. Every message and page that states one (an enumeration's estimate and its refusal,
a simulation's memory, the limits in bytes) writes it here.

>>> count_text(19_200), count_text(2_600_000), count_text(4 * 10**12)
('19,200', '2.6 million', '10^12')
>>> seconds_text(12), seconds_text(2400), seconds_text(10**12)
('12 s', '40 minutes', '31,709 years')
>>> bytes_text(3e8), bytes_text(2.5e9), bytes_text(4e22)
('300 MB', '2.5 GB', '10^13 GB')
"""

from __future__ import annotations


def count_text(n: int) -> str:
    """A count: 19,200; 2.6 million; 1.3 billion; 10^12."""
    if n < 1_000_000:
        return f"{n:,}"
    if n < 10**12:
        return f"{n / 1e6:,.1f} million" if n < 10**9 else f"{n / 1e9:,.1f} billion"
    return f"10^{len(str(n)) - 1}"


def seconds_text(seconds: float) -> str:
    """A time: 12 s, 40 minutes, 5 hours, 300 days, 10^9 years."""
    if seconds < 120:
        return f"{seconds:.0f} s" if seconds >= 1 else "1 s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} hours"
    if seconds < 1000 * 86400:
        return f"{seconds / 86400:,.0f} days"
    return f"{count_text(int(seconds / 86400 / 365))} years"


def bytes_text(n: float) -> str:
    """An amount of memory: 300 MB, 2.5 GB, 40,000.0 GB, 10^15 GB."""
    if n < 1e9:
        return f"{n / 1e6:,.0f} MB"
    return f"{n / 1e9:,.1f} GB" if n < 1e14 else f"{count_text(int(n / 1e9))} GB"
