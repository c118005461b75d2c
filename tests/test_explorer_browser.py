"""The explorer's page in a real browser (issue 26): headless Chromium opens the page from
disk, a pay is typed, and the exact figures it shows are those of ``exact-odds report`` for
the same change made in the game file; the URL fragment, a refused pay, the download, the
keyboard, a phone's width, hostile game files and links.

Driven by Playwright for Python with the system's Chromium (Debian's ``chromium``); every
test here skips, with its reason, where either is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.parse
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from exact_odds.analysis.report import game_report
from exact_odds.cli import main
from exact_odds.explorer.page import explorer_script, report_page
from exact_odds.games.loader import builtin_games, load_game
from exact_odds.games.pays import PayError, parse_pay
from exact_odds.render import render

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
CHROMIUM = os.environ.get("EXACT_ODDS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)

FIGURES = ("expected-value", "house-edge", "hit-frequency", "standard-deviation", "element-of-risk")


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
    text = " ".join(figure.locator("svg text, figcaption").all_text_contents())
    assert f"over {shown} of one unit" in text and f"after {shown}:" in text
    assert "0,0" not in text and "1 rounds" not in text.replace("1,", "")
    exact = figure.locator('[data-figure="expected-result"]').get_attribute("data-exact")
    assert Fraction(exact) == rounds * game_report(
        "commission-free", bets="tie").bet("tie").expected_value
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
    """Issue 26: every figure the page shows, for every built-in game and bet, equals the
    command line's exact figure (report --format json)."""
    w = reused()
    for game in builtin_games():
        page_file = built(game)
        w.open(page_file)
        shown = w.page.evaluate("""() => [...document.querySelectorAll('[data-figure][data-exact][data-bet]')]
            .map(e => [e.dataset.bet, e.dataset.figure, e.dataset.event || null, e.dataset.exact])""")
        report = _cli_json("report", game)
        want: dict[tuple, Fraction] = {}
        for bet in report["bets"]:
            b = bet["id"]
            want[b, "expected-value", None] = Fraction(bet["expected_value"])
            want[b, "house-edge", None] = Fraction(bet["house_edge"])
            want[b, "hit-frequency", None] = Fraction(bet["hit_frequency"])
            want[b, "standard-deviation", None] = Fraction(bet["variance"])
            want[b, "element-of-risk", None] = Fraction(bet["element_of_risk"])
            want[b, "push", None] = Fraction(bet["push_probability"])
            want[b, "top-award", None] = (1 / Fraction(bet["top_award"]["probability"])
                                          if bet["top_award"] else Fraction(0))
            want[b, "expected-result", None] = 1000 * Fraction(bet["expected_value"])
            for event in bet["events"]:
                want[b, "probability", event["event"]] = Fraction(event["probability"])
        got = {(b, f, e): Fraction(x) for b, f, e, x in shown}
        assert got == want, game
        sds = w.page.evaluate("""() => [...document.querySelectorAll('[data-figure="standard-deviation"]')]
            .map(e => [e.dataset.bet, e.textContent])""")
        for b, text in sds:  # the decimal shown is the root rounded, not truncated (0.9512, not 0.9511)
            variance = want[b, "standard-deviation", None]
            with localcontext() as context:
                context.prec = 50
                root = (Decimal(variance.numerator) / Decimal(variance.denominator)).sqrt()
            assert str(root.quantize(Decimal("0.0001"), ROUND_HALF_EVEN)) in text, (game, b, text)
        for b in report["bets"]:
            assert all((b["id"], f, None) in got for f in FIGURES)
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


def test_the_pages_pay_parser_is_the_loaders(browser):
    """Issue 26: the page reads pays as the game file's loader reads them: the script's
    ``parsePay`` (explorer.js) against ``exact_odds.games.pays.parse_pay`` on pays written
    well, oddly and wrongly: the same pays accepted with the same exact value and text,
    the same refused with the same message."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    page.add_script_tag(content=explorer_script() + "\nwindow.__parsePay = parsePay; window.__ready = true;",
                        type="module")
    page.wait_for_function("window.__ready === true")
    got = page.evaluate("""(pays) => pays.map(p => { try { const x = window.__parsePay(p);
        return ['ok', x.kind, x.net.text(), x.text]; } catch (e) { return ['error', e.message]; } })""", PAYS)
    context.close()
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
    pytest.importorskip("anywidget", reason="anywidget is not installed (the explorer extra)")
    import exact_odds

    widget = exact_odds.explore("commission-free", bets=["tie"])
    context = browser.new_context()
    page = context.new_page()
    page.set_content('<!DOCTYPE html><html><body><div id="w"></div></body></html>')
    page.add_script_tag(type="module", content=explorer_script() + """
        const listeners = {};
        const state = JSON.parse(document.getElementById('state').textContent);
        window.__saved = [];
        const model = { get: k => state[k], set: (k, v) => { state[k] = v; (listeners['change:' + k] || []).forEach(f => f()); },
          save_changes: () => window.__saved.push(JSON.parse(JSON.stringify(state))),
          on: (n, f) => (listeners[n] ||= []).push(f), off: () => {} };
        window.__model = model;
        render({ model, el: document.getElementById('w') });
        window.__ready = true;""".replace("document.getElementById('state').textContent",
                                          json.dumps(json.dumps({"data": widget.data, "pays": {}, "shoe_request": {}}))))
    page.wait_for_function("window.__ready === true")
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
