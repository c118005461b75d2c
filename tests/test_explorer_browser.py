"""The explorer's page in a real browser (issue 26): headless Chromium opens the page from
disk, a pay is typed, and the exact figures it shows are those of ``exact-odds report`` for
the same change made in the game file; the URL fragment, a refused pay, the download, the
keyboard, a phone's width, hostile game files and links.

Driven by Playwright for Python with the system's Chromium (Debian's ``chromium``); every
test here skips, with its reason, where either is missing.
"""

from __future__ import annotations

import json
import urllib.parse
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest
from browser import CHROMIUM, TEXT_CUT, TEXT_OVERLAPS
from click.testing import CliRunner

from conftest import needs, unavailable
from exact_odds.analysis.report import game_report
from exact_odds.cli import main
from exact_odds.explorer.page import explorer_script, report_page
from exact_odds.games.loader import builtin_games, load_game
from exact_odds.games.pays import PayError, parse_pay, pay_grammar
from exact_odds.render import render

try:
    import playwright.sync_api as playwright
except ImportError:
    unavailable("Playwright is not installed (the test extra)", module=True)
if not Path(CHROMIUM).exists():
    unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)", module=True)

@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        # no GPU process: headless Chromium would emulate one in software (SwiftShader) for
        # every page; the page is drawn by the software rasterizer either way
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--disable-gpu"])
        yield launched
        launched.close()


