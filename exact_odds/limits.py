"""Every limit of exact-odds in one place: its value, what it bounds and why.

The parsers that enforce a limit, the ``--help`` text that states it and the limits page
of the documentation (generated from ``LIMITS``) all read it here, so a limit is written
once. Each is checked before any work, and an input beyond it is one line starting
"Error:" that names the option, file or field.

>>> MAX_DECKS
1000000
>>> LIMITS["MAX_DECKS"].shown
'1,000,000'
"""

from __future__ import annotations

from dataclasses import dataclass

from exact_odds.sizes import bytes_text


@dataclass(frozen=True)
class Limit:
    """One limit: its name in the code, its value, what it bounds and why it is there.

    ``unit`` follows the value where it is shown (``1,000,000 bytes``); an amount of
    ``memory`` reads as one (``4.0 GB``); ``text``, when given, is how the value reads
    instead (``2^63 - 1``)."""

    name: str
    value: int
    bounds: str
    why: str
    unit: str = ""
    text: str = ""
    memory: bool = False
    #: The parts of the program that read it (the topic of its docs page).
    topic: str = "input"

    @property
    def shown(self) -> str:
        """The value as the docs and messages write it: ``1,000,000``, ``4.0 GB``."""
        if self.text:
            return self.text
        if self.memory:
            return bytes_text(self.value)
        return f"{self.value:,} {self.unit}".strip()


_DECKS = 1_000_000

