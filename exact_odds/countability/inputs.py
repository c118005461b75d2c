"""A countability study's own inputs, checked once (``study``): the shoes a stream, the
levels of count derived, the cut-card depths, the counts given by hand and their labels,
money (a maximum bet, rounds an hour), a co-count, whether every round is kept. The game's
inputs are the study's ``Job`` (``exact_odds.analysis.job``).

Each is read by the same function from Python and from the command line (``parse_levels``,
``parse_max_bet``, ...: ``exact_odds.cli.options.Parsed``), every error naming the argument
as the caller wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from exact_odds.countability.results import CountabilityError
from exact_odds.errors import ExactOddsError, check_type, input_name, quoted
from exact_odds.games.dealing import parse_cut_cards_option
from exact_odds.limits import MAX_DEPTHS, MAX_GIVEN, MAX_LABEL, MAX_LEVEL, MAX_ROUNDS_PER_HOUR
from exact_odds.numbers import comma_items, parse_count, parse_exact

#: The levels tried by default: a count's level is its largest absolute tag.
LEVELS = (1, 2, 3)
#: The cut-card depths tried by default: cards behind the cut card.
CUT_CARDS = (14,)

#: A count given by hand: its label and its tag per rank.
Given = tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Study:
    """What a countability study measures beyond its job: ``shoes`` a stream (training and
    fresh), the ``levels`` of count derived, the ``cut_cards`` depths as given (the first
    the job's; ``Job.dealt_with`` reads each), the counts ``given`` by hand, money
    (``max_bet`` a unit, ``rounds_per_hour``), one ``co_count`` for every bet, and whether
    every round is kept (``keep_rounds``)."""

    shoes: int
    levels: tuple[int, ...] = LEVELS
    cut_cards: tuple[int | str | None, ...] = CUT_CARDS
    given: Given = ()
    max_bet: Fraction | None = None
    rounds_per_hour: int | None = None
    co_count: bool = False
    keep_rounds: bool = False

    @property
    def money(self) -> tuple[Fraction | None, int | None]:
        return self.max_bet, self.rounds_per_hour


def study(shoes: int, *, levels: Sequence[int] | str = LEVELS,
          cut_cards: Sequence[int | str | None] | str = CUT_CARDS,
          tags: Sequence[str] | str = (), labels: Sequence[str] | str = (),
          max_bet: Fraction | int | str | None = None, rounds_per_hour: int | None = None,
          co_count: bool = False, keep_rounds: bool = False) -> Study:
    """Check a study's own inputs (``Study``)."""
    from exact_odds.simulation.runner import parse_shoes

    check_type(shoes, int, "shoes", "a whole number of shoes")
    parse_shoes(shoes, input_name("shoes"))
    check_type(co_count, bool, "co_count", "True or False")
    check_type(keep_rounds, bool, "keep_rounds", "True or False")
    named = {name: input_name(name) for name in ("levels", "cut_cards")}
    if isinstance(levels, str):
        levels = parse_levels(levels, named["levels"])
    check_type(levels, (list, tuple), "levels", "levels as a list of whole numbers, [1, 2, 3]")
    chosen_levels = tuple(sorted(dict.fromkeys(_level(level, named["levels"])
                                               for level in levels)))
    if not chosen_levels:
        raise CountabilityError(f"{named['levels']}: give at least one level (1, 2, 3, ...)")
    if isinstance(cut_cards, str):  # "14,26,52", read as the command line reads it
        cut_cards = parse_cut_cards_option(cut_cards, named["cut_cards"])
    check_type(cut_cards, (list, tuple), "cut_cards",
               "depths as a list of whole numbers, [14, 26]")
    depths = tuple(dict.fromkeys(cut_cards))
    if not depths:
        raise CountabilityError(f"{named['cut_cards']}: give at least one depth")
    if len(depths) > MAX_DEPTHS:
        raise CountabilityError(f"{named['cut_cards']}: at most {MAX_DEPTHS} depths, not "
                                f"{len(depths):,}")
    given = given_counts(tags, labels)
    bet, per_hour = _money(max_bet, rounds_per_hour)
    return Study(shoes, chosen_levels, depths, given, bet, per_hour, co_count, keep_rounds)


def given_counts(tags: Sequence[str] | str, labels: Sequence[str] | str
                 ) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Counts given by hand: each ``"A=0,2=1,..."`` (``exact_odds.simulation.counting``'s
    tags) with its label (``labels`` in order; unlabelled ones are named by their tags).

    >>> given_counts(["4=-1,8=1"], ["mine"])
    (('mine', (0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0, 0, 0)),)
    """
    from exact_odds.errors import check_texts
    from exact_odds.simulation.counting import parse_tags

    what_tags, what_labels = input_name("tags"), input_name("labels")
    texts = check_texts(tags, "tags", "counts as text", "'A=0,2=1,...'")
    names = check_texts(labels, "labels", "labels as text", "a label")
    if len(names) > len(texts):
        raise CountabilityError(f"{what_labels}: {len(names)} labels for {len(texts)} "
                                f"{what_tags}: give one label per count, in order")
    if len(texts) > MAX_GIVEN:
        raise CountabilityError(f"{what_tags}: at most {MAX_GIVEN} counts, not {len(texts)}")
    found = []
    for index, text in enumerate(texts):
        parsed = parse_tags(text, what_tags)
        label = names[index] if index < len(names) else text.strip()
        found.append((label[:MAX_LABEL], parsed))
    labelled = [label for label, _ in found]
    if len(set(labelled)) < len(labelled):
        raise CountabilityError(f"{what_labels}: each count needs its own label")
    return tuple(found)


def parse_count_option(value: str, what: str) -> str:
    """A count given by hand (``--tags``), checked: ``RANK=TAG`` pairs, each rank once, each
    tag a whole number (``exact_odds.simulation.counting.parse_tags``); kept as written."""
    from exact_odds.simulation.counting import parse_tags

    parse_tags(value, what)
    return value


def parse_levels(text: str, what: str) -> tuple[int, ...]:
    """The levels of count to derive, ``1,2,3``: whole numbers from 1 to ``MAX_LEVEL``."""
    if not isinstance(text, str):
        raise CountabilityError(f"{what}: give levels as text, 1,2,3, not {quoted(text, 40)}")
    return tuple(_level(part, what)
                 for part in comma_items(text, what, "1,2,3", CountabilityError))


def _level(value: object, what: str) -> int:
    """A level: a whole number from 1 to ``MAX_LEVEL`` (an int, or digits as text)."""
    try:
        return parse_count(value, what, MAX_LEVEL)  # type: ignore[arg-type]
    except ExactOddsError as error:
        raise CountabilityError(str(error)) from None


def parse_max_bet(value: object, what: str) -> Fraction:
    """Money a unit (the table's maximum bet): an exact amount above 0."""
    bet = parse_exact(value, what)
    if bet <= 0:
        raise CountabilityError(f"{what}: an amount of money above 0, not {quoted(value, 40)}")
    return bet


def parse_rounds_per_hour(value: object, what: str) -> int:
    """Rounds dealt an hour: a whole number from 1 to ``MAX_ROUNDS_PER_HOUR``."""
    return parse_count(value, what, MAX_ROUNDS_PER_HOUR)  # type: ignore[arg-type]


def _money(max_bet: Fraction | int | str | None, rounds_per_hour: int | None
           ) -> tuple[Fraction | None, int | None]:
    """Money a unit and rounds an hour, each checked; rounds an hour only with money."""
    per_hour, max_name = input_name("rounds_per_hour"), input_name("max_bet")
    bet = None if max_bet is None else parse_max_bet(max_bet, max_name)
    if rounds_per_hour is not None:
        if not isinstance(rounds_per_hour, int):  # never text or a float from Python
            raise CountabilityError(f"{per_hour}: a whole number from 1 to "
                                    f"{MAX_ROUNDS_PER_HOUR:,}, not {quoted(rounds_per_hour, 40)}")
        parse_rounds_per_hour(rounds_per_hour, per_hour)
    if rounds_per_hour is not None and bet is None:
        raise CountabilityError(f"{per_hour} goes with {max_name} (money per unit)")
    return bet, rounds_per_hour
