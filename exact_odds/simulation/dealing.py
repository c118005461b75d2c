"""Dealing shoes: shuffle, burn and rounds, for many shoes in lockstep.

Every shoe is a shuffled array of card indices (``exact_odds.cards.DECK`` order) drawn from
its own random generator, derived from the simulation's seed and the shoe's number
(``numpy.random.SeedSequence(seed, spawn_key=(shoe,))``): a shoe is the same whichever
worker deals it and whatever else is dealt with it.

A round is dealt Player, Banker, Player, Banker, then the Player's third card and the
Banker's third card when the game's drawing rules call for them, as the round's description
gives them (``rules.round``: the naturals, the Player's rule, the Banker's chart). A game
without draws (Dragon Tiger) deals its cards to each hand in turn, first hand first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from exact_odds.cards import DECK, card_value
from exact_odds.games.dealing import DealingProcedure
from exact_odds.rules import DrawingRules, InfoState
from exact_odds.shoe import CARDS_PER_ROUND

#: The point value of each card index, and of the padding index 52 (never dealt).
VALUES = np.array([card_value(card) for card in DECK] + [0], dtype=np.int64)


def shuffled_shoes(start: Sequence[int], seed: int, first: int, count: int) -> np.ndarray:
    """Shoes ``first`` to ``first + count - 1`` shuffled: an array of card indices, one row
    per shoe, padded with ``CARDS_PER_ROUND`` columns of 52 (no card)."""
    cards = np.repeat(np.arange(len(DECK), dtype=np.int16), np.asarray(start, dtype=np.int64))
    orders = np.full((count, len(cards) + CARDS_PER_ROUND), len(DECK), dtype=np.int16)
    for row in range(count):
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(first + row,)))
        orders[row, :len(cards)] = generator.permutation(cards)
    return orders


def _mixed_choices(rules: DrawingRules, seed: int, first: int, count: int, rounds: int
                   ) -> np.ndarray:
    """For each shoe, round and mixed state of the rules' strategy: whether the side draws
    there, drawn exactly (an integer below the probability's denominator, against its
    numerator) from the shoe's own generator (``SeedSequence(seed, spawn_key=(shoe, 1))``)."""
    mixed = rules.mixed
    if any(p.denominator > 2**62 for _, _, p in mixed):
        raise ValueError("a mixed strategy's probabilities are too fine to draw exactly")
    found = np.zeros((count, rounds, len(mixed)), dtype=bool)
    for row in range(count):
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(first + row, 1)))
        for i, (_, _, p) in enumerate(mixed):
            found[row, :, i] = generator.integers(0, p.denominator, size=rounds) < p.numerator
    return found