_ALL: tuple[Limit, ...] = (
    # --- numbers ------------------------------------------------------------------------------
    Limit("MAX_DECKS", _DECKS,
          "decks: `--decks`, a game file's `decks`, `decks_allowed` and `dealing: decks`, a shoe "
          "or table file's `decks`; and each card's count in a shoe",
          "52,000,000 cards keep every six-card count within a few dozen digits; no shoe dealt "
          "holds more than a few dozen decks", topic="numbers"),
    Limit("MAX_NUMBER_CHARS", 24,
          "a number written as text: in a pay, an option, an amount or a YAML file",
          "no honest number needs more; a longer one is a slip or an attack, refused before "
          "Python turns it into an integer", unit="characters", topic="numbers"),
    Limit("MAX_EXPONENT", 30,
          "the decimal exponent of a number written as text (`1e-30`)",
          "`1e-999999999` would take minutes to turn into a fraction", topic="numbers"),
    Limit("MAX_NUMBER_BITS", 200,
          "a number given from Python (an `int` or a `Fraction`; never a `float`, which is not "
          "the number written: give `\"0.1\"` or `Fraction(1, 10)`)",
          "as large as text of `MAX_NUMBER_CHARS` characters with an exponent of "
          "`MAX_EXPONENT` can write", unit="bits", topic="numbers"),
    Limit("MAX_PAY", 10**9,
          "a pay (`1,000,000,000 to 1` at most) and `--min-edge`",
          "the largest award of any published table is a few hundred thousand to one",
          unit="to 1", topic="numbers"),
    Limit("MIN_TARGET_EDGE", -10,
          "the target house edge of `solve --edge`, from below (the bettor's edge)",
          "a pay for a bettor's edge of more than 1000% is no pay a table offers",
          text="-1000% (exclusive)", topic="numbers"),
    Limit("MAX_TARGET_EDGE", 1,
          "the target house edge of `solve --edge`, from above",
          "a house edge of 100% or more needs a pay below losing the stake",
          text="100% (exclusive)", topic="numbers"),
    Limit("MAX_DIGITS", 100_000,
          "a figure printed",
          "past Python's 4,300-digit guard every figure is printed by our own code; no figure "
          "within the other limits comes near", unit="digits", topic="numbers"),
    # --- files --------------------------------------------------------------------------------
    Limit("MAX_BYTES", 1_000_000,
          "a game, rules, shoe or table file (YAML): a regular file, in UTF-8",
          "a game file is a few kilobytes", unit="bytes", topic="files"),
    Limit("MAX_ALIASES", 1_000,
          "the aliases (`*name`) of one YAML file",
          "aliases are how a small file expands into a huge one (a billion laughs)",
          topic="files"),
    Limit("MAX_NODES", 100_000,
          "the values (scalars, lists and mappings) of one YAML file once its aliases are "
          "expanded",
          "a game file holds a few hundred", topic="files"),
    Limit("MAX_DEPTH", 64,
          "the nesting of lists and mappings in one YAML file",
          "a game file nests four or five levels; deep nesting exhausts the parser's stack",
          unit="levels", topic="files"),
    Limit("ECHO_LIMIT", 120,
          "text from the input echoed in an error message (control characters escaped)",
          "an error names what it refuses without repeating a huge or hostile input",
          unit="characters", topic="files"),
    Limit("LINE_LIMIT", 400,
          "an error line", "one line a person reads", unit="characters", topic="files"),
    Limit("TEXT_LIMIT", 200,
          "text from a game file printed in a cell or a header of a report",
          "a name longer than that is cut where it is printed", unit="characters",
          topic="files"),
    # --- games --------------------------------------------------------------------------------
    Limit("MAX_BETS", 500,
          "the bets of one game file, mirrors and shared bets included",
          "a game has a few dozen at most; each bet is one more settlement of every outcome",
          unit="bets", topic="games"),
    Limit("MAX_EVENTS", 500,
          "the events of one bet", "each event is one more condition on every outcome",
          unit="events", topic="games"),
    Limit("MAX_CARDS", 52 * _DECKS,
          "`--cut-card` and `--burn` (and a game file's `dealing:`): a whole number of cards "
          "from 0; the cut card at most the shoe's cards less one, the burn at most its cards "
          "less six",
          "the most cards a shoe can hold (`MAX_DECKS` decks)", unit="cards",
          topic="games"),
    Limit("MAX_DEPTHS", 16,
          "the cut-card depths one countability study compares (`--cut-card 14,26,52`)",
          "each depth is one more study", unit="depths", topic="games"),
    # --- the player-dealer's table ------------------------------------------------------------
    Limit("MAX_SEATS", 20,
          "`seats_at_table` of a table file (from 2)",
          "California tables seat seven to nine", unit="seats", topic="table"),
    Limit("MAX_OWNERS", 10,
          "the owners of the wagers on one seat of a table file",
          "backers share a seat with a few others at most", unit="owners", topic="table"),
    # --- enumerations -------------------------------------------------------------------------
    Limit("MAX_SECONDS", 60,
          "an enumeration (`report`, `eor`, `strategy`, `solve`, `compare`, `check`, `table`, "
          "`countability`, a `batch` bet too fine to compile, `outcome_counts`, "
          "`outcome_table`, `game_report`), estimated before it starts from the shoe's card "
          "classes and the columns read; also the effect of removal of a bet whose columns tell "
          "cards apart finer than point values, for all the shoes it enumerates",
          "every built-in game, side bet and benchmark fits; beyond is a bet that reads every "
          "card's rank and suit, refused in a second instead of running for hours",
          unit="s", topic="enumeration"),
    Limit("MAX_ENUMERATION_MEMORY", 4_000_000_000,
          "the memory an enumeration holds at once, estimated before it starts",
          "the heaviest built-in request, the four first cards' ranks and suits as a dict, "
          "takes about 2 GB", memory=True, topic="enumeration"),
    Limit("INT128_CARDS", 2_353_976,
          "the shoe of a table of outcome counts (`outcome_table`, `outcome_frames`, and so a "
          "bet on the first cards' ranks and suits; about 45,268 decks); other bets take any "
          "shoe",
          "its counts are 128-bit integers, polars' widest: falling(2353976, 6) < 2**127",
          unit="cards", topic="enumeration"),
    Limit("MAX_SEQUENCES", 20_000_000,
          "the class sequences a compiled table is built from",
          "beyond, the batch evaluator sends the bet to the reference enumerator instead of "
          "compiling it (not a refusal)", topic="enumeration"),
    Limit("MAX_KNOWN_SEQUENCES", 5_000_000,
          "the class sequences of a compiled table over the rounds that agree with cards "
          "known by position (`--known`, `known`): its four first cards, and each known "
          "card a round does not reach",
          "a table of 5,000,000 sequences takes about 2 s and 400 MB to build; bets reading "
          "the suits of the four first cards pass it", topic="enumeration"),
    Limit("MAX_SEEN", 30_000,
          "the things a bettor may see at the positions `known --card` or `--best-sort` "
          "weighs: the point values (or ranks) to the power of the positions",
          "four positions of point values are 10,000 and of ranks 28,561, each a few "
          "seconds; five positions would take minutes", topic="enumeration"),
    Limit("MAX_OPEN_STATES", 12,
          "the Player's information states left open once each side's clear choices are "
          "fixed, for which an equilibrium tries every support (chemin de fer's are at most "
          "five)",
          "each open state triples the supports tried; no model of a game where both hands "
          "choose leaves the Player more than five", unit="states", topic="enumeration"),
    Limit("MAX_MIXED_STATES", 4,
          "the information states where a strategy file (`--strategy FILE`) draws with a "
          "probability strictly between 0 and 1",
          "each mixed state doubles the pure strategies counted and compiled (a simulation "
          "of six takes 15 s and 380 MB before its first shoe, a report of thirteen minutes); "
          "an equilibrium of chemin de fer mixes at two", unit="states",
          topic="enumeration"),
    Limit("MAX_MONOMIALS", 60_000,
          "the monomials of a compiled bet",
          "beyond, the tables would be too large: the bet is evaluated shoe by shoe by the "
          "reference enumerator (not a refusal)", topic="enumeration"),
    # --- batches ------------------------------------------------------------------------------
    Limit("MAX_SHOES_BYTES", 25_000_000,
          "a shoes file read whole (`read_shoes`); `batch` streams a file of any size",
          "250,000 shoes as counts take 104 MB",
          unit="bytes", topic="batch"),
    Limit("MAX_FILE_SHOES", 250_000,
          "the shoes (rows) of a shoes file held whole: `read_shoes`, and `batch` to text, "
          "markdown or xlsx (csv, json and parquet stream any number)",
          "a result for people to read is held whole; past this, a table to process",
          unit="shoes", topic="batch"),
    Limit("MAX_BATCH_CARDS", 2_300_000,
          "a shoe in `batch` (`report` takes any shoe)",
          "its exact values, with denominators up to N(N-1)...(N-5), fit the 128-bit integer "
          "columns of the result", unit="cards", topic="batch"),
    # --- simulation ---------------------------------------------------------------------------
    Limit("MAX_SHOES", 10_000_000,
          "`--shoes` of `simulate` and `countability` (from 1)",
          "ten million shoes estimate an edge to a few thousandths of a percent; more is a "
          "slip", unit="shoes", topic="simulation"),
    Limit("MAX_WORKERS", 64,
          "`--workers` (from 1; never more processes than ranges of shoes)",
          "more processes than cores only add memory", unit="processes",
          topic="simulation"),
    Limit("MAX_SEED", 2**63 - 1,
          "`--seed` (from 0)", "numpy's generators take a 64-bit seed; signed, it prints the "
          "same everywhere", text="2^63 - 1 (9,223,372,036,854,775,807)",
          topic="simulation"),
    Limit("SCHEDULER_TIMEOUT", 5,
          "`--scheduler` (`tcp://HOST:PORT` or `HOST:PORT`, a port from 1 to 65535): the time "
          "it has to answer the Dask handshake as a scheduler",
          "a wrong address is one line, not a hang", unit="seconds", topic="simulation"),
    Limit("MAX_TAG", 1000,
          "each tag of `--tags` (either sign), and K of `eor:K`",
          "a running count then stays far inside 64-bit integers", topic="simulation"),
    Limit("MAX_ROUNDS_PER_SHOE", 100_000,
          "the rounds one simulated shoe deals, estimated before it runs (about 9,400 decks "
          "with a cut card; `--cut-card none` deals one round a shoe)",
          "every round of a shoe is evaluated exactly in turn", unit="rounds a shoe",
          topic="simulation"),
    Limit("MAX_BET_ROUNDS", 10**10,
          "the exact evaluations of a simulation (shoes x rounds x bets), estimated before "
          "it runs", "days of work on one core", unit="evaluations", topic="simulation"),
    Limit("MAX_CARDS_DEALT", 10**10,
          "the cards a simulation shuffles in all, estimated before it runs",
          "days of work on one core", unit="cards", topic="simulation"),
    Limit("MAX_TRACE_ROUNDS", 10_000_000,
          "the rounds of a simulation's trace (`--trace`)",
          "a trace holds every round's cards and results", unit="rounds",
          topic="simulation"),
    Limit("MAX_SIMULATION_MEMORY", 2_000_000_000,
          "the memory of a simulation's main process (each shoe's figures, kept for "
          "`shoes_frame()`), estimated before it runs", "a run is held in memory at once",
          memory=True, topic="simulation"),
    # --- countability -------------------------------------------------------------------------
    Limit("MAX_LEVEL", 20,
          "each of `--levels` (`countability`, from 1)",
          "a count with tags beyond +-20 is no count a person keeps", topic="countability"),
    Limit("MAX_GIVEN", 20,
          "the counts given by hand to one countability study",
          "each is measured on every shoe beside the derived counts", unit="counts",
          topic="countability"),
    Limit("MAX_LABEL", 60,
          "the label of a count given by hand (longer is cut)",
          "a label names a count in a table's row", unit="characters",
          topic="countability"),
    Limit("MAX_ROUNDS_PER_HOUR", 10_000,
          "`--rounds-per-hour` (`countability`, from 1)",
          "a fast electronic table deals about 200", unit="rounds", topic="countability"),
    # --- the explorer ---------------------------------------------------------------------------
    Limit("MAX_FRAGMENT", 100_000,
          "the pays in an explorer page's link (`#pays=`), read by the page's script",
          "a link is a stranger's text: a longer one is ignored with a message, before it is "
          "read", unit="characters", topic="explorer"),
    Limit("MAX_HOLD_ROUNDS", 999_999_999,
          "the rounds of the explorer's hold chart (from 1)",
          "the chart's expected result is exact; its band is drawn in floats", unit="rounds",
          topic="explorer"),
)

