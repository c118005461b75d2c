"""One job: a game's inputs, checked once, as the one value every computation takes.

``game_job`` is the argument check of every computation on a game: a report, a batch, a
simulation and a countability study. It checks the game (an id, a file's path or a
``Game``), its bets (all by default), the shoe (``decks`` or ``shoe``, less ``remove``),
the strategy on the bettor's option, the settings and, for shoes that are dealt, the
dealing procedure and the seed, and gathers them in a ``Job``: ``game_report``,
``batch_report``, ``simulate`` and ``countability_report`` each take one (or build one from
the same arguments) and read every input from it. A job crosses to worker processes whole.

>>> job = game_job("rock-bac", bets="tie", decks=1)
>>> job.bet_ids, job.shoe.describe()
(('tie',), '1 deck (52 cards)')
>>> game_job("rock-bac", seed=1)
Traceback (most recent call last):
...
exact_odds.analysis.job.JobError: seed: goes with shoes that are dealt (simulate, countability_report)
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from exact_odds.errors import ExactOddsError, input_name
from exact_odds.games.dealing import DealingProcedure
from exact_odds.games.inputs import check_game_arguments, game_inputs
from exact_odds.games.loader import load_game
from exact_odds.games.model import Game, Settings
from exact_odds.render.document import Json
from exact_odds.rules import STRATEGIES, DrawingRules, RulesError
from exact_odds.shoe import Shoe


class JobError(ExactOddsError, ValueError):
    """Inputs that cannot make one job (a seed where nothing is dealt, both decks and a
    shoe to deal)."""


@dataclass(frozen=True)
class Job:
    """A game's inputs, every one checked (``game_job``): the game, its bets, the shoe
    (the one analysed, the one a batch's ``removed`` cards come from, the one dealt),
    the strategy and the settings as given, the dealing procedure and the seed (None
    where nothing is dealt). ``key`` names the job in a worker's cache of evaluators."""

    game: Game
    bet_ids: tuple[str, ...]
    shoe: Shoe
    strategy: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)
    dealing: DealingProcedure = field(default_factory=DealingProcedure)
    seed: int | None = None
    key: str = field(default_factory=lambda: uuid.uuid4().hex, compare=False, repr=False)

    @cached_property
    def rules(self) -> DrawingRules:
        """The drawing rules, the option taken by the strategy (``optimal``: the best play
        for the shoe, an enumeration, so computed where first asked for)."""
        return game_rules(self.game, self.shoe, self.strategy, self.values)

    @cached_property
    def values(self) -> dict[str, object]:
        """Every setting's value (its default, or the one given)."""
        return self.game.setting_values(dict(self.settings))

    @property
    def strategy_played(self) -> str | None:
        """The strategy on the bettor's option (the game's unless given); None for a game
        without one."""
        if self.game.rules.option is None:
            return None
        return self.strategy or self.game.strategy

    def bet_names(self) -> dict[str, str]:
        """Each bet's name, by id."""
        return {bet_id: self.game.bet(bet_id).name for bet_id in self.bet_ids}

    def inputs(self) -> Json:
        """The inputs, under the keys every result records: the game, the shoe, the rules,
        the strategy and the settings; for shoes that are dealt, the dealing procedure and
        the seed too."""
        data = game_inputs(self.game, self.shoe, self.rules.describe(), self.strategy_played,
                           dict(self.settings))
        if self.seed is not None:
            data.update({"dealing": self.dealing.to_dict(),
                         "dealing_text": self.dealing.describe(), "seed": self.seed})
        return data

    def dealt_with(self, *, cut_card: str | int | None = None) -> Job:
        """The same job dealt with another cut card (a countability study's depths), the
        procedure checked against the shoe again."""
        dealing = self.dealing.with_overrides(cut_card=cut_card)
        dealing.check_fits(self.shoe.size, self.game.path or self.game.id)
        return replace(self, dealing=dealing)


def game_job(game: Game | str | Path | Job, *, bets: Iterable[str] | None = None,
             decks: int | str | None = None, shoe: Shoe | None = None,
             remove: Sequence[str] | str = (), strategy: str | None = None,
             settings: Mapping[str, object] | None = None, cut_card: str | int | None = None,
             burn: str | int | None = None, after_cut: str | None = None,
             seed: int | None = None, dealt: bool = False, infinite: bool = False) -> Job:
    """Check every input of a computation on ``game`` and gather them in a ``Job``.

    ``bets`` (all by default; a bet named twice counts once), the shoe (``decks`` decks,
    by default the game's, or ``shoe``, less the cards of ``remove``), ``strategy`` (the
    bettor's option: house-way, hit, stand or optimal) and ``settings`` (the game file's
    settings, by name). With ``dealt`` the shoes are dealt (a simulation, a countability
    study): the game file's dealing procedure with ``cut_card``, ``burn``, ``after_cut``
    and ``decks`` overridden, checked against the shoe, and ``seed`` (a fresh one when
    None). ``infinite``: the infinite deck (``decks="infinite"``, ``Shoe.infinite()``) is
    taken (a report of exact odds). A ``Job`` given as ``game`` is returned as it is (with
    a seed, where it is dealt and has none), and no other argument may be given with it. Every error names the
    argument as the caller wrote it (``--cut-card`` on the command line)."""
    if isinstance(game, Job):
        return _given(game, dealt, bets=bets, decks=decks, shoe=shoe, remove=remove,
                      strategy=strategy, settings=settings, cut_card=cut_card, burn=burn,
                      after_cut=after_cut, seed=seed)
    if not dealt:
        for name, value in (("seed", seed), ("cut_card", cut_card), ("burn", burn),
                            ("after_cut", after_cut)):
            if value is not None:
                raise JobError(f"{input_name(name)}: goes with shoes that are dealt "
                               "(simulate, countability_report)")
    if seed is not None:
        seed = parse_seed(seed, input_name("seed"))
    bet_ids, decks, shoe, remove, strategy, chosen = check_game_arguments(
        game, bets=bets, decks=decks, shoe=shoe, remove=remove, strategy=strategy,
        settings=settings, infinite=infinite and not dealt)
    loaded = game if isinstance(game, Game) else load_game(game)
    if dealt and shoe is not None and decks is not None:
        raise JobError(f"give either {input_name('decks')} or {input_name('shoe')}, not both")
    dealing = loaded.dealing.with_overrides(cut_card=cut_card, burn=burn, after_cut=after_cut,
                                            decks=decks if dealt else None)
    # the shoe dealt has the dealing's decks (the game file's dealing: decks, or decks)
    the_shoe = loaded.shoe(dealing.decks if dealt and shoe is None else decks, shoe, remove)
    check_strategy(loaded, strategy)
    chosen_bets = tuple(dict.fromkeys(bet_ids)) if bet_ids else tuple(b.id for b in loaded.bets)
    for bet_id in chosen_bets:
        loaded.bet(bet_id)  # an unknown bet is refused here, before any work
    loaded.setting_values(chosen)  # the settings' names and values checked
    if dealt:
        _check_bet_alone(loaded, chosen_bets)
    job = Job(loaded, chosen_bets, the_shoe, strategy, chosen, dealing)
    return _dealt(job, seed) if dealt else job


