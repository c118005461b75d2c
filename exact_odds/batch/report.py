"""A batch of shoes' results as a result of the library: every bet's exact expected value
for each shoe of a shoes file, with the inputs that produced them (game, the full shoe the
``removed`` cards come from as ``full_shoe``, since each row's own column ``shoe`` is its
row number; strategy, settings, the shoes file, the bets, the version).

CSV and JSON write each exact value as a reduced fraction in a string (``render``);
Parquet (``to_parquet``) as integer numerator and denominator columns, the inputs as file
metadata under the key ``exact-odds``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from exact_odds.render.document import Cell, Column, Document, Field, Json, Table, version
from exact_odds.render.inputs import plain
from exact_odds.render.json import json_value
from exact_odds.render.rendered import Rendered

if TYPE_CHECKING:
    import polars as pl

    from exact_odds.analysis.job import Job
    from exact_odds.games.model import Game
    from exact_odds.running.heartbeat import Progress
    from exact_odds.shoe import Shoe


@dataclass(frozen=True, eq=False)  # a DataFrame has no plain equality
class BatchReport(Rendered):
    """``frame``: one row per shoe (``shoe``, ``cards``, per bet ``<bet>_numerator``,
    ``<bet>_denominator`` and a float ``<bet>``); ``given``: the inputs."""

    frame: pl.DataFrame
    bet_ids: tuple[str, ...]
    given: Json

    def inputs(self) -> Json:
        return dict(self.given)

    def _rows(self) -> list[tuple[Cell, ...]]:
        columns = [self.frame[name].to_list() for name in ("shoe", "cards")]
        for bet in self.bet_ids:
            numerators = self.frame[f"{bet}_numerator"].to_list()
            denominators = self.frame[f"{bet}_denominator"].to_list()
            columns.append([Fraction(n, d) for n, d in zip(numerators, denominators)])
        return list(zip(*columns))

    def to_document(self) -> Document:
        given = self.given
        header = (Field("Game", f"{given['name']} ({given['game']})"),
                  Field("Full shoe", given["shoe_description"]),
                  Field("Shoes file", str(given["shoes_file"])),
                  *((Field("Strategy", given["strategy"]),) if given.get("strategy") else ()),
                  *(Field(f"Setting {k}", str(v)) for k, v in given["settings"].items()),
                  Field("exact-odds", given["exact_odds_version"]))
        table = Table("Expected value per unit bet, shoe by shoe",
                      (Column("shoe", "count"), Column("cards", "count"),
                       *(Column(bet, "signed", key=bet) for bet in self.bet_ids)),
                      self._rows(), sheet="Shoes", indent=0)
        return Document(f"{given['name']}: a batch of shoes", header, (table,))

    def _texts(self) -> list[list[str]]:
        """Each bet's exact values as CSV and JSON write them (``"p/q"``), column by column."""
        from exact_odds.render.inputs import exact_texts

        return [exact_texts(self.frame[f"{bet}_numerator"].to_list(),
                            self.frame[f"{bet}_denominator"].to_list()) for bet in self.bet_ids]

    def _rows_data(self) -> list[Json]:
        shoes, cards = (self.frame[name].to_list() for name in ("shoe", "cards"))
        return [{"shoe": shoe, "cards": count, **dict(zip(self.bet_ids, values))}
                for shoe, count, *values in zip(shoes, cards, *self._texts())]

    def to_dict(self) -> Json:
        return {**self.given, "rows": self._rows_data()}

    def json_items(self) -> str:
        """The rows as items of the JSON document's ``rows`` (``render.json.json_item``),
        for a document written in parts."""
        from exact_odds.render.json import json_item

        return ",\n".join(json_item(row) for row in self._rows_data())

    def csv_rows(self, header: bool) -> str:
        """The CSV of the rows (what ``render(self, "csv")`` writes, without the header
        line unless ``header``), built from the integer columns at once, for a file
        written in parts; tested equal to the document's CSV."""
        import polars as pl

        from exact_odds.render.csv import write_rows
        from exact_odds.render.inputs import exact_text_column, input_columns

        lead = input_columns(self.inputs())
        # the inputs, the same in every row, quoted once by the one writer; the rest of a
        # row is digits, "-" and "/" (a shoe, its cards, "p/q"), which CSV never quotes
        inputs = write_rows([text for _, text in lead], [])[:-1]
        lines = self.frame.select(pl.concat_str(
            [pl.lit(inputs), pl.col("shoe"), pl.col("cards"),
             *(exact_text_column(f"{bet}_numerator", f"{bet}_denominator")
               for bet in self.bet_ids)], separator=",").alias("line"))["line"]
        body = lines.str.join("\n").item() + "\n" if len(lines) else ""
        if not header:
            return body
        return write_rows([name for name, _ in lead] + ["shoe", "cards", *self.bet_ids],
                          []) + body

    def exact_frame(self) -> pl.DataFrame:
        """The columns a Parquet file holds: the shoe, its cards and the exact values."""
        return self.frame.select(["shoe", "cards", *(f"{b}_{part}" for b in self.bet_ids
                                                     for part in ("numerator", "denominator"))])

    def to_parquet(self) -> bytes:
        """The exact values as integer columns; the inputs as metadata ``exact-odds``."""
        buffer = io.BytesIO()
        self.exact_frame().write_parquet(buffer, metadata={"exact-odds": json_value(self.given)})
        return buffer.getvalue()