#: Every limit by its name in the code, in the order the limits page lists them.
LIMITS: dict[str, Limit] = {limit.name: limit for limit in _ALL}

MAX_DECKS = LIMITS["MAX_DECKS"].value
MAX_NUMBER_CHARS = LIMITS["MAX_NUMBER_CHARS"].value
MAX_EXPONENT = LIMITS["MAX_EXPONENT"].value
MAX_NUMBER_BITS = LIMITS["MAX_NUMBER_BITS"].value
MAX_PAY = LIMITS["MAX_PAY"].value
MIN_TARGET_EDGE = LIMITS["MIN_TARGET_EDGE"].value
MAX_TARGET_EDGE = LIMITS["MAX_TARGET_EDGE"].value
MAX_DIGITS = LIMITS["MAX_DIGITS"].value
MAX_BYTES = LIMITS["MAX_BYTES"].value
MAX_ALIASES = LIMITS["MAX_ALIASES"].value
MAX_NODES = LIMITS["MAX_NODES"].value
MAX_DEPTH = LIMITS["MAX_DEPTH"].value
ECHO_LIMIT = LIMITS["ECHO_LIMIT"].value
LINE_LIMIT = LIMITS["LINE_LIMIT"].value
TEXT_LIMIT = LIMITS["TEXT_LIMIT"].value
MAX_BETS = LIMITS["MAX_BETS"].value
MAX_EVENTS = LIMITS["MAX_EVENTS"].value
MAX_CARDS = LIMITS["MAX_CARDS"].value
MAX_DEPTHS = LIMITS["MAX_DEPTHS"].value
MAX_SEATS = LIMITS["MAX_SEATS"].value
MAX_OWNERS = LIMITS["MAX_OWNERS"].value
MAX_SECONDS = LIMITS["MAX_SECONDS"].value
MAX_ENUMERATION_MEMORY = LIMITS["MAX_ENUMERATION_MEMORY"].value
INT128_CARDS = LIMITS["INT128_CARDS"].value
MAX_SEQUENCES = LIMITS["MAX_SEQUENCES"].value
MAX_MONOMIALS = LIMITS["MAX_MONOMIALS"].value
MAX_KNOWN_SEQUENCES = LIMITS["MAX_KNOWN_SEQUENCES"].value
MAX_SEEN = LIMITS["MAX_SEEN"].value
MAX_OPEN_STATES = LIMITS["MAX_OPEN_STATES"].value
MAX_MIXED_STATES = LIMITS["MAX_MIXED_STATES"].value
MAX_SHOES_BYTES = LIMITS["MAX_SHOES_BYTES"].value
MAX_FILE_SHOES = LIMITS["MAX_FILE_SHOES"].value
MAX_BATCH_CARDS = LIMITS["MAX_BATCH_CARDS"].value
MAX_SHOES = LIMITS["MAX_SHOES"].value
MAX_WORKERS = LIMITS["MAX_WORKERS"].value
MAX_SEED = LIMITS["MAX_SEED"].value
SCHEDULER_TIMEOUT = LIMITS["SCHEDULER_TIMEOUT"].value
MAX_TAG = LIMITS["MAX_TAG"].value
MAX_ROUNDS_PER_SHOE = LIMITS["MAX_ROUNDS_PER_SHOE"].value
MAX_BET_ROUNDS = LIMITS["MAX_BET_ROUNDS"].value
MAX_CARDS_DEALT = LIMITS["MAX_CARDS_DEALT"].value
MAX_TRACE_ROUNDS = LIMITS["MAX_TRACE_ROUNDS"].value
MAX_SIMULATION_MEMORY = LIMITS["MAX_SIMULATION_MEMORY"].value
MAX_LEVEL = LIMITS["MAX_LEVEL"].value
MAX_GIVEN = LIMITS["MAX_GIVEN"].value
MAX_LABEL = LIMITS["MAX_LABEL"].value
MAX_ROUNDS_PER_HOUR = LIMITS["MAX_ROUNDS_PER_HOUR"].value
MAX_FRAGMENT = LIMITS["MAX_FRAGMENT"].value
MAX_HOLD_ROUNDS = LIMITS["MAX_HOLD_ROUNDS"].value