class Watched:
    """A page with every console message, page error, dialog and policy violation kept
    (those of the page opened last)."""

    def __init__(self, browser, width=1280, height=900, shared=False, **options):
        self.context = browser.new_context(viewport={"width": width, "height": height}, **options)
        self.page = self.context.new_page()
        self.shared = shared
        self.events: list[str] = []
        self.page.on("console", lambda m: self.events.append(f"console {m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.events.append(f"pageerror: {e}"))
        self.page.on("dialog", lambda d: (self.events.append(f"dialog: {d.message}"), d.dismiss()))

    def open(self, path: Path, fragment: str = "") -> None:
        """Load the page anew: a new document, whatever the tab showed before."""
        self.events.clear()
        self.page.goto(path.resolve().as_uri() + fragment)
        self.page.wait_for_selector("#exact-odds[data-ready=true]", timeout=10_000)
        self.page.evaluate("""() => { window.__violations = [];
            document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective)); }""")

    def figure(self, bet: str, figure: str) -> Fraction:
        return Fraction(self.page.get_attribute(f'dd[data-bet="{bet}"][data-figure="{figure}"]', "data-exact"))

    def field(self, bet: str, event: str):
        return self.page.locator(f'input[data-bet="{bet}"][data-event="{event}"]')

    def close(self) -> list[str]:
        """The events of the page opened last; the tab closed unless it is shared."""
        if not self.shared:
            self.context.close()
        return list(self.events)


@pytest.fixture
def watched(browser):
    """A new context and tab for a test whose claim is what a fresh tab does (a link's
    fragment read on its first load)."""
    opened = []

    def make(**options):
        opened.append(Watched(browser, **options))
        return opened[-1]

    yield make
    for one in opened:
        one.close()


@pytest.fixture(scope="module")
def tab(browser):
    """One tab for the tests that load a page and then act on it: each ``open`` loads its
    page anew (a new document, its own events), so no test sees another's edits, and the
    renderer is started once for them all, not once each (about 0.4 s of processor time)."""
    one = Watched(browser, shared=True, accept_downloads=True)
    yield one
    one.context.close()


@pytest.fixture
def reused(tab):
    """The shared tab at the size a test asks for (1280 x 900 unless told)."""

    def size(width=1280, height=900):
        tab.page.set_viewport_size({"width": width, "height": height})
        return tab

    return size


def _page(tmp_path: Path, game, name="page.html", **kwargs) -> Path:
    path = tmp_path / name
    path.write_text(render(report_page(game_report(game, **kwargs)), "html"), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The page of a built-in game, written once for the whole file (each page holds the
    game's report and its effect of removal, seconds to compute): the tests only read the
    file, and each loads it anew (a fresh document), so no test sees another's edits."""
    folder = tmp_path_factory.mktemp("pages")
    made: dict[str, Path] = {}

    def page(game: str) -> Path:
        if game not in made:
            made[game] = _page(folder, game, name=f"{game}.html")
        return made[game]

    return page


def _edited_file(tmp_path: Path, old: str, new: str) -> Path:
    """commission-free with one pay changed in its YAML, as a person would change it."""
    text = (Path(load_game("commission-free").path)).read_text(encoding="utf-8")
    text = text.replace("- {use: tie, name: Tie Bet}", f'- {{use: tie, name: Tie Bet, pays: {{Tie: "{new}"}}}}')
    assert new in text and old
    path = tmp_path / "edited.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _cli_json(*args: str) -> dict:
    result = CliRunner().invoke(main, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_typed_pay_gives_the_report_of_the_same_change_in_yaml(built, tmp_path, reused):
    """Issue 26: a pay typed in the page; its exact expected value is the report's for the
    game file with that pay."""
    page_file = built("commission-free")
    edited = _cli_json("report", str(_edited_file(tmp_path, "8 to 1", "9 to 1")), "--bet", "tie")["bets"][0]
    w = reused()
    w.open(page_file)
    before = w.figure("tie", "expected-value")
    w.field("tie", "Tie").fill("9 to 1")
    assert w.figure("tie", "expected-value") == Fraction(edited["expected_value"]) != before
    assert w.figure("tie", "house-edge") == Fraction(edited["house_edge"])
    assert w.figure("tie", "standard-deviation") == Fraction(edited["variance"])  # data-exact: its square
    # the fragment holds the change
    w.page.wait_for_function("location.hash.startsWith('#pays=')")
    fragment = w.page.evaluate("location.hash")
    assert json.loads(urllib.parse.unquote(fragment.removeprefix("#pays="))) == {"tie": {"Tie": "9 to 1"}}
    assert w.close() == []


def test_fragment_opens_with_its_pays(built, tmp_path, watched):
    """Issue 26: #pays= in the link shows those pays and their figures."""
    page_file = built("commission-free")
    edited = _cli_json("report", str(_edited_file(tmp_path, "8 to 1", "2.5 to 1")), "--bet", "tie")["bets"][0]
    w = watched()
    w.open(page_file, "#pays=" + urllib.parse.quote(json.dumps({"tie": {"Tie": "2.5 to 1"}})))
    assert w.field("tie", "Tie").input_value() == "2.5 to 1"
    assert w.figure("tie", "expected-value") == Fraction(edited["expected_value"])
    assert w.page.locator("[data-figure=expected-value][data-bet=tie]").text_content().startswith("-")
    assert w.close() == []


def test_a_refused_pay_shows_the_loaders_message_and_changes_nothing(built, reused):
    """Issue 26: a pay the YAML would refuse shows a one-line message beside its field and
    changes no figure; the message is the loader's own."""
    page_file = built("commission-free")
    w = reused()
    w.open(page_file)
    before = w.figure("tie", "expected-value")
    w.field("tie", "Tie").fill("9 to 0")
    message = w.page.locator('input[data-bet="tie"][data-event="Tie"] + .message').text_content()
    with pytest.raises(PayError) as refused:
        parse_pay("9 to 0")
    assert message == str(refused.value)
    assert w.figure("tie", "expected-value") == before
    assert w.field("tie", "Tie").get_attribute("aria-invalid") == "true"
    w.field("tie", "Tie").fill("8 to 1")  # a good pay clears it
    assert w.page.locator('input[data-bet="tie"][data-event="Tie"] + .message').text_content() == ""
    assert w.close() == []


def test_favouring_pay_is_flagged(built, reused):
    """Issue 26: a bet whose edit makes it favour the bettor is flagged, as report flags it."""
    page_file = built("commission-free")
    w = reused()
    w.open(page_file)
    w.field("tie", "Tie").fill("10 to 1")
    assert "FAVOURS THE BETTOR" in w.page.locator('section[data-bet="tie"] .flag').text_content()
    assert w.figure("tie", "expected-value") > 0
    assert w.close() == []


def test_download_reads_back_to_the_same_figures(built, tmp_path, reused):
    """Issue 26: the edited game downloaded as YAML, read by exact-odds report, gives the
    page's figures; reset restores the published pays."""
    page_file = built("rock-bac")
    w = reused()  # the shared tab accepts downloads
    w.open(page_file)
    w.field("tie", "Tie").fill("9 to 1")
    w.field("super-six", "Banker wins with 6").fill("15 to 1")
    w.field("player-dragon-bonus", "Win by 9 points").fill("1 1/2 for 1")  # an unusual writing
    with w.page.expect_download() as download:
        w.page.click("[data-control=download]")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    read_back = _cli_json("report", str(saved))
    assert [b["id"] for b in read_back["bets"]] == [b.id for b in load_game("rock-bac").bets]
    for bet in read_back["bets"]:
        for figure, key in (("expected-value", "expected_value"), ("hit-frequency", "hit_frequency"),
                            ("element-of-risk", "element_of_risk"), ("standard-deviation", "variance")):
            assert w.figure(bet["id"], figure) == Fraction(bet[key]), (bet["id"], figure)
    w.page.click("[data-control=reset]")
    assert w.field("tie", "Tie").input_value() == "8 to 1"
    assert w.page.evaluate("location.hash") == ""
    published = game_report("rock-bac", bets="tie").bet("tie").expected_value
    assert w.figure("tie", "expected-value") == published
    assert w.close() == []


@pytest.mark.parametrize("width", [1280, 390])
def test_screenshot_is_drawn_and_fits(built, tmp_path, reused, width):
    """Issue 26: a screenshot at 1280 px and at 390 px (a phone) is drawn, not blank, and
    the page does not run off the side of a phone's screen."""
    from io import BytesIO

    from PIL import Image

    page_file = built("rock-bac")
    w = reused(width=width, height=844)
    w.open(page_file)
    shot = tmp_path / f"shot-{width}.png"
    w.page.screenshot(path=str(shot), full_page=True)
    image = Image.open(BytesIO(shot.read_bytes())).convert("L")
    histogram = image.histogram()  # pixels of each grey level
    dark, shades = sum(histogram[:128]), sum(1 for count in histogram if count)
    assert image.size[0] == width and dark > 0.01 * sum(histogram), "the screenshot is blank"
    assert shades > 16
    assert w.page.evaluate("document.documentElement.scrollWidth") <= width
    assert w.page.locator("svg.chart").count() >= 4 * len(load_game("rock-bac").bets) - 1
    assert w.close() == []


@pytest.mark.parametrize("typed, rounds, shown", [("0001000", 1000, "1,000 rounds"),
                                                  ("1", 1, "1 round"), ("12", 12, "12 rounds")])
def test_the_hold_charts_rounds_are_shown_as_a_number(built, reused, typed, rounds, shown):
    """Issue 44, item 7: the hold chart's rounds field printed "0,001,000" for 0001000 and
    "1 rounds" for 1; its expected result is the expected value times the rounds, exactly."""
    w = reused()
    w.open(built("commission-free"))
    field = w.page.locator('input[data-bet="tie"][data-control="rounds"]')
    field.fill(typed)
    field.press("Enter")
    field = w.page.locator('input[data-bet="tie"][data-control="rounds"]')
    assert field.input_value() == str(rounds)
    figure = w.page.locator('figure:has([data-bet="tie"][data-figure="expected-result"])')
    text = " ".join(figure.locator(".chart-title, svg text, figcaption").all_text_contents())
    assert f"over {shown} of one unit" in text and f"after {shown}:" in text
    assert "0,0" not in text and "1 rounds" not in text.replace("1,", "")
    exact = figure.locator('[data-figure="expected-result"]').get_attribute("data-exact")
    assert Fraction(exact) == rounds * game_report(
        "commission-free", bets="tie").bet("tie").expected_value


@pytest.mark.parametrize("width", [390, 1280])
def test_no_text_is_drawn_over_other_text(built, optimal_page, reused, width):
    """Issue 44.8: at a phone's width and a desktop's, no text of the page is drawn over
    other text, nor cut off at a chart's edge: every part drawn (as when scrolled to), the
    readings and the play open, a refused pay's message and a bet flagged as favouring the
    bettor shown (and Lucky Draw's round, flagged too)."""
    w = reused(width=width, height=844)
    for page_file, (bet, event, favours), refused in (
            (built("rock-bac"), ("tie", "Tie", "30 to 1"), ("player", "Player wins")),
            (optimal_page("21st-century"), ("early-tie", "Tie", "30 to 1"), ("player", "Player wins")),
            (built("lucky-draw"), ("enter", "Win", "3 to 2"), ("draw", "Win with 9"))):
        w.open(page_file)
        w.field(bet, event).fill(favours)  # favours the bettor: the flag
        w.field(*refused).fill("9 to 0")  # refused: its message
        w.page.evaluate("""() => { document.querySelectorAll('details').forEach(d => { d.open = true; });
            document.querySelectorAll('section.bet').forEach(s => { s.style.contentVisibility = 'visible'; }); }""")
        assert w.page.evaluate(TEXT_OVERLAPS, None) == [], page_file.name
        assert w.page.evaluate(TEXT_CUT, None) == [], page_file.name
        assert w.page.evaluate("document.documentElement.scrollWidth") <= width
    assert w.close() == []


def test_keyboard_alone(built, reused):
    """Issue 26: usable by keyboard alone: the controls come first in tab order, every
    field and control has a label, and a pay typed after tabbing to it takes effect."""
    page_file = built("commission-free")
    w = reused()
    w.open(page_file)
    unlabelled = w.page.evaluate("""() => [...document.querySelectorAll('input, select, button')]
        .filter(e => !(e.getAttribute('aria-label') || (e.id && document.querySelector(`label[for="${e.id}"]`))
                      || (e.tagName === 'BUTTON' && e.textContent.trim())))
        .map(e => e.outerHTML)""")
    assert unlabelled == []
    order = []
    for _ in range(4):
        w.page.keyboard.press("Tab")
        order.append(w.page.evaluate("document.activeElement.getAttribute('data-control') || "
                                     "document.activeElement.getAttribute('data-event') || "
                                     "document.activeElement.tagName"))
    assert order == ["SUMMARY", "download", "reset", "Player wins"]  # the readings, then the tools
    before = w.figure("player", "expected-value")
    w.page.keyboard.press("Control+A")
    w.page.keyboard.type("2 to 1")
    assert w.figure("player", "expected-value") != before
    assert w.figure("player", "expected-value") == game_report(
        load_game("commission-free").with_pay("player", "Player wins", "2 to 1"), bets="player"
    ).bet("player").expected_value
    assert w.close() == []


def test_every_figure_of_every_builtin_game_is_the_reports(built, reused):
    """Issues 26 and 42: every figure the page shows, for every built-in game and bet,
    equals the command line's exact figure (report --format json), each named as the one
    figure table names it; and each decimal shown is Python's for that figure (its places,
    its rounding, its percent sign): the script and Python checked against each other."""
    from exact_odds.analysis.figures import FIGURES, ROUND_FIGURES

    by_page = {figure.page: figure for figure in FIGURES.values() if figure.page}
    w = reused()
    for game in builtin_games():
        page_file = built(game)
        w.open(page_file)
        report = _cli_json("report", game)
        want = _report_figures(report)
        got = _shown(w)
        assert got == want, game
        texts = w.page.evaluate("""() => [...document.querySelectorAll('dd[data-figure][data-bet]')]
            .map(e => [e.dataset.bet, e.dataset.figure, e.textContent])""")
        results = {bet.id: bet for bet in game_report(game).bets}
        for b, key, text in texts:
            figure = by_page[key]
            value = figure.of(results[b])
            if figure.root_of:  # the root rounded from the exact variance, not from a float
                variance = want[b, key, None]
                with localcontext() as context:
                    context.prec = 50
                    root = (Decimal(variance.numerator) / Decimal(variance.denominator)).sqrt()
                assert text == str(root.quantize(Decimal("0.0001"), ROUND_HALF_EVEN)), (game, b, text)
            elif figure.name == "top_award_odds":
                top = results[b].top_award
                assert text == ("never wins" if top is None else f"{top.event}: 1 in {figure.text(value)}"), text
            else:
                assert text.split(" (exactly")[0] == figure.text(value), (game, b, key, text)
        for b in report["bets"]:
            assert all((b["id"], key, None) in got for key in by_page)
        # the bettor's round, where a decision adds a stake (Lucky Draw): each figure's text
        # Python's; elsewhere no such section at all
        played = game_report(game).bettor_round
        rounds = w.page.evaluate("""() => [...document.querySelectorAll('dd[data-figure][data-round]')]
            .map(e => [e.dataset.figure, e.textContent])""")
        assert w.page.locator("section.round").count() == (played is not None), game
        for key, text in rounds:
            figure = next(f for f in ROUND_FIGURES.values() if f.page == key)
            assert played is not None and text.split(" (exactly")[0] == figure.text(figure.of(played)), (game, key, text)
        assert len(rounds) == (len(ROUND_FIGURES) if played else 0), game
    assert w.close() == []


def _hostile_game(tmp_path: Path) -> Path:
    text = """
id: hostile
name: "<img src=x onerror=alert(1)> </script><script>alert(2)</script>"
source: {document: "javascript:alert(3)"}
decks: 1
rules: punto-banco
readings: ["<script>alert(4)</script>", "javascript:alert(5)"]
bets:
  - id: tie
    name: "<svg onload=alert(6)>"
    events:
      - {event: "<img src=x onerror=alert(7)>", when: tie, pays: "8 to 1"}
      - {event: "</script><script>alert(8)</script>", when: otherwise, pays: lose}
"""
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _no_markup_ran(w: Watched) -> None:
    assert w.page.locator("img").count() == 0
    assert w.page.locator("#exact-odds script, #exact-odds svg svg, [onerror], [onload]").count() == 0
    assert w.page.evaluate("window.__violations") == []


def test_hostile_game_file_is_text(tmp_path, reused):
    """Issue 26, security: names, events, sources and readings from a game file are shown
    as text; no script runs; the page works."""
    page_file = _page(tmp_path, _hostile_game(tmp_path))
    text = page_file.read_text(encoding="utf-8")
    assert text.count("<script") == 2  # the data and the module, nothing from the file
    w = reused()
    w.open(page_file)
    assert "<img src=x onerror=alert(1)>" in w.page.locator("h1").text_content()
    assert "Rules from: javascript:alert(3)" in w.page.locator("header .inputs").text_content()
    assert w.page.locator("a[href^=javascript]").count() == 0
    field = w.field("tie", "<img src=x onerror=alert(7)>")
    before = w.figure("tie", "expected-value")
    field.fill("9 to 1")
    assert w.figure("tie", "expected-value") != before
    _no_markup_ran(w)
    events = w.close()
    assert not [e for e in events if "dialog" in e or "pageerror" in e or "error" in e], events


@pytest.mark.parametrize("fragment, says", [
    ("#pays=" + urllib.parse.quote(json.dumps({"<img src=x onerror=alert(1)>": {"a": "1 to 1"}})), "no bet"),
    ("#pays=" + urllib.parse.quote(json.dumps({"tie": {"</script><script>alert(1)</script>": "1 to 1"}})), "has no event"),
    ("#pays=" + urllib.parse.quote(json.dumps({"tie": {"Tie": "<img src=x onerror=alert(1)>"}})), ""),
    ("#pays=" + urllib.parse.quote(json.dumps({"tie": {"Tie": 9}})), "a pay is text"),
    ("#pays={not json", "not valid JSON"),
    ("#pays=" + urllib.parse.quote("[1, 2]"), "not a mapping"),
    ("#javascript:alert(1)", "not #pays="),
    ("#pays=" + "%20" * 40_000, "too long"),
])
def test_hostile_fragment_is_refused_with_a_message(built, watched, fragment, says):
    """Issue 26, security: a link's fragment is a stranger's text: unknown bets and events,
    malformed JSON, markup and a fragment too long are refused with a message; the page
    keeps working and no script runs."""
    page_file = built("commission-free")
    w = watched()
    w.open(page_file, fragment)
    status = w.page.locator(".status").text_content()
    if says:
        assert says in status
    else:  # a hostile pay: refused beside its field, as text
        message = w.page.locator('input[data-bet="tie"][data-event="Tie"] + .message').text_content()
        assert message.startswith("'<img src=x onerror=alert(1)>' is not a pay")
    w.field("tie", "Tie").fill("9 to 1")
    assert w.figure("tie", "expected-value") == game_report(
        load_game("commission-free").with_pay("tie", "Tie", "9 to 1"), bets="tie").bet("tie").expected_value
    _no_markup_ran(w)
    assert not [e for e in w.close() if "dialog" in e or "pageerror" in e]


def test_ten_megabyte_fragment(built, reused):
    """Issue 26, security: a 10 MB fragment set on an open page is refused in one line and
    the page keeps working."""
    page_file = built("commission-free")
    w = reused()
    w.open(page_file)
    w.page.evaluate("() => { location.hash = '#pays=' + 'x'.repeat(10 * 1024 * 1024); }")
    w.page.wait_for_function("document.querySelector('.status') && "
                             "document.querySelector('.status').textContent.length > 0")
    assert "ignored" in w.page.locator(".status").text_content()
    w.field("tie", "Tie").fill("9 to 1")
    assert w.figure("tie", "expected-value") > Fraction(-1)
    _no_markup_ran(w)
    assert not [e for e in w.close() if "dialog" in e or "pageerror" in e]


#: Pays for the two parsers: written well, written oddly, and refused.
PAYS = [
    "8 to 1", "8:1", "1:2", "19:20", "9 for 1", "1:1 less 5%", "1 to 1 minus 5 % commission",
    "2.5 to 1", "1½ to 1", "1 1/2 to 1", "1 1/2 for 1", "push", "PUSH", " Pushes ", "returned",
    "void", "lose", "LOST", "loss", "lose half", "Half Lost", "loses  half", "lose-half", "25 TO 1", "25 To 1", "3 FOR 2", "0 for 1", "1 for 1",
    "0 to 1", "1 to 0", "8 to 0.0", "1000000000 to 1", "1000000001 to 1", "2000000000 for 2",
    "1 to 1 less 100%", "1 to 1 less 99.5%", "1 to 1 less 0%", "٨ to ١", "８ to １", "1.5.5 to 1",
    "8 to", "to 1", "", "   ", "8 1", "8-1", "8/1", "-8 to 1", "+8 to 1", "8 to 1 less", "8e2 to 1",
    "1_000 to 1", "1,000 to 1", "½ to 1", "8\tto\t1", "8\u00a0to\u20281", "8\u3000to 1", "8\ufeffto 1",
    "8 tο 1", "1 to 1 mınus 5%", "1 to 1 leſs 5%", "1 to 1 less 5% COMMISSION", "1 to 1 less 5% commision",
    "123456789012345678901234 to 1", "1234567890123456789012345 to 1", "1 to 1." + "0" * 30,
    "1" * 100 + " to 1", "8 to 1\n", "\x1c8 to 1\x1f", "\x858 to 1", "8 ƒor 1", "1\t½ to 1",
    "1 to 3", "22 to 7", "0.001 to 1", "9 FoR 1", "١٢٫٥ to 1", "1.5 less 5%", "8:1 less 5%",
]


@pytest.fixture(scope="module")
def reader(browser, tmp_path_factory):
    """A page from disk (a secure context: its ``crypto.subtle`` digests) with the script
    and the grammar Python ships (``pay_grammar``): its ``window.__reader`` reads pays as
    the explorer does; ``window.__Play`` and ``window.__Q`` are the script's own."""
    path = tmp_path_factory.mktemp("reader") / "reader.html"
    path.write_text("<!DOCTYPE html><html><body></body></html>", encoding="utf-8")
    context = browser.new_context()
    page = context.new_page()
    page.goto(path.as_uri())
    page.add_script_tag(content=explorer_script() + "\nwindow.__reader = new PayReader("
                        + json.dumps(pay_grammar()) + "); window.__Play = Play; window.__Q = Q; "
                        "window.__ready = true;", type="module")
    page.wait_for_function("window.__ready === true")
    yield page
    context.close()


def test_the_pages_pay_parser_is_the_loaders(reader):
    """Issue 26: the page reads pays as the game file's loader reads them: the script's
    ``PayReader`` (explorer.js) with the grammar Python ships against
    ``exact_odds.games.pays.parse_pay`` on pays written well, oddly and wrongly: the same
    pays accepted with the same exact value and text, the same refused with the same
    message."""
    got = reader.evaluate("""(pays) => pays.map(p => { try { const x = window.__reader.read(p);
        return ['ok', x.kind, x.net.text(), x.text]; } catch (e) { return ['error', e.message]; } })""", PAYS)
    accepted = 0
    for text, answer in zip(PAYS, got):
        try:
            pay = parse_pay(text)
        except PayError as error:
            assert answer == ["error", str(error)], text
        else:
            accepted += 1
            net = pay.net
            exact = str(net.numerator) if net.denominator == 1 else f"{net.numerator}/{net.denominator}"
            assert answer == ["ok", pay.kind, exact, pay.text], text
    assert 20 < accepted < len(PAYS) - 20  # both kinds well represented


def test_the_widget_runs_the_same_module(browser):
    """Issue 26: the widget (anywidget's render({model, el})) draws the explorer from the
    Python widget's own data; a pay typed reaches the model, a pay set from Python is shown,
    and the shoe control asks Python for a shoe."""
    needs("anywidget", "anywidget is not installed (the explorer extra)")
    import exact_odds

    widget = exact_odds.explore("commission-free", bets=["tie"])
    context = browser.new_context()
    page = context.new_page()
    _host(page, widget)
    assert page.locator("[data-control=decks]").count() == 1  # the shoe, computed in Python
    page.fill('input[data-bet="tie"][data-event="Tie"]', "9 to 1")
    page.wait_for_function("window.__saved.length > 0")
    assert page.evaluate("window.__saved.at(-1).pays") == {"tie": {"Tie": "9 to 1"}}
    widget.set_pay("tie", "Tie", "10 to 1")  # as Python would send it
    page.evaluate("pays => window.__model.set('pays', pays)", widget.pays)
    assert page.locator('input[data-bet="tie"][data-event="Tie"]').input_value() == "10 to 1"
    shown = Fraction(page.get_attribute('dd[data-bet="tie"][data-figure="expected-value"]', "data-exact"))
    assert shown == widget.figures()["tie"]["expected_value"]
    page.fill("[data-control=decks]", "1")
    page.click("[data-control=shoe]")
    assert page.evaluate("window.__saved.at(-1).shoe_request") == {"decks": "1", "remove": ""}
    context.close()


# --- the pay grammar, shipped from Python (issue 44.4, issue 42.1) --------------------------

#: Every code point a string may hold (surrogates are not characters).
CODES = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]


def _regex_outcomes(text_of) -> str:
    """For every code point: '-' where the loader's ratio does not match ``text_of(c)``,
    else the value of its first number (a digit's, as Python reads it), after stripping."""
    from exact_odds.games.pays import _RATIO, _number

    out = []
    for code in CODES:
        text = text_of(chr(code)).strip()
        match = _RATIO.match(text)
        out.append("-" if match is None else str(_number(match["a"])))
    return "|".join(out)


def test_every_code_point_is_read_alike(reader):
    """Issue 44.4: the page's grammar is Python's on every code point: the ratio's regular
    expression (as the script reads it, translated from Python's), with the code point as a
    number, between the number and its word, and around the pay (stripped), matches where
    Python's matches and reads the same number. The script's own Unicode tables are not
    used: a digit Python does not know (Kawi's, Unicode 15) is refused on both sides."""
    for text_of, script in ((lambda c: f"{c} to 1", "`${c} to 1`"), (lambda c: f"8{c}to 1", "`8${c}to 1`"),
                            (lambda c: f"{c}8 to 1{c}", "`${c}8 to 1${c}`")):
        got = reader.evaluate("""() => { const r = window.__reader, out = [];
            for (let code = 0; code < 0x110000; code++) {
              if (code >= 0xD800 && code <= 0xDFFF) continue;
              const c = String.fromCodePoint(code);
              const m = r.ratio.exec(r.strip(TEXT));
              out.push(m === null ? "-" : r.number(m.groups.a).text()); }
            return out.join("|"); }""".replace("TEXT", script))
        want = _regex_outcomes(text_of)
        if got != want:
            wrong = [hex(c) for c, a, b in zip(CODES, got.split("|"), want.split("|")) if a != b]
            pytest.fail(f"{len(wrong)} code points read otherwise, from {wrong[:10]}")
    # a refused pay is echoed in its message as Python echoes it: each code point, escaped
    # or not, and cut at the same length
    import hashlib

    from exact_odds.errors import quoted

    echoed = reader.evaluate("""async () => { const r = window.__reader, out = [];
        for (let code = 0; code < 0x110000; code++) {
          if (code >= 0xD800 && code <= 0xDFFF) continue;
          out.push(r.quoted(String.fromCodePoint(code).repeat(code % 97))); }
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(out.join("\\n")));
        return [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, "0")).join(""); }""")
    assert echoed == hashlib.sha256("\n".join(quoted(chr(c) * (c % 97), 60) for c in CODES).encode()).hexdigest()
    kawi = "\U00011f58 to 1"  # Kawi digit eight: a decimal digit since Unicode 15.0
    with pytest.raises(PayError):
        parse_pay(kawi)
    assert reader.evaluate("(p) => { try { window.__reader.read(p); return 'ok'; } catch (e) "
                           "{ return e.message; } }", kawi) == str(pytest.raises(PayError, parse_pay, kawi).value)


def _characters_that_matter() -> list[int]:
    """The code points where the readers could part: Python's digits and spaces, every
    character with a case (Python's), the first 1,280 and a fixed sample of the rest."""
    import random
    import re

    every = "".join(map(chr, CODES))
    chosen = {ord(c) for c in re.findall(r"[\d\s]", every)}
    chosen |= {ord(c) for c in every if c.lower() != c or c.upper() != c or c.casefold() != c}
    chosen |= set(range(0x500))
    chosen |= set(random.Random(44).sample(CODES, 4000))
    return sorted(chosen)


#: A pay with one character put in each place of the grammar: a number, a space, each letter
#: of each word, around the pay.
PLACES = ["{c} to 1", "8{c}to 1", "{c}8 to 1{c}", "8 {c}o 1", "8 t{c} 1", "9 {c}or 1", "9 f{c}r 1",
          "9 fo{c} 1", "1:1 {c}ess 5%", "1:1 l{c}ss 5%", "1:1 le{c}s 5%", "1:1 {c}inus 5%",
          "1:1 m{c}nus 5%", "1:1 mi{c}us 5%", "1:1 min{c}s 5%", "1:1 less 5% {c}ommission",
          "1:1 less 5% commissio{c}", "{c}ush", "pu{c}h", "pus{c}", "lo{c}e", "l{c}se half", "los{c}",
          "voi{c}", "half lo{c}t", "8.{c} to 1", "1{c}½ to 1", "1 1{c}2 to 1", "8 to 1 less 5{c}"]


def test_the_readers_agree_where_characters_matter(reader):
    """Issue 44.4: the whole reader, the page's against the loader's, with each character
    that could part them in each place of the grammar: the same pays accepted with the
    same exact value and text, the same refused with the same message."""
    import hashlib

    codes = _characters_that_matter()
    pays = [place.replace("{c}", chr(code)) for place in PLACES for code in codes]
    want = []
    for pay in pays:
        try:
            read = parse_pay(pay)
            net = read.net
            want.append(f"{net.numerator}/{net.denominator}\t{read.text}".replace("/1\t", "\t", 1)
                        if net.denominator == 1 else f"{net.numerator}/{net.denominator}\t{read.text}")
        except PayError as error:
            want.append(f"error\t{error}")
    # each block of 1,000 answers compared by its SHA-256: tens of megabytes of messages
    # need not cross from the browser
    blocks = [pays[i:i + 1000] for i in range(0, len(pays), 1000)]
    script = """async (blocks) => { Error.stackTraceLimit = 0; const r = window.__reader, out = [];
        for (const block of blocks) {
          const answers = block.map(p => { try { const x = r.read(p); return `${x.net.text()}\\t${x.text}`; }
                                           catch (e) { return `error\\t${e.message}`; } });
          const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(answers.join("\\n")));
          out.push([...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, "0")).join("")); }
        return out; }"""
    got = reader.evaluate(script, blocks)
    for i, digest in enumerate(got):
        expected = want[i * 1000:(i + 1) * 1000]
        if digest != hashlib.sha256("\n".join(expected).encode("utf-8")).hexdigest():
            answers = reader.evaluate("""(block) => block.map(p => { try { const x = window.__reader.read(p);
                return `${x.net.text()}\\t${x.text}`; } catch (e) { return `error\\t${e.message}`; } })""", blocks[i])
            wrong = [(p, a, b) for p, a, b in zip(blocks[i], answers, expected) if a != b]
            pytest.fail(f"block {i}: {wrong[:5]}")
    assert len(pays) > 100_000


# --- a play chosen for the pays (issue 44.1) ---------------------------------------------------

#: The pays typed, per game (21st Century and Baccarat Gold, the optimal play).
OPTIMAL_EDITS = [
    ("21st-century", [("player", "Player wins", "1 to 2")]),
    ("21st-century", [("player", "Tie on 2 to 9", "lose"), ("dealer", "Dealer wins", "1 to 1"),
                      ("late-tie", "Tie", "9 to 1")]),
    ("21st-century", [("player", "Player wins", "3 to 1"), ("early-tie", "Tie", "10 to 1")]),
    ("baccarat-gold", [("player", "Tie", "lose")]),
    ("baccarat-gold", [("player", "Player wins", "1 to 2"), ("banker", "Banker wins", "1 to 1"),
                       ("tie", "Tie", "8 to 1")]),
    # the play chosen for two bets together, one a stake the draw adds
    ("lucky-draw", [("draw", "Win with 9", "5 to 1"), ("enter", "Win", "1 to 2")]),
]


@pytest.fixture(scope="module")
def optimal_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("optimal")
    made: dict[str, Path] = {}

    def page(game: str) -> Path:
        if game not in made:
            made[game] = _page(folder, game, name=f"{game}-optimal.html", strategy="optimal")
        return made[game]

    return page


#: The key of the bettor's round's figures among a page's (``_shown``, ``_report_figures``).
ROUND = "the bettor's round"


def _shown(w: Watched) -> dict[tuple, Fraction]:
    """Every exact figure the page shows: each bet's, by (bet, figure, event), and the
    bettor's round's, by (``ROUND``, figure, its bets)."""
    return {(b, f, e): Fraction(x) for b, f, e, x in w.page.evaluate(
        """() => [...document.querySelectorAll('[data-figure][data-exact][data-bet], [data-figure][data-exact][data-round]')]
        .filter(e => e.dataset.figure !== 'break-even')
        .map(e => e.dataset.round === undefined ? [e.dataset.bet, e.dataset.figure, e.dataset.event || null, e.dataset.exact]
          : [ROUND, e.dataset.figure, e.dataset.round, e.dataset.exact])""".replace("ROUND", json.dumps(ROUND)))}


def _report_figures(report: dict) -> dict[tuple, Fraction]:
    """The page's figures as ``report --format json`` gives them, named as the page names
    them (``analysis.figures``), the bettor's round's where the report has one."""
    from exact_odds.analysis.figures import FIGURES, ROUND_FIGURES

    want: dict[tuple, Fraction] = {}
    for bet in report["bets"]:
        for figure in FIGURES.values():
            if not figure.page:
                continue
            if figure.name == "top_award_odds":
                top = bet["top_award"]
                want[bet["id"], figure.page, None] = 1 / Fraction(top["probability"]) if top else Fraction(0)
            else:
                want[bet["id"], figure.page, None] = Fraction(bet[figure.root_of or figure.name])
        want[bet["id"], "expected-result", None] = 1000 * Fraction(bet["expected_value"])
        for event in bet["events"]:
            want[bet["id"], "probability", event["event"]] = Fraction(event["probability"])
    played = report.get("bettor_round")
    for figure in ROUND_FIGURES.values() if played else ():
        want[ROUND, figure.page, " + ".join(played["bets"])] = Fraction(played[figure.name])
    return want


@pytest.mark.parametrize("game, edits", OPTIMAL_EDITS)
def test_optimal_play_edits_are_the_report_of_the_downloaded_file(optimal_page, tmp_path, reused, game, edits):
    """Issue 44.1: where the play is chosen for the pays, pays typed in the page give, for
    every bet, the exact figures of ``exact-odds report`` of the downloaded file (the play
    chosen again); the break-even pay shown makes the bet even, exactly."""
    w = reused()
    w.open(optimal_page(game))
    before = _shown(w)
    for bet, event, pay in edits:
        w.field(bet, event).fill(pay)
    with w.page.expect_download() as download:
        w.page.click("[data-control=download]")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    report = _cli_json("report", str(saved))
    assert report["strategy"] == "optimal"
    shown = _shown(w)
    assert shown == _report_figures(report)
    assert shown != before
    # the play the page shows, state by state, is the report's
    from exact_odds.analysis.decision_counts import decision_counts

    shown_play = w.page.evaluate("""() => [...document.querySelectorAll('[data-state]')]
        .map(e => [e.closest('tr').querySelector('th').textContent, e.dataset.choice])""")
    read = game_report(saved)
    assert shown_play == [[state.label, "hit" if read.rules.player_draws(
        (state.visible[0][0] + state.visible[0][1]) % 10, state.visible[0]) else "stand"]
        for state in decision_counts(read).states]
    # the break-even of the first bet's first pay, written in the file, makes it even
    bet, event = report["bets"][0]["id"], report["bets"][0]["events"][0]["event"]
    w.page.select_option(f'select[data-bet="{bet}"][data-control="pay-chart"]', event)
    even = Fraction(w.page.get_attribute(f'[data-bet="{bet}"][data-figure="break-even"]', "data-exact"))
    evened = load_game(saved).with_pay(bet, event, f"{even.numerator} to {even.denominator}")
    assert game_report(evened).bet(bet).expected_value == 0
    w.page.click("[data-control=reset]")  # the published pays, and their play, again
    assert _shown(w) == before
    assert w.close() == []


def test_the_widget_chooses_the_play_again_in_the_browser(browser):
    """Issue 44.1: the widget under the optimal play, in the browser: a pay typed there is
    shown with the figures Python's widget computes for it (the play chosen again on both
    sides), every bet."""
    needs("anywidget", "anywidget is not installed (the explorer extra)")
    import exact_odds

    widget = exact_odds.explore("21st-century", strategy="optimal")
    context, page = _typed_in_widget(browser, widget, "player", "Player wins", "1 to 2")
    figures = widget.figures()
    for bet in widget.report.bets:
        shown = Fraction(page.get_attribute(f'dd[data-bet="{bet.id}"][data-figure="expected-value"]', "data-exact"))
        assert shown == figures[bet.id]["expected_value"], bet.id
    assert figures["player"]["expected_value"] == Fraction(-922751159129, 3904998652737)
    context.close()


def _round_figure(page, key: str) -> Fraction:
    """A figure of the bettor's round as the page shows it, exact."""
    return Fraction(page.get_attribute(f'dd[data-round][data-figure="{key}"]', "data-exact"))


def test_the_pages_bettors_round_is_stephen_hows(built, reused):
    """Lucky Draw's page shows the bettor's round: at the published pays Stephen How's
    house edge for pay table 1, 1.79%; the Draw bet's 7 typed as 3 to 2 (his pay table 2),
    the play chosen again, every figure of the round is ``report``'s for ``--set
    "lucky_seven_pays=3 to 2"`` and its house edge his 3.34% (discountgambling.net,
    2 October 2013). A round that favours the bettor is flagged as a bet is."""
    from test_lucky_draw import HOW_2013, HOW_HOUSE_EDGES

    from exact_odds.analysis.figures import ROUND_FIGURES

    w = reused()
    w.open(built("lucky-draw"))
    assert w.page.locator("section.round h2").text_content() == "The bettor's round (Enter with Draw bet)"
    assert f"{float(_round_figure(w.page, 'round-house-edge')):.2%}" == HOW_HOUSE_EDGES["2 to 1"], HOW_2013
    w.field("draw", "Win with 7 (2 to 1)").fill("3 to 2")
    second = game_report("lucky-draw", settings={"lucky_seven_pays": "3 to 2"}).bettor_round
    assert second is not None
    for figure in ROUND_FIGURES.values():
        assert _round_figure(w.page, figure.page) == figure.of(second), figure.name
    assert f"{float(_round_figure(w.page, 'round-house-edge')):.2%}" == HOW_HOUSE_EDGES["3 to 2"], HOW_2013
    assert w.page.locator("section.round .flag").text_content() == ""
    w.field("enter", "Win").fill("2 to 1")
    assert "FAVOURS THE BETTOR" in w.page.locator("section.round .flag").text_content()
    assert _round_figure(w.page, "round-expected-value") > 0
    assert w.close() == []


def test_the_widgets_bettors_round_in_the_browser(browser):
    """The widget of Lucky Draw in the browser: a pay typed there that changes the play
    gives the round Python's widget computes for it (``bettor_round()``, the play chosen
    again on both sides)."""
    needs("anywidget", "anywidget is not installed (the explorer extra)")
    import exact_odds
    from exact_odds.analysis.figures import ROUND_FIGURES

    widget = exact_odds.explore("lucky-draw")
    published = widget.bettor_round()
    context, page = _typed_in_widget(browser, widget, "enter", "Win", "1 to 2")
    figures = widget.bettor_round()
    assert figures is not None and published is not None
    assert figures["average_stake"] != published["average_stake"]  # the play changed
    for figure in ROUND_FIGURES.values():
        assert _round_figure(page, figure.page) == figures[figure.name], figure.name
    context.close()


def _typed_in_widget(browser, widget, bet: str, event: str, pay: str):
    """The widget's own module hosted in a new page, ``pay`` typed there into ``event`` of
    ``bet``, and the pays the page saves given to Python's widget, as anywidget does: the
    page's context (to close) and the page."""
    context = browser.new_context()
    page = context.new_page()
    _host(page, widget)
    page.fill(f'input[data-bet="{bet}"][data-event="{event}"]', pay)
    page.wait_for_function("window.__saved.length > 0")
    widget.pays = page.evaluate("window.__saved.at(-1).pays")
    return context, page


def _host(page, widget) -> None:
    """Mount the widget's own module on ``page`` with a model over its traits, as anywidget
    does: ``window.__saved`` keeps each state the widget saves."""
    page.set_content('<!DOCTYPE html><html><body><div id="w"></div></body></html>')
    state = json.dumps(json.dumps({"data": widget.data, "pays": widget.pays, "shoe_request": {}}))
    page.add_script_tag(type="module", content=explorer_script() + """
        const listeners = {};
        const state = JSON.parse(STATE);
        window.__saved = [];
        const model = { get: k => state[k], set: (k, v) => { state[k] = v; (listeners['change:' + k] || []).forEach(f => f()); },
          save_changes: () => window.__saved.push(JSON.parse(JSON.stringify(state))),
          on: (n, f) => (listeners[n] ||= []).push(f), off: () => {} };
        window.__model = model;
        render({ model, el: document.getElementById('w') });
        window.__ready = true;""".replace("STATE", state))
    page.wait_for_function("window.__ready === true")


# --- names that are JavaScript's own words (issue 44.2) ---------------------------------------

#: Events named as JavaScript's objects name their own properties.
JS_NAMES = ["__proto__", "constructor", "toString", "name", "valueOf", "hasOwnProperty"]


def _names_game(tmp_path: Path) -> Path:
    text = """
id: js-names
name: Names that are JavaScript's own words
decks: 1
rules: punto-banco
bets:
  - id: constructor
    name: constructor
    events:
      - {event: __proto__, when: tie, pays: "8 to 1"}
      - {event: constructor, when: player_wins and player_total == 9, pays: "2 to 1"}
      - {event: toString, when: player_wins, pays: "1 to 1"}
      - {event: name, when: banker_wins and banker_total == 6, pays: "1 to 2"}
      - {event: valueOf, when: banker_wins and banker_total == 7, pays: lose}
      - {event: hasOwnProperty, when: otherwise, pays: lose}
  - id: prototype
    name: __defineGetter__
    events:
      - {event: __proto__, when: tie, pays: "8 to 1"}
      - {event: isPrototypeOf, when: otherwise, pays: lose}
"""
    path = tmp_path / "js-names.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_names_that_are_javascripts_own_words(tmp_path, watched):
    """Issue 44.2: a bet called ``constructor`` and events called ``__proto__``,
    ``constructor``, ``toString``, ``name``...: their pays from the link are shown and
    used, typing into each works, and Download writes every pay as edited, which the loader
    reads back to the page's figures."""
    page_file = _page(tmp_path, _names_game(tmp_path))
    link = {"constructor": {"__proto__": "9 to 1", "name": "2 to 1"}, "prototype": {"__proto__": "7 to 1"}}
    w = watched(accept_downloads=True)
    w.open(page_file, "#pays=" + urllib.parse.quote(json.dumps(link)))
    assert w.page.locator(".status").text_content() == ""
    assert w.field("constructor", "__proto__").input_value() == "9 to 1"
    assert w.field("prototype", "__proto__").input_value() == "7 to 1"
    typed = {"constructor": "3 to 1", "toString": "1 to 2", "valueOf": "push", "hasOwnProperty": "lose half"}
    for event, pay in typed.items():
        w.field("constructor", event).fill(pay)
    w.page.wait_for_function("location.hash.startsWith('#pays=')")
    fragment = json.loads(urllib.parse.unquote(w.page.evaluate("location.hash").removeprefix("#pays=")))
    assert fragment == {"constructor": {"__proto__": "9 to 1", "name": "2 to 1", **typed},
                        "prototype": {"__proto__": "7 to 1"}}
    with w.page.expect_download() as download:
        w.page.click("[data-control=download]")
    saved = tmp_path / "downloaded.yaml"
    download.value.save_as(saved)
    game = load_game(saved)
    pays = {bet.id: {e.name: e.pay.text for e in bet.events} for bet in game.bets}
    assert pays == {"constructor": {"__proto__": "9 to 1", "constructor": "3 to 1", "toString": "1 to 2",
                                    "name": "2 to 1", "valueOf": "push", "hasOwnProperty": "lose half"},
                    "prototype": {"__proto__": "7 to 1", "isPrototypeOf": "lose"}}
    report = _cli_json("report", str(saved))
    assert _shown(w) == _report_figures(report)
    # a fresh page from that link and a reset: nothing left anywhere
    w.page.click("[data-control=reset]")
    assert w.page.evaluate("location.hash") == ""
    assert w.field("constructor", "__proto__").input_value() == "8 to 1"
    assert not [e for e in w.close() if "pageerror" in e or "error" in e], w.events


def test_a_play_that_cannot_be_counted_again_locks_its_pays(tmp_path, monkeypatch, watched):
    """Issue 44.1: where the play follows the pays but choosing it again would pass the
    limits, the page says why; the pay fields of the bet the play is chosen for are
    read-only and a link's pays for it are not used (each named); another bet's pays, which
    cannot change the play, still move its figures exactly."""
    from exact_odds.engine.cost import EnumerationTooLarge
    from exact_odds.explorer import page

    def too_large(report):
        raise EnumerationTooLarge("too large here")

    monkeypatch.setattr(page, "decision_counts", too_large)
    page_file = _page(tmp_path, "baccarat-gold", strategy="optimal")
    w = watched()
    link = {"player": {"Player wins": "2 to 1"}, "tie": {"Tie": "20 to 1"}}
    w.open(page_file, "#pays=" + urllib.parse.quote(json.dumps(link)))
    status = w.page.locator(".status").text_content()
    assert "'player', event 'Player wins': its pays cannot be edited here" in status
    assert w.field("player", "Player wins").input_value() == "1 to 1"
    assert w.page.evaluate("[...document.querySelectorAll('input[data-bet=player][data-event]')].every(i => i.readOnly)")
    before = w.figure("player", "expected-value")
    w.field("player", "Player wins").press_sequentially("0")  # read-only: nothing typed
    assert w.field("player", "Player wins").input_value() == "1 to 1"
    assert w.figure("player", "expected-value") == before
    assert w.field("tie", "Tie").input_value() == "20 to 1"
    assert w.figure("tie", "expected-value") == game_report(
        load_game("baccarat-gold").with_pay("tie", "Tie", "20 to 1"), strategy="optimal",
        bets=["player", "tie"]).bet("tie").expected_value
    assert w.close() == []


def test_the_scripts_choice_is_pythons_on_exact_ties(reader):
    """Issue 44.1: the script chooses as ``DecisionCounts.choices`` does, exact ties
    included (the house way), with two bets played for together over the first's ways
    (a stake the draw adds), values equal as fractions but not as their parts."""
    from exact_odds.analysis.decision_counts import DecisionCounts, DecisionState

    nets = {"enter": (Fraction(1), Fraction(0), Fraction(-1)), "draw": (Fraction(0), Fraction(3, 2), Fraction(-1))}
    rows = [  # per option: enter's lines, draw's lines
        (((2, 1, 1), (0, 0, 0)), ((4, 2, 2), (0, 0, 0))),      # equal: 1/4 both ways
        (((1, 1, 2), (0, 0, 0)), ((1, 1, 2), (1, 1, 0))),      # the draw's stake tips it
        (((3, 0, 1), (0, 0, 0)), ((1, 0, 3), (0, 2, 0))),      # 2/4 against 1/4
        (((0, 0, 0), (0, 0, 0)), ((1, 0, 0), (0, 0, 0))),      # one way never happens
        (((1, 2, 3), (0, 0, 0)), ((2, 4, 6), (0, 0, 0))),      # equal again
    ]
    for house in ("hit", "stand"):
        counts = DecisionCounts("the bettor", ("hit", "stand"), house, ("enter", "draw"),
                                {"enter": (0, 0, 0), "draw": (0, 0, 0)},
                                tuple(DecisionState((i,), f"state {i}", ((i, i, None),),
                                                    tuple({"enter": e, "draw": d} for e, d in row))
                                      for i, row in enumerate(rows)), {})
        strategy = {"options": ["hit", "stand"], "house_way": house,
                    "bets": [{"id": "enter", "nets": None}, {"id": "draw", "nets": None}],
                    "played_for": [0, 1], "fixed": [["0"] * 3] * 2,
                    "states": [{"label": "", "counts": [[[str(c) for c in lines] for lines in option]
                                                        for option in row]} for row in rows]}
        got = reader.evaluate("""([strategy, nets]) => new window.__Play(strategy).choices(
            nets.map(lines => lines.map(n => window.__Q.of(n))))""",
                              [strategy, [[f"{n.numerator}/{n.denominator}" for n in nets[b]] for b in ("enter", "draw")]])
        assert got == list(counts.choices(nets)), house
        assert got[0] == got[4] == ("hit", "stand").index(house)