def batch_job(game: str | Path | Game | Job, shoes_file: Path, *, decks: int | None = None,
              shoe: Shoe | None = None, remove: Sequence[str] = (),
              bets: Sequence[str] | None = None, strategy: str | None = None,
              settings: Mapping[str, str] | None = None) -> tuple[Job, Json]:
    """Every input of a batch checked, before any work (``game_job``; the full shoe the
    ``removed`` cards are dealt from within a batch's size), and the inputs as its result
    records them: the game, the full shoe, the strategy, the settings, the shoes file and
    the bets."""
    import numpy as np

    from exact_odds.analysis.job import Job, game_job
    from exact_odds.batch.evaluator import check_batch_size
    from exact_odds.errors import check_type, input_name
    from exact_odds.games.inputs import is_builtin

    job = game_job(game, bets=bets, decks=decks, shoe=shoe, remove=remove, strategy=strategy,
                   settings=settings)
    check_type(shoes_file, (str, Path), "shoes_file", "a shoes file's path")
    loaded, full = job.game, job.shoe
    check_batch_size(np.array([full.counts]), input_name("decks") if decks is not None
                     else input_name("shoe") if shoe is not None or isinstance(game, Job)
                     else f"{loaded.id}: decks")
    given: Json = {"exact_odds_version": version(), "game": loaded.id, "name": loaded.name}
    if not is_builtin(loaded):
        given["game_file"] = loaded.path
    given.update({
        "rules": loaded.rules.title, "decks": full.decks, "full_shoe": full.spec(),
        "shoe_description": full.describe(), "strategy": job.strategy_played,
        "settings": {k: plain(v) for k, v in job.values.items()},
        "shoes_file": str(shoes_file), "bets": list(job.bet_ids)})
    return job, given


def batch_report(game: str | Path | Game | Job, shoes_file: Path, *, decks: int | None = None,
                 shoe: Shoe | None = None, remove: Sequence[str] = (),
                 bets: Sequence[str] | None = None, strategy: str | None = None,
                 settings: Mapping[str, str] | None = None,
                 progress: Progress | None = None) -> BatchReport:
    """Every bet's exact expected value for each shoe of ``shoes_file`` (CSV, JSON Lines or
    Parquet; ``removed`` cards are dealt from the full shoe: ``shoe``, or ``decks`` decks,
    by default the game's, less ``remove``; or a ``Job``'s shoe), held whole (at most
    ``MAX_SHOES`` shoes; the command streams any number:
    ``exact_odds.batch.run.write_batch``); ``progress(shoes done, shoes)`` as it goes."""
    from exact_odds.batch.evaluator import job_evaluator
    from exact_odds.batch.shoes import evaluate_batch, result_frame
    from exact_odds.batch.shoes_file import read_shoes
    from exact_odds.running.heartbeat import check_progress

    progress = check_progress(progress)
    job, given = batch_job(game, shoes_file, decks=decks, shoe=shoe, remove=remove, bets=bets,
                           strategy=strategy, settings=settings)
    counts = read_shoes(Path(shoes_file), job.shoe.counts)
    result = evaluate_batch(job_evaluator(job), counts, progress)
    return BatchReport(result_frame(result, counts), job.bet_ids, given)


__all__ = ["BatchReport", "batch_job", "batch_report"]