@dataclass(frozen=True)
class DealtRounds:
    """One round dealt to each of several shoes: ``cards[i]`` holds the Player's first card,
    the Banker's first, the Player's second, the Banker's second, the Player's third and the
    Banker's third (52 where a hand took no third card)."""

    rows: np.ndarray
    cards: np.ndarray
    player_third: np.ndarray  # bool
    banker_third: np.ndarray  # bool
    dealt: int = 2  # cards to each hand before any draw (one in Dragon Tiger)

    def hands(self, i: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The Player's and the Banker's cards of round ``i``, as card names."""
        cards = [DECK[c] if c < len(DECK) else "" for c in self.cards[i]]
        player = cards[0:2 * min(self.dealt, 2):2]
        banker = cards[1:2 * min(self.dealt, 2):2]
        if self.player_third[i]:
            player.append(cards[4])
        if self.banker_third[i]:
            banker.append(cards[5])
        return tuple(player), tuple(banker)


class ShoesInPlay:
    """Shoes being dealt together: the shuffled cards, where each shoe is, what is unseen.

    ``unseen`` counts, per shoe, the cards not yet seen: those still in the shoe and those
    burned face down.
    """

    def __init__(self, start: Sequence[int], procedure: DealingProcedure, rules: DrawingRules,
                 seed: int, first: int, count: int) -> None:
        self.procedure = procedure
        self.described = rules.round
        self.orders = shuffled_shoes(start, seed, first, count)
        self.size = int(sum(start))
        # a mixed strategy: the pure ones it draws from, and each shoe's draws of the mixed
        # choices, round by round, from its own generator (as its shuffle)
        self.corners = tuple(pure.round for pure, _ in rules.corners()) if rules.mixed else ()
        self.choices = (_mixed_choices(rules, seed, first, count, self.size // 4 + 1)
                        if rules.mixed else np.zeros((count, 0, 0), dtype=bool))
        # the bettor's option played shoe by shoe (perfect play): the round as he draws and
        # as he stands at every decision, and each visible state's information state
        option = rules.option
        self.option = option
        self.both_ways = ((rules.with_strategy("hit").round, rules.with_strategy("stand").round)
                          if option is not None and option.who == "bettor" else None)
        self.states: list[InfoState] = []
        self.state_of = np.zeros((10, 10, 10), dtype=np.int64)  # (low, high, up) -> state
        if option is not None:
            index: dict[InfoState, int] = {}
            for low in range(10):
                for high in range(low, 10):
                    for up in range(10):
                        state = option.information((low, high, up))
                        self.state_of[low, high, up] = index.setdefault(state, len(index))
            self.states = list(index)
        self.position = np.zeros(count, dtype=np.int64)
        self.unseen = np.tile(np.asarray(start, dtype=np.int64), (count, 1))
        self.active = np.ones(count, dtype=bool)
        self.rounds = np.zeros(count, dtype=np.int64)
        cut = procedure.cut_card
        self.cut_position = self.size - cut if cut is not None else 0

    def burn(self) -> np.ndarray | None:
        """Burn by the procedure; returns the exposed card of each shoe (seen), if any."""
        burn = self.procedure.burn
        exposed = None
        if burn == "standard":
            exposed = self.orders[:, 0].astype(np.int64)
            self.unseen[np.arange(len(exposed)), exposed] -= 1
            pips = VALUES[exposed]
            self.position += 1 + np.where(pips == 0, 10, pips)
        elif burn != "none":
            self.position += int(burn)
        self.active &= self.size - self.position >= CARDS_PER_ROUND
        return exposed

    def active_rows(self) -> np.ndarray:
        return np.flatnonzero(self.active)

    def deal_round(self, rows: np.ndarray,
                   decisions: Mapping[InfoState, np.ndarray] | None = None) -> DealtRounds:
        """Deal one round to each shoe in ``rows``, by the drawing rules, the bettor's
        option taken shoe by shoe where ``decisions`` gives his choice in each information
        state (perfect play: ``BatchResult.decisions``, a row per shoe of ``rows``); shoes
        whose last round it was stop."""
        start = self.position[rows]
        cards = self.orders[rows[:, None], start[:, None] + np.arange(CARDS_PER_ROUND)].astype(np.int64)
        if not self.described.draws:
            return self._dealt_only(rows, start, cards)
        values = VALUES[cards]
        if decisions is not None and self.both_ways is not None:
            player_third, banker_third = self._decided(values, decisions)
        else:
            player_third, banker_third = self._play(rows, values)
        used = 4 + player_third + banker_third
        # the Banker's third card follows the Player's: move it to slot 5 when the Player stood
        cards[:, 5] = np.where(player_third, cards[:, 5], cards[:, 4])
        cards[:, 4] = np.where(player_third, cards[:, 4], len(DECK))
        cards[:, 5] = np.where(banker_third, cards[:, 5], len(DECK))
        self._dealt(rows, start, cards, used)
        return DealtRounds(rows, cards, player_third, banker_third)

    def _decided(self, values: np.ndarray, decisions: Mapping[InfoState, np.ndarray]
                 ) -> tuple[np.ndarray, np.ndarray]:
        """The round played as the bettor draws where his shoe's decision in his information
        state says so, as he stands elsewhere (the house way where no decision is given)."""
        assert self.both_ways is not None and self.option is not None
        drawn, stood = (described.deal(values) for described in self.both_ways)
        low = np.minimum(values[:, 0], values[:, 2])
        high = np.maximum(values[:, 0], values[:, 2])
        up = values[:, 1]
        house = np.full(len(values), self.option.house_way)
        choices = np.stack([np.asarray(decisions.get(state, house), dtype=bool)
                            for state in self.states])
        takes = choices[self.state_of[low, high, up], np.arange(len(values))]
        return (np.where(takes, drawn[0], stood[0]), np.where(takes, drawn[1], stood[1]))

    def _play(self, rows: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The round's play (``RoundDescription.deal``); under a mixed strategy each shoe's
        round by the pure strategy its draws of the mixed choices pick."""
        if not self.corners:
            return self.described.deal(values)
        drawn = self.choices[rows, self.rounds[rows]]  # (rows, mixed states): True draws
        bits = drawn.shape[1]
        # corners are in the order of itertools.product((True, False), repeat=bits)
        corner = ((~drawn).astype(np.int64) << np.arange(bits - 1, -1, -1)).sum(axis=1)
        player = np.zeros(len(rows), dtype=bool)
        banker = np.zeros(len(rows), dtype=bool)
        for k, described in enumerate(self.corners):
            at = np.flatnonzero(corner == k)
            if len(at):
                player[at], banker[at] = described.deal(values[at])
        return player, banker

    def _dealt_only(self, rows: np.ndarray, start: np.ndarray, cards: np.ndarray) -> DealtRounds:
        """A round of a game without draws: its cards to each hand in turn."""
        used = 2 * self.described.cards
        cards[:, used:] = len(DECK)
        self._dealt(rows, start, cards, np.full(len(rows), used, dtype=np.int64))
        three = np.full(len(rows), self.described.cards == 3)
        return DealtRounds(rows, cards, three, three, self.described.cards)

    def _dealt(self, rows: np.ndarray, start: np.ndarray, cards: np.ndarray,
               used: np.ndarray) -> None:
        """The round's cards seen and the shoes moved on; shoes whose last round it was stop."""
        dealt = cards < len(DECK)  # a shoe may deal two of one card: each is taken off
        np.subtract.at(self.unseen.reshape(-1), (rows[:, None] * len(DECK) + cards)[dealt], 1)
        self.position[rows] = start + used
        self.rounds[rows] += 1
        self.active[rows] = ~self._last(start, start + used - 1) & (
            self.size - self.position[rows] >= CARDS_PER_ROUND)

    def _last(self, first_card: np.ndarray, last_card: np.ndarray) -> np.ndarray:
        """Whether a round dealt from ``first_card`` to ``last_card`` ends its shoe."""
        if self.procedure.cut_card is None:
            return np.ones(len(first_card), dtype=bool)
        if self.procedure.after_cut == "one-more":
            return np.asarray(first_card >= self.cut_position)
        return np.asarray(last_card >= self.cut_position)