def check_strategy(game: Game, strategy: str | None) -> None:
    """Refuse a strategy for a game whose rules have no option to take (a strategy file is
    checked against the rules when read)."""
    if game.rules.option is None and strategy not in (None, game.strategy):
        raise RulesError(f"{input_name('strategy')} {strategy}: game {game.id!r} has no "
                         "strategy to choose (its rules are fixed)")


def game_rules(game: Game, shoe: Shoe, strategy: str | None = None,
               settings: Settings = None) -> DrawingRules:
    """The drawing rules of a game, the option (where the game has one) taken by
    ``strategy`` (else the game's): house-way, hit, stand, optimal for this shoe
    (``analysis.strategy``), equilibrium (both hands' choices, ``analysis.equilibrium``),
    or a strategy file's path. Best play is loaded only for a game with an option."""
    if strategy is not None and strategy not in STRATEGIES:  # a strategy file
        from exact_odds.rules.strategies import load_strategy

        return load_strategy(strategy, game.rules_under(settings))
    check_strategy(game, strategy)
    if game.rules.option is None:
        return game.rules
    chosen = strategy or game.strategy
    if chosen == "optimal":
        from exact_odds.analysis.strategy import optimal_rules

        return optimal_rules(shoe, game, settings)
    if chosen == "equilibrium":
        from exact_odds.analysis.equilibrium import equilibrium_rules, two_sided

        if not two_sided(game.rules):
            raise RulesError(f"{input_name('strategy')} equilibrium: in game {game.id!r} only the "
                             "bettor chooses: his best play is --strategy optimal")
        return equilibrium_rules(shoe, game, settings)
    return game.rules_under(settings).with_strategy(chosen)


def _check_bet_alone(game: Game, bets: tuple[str, ...]) -> None:
    """Shoes that are dealt (simulate, countability) bet each bet alone, round after round:
    a stake the draw adds (Lucky Draw's Draw bet) is not one, and is refused by name rather
    than studied as if it were (its per-round edge is the bettor's, as a stake placed only
    where drawing pays)."""
    added = [bet for bet in bets if game.bet(bet).adds_stake]
    if added:
        alone = [bet for bet in bets if bet not in added] or [
            bet.id for bet in game.bets if not bet.adds_stake]
        first = [bet for bet in game.round_bets if bet not in added]
        raise JobError(f"{input_name('bets')}: {added[0]!r} is a stake placed only with the "
                       f"draw{', on ' + ' and '.join(map(repr, first)) if first else ''}: shoes "
                       "that are dealt bet each bet alone, and it is not one; give the bets "
                       f"placed before the deal ({', '.join(alone)})")


def fresh_seed() -> int:
    """A random seed from the operating system's entropy, 0 to 2**63 - 1."""
    import secrets

    return secrets.randbits(63)


def parse_seed(value: object, what: str) -> int:
    """A random seed, 0 to ``MAX_SEED``."""
    from exact_odds.limits import MAX_SEED
    from exact_odds.running.ranges import parse_bounded

    return parse_bounded(value, what, MAX_SEED, 0, JobError)


def _given(job: Job, dealt: bool, **arguments: object) -> Job:
    """A job given whole: refused beside any other of its inputs; dealt, with a fresh
    seed, where shoes are dealt and it has none."""
    extra = [name for name, value in arguments.items() if value is not None and value != ()]
    if extra:
        raise JobError(f"{input_name(extra[0])}: give it to game_job, not beside a Job")
    return _dealt(job, None) if dealt and job.seed is None else job


def _dealt(job: Job, seed: int | None) -> Job:
    """A job whose shoes are dealt: the procedure checked against the shoe, the seed (a
    fresh one). Under the optimal play each round is played by its shoe's best decisions
    (``BatchResult.decisions``); under an equilibrium, by the shoe's as it starts."""
    job.dealing.check_fits(job.shoe.size, job.game.path or job.game.id)
    return replace(job, seed=fresh_seed() if seed is None else seed)
