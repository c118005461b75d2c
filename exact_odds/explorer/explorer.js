// The exact-odds explorer: change a pay and see every figure of the bet move, exactly.
//
// One ES module for the page (`exact-odds report GAME --format html`, mounted by
// `mountPage`) and the Jupyter widget (`exact_odds.explore`, anywidget's `render`). It keeps
// the algorithms only; what they read comes from Python with the data (exact_odds/explorer/
// data.py): each event's exact combinations and the shoe's total, the figures to show
// (exact_odds/analysis/figures.py), the pay grammar (exact_odds/games/pays.py: its regular
// expression, spaces, digits, words, limits and messages), the rounding rule, the hold
// band's quantile, the limits, and where the play is chosen for the pays each decision
// state's combinations (exact_odds/analysis/decision_counts.py). Figures are computed with
// BigInt fractions: decimals are only the rounding of an exact value. Every map keyed by a
// name from the game file or the link is a Map. Every text from the game file or the URL is
// shown as text (textContent), never as markup.

// --- exact fractions ----------------------------------------------------------------------

const abs = (n) => (n < 0n ? -n : n);
function gcd(a, b) {
  a = abs(a); b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export class Q {
  constructor(n, d = 1n) {
    if (d === 0n) throw new RangeError("zero denominator");
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n, d) || 1n;
    this.n = n / g; this.d = d / g;
  }
  static of(text) { // "p/q", "-p/q" or an integer
    const [n, d] = String(text).split("/");
    return new Q(BigInt(n), d === undefined ? 1n : BigInt(d));
  }
  add(o) { return new Q(this.n * o.d + o.n * this.d, this.d * o.d); }
  sub(o) { return new Q(this.n * o.d - o.n * this.d, this.d * o.d); }
  mul(o) { return new Q(this.n * o.n, this.d * o.d); }
  div(o) { return new Q(this.n * o.d, this.d * o.n); }
  neg() { return new Q(-this.n, this.d); }
  sign() { return this.n > 0n ? 1 : this.n < 0n ? -1 : 0; }
  cmp(o) { const x = this.n * o.d - o.n * this.d; return x > 0n ? 1 : x < 0n ? -1 : 0; }
  isZero() { return this.n === 0n; }
  text() { return this.d === 1n ? String(this.n) : `${this.n}/${this.d}`; }
  // rounded to `places` decimals from the exact value, by the report's rule (data.rounding:
  // "half-even" or "half-up")
  decimal(places, sign = false, rounding = "half-even") {
    const scale = 10n ** BigInt(places);
    const x = abs(this.n) * scale;
    let q = x / this.d;
    const r2 = 2n * (x % this.d);
    if (r2 > this.d || (r2 === this.d && (rounding === "half-up" || q % 2n === 1n))) q += 1n;
    return decimalDigits(q, places, this.n < 0n, sign);
  }
  percent(places, sign = false, rounding = "half-even") {
    return `${this.mul(new Q(100n)).decimal(places, sign, rounding)}%`;
  }
  toNumber() { // for drawing only
    const scale = 10n ** 18n;
    return Number((this.n * scale) / this.d) / 1e18;
  }
}
const ZERO = new Q(0n), ONE = new Q(1n);

function decimalDigits(q, places, negative, sign) { // q / 10^places, written out
  let digits = q.toString().padStart(places + 1, "0");
  if (places) digits = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return (negative && q !== 0n ? "-" : sign ? "+" : "") + digits;
}

function isqrt(n) {
  if (n < 2n) return n;
  const guess = Math.sqrt(Number(n));
  let x = Number.isFinite(guess) ? BigInt(Math.floor(guess)) + 1n : n;
  for (;;) { // Newton from above
    if (x * x > n) { x = (x + n / x) / 2n; continue; }
    if ((x + 1n) * (x + 1n) <= n) { x += 1n; continue; }
    return x;
  }
}
// the square root of an exact non-negative value, rounded to `places` decimals by the
// rule: s = sqrt(value)·10^places, floor(2s) = isqrt(floor(4·value·10^(2·places))); s is
// half-way only where 4·value·10^(2·places) is the square of an odd integer
function sqrtText(value, places, rounding = "half-even") {
  const scaled = value.n * 4n * 10n ** BigInt(2 * places);
  const twice = isqrt(scaled / value.d);
  let q = (twice + 1n) / 2n;
  const tie = scaled % value.d === 0n && twice * twice === scaled / value.d && twice % 2n === 1n;
  if (tie && rounding === "half-even" && q % 2n === 1n) q -= 1n;
  return decimalDigits(q, places, false, false);
}

function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

// --- pays, read by the game file's grammar, shipped from Python (exact_odds/games/pays.py) ----

// A set of code points from [first, last] ranges, as a regular expression's class.
function rangeClass(ranges) {
  const hex = (cp) => `\\u{${cp.toString(16)}}`;
  return `[${ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join("")}]`;
}

// The text of a message of the grammar's, each {name} replaced by its value (never read as a
// pattern: a pay's own "$&" or "{x}" is shown as written).
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (values.has(name) ? values.get(name) : whole));
}

export class PayError extends Error {}

// The pays of one grammar (the page's data.grammar): read(text) gives {kind, net (exact),
// text} or throws a PayError whose message is the loader's own.
export class PayReader {
  constructor(grammar) {
    this.g = grammar;
    this.space = new RegExp(rangeClass(grammar.space), "u");
    this.control = new RegExp(rangeClass(grammar.controls), "gu");
    this.ratio = new RegExp(grammar.ratio, "u");
    this.digits = grammar.digits; // [first, last, value of first], sorted
    this.lower = new Map(Object.entries(grammar.lower)); // a character -> the letter it lowers to
    this.push = new Set(grammar.push); this.lose = new Set(grammar.lose);
    this.loseHalf = new Set(grammar.lose_half);
    this.named = new Map(Object.entries(grammar.named_escapes));
  }

  strip(text) { // Python's str.strip()
    const chars = [...text];
    let a = 0, b = chars.length;
    while (a < b && this.space.test(chars[a])) a++;
    while (b > a && this.space.test(chars[b - 1])) b--;
    return chars.slice(a, b).join("");
  }

  lowered(text) { // Python's str.lower(), for comparing with the grammar's words
    return [...text].map((ch) => this.lower.get(ch) ?? ch).join("");
  }

  escape(text) { // exact_odds.errors.escape_controls
    return text.replace(this.control, (ch) => {
      if (this.named.has(ch)) return this.named.get(ch);
      const code = ch.codePointAt(0);
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    });
  }

  quoted(text) { // exact_odds.errors.quoted
    const safe = [...this.escape(text)], limit = this.g.echo;
    if (safe.length <= limit) return `'${safe.join("")}'`;
    const half = Math.floor((limit - 1) / 2);
    return `'${safe.slice(0, half).join("")}…${safe.slice(safe.length - (limit - 1 - half)).join("")}'`;
  }

  digit(ch) { // a decimal digit's value
    const cp = ch.codePointAt(0);
    for (const [first, last, value] of this.digits) {
      if (cp >= first && cp <= last) return BigInt(value + cp - first);
    }
    throw new RangeError(`not a digit: ${cp}`);
  }

  plain(text) { // digits, a point, digits: Python's Fraction of them
    const [whole, part = ""] = this.strip(text).split(".");
    let n = 0n;
    for (const ch of [...whole, ...part]) n = n * 10n + this.digit(ch);
    return new Q(n, 10n ** BigInt([...part].length));
  }

  number(text) { // pays.py's _number
    text = text.replaceAll(" ", "");
    const half = text.endsWith("½") || text.endsWith("1/2");
    if (half) text = text.endsWith("½") ? text.slice(0, -1) : text.slice(0, -3);
    const value = this.plain(text || "0");
    return half ? value.add(new Q(1n, 2n)) : value;
  }

  refuse(name, value) {
    const g = this.g;
    return new PayError(fill(g.messages[name], new Map([["pay", this.quoted(value)],
      ["max_chars", String(g.max_number_chars)], ["max_pay", grouped(g.max_pay)]])));
  }

  read(value) {
    const g = this.g, text = this.strip(value);
    if ([...text].length > g.max_text) throw this.refuse("too_long", value);
    const lower = this.lowered(text);
    if (this.push.has(lower)) return { kind: "push", net: ZERO, text: g.written.push };
    if (this.lose.has(lower)) return { kind: "lose", net: new Q(-1n), text: g.written.lose };
    if (this.loseHalf.has(lower)) return { kind: "lose", net: new Q(-1n, 2n), text: g.written.lose_half };
    const m = this.ratio.exec(text);
    if (!m) throw this.refuse("not_a_pay", value);
    const { a: ga, sep, b: gb, commission: gc } = m.groups;
    for (const part of [ga, gb, gc || ""]) {
      if ([...this.strip(part)].length > g.max_number_chars) throw this.refuse("number_too_long", value);
    }
    const a = this.number(ga), b = this.number(gb);
    if (b.isZero()) throw this.refuse("zero_second", value);
    const returns = this.lowered(sep) === g.returns_word;
    let ratio;
    if (returns) {
      ratio = a.sub(b).div(b);
      if (ratio.sign() < 0) throw this.refuse("less_than_bet", value);
    } else {
      ratio = a.div(b);
    }
    if (ratio.isZero()) throw this.refuse("pays_nothing", value);
    if (ratio.cmp(new Q(BigInt(g.max_pay))) > 0) throw this.refuse("over_limit", value);
    const commission = gc ? this.plain(gc).div(new Q(100n)) : ZERO;
    if (commission.cmp(ONE) >= 0) throw this.refuse("commission", value);
    const net = ratio.mul(ONE.sub(commission));
    const numbers = new Map([["a", this.strip(ga)], ["b", this.strip(gb)], ["c", gc]]);
    let shownText = fill(g.display[returns ? "returns" : "ratio"], numbers);
    if (!commission.isZero()) shownText += fill(g.display.commission, numbers);
    return { kind: "win", net, text: shownText };
  }
}

// --- a bet's figures ------------------------------------------------------------------------

// Each figure named as exact_odds.analysis.figures names it. lines: [{combinations: BigInt,
// net: Q}], total: BigInt.
export function betFigures(lines, total) {
  let ev = ZERO, second = ZERO, hit = ZERO, push = ZERO, top = null;
  for (const e of lines) {
    const p = new Q(e.combinations, total);
    ev = ev.add(p.mul(e.net));
    second = second.add(p.mul(e.net).mul(e.net));
    if (e.net.sign() > 0) {
      hit = hit.add(p);
      if (e.combinations > 0n && (top === null || e.net.cmp(top.net) > 0)) top = e;
    } else if (e.net.isZero()) push = push.add(p);
  }
  const resolved = ONE.sub(push), houseEdge = ev.neg();
  return new Map([
    ["expected_value", ev], ["house_edge", houseEdge], ["hit_frequency", hit],
    ["push_probability", push], ["element_of_risk", resolved.isZero() ? ZERO : houseEdge.div(resolved)],
    ["variance", second.sub(ev.mul(ev))], ["top_award", top],
    ["top_award_odds", top === null ? null : new Q(total, top.combinations)],
  ]);
}

// The bettor's round, where a decision adds a stake (exact_odds.analysis.figures.ROUND_FIGURES):
// each figure named as it names it. bets: the round's bets, the first then the stakes added,
// each [{expected_value: Q, not_placed: Q}] (its probability of having no action).
export function roundFigures(bets) {
  let ev = ZERO, stake = ZERO;
  for (const b of bets) {
    ev = ev.add(b.expected_value);
    stake = stake.add(ONE.sub(b.not_placed));
  }
  const houseEdge = ev.neg();
  return new Map([["expected_value", ev], ["house_edge", houseEdge], ["average_stake", stake],
    ["element_of_risk", houseEdge.div(stake)]]);
}

// --- the play, chosen again for the pays (exact_odds.analysis.decision_counts) ------------------

// data.strategy: for each decision state (what the decider sees), each option's combinations
// of every line of every bet counted: the page's bets in their order, then any bet played for
// that the page does not show (with what it pays); the combinations no decision touches; the
// bets played for (their places); the house way.
export class Play {
  constructor(strategy) {
    const big = (lines) => lines.map((c) => BigInt(c));
    this.options = strategy.options;
    this.house = strategy.options.indexOf(strategy.house_way);
    this.playedFor = strategy.played_for;
    this.hidden = strategy.bets.filter((b) => b.nets !== null).map((b) => b.nets.map((n) => Q.of(n)));
    this.fixed = strategy.fixed.map(big);
    this.states = strategy.states.map((st) => ({ label: st.label,
      counts: st.counts.map((byBet) => byBet.map(big)) }));
  }

  // the option taken in each state for nets[bet][line] (the page's bets): the best expected
  // value of the bets played for together, their nets over the ways of the first; the
  // house way on an exact tie (takes_option). Exact, in integers: every net over one common
  // denominator, and two options' values compared by cross-multiplying their ways.
  choices(shown) {
    const nets = [...shown, ...this.hidden];
    let common = 1n;
    for (const b of this.playedFor) for (const net of nets[b]) common = (common / gcd(common, net.d)) * net.d;
    const whole = this.playedFor.map((b) => nets[b].map((net) => (net.n * common) / net.d));
    return this.states.map((st) => {
      const values = st.counts.map((byBet) => {
        let ways = 0n, sum = 0n;
        for (const c of byBet[this.playedFor[0]]) ways += c;
        this.playedFor.forEach((b, k) => {
          const lines = byBet[b], paid = whole[k];
          for (let i = 0; i < lines.length; i++) sum += lines[i] * paid[i];
        });
        return ways === 0n ? null : { sum, ways };
      });
      if (values.some((v) => v === null)) return this.house;
      const above = (x, y) => x.sum * y.ways > y.sum * x.ways; // x's value above y's
      let best = this.house;
      values.forEach((v, o) => { if (above(v, values[best])) best = o; });
      return best;
    });
  }

  // a page's bet's combinations of each line, the options `choices` taken
  combinations(choices, b) {
    const lines = this.fixed[b].slice();
    choices.forEach((option, s) => {
      this.states[s].counts[option][b].forEach((c, i) => { lines[i] += c; });
    });
    return lines;
  }
}

// --- the game file, written with the pays as edited ---------------------------------------

export function yamlString(text) { // exact_odds.explorer.data.yaml_string
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `"${out}"`;
}
export function gameFile(template, payOf) {
  return template.map((piece) => (typeof piece === "string" ? piece
    : yamlString(payOf(piece.bet, piece.event)))).join("");
}

// --- drawing helpers: elements whose every text is set as text ------------------------------

const SVG = "http://www.w3.org/2000/svg";
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c); // strings become text nodes
  return node;
}
function s(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}
let uid = 0;
const nextId = (stem) => `xo-${stem}-${++uid}`;

// A figure (as data.figures describes it) shown in its element from f, the values by name:
// the rounding by the report's rule, the exact value in data-exact and the title.
function showFigure(el, figure, f, rounding) {
  const value = f.get(figure.value);
  const put = (exact, text, title) => {
    el.setAttribute("data-exact", exact);
    el.textContent = text;
    el.title = title;
  };
  if (figure.shown === "odds") {
    const top = f.get("top_award");
    if (top === null) put("0", "never wins", "");
    else put(value.text(), `${top.event}: 1 in ${grouped(value.decimal(figure.places, false, rounding))}`,
      `pays ${top.net.text()} to 1; 1 in exactly ${value.text()}`);
  } else if (figure.shown === "root") {
    put(value.text(), sqrtText(value, figure.places, rounding),
      `the square root of the exact ${figure.value.replaceAll("_", " ")} ${value.text()}`);
    el.setAttribute("data-exact-is", figure.value);
  } else {
    const text = figure.shown === "percent" ? value.percent(figure.places, figure.sign, rounding)
      : value.decimal(figure.places, figure.sign, rounding);
    if (figure.exact_beside) put(value.text(), `${text} (exactly ${value.text()})`, figure.note);
    else put(value.text(), text, `exactly ${value.text()}`);
  }
}

// The verdict on an expected value (data.verdicts) in its flag: favours the bettor, even, or
// nothing; whether it favours him. A stake added with the draw (added) is positive on its
// own by design: said so, not flagged.
function showVerdict(flag, ev, verdicts, rounding, added = false) {
  const sign = ev.sign(), flagged = sign > 0 && !added;
  flag.textContent = sign > 0 ? fill(added ? verdicts.added : verdicts.favours,
                                     new Map([["edge", ev.percent(4, false, rounding)]]))
    : sign === 0 ? verdicts.even : "";
  flag.className = flagged ? "flag favours" : "flag";
  return flagged;
}

function ticks(lo, hi, count = 5) {
  if (!(hi > lo)) { hi = lo + 1; }
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((x) => x >= raw);
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(+t.toPrecision(12));
  return out;
}
const fmt = (x) => (Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 1e-3) ? x.toExponential(1) : String(+x.toPrecision(4)));

// A chart's title, as text of the page: it wraps where the chart is narrow (in an SVG it
// would run past the chart's edge)
const chartTitle = (title) => h("p", { class: "chart-title", "aria-hidden": "true" }, title);

// A chart frame: axes with ticks and labels; returns {heading, svg, x(v), y(v)}.
function frame(title, xLabel, yLabel, xr, yr, desc) {
  const W = 560, H = 280, L = 78, R = 16, T = 14, B = 52;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart" });
  const tid = nextId("title");
  svg.setAttribute("aria-labelledby", tid);
  svg.append(s("title", { id: tid }, `${title}. ${desc}`));
  const [x0, x1] = xr, [y0, y1] = yr;
  const x = (v) => L + ((v - x0) / (x1 - x0 || 1)) * (W - L - R);
  const y = (v) => H - B - ((v - y0) / (y1 - y0 || 1)) * (H - T - B);
  svg.append(s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }));
  svg.append(s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }));
  for (const t of ticks(y0, y1)) {
    if (t < y0 || t > y1) continue;
    svg.append(s("line", { x1: L - 4, y1: y(t), x2: W - R, y2: y(t), class: "grid" }));
    svg.append(s("text", { x: L - 6, y: y(t) + 4, "text-anchor": "end", class: "tick" }, fmt(t)));
  }
  svg.append(s("text", { x: (L + W - R) / 2, y: H - 10, "text-anchor": "middle", class: "label" }, xLabel));
  svg.append(s("text", { x: 14, y: (T + H - B) / 2, "text-anchor": "middle", class: "label",
    transform: `rotate(-90 14 ${(T + H - B) / 2})` }, yLabel));
  return { heading: chartTitle(title), svg, x, y, W, H, L, R, T, B };
}

// --- one bet --------------------------------------------------------------------------------

class BetView {
  constructor(app, bet, index) {
    this.app = app; this.bet = bet; this.index = index;
    this.total = BigInt(app.data.total);
    this.events = bet.events.map((e) => ({ ...e, combinations: BigInt(e.combinations),
      publishedCombinations: BigInt(e.combinations), published: Q.of(e.net), net: Q.of(e.net) }));
    this.fields = new Map(); this.messages = new Map(); // by event name (the editable lines)
    this.cells = []; // by line: [combinations, probability, return]
    this.el = this.draw();
  }

  // the editable line called `name` (a line added by the report, "Not offered" or "Any
  // other outcome", is never one)
  line(name) { return this.events.findIndex((e) => e.editable && e.event === name); }

  dec(q, places, sign = false) { return q.decimal(places, sign, this.app.data.rounding); }
  pct(q, places, sign = false) { return q.percent(places, sign, this.app.data.rounding); }

  draw() {
    const bet = this.bet;
    const head = h("h2", { id: nextId("bet") });
    head.append(bet.name, " ", h("span", { class: "bet-id" }, `[${bet.id}]`));
    const section = h("section", { class: "bet", "data-bet": bet.id, "aria-labelledby": head.id }, head);
    this.flag = h("p", { class: "flag", role: "status" });
    section.append(this.flag);
    const table = h("table", { class: "events" });
    table.append(h("caption", {}, `Pays and odds of ${bet.name}`));
    const names = ["Event", "When", "Pays", "Combinations", "Probability", "Return"];
    table.append(h("thead", {}, h("tr", {}, ...names.map((n) => h("th", { scope: "col" }, n)))));
    const body = h("tbody");
    for (const e of this.events) {
      const row = h("tr", {});
      row.append(h("th", { scope: "row" }, e.event), h("td", { class: "when" }, e.when));
      const cell = h("td", { class: "pays" });
      if (e.editable) {
        const msg = nextId("msg");
        const input = h("input", { type: "text", value: e.pays, "data-bet": bet.id,
          "data-event": e.event, "aria-label": `Pays for ${e.event} (${bet.name})`,
          "aria-describedby": msg, autocomplete: "off", spellcheck: "false", size: "12" });
        input.value = e.pays;
        if (this.app.locked.has(bet.id)) input.readOnly = true;
        else input.addEventListener("input", () => this.app.edit(bet.id, e.event, input.value));
        const message = h("span", { id: msg, class: "message", role: "alert" });
        cell.append(input, message);
        this.fields.set(e.event, input); this.messages.set(e.event, message);
      } else {
        cell.append(e.pays);
      }
      const cells = [h("td", { class: "num" }), h("td", { class: "num", "data-bet": bet.id,
        "data-event": e.event, "data-figure": "probability" }), h("td", { class: "num" })];
      row.append(cell, ...cells);
      this.cells.push(cells);
      body.append(row);
    }
    table.append(body);
    section.append(h("div", { class: "scroll" }, table));
    const list = h("dl", { class: "figures" });
    this.figureEls = new Map();
    for (const figure of this.app.data.figures) {
      const dd = h("dd", { "data-bet": bet.id, "data-figure": figure.key });
      list.append(h("div", {}, h("dt", {}, figure.label), dd));
      this.figureEls.set(figure.key, dd);
    }
    section.append(list);
    this.charts = h("div", { class: "charts" });
    section.append(this.charts);
    this.chartState = { event: this.events.find((e) => e.editable && e.net.sign() > 0)?.event
      ?? this.events.find((e) => e.editable)?.event, rounds: this.app.data.hold.rounds };
    return section;
  }

  setNet(eventName, net) { this.events[this.line(eventName)].net = net; }

  // whether a pay, or the play, is not the published one: the effect of removal is the
  // published pays' alone
  isEdited() {
    return this.events.some((e) => e.net.cmp(e.published) !== 0 || e.combinations !== e.publishedCombinations);
  }

  // each line's combinations (the play chosen again may change them): whether any changed
  setCombinations(lines) {
    let changed = false;
    lines.forEach((c, i) => { if (this.events[i].combinations !== c) { this.events[i].combinations = c; changed = true; } });
    return changed;
  }

  show(figure, f) { showFigure(this.figureEls.get(figure.key), figure, f, this.app.data.rounding); }

  update(drawn = false) {
    const f = betFigures(this.events, this.total);
    this.figures = f;
    for (const figure of this.app.data.figures) this.show(figure, f);
    const favours = showVerdict(this.flag, f.get("expected_value"), this.app.data.verdicts,
                                this.app.data.rounding, this.bet.added_stake === true);
    this.el.classList.toggle("favours-bettor", favours);
    this.events.forEach((e, i) => {
      const [count, probabilityCell, returnCell] = this.cells[i];
      const probability = new Q(e.combinations, this.total), ret = probability.mul(e.net);
      count.textContent = grouped(e.combinations);
      probabilityCell.textContent = this.dec(probability, 9);
      probabilityCell.setAttribute("data-exact", probability.text());
      probabilityCell.title = `exactly ${probability.text()}`;
      returnCell.textContent = this.dec(ret, 9, true);
      returnCell.setAttribute("data-exact", ret.text());
    });
    this.drawCharts(drawn);
  }

  // the charts that change with the pays (or with the play) are drawn again
  drawCharts(all = true) {
    const edited = this.isEdited(); // the removal's caption
    const counts = this.events.map((e) => e.combinations).join(",");
    const again = all || !this.boxes;
    const drawn = [this.payChart(), again || counts !== this.counts ? this.probabilityChart() : this.boxes[1],
      again || edited !== this.edited ? this.removalChart() : this.boxes[2], this.holdChart()];
    this.edited = edited; this.counts = counts;
    if (!this.boxes) this.charts.replaceChildren(...drawn);
    else this.boxes.forEach((box, i) => { if (box !== drawn[i]) box.replaceWith(drawn[i]); });
    this.boxes = drawn;
  }

  control(label, node) {
    const id = nextId("control");
    node.id = id;
    return h("div", { class: "control" }, h("label", { for: id }, label), node);
  }

  payChart() {
    const bet = this.bet, wrap = h("figure", { class: "chart-box" });
    const editable = this.events.filter((e) => e.editable);
    const select = h("select", { "data-bet": bet.id, "data-control": "pay-chart" });
    for (const e of editable) {
      const option = h("option", {}, e.event);
      option.value = e.event;
      select.append(option);
    }
    select.value = this.chartState.event;
    select.addEventListener("change", () => { this.chartState.event = select.value; this.drawCharts();
      this.charts.querySelector('[data-control="pay-chart"]')?.focus(); });
    wrap.append(this.control("Pay to vary: ", select));
    const line = this.line(this.chartState.event);
    if (line < 0) return wrap;
    const chosen = this.events[line];
    const edgeAt = (x) => this.app.at(this, line, x).ev.neg(); // exact, the play chosen again
    const found = this.app.breakEven(this, line), breakEven = found.pay;
    const current = chosen.net.toNumber();
    let hi = Math.max(1, current * 1.5, breakEven ? breakEven.toNumber() * 1.25 : 0);
    const lo = Math.floor(Math.min(0, current, breakEven ? breakEven.toNumber() : 0));
    hi = Math.ceil(hi);
    const steps = this.app.play && this.app.play.playedFor.includes(this.index) ? 24 : 1;
    const points = [];
    for (let i = 0; i <= steps; i++) {
      const x = new Q(BigInt(lo * steps) + BigInt(i) * BigInt(hi - lo), BigInt(steps));
      points.push([x.toNumber(), edgeAt(x).toNumber() * 100]);
    }
    const ys = points.map((p) => p[1]);
    const yr = [Math.min(...ys, 0), Math.max(...ys, 0)];
    const title = `House edge of ${bet.name} against the pay of ${chosen.event}`;
    const desc = breakEven ? `Break-even at ${this.dec(breakEven, 4)} to 1; now ${this.dec(chosen.net, 4)} to 1.`
      : found.never ? "The event never happens (with the play shown): its pay changes nothing here."
        : "No pay of this event was found to make the bet even.";
    const c = frame(title, `pay of ${chosen.event} (to 1)`, "house edge (%)", [lo, hi], yr, desc);
    for (const t of ticks(lo, hi)) {
      c.svg.append(s("text", { x: c.x(t), y: c.H - c.B + 16, "text-anchor": "middle", class: "tick" }, fmt(t)));
    }
    c.svg.append(s("line", { x1: c.L, x2: c.W - c.R, y1: c.y(0), y2: c.y(0), class: "zero" }));
    c.svg.append(s("path", { d: points.map(([x, y], i) => `${i ? "L" : "M"}${c.x(x).toFixed(1)},${c.y(y).toFixed(1)}`).join(" "),
      class: "series" }));
    if (breakEven) {
      const bx = c.x(breakEven.toNumber());
      c.svg.append(s("line", { x1: bx, x2: bx, y1: c.T, y2: c.H - c.B, class: "mark dashed" }));
      const right = bx > (c.L + c.W - c.R) / 2;
      c.svg.append(s("text", { x: right ? bx - 4 : bx + 4, y: c.T + 12, "text-anchor": right ? "end" : "start",
        class: "note" }, `break-even ${this.dec(breakEven, 4)} to 1`));
    }
    const edge = this.figures.get("house_edge");
    const cx = c.x(current), cy = c.y(edge.toNumber() * 100);
    c.svg.append(s("circle", { cx, cy, r: 5, class: "point" }));
    const right = cx > (c.L + c.W - c.R) / 2;
    c.svg.append(s("text", { x: right ? cx - 8 : cx + 8, y: cy - 8, "text-anchor": right ? "end" : "start", class: "note" },
      `now ${this.dec(chosen.net, 4)} to 1: ${this.pct(edge, 4)}`));
    const caption = h("figcaption", {}, desc);
    if (breakEven) {
      caption.append(" ", h("span", { "data-bet": bet.id, "data-event": chosen.event, "data-figure": "break-even",
        "data-exact": breakEven.text() }, `(break-even exactly ${breakEven.text()} to 1)`));
    }
    wrap.append(c.heading, c.svg, caption);
    return wrap;
  }

  probabilityChart() {
    const wrap = h("figure", { class: "chart-box" });
    const rows = this.events;
    const W = 560, rowH = 24, L = 190, R = 120, T = 24, B = 40, H = T + B + rowH * rows.length;
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart" });
    const title = `Probability of each event of ${this.bet.name}`;
    const tid = nextId("title");
    svg.setAttribute("aria-labelledby", tid);
    svg.append(s("title", { id: tid }, title));
    const ps = rows.map((e) => new Q(e.combinations, this.total));
    const max = Math.max(...ps.map((p) => p.toNumber()), 1e-12);
    const x = (v) => L + (v / max) * (W - L - R);
    rows.forEach((e, i) => {
      const y = T + i * rowH;
      const name = [...e.event].length > 28 ? `${[...e.event].slice(0, 27).join("")}…` : e.event;
      svg.append(s("text", { x: L - 6, y: y + 16, "text-anchor": "end", class: "tick" }, name));
      svg.append(s("rect", { x: L, y: y + 4, width: Math.max(0.5, x(ps[i].toNumber()) - L), height: rowH - 8, class: "bar" }));
      svg.append(s("text", { x: x(ps[i].toNumber()) + 4, y: y + 16, class: "note" }, this.pct(ps[i], 4)));
    });
    svg.append(s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }));
    svg.append(s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }));
    for (const t of ticks(0, max * 100, 4)) {
      if (t > max * 100) continue;
      svg.append(s("text", { x: x(t / 100), y: H - B + 16, "text-anchor": "middle", class: "tick" }, fmt(t)));
    }
    svg.append(s("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle", class: "label" }, "probability (%)"));
    svg.append(s("text", { x: L - 6, y: T - 8, "text-anchor": "end", class: "label" }, "event"));
    wrap.append(chartTitle(title), svg);
    return wrap;
  }

  removalChart() {
    const wrap = h("figure", { class: "chart-box" });
    const removal = this.bet.removal;
    if (!removal) {
      wrap.append(h("p", { class: "note-text" }, this.app.data.removal_note || "The effect of removal was not computed."));
      return wrap;
    }
    const values = removal.effects.map((t) => Q.of(t).toNumber() * 100);
    const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
    const title = `Effect of removing one card on ${this.bet.name}, by rank`;
    const c = frame(title, "rank removed", "change in expected value (% of a unit)", [0, values.length],
      [lo, hi === lo ? lo + 1e-9 : hi], "At the published pays, as exact-odds eor computes it.");
    const band = (c.W - c.L - c.R) / values.length;
    c.svg.append(s("line", { x1: c.L, x2: c.W - c.R, y1: c.y(0), y2: c.y(0), class: "zero" }));
    values.forEach((v, i) => {
      const top = c.y(Math.max(v, 0)), bottom = c.y(Math.min(v, 0));
      const bar = s("rect", { x: c.L + i * band + 3, y: top, width: band - 6, height: Math.max(0.5, bottom - top),
        class: v >= 0 ? "bar" : "bar negative", "data-rank": removal.labels[i], "data-exact": removal.effects[i] });
      bar.append(s("title", {}, `${removal.labels[i]}: ${this.pct(Q.of(removal.effects[i]), 5, true)}`));
      c.svg.append(bar);
      c.svg.append(s("text", { x: c.L + (i + 0.5) * band, y: c.H - c.B + 16, "text-anchor": "middle", class: "tick" }, removal.labels[i]));
    });
    const caption = this.isEdited() ? "At the published pays (the pays edited here are not in these figures)."
      : "At the published pays. Above the line: a card whose removal helps the bettor.";
    wrap.append(c.heading, c.svg, h("figcaption", {}, caption));
    return wrap;
  }

  holdChart() {
    const hold = this.app.data.hold;
    const wrap = h("figure", { class: "chart-box" });
    const input = h("input", { type: "text", inputmode: "numeric", size: "10", "data-bet": this.bet.id, "data-control": "rounds" });
    input.value = this.chartState.rounds;
    const message = h("span", { class: "message", role: "alert" });
    input.addEventListener("change", () => {
      const text = input.value.trim();
      if (!/^[0-9]{1,12}$/.test(text) || BigInt(text) < 1n || BigInt(text) > BigInt(hold.max_rounds)) {
        message.textContent = `rounds: a whole number from 1 to ${grouped(hold.max_rounds)}`;
        return;
      }
      this.chartState.rounds = String(BigInt(text));
      this.drawCharts();
      this.charts.querySelector('[data-control="rounds"]')?.focus();
    });
    wrap.append(this.control("Rounds: ", input), message);
    const n = Number(this.chartState.rounds), z = hold.z;
    const ev = this.figures.get("expected_value"), sd = Math.sqrt(this.figures.get("variance").toNumber());
    const mean = ev.toNumber();
    const steps = 60, pts = [];
    for (let i = 0; i <= steps; i++) {
      const k = (n * i) / steps;
      pts.push([k, mean * k, mean * k - z * sd * Math.sqrt(k), mean * k + z * sd * Math.sqrt(k)]);
    }
    const lo = Math.min(...pts.map((p) => p[2])), hi = Math.max(...pts.map((p) => p[3]));
    const expected = ev.mul(new Q(BigInt(this.chartState.rounds)));
    const rounds = grouped(this.chartState.rounds), unit = this.chartState.rounds === "1" ? "round" : "rounds";
    const title = `${this.bet.name}: the bettor's result over ${rounds} ${unit} of one unit`;
    const c = frame(title, "rounds", "units won (below 0: lost)", [0, n], [lo, hi === lo ? lo + 1 : hi],
      `Expected ${this.dec(expected, 4, true)} units, with a ${hold.label}.`);
    for (const t of ticks(0, n, 4)) {
      c.svg.append(s("text", { x: c.x(t), y: c.H - c.B + 16, "text-anchor": "middle", class: "tick" }, fmt(t)));
    }
    c.svg.append(s("line", { x1: c.L, x2: c.W - c.R, y1: c.y(0), y2: c.y(0), class: "zero" }));
    const path = (j) => pts.map((p, i) => `${i ? "L" : "M"}${c.x(p[0]).toFixed(1)},${c.y(p[j]).toFixed(1)}`).join(" ");
    const area = `${path(3)} ${pts.slice().reverse().map((p) => `L${c.x(p[0]).toFixed(1)},${c.y(p[2]).toFixed(1)}`).join(" ")} Z`;
    c.svg.append(s("path", { d: area, class: "band" }));
    c.svg.append(s("path", { d: path(2), class: "series dashed" }));
    c.svg.append(s("path", { d: path(3), class: "series dashed" }));
    c.svg.append(s("path", { d: path(1), class: "series" }));
    const last = pts[pts.length - 1];
    c.svg.append(s("text", { x: c.x(last[0]) - 4, y: c.y(last[1]) - 6, "text-anchor": "end", class: "note" }, "expected (solid)"));
    c.svg.append(s("text", { x: c.x(last[0]) - 4, y: c.y(last[3]) + 14, "text-anchor": "end", class: "note" }, `${hold.label} (dashed)`));
    const figure = h("span", { "data-bet": this.bet.id, "data-figure": "expected-result", "data-exact": expected.text() },
      `${this.dec(expected, 4, true)} units (exactly ${expected.text()})`);
    wrap.append(c.heading, c.svg, h("figcaption", {}, `Expected result after ${rounds} ${unit}: `, figure,
      `; the band is the expected result ± ${hold.z_text} standard deviations (${hold.approximation}).`));
    return wrap;
  }
}

// --- the bettor's round ----------------------------------------------------------------------

// Where a decision adds a stake (data.round): the round as a whole, its figures from its bets'
// as the page shows them (the pays in force, the play chosen for them).
class RoundView {
  constructor(app, round) {
    this.app = app; this.round = round;
    const ids = round.bets.map((b) => app.data.bets[b.index].id).join(" + ");
    const head = h("h2", { id: nextId("round") }, round.title);
    this.el = h("section", { class: "round", "data-round": ids, "aria-labelledby": head.id }, head);
    this.flag = h("p", { class: "flag", role: "status" });
    this.el.append(this.flag, h("p", { class: "note-text" }, round.note));
    const list = h("dl", { class: "figures" });
    this.figureEls = new Map();
    for (const figure of round.figures) {
      const dd = h("dd", { "data-round": ids, "data-figure": figure.key });
      list.append(h("div", {}, h("dt", {}, figure.label), dd));
      this.figureEls.set(figure.key, dd);
    }
    this.el.append(list);
  }

  update() {
    const views = [...this.app.views.values()];
    const f = roundFigures(this.round.bets.map((b) => {
      const view = views[b.index];
      let notPlaced = ZERO;
      for (const i of b.not_placed) notPlaced = notPlaced.add(new Q(view.events[i].combinations, view.total));
      return { expected_value: view.figures.get("expected_value"), not_placed: notPlaced };
    }));
    for (const figure of this.round.figures) {
      showFigure(this.figureEls.get(figure.key), figure, f, this.app.data.rounding);
    }
    showVerdict(this.flag, f.get("expected_value"), this.app.data.verdicts, this.app.data.rounding);
  }
}

// --- the explorer ---------------------------------------------------------------------------

class Explorer {
  constructor(model, el) {
    this.model = model; this.el = el;
    this.load();
  }

  load() {
    const data = this.model.get("data");
    this.data = data;
    this.reader = new PayReader(data.grammar);
    const strategy = data.strategy;
    // the bets whose pays cannot change here: the play follows them and cannot be chosen again
    this.locked = new Set(strategy && strategy.unavailable ? strategy.locked : []);
    this.play = strategy && !strategy.unavailable ? new Play(strategy) : null;
    this.el.replaceChildren();
    this.el.classList.add("exact-odds-explorer");
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite" });
    const header = h("header", {}, h("h1", {}, data.title));
    const lines = h("ul", { class: "inputs" }, ...data.header.map((line) => h("li", {}, line)));
    header.append(lines);
    if (data.game.readings.length) {
      const details = h("details", {}, h("summary", {}, "How the game file reads its rules"));
      details.append(h("ul", {}, ...data.game.readings.map((r) => h("li", {}, r))));
      header.append(details);
    }
    if (strategy) header.append(this.playBox(strategy));
    const download = h("button", { type: "button", "data-control": "download" }, "Download game file");
    download.addEventListener("click", () => this.download());
    const reset = h("button", { type: "button", "data-control": "reset" }, "Reset to the published pays");
    reset.addEventListener("click", () => this.reset());
    const tools = h("div", { class: "tools" }, download, reset);
    if (data.shoe_control) tools.append(this.shoeControl());
    header.append(tools, this.status);
    if (data.message) this.say(data.message);
    if (strategy && strategy.unavailable) this.say(strategy.unavailable);
    this.el.append(header);
    // the bettor's round, where a decision adds a stake: its figures follow the bets'
    this.roundView = data.round ? new RoundView(this, data.round) : null;
    if (this.roundView) this.el.append(this.roundView.el);
    const main = h("div", { class: "bets" });
    this.views = new Map();
    data.bets.forEach((bet, index) => {
      const view = new BetView(this, bet, index);
      this.views.set(bet.id, view);
      main.append(view.el);
    });
    this.el.append(main);
    this.applied = new Map(); // bet -> event -> pay text in force (valid, differs from published)
    this.apply(this.model.get("pays") || {}, true);
    this.replay();
    for (const view of this.views.values()) view.update(true);
    this.roundView?.update();
  }

  // the play: which option each state takes, shown as a list that follows the pays
  playBox(strategy) {
    const box = h("details", { class: "play", "data-control": "play" });
    this.playSummary = h("summary", {});
    box.append(this.playSummary);
    if (strategy.unavailable) {
      this.playSummary.textContent = strategy.unavailable;
      return box;
    }
    box.append(h("p", { class: "note-text" }, strategy.note));
    const list = h("table", { class: "states" });
    list.append(h("caption", {}, "The choice in each state the decider sees"));
    list.append(h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "What the decider sees"),
      h("th", { scope: "col" }, "Choice"))));
    const body = h("tbody");
    this.choiceCells = strategy.states.map((st, i) => {
      const cell = h("td", { "data-state": String(i) });
      body.append(h("tr", {}, h("th", { scope: "row" }, st.label), cell));
      return cell;
    });
    list.append(body);
    box.append(h("div", { class: "scroll" }, list));
    return box;
  }

  nets() { return [...this.views.values()].map((view) => view.events.map((e) => e.net)); }

  // the play chosen again for the pays in force; every bet's combinations follow it
  replay() {
    if (!this.play) return [];
    const choices = this.play.choices(this.nets());
    const changed = [];
    for (const view of this.views.values()) {
      if (view.setCombinations(this.play.combinations(choices, view.index))) changed.push(view);
    }
    const options = this.play.options;
    choices.forEach((option, i) => {
      this.choiceCells[i].textContent = options[option];
      this.choiceCells[i].setAttribute("data-choice", options[option]);
    });
    const counts = options.map((_, o) => choices.filter((c) => c === o).length);
    this.playSummary.textContent = `${this.data.strategy.summary}: ` +
      options.map((o, i) => `${o} in ${counts[i]}`).join(", ") + ` of ${choices.length} states`;
    return changed;
  }

  // the expected value of a bet, and its combinations, where one of its lines pays `net`
  // and every other pay is in force: the play chosen again for it
  at(view, line, net) {
    let lines = view.events.map((e) => e.combinations);
    const nets = view.events.map((e, i) => (i === line ? net : e.net));
    if (this.play && this.play.playedFor.includes(view.index)) {
      const all = this.nets();
      all[view.index] = nets;
      lines = this.play.combinations(this.play.choices(all), view.index);
    }
    let ev = ZERO;
    lines.forEach((c, i) => { ev = ev.add(new Q(c, view.total).mul(nets[i])); });
    return { ev, lines };
  }

  // the pay of a line at which its bet is even, exactly: {pay}, or {pay: null, never} where
  // the line never happens (with the play in force), {pay: null} where no pay was found. The
  // expected value is linear in the pay for a play held fixed; where the play follows the
  // pays it is the best of those lines (for the bet played for alone: convex, never
  // decreasing): Newton's steps from the pay in force reach the root exactly, each step the
  // break-even of the play chosen at the last
  breakEven(view, line) {
    let x = view.events[line].net;
    for (let step = 0; step < 100; step++) {
      const { ev, lines } = this.at(view, line, x);
      if (ev.isZero()) return { pay: x };
      if (lines[line] === 0n) return { pay: null, never: step === 0 };
      const next = x.sub(ev.div(new Q(lines[line], view.total)));
      if (next.cmp(x) === 0) return { pay: x };
      x = next;
    }
    return { pay: null };
  }

  shoeControl() {
    const box = h("div", { class: "shoe" });
    const decks = h("input", { type: "text", size: "6", "data-control": "decks" });
    const remove = h("input", { type: "text", size: "18", "data-control": "remove" });
    const shoe = this.model.get("shoe_request") || {};
    decks.value = typeof shoe.decks === "string" ? shoe.decks : "";
    remove.value = typeof shoe.remove === "string" ? shoe.remove : "";
    const go = h("button", { type: "button", "data-control": "shoe" }, "Recompute for this shoe");
    go.addEventListener("click", () => {
      this.say("Computing the shoe exactly…");
      this.model.set("shoe_request", { decks: decks.value, remove: remove.value });
      this.model.save_changes();
    });
    const label = (text, node) => { node.id = nextId("shoe"); return [h("label", { for: node.id }, text), node]; };
    box.append(...label("Decks ", decks), " ", ...label("Cards removed ", remove), " ", go);
    return box;
  }

  say(text) { this.status.textContent = text; }

  // pays: {bet: {event: text}} from the fragment or the model; unknown names are reported
  apply(pays, initial) {
    const problems = [];
    const q = (text) => this.reader.quoted(text);
    if (pays === null || typeof pays !== "object" || Array.isArray(pays)) {
      this.say("The pays in the link are not a mapping of bets to their events' pays: ignored.");
      return;
    }
    for (const [betId, events] of Object.entries(pays)) {
      const view = this.views.get(betId);
      if (!view) { problems.push(`no bet ${q(betId)}`); continue; }
      if (events === null || typeof events !== "object" || Array.isArray(events)) {
        problems.push(`bet ${q(betId)}: not a mapping of events to pays`); continue;
      }
      for (const [eventName, text] of Object.entries(events)) {
        const input = view.fields.get(eventName);
        if (!input) { problems.push(`bet ${q(betId)} has no event ${q(eventName)} whose pay can change`); continue; }
        if (typeof text !== "string") { problems.push(`bet ${q(betId)}, event ${q(eventName)}: a pay is text`); continue; }
        if (this.locked.has(betId)) { problems.push(`bet ${q(betId)}, event ${q(eventName)}: its pays cannot be edited here`); continue; }
        input.value = text;
        this.setPay(view, eventName, text);
      }
    }
    if (problems.length) {
      const shownProblems = problems.slice(0, 5).join("; ") + (problems.length > 5 ? `; and ${problems.length - 5} more` : "");
      this.say(`Some pays in the link were not used: ${shownProblems}.`);
    } else if (!initial) this.say("");
  }

  setPay(view, eventName, text) {
    const event = view.events[view.line(eventName)];
    const message = view.messages.get(eventName);
    const input = view.fields.get(eventName);
    let pay;
    try {
      pay = this.reader.read(text);
    } catch (error) {
      if (!(error instanceof PayError)) throw error;
      message.textContent = error.message;
      input.setAttribute("aria-invalid", "true");
      return false;
    }
    message.textContent = "";
    input.removeAttribute("aria-invalid");
    view.setNet(eventName, pay.net);
    const betId = view.bet.id;
    if (!this.applied.has(betId)) this.applied.set(betId, new Map());
    const changes = this.applied.get(betId);
    const written = this.reader.strip(text);
    if (written === event.pays) changes.delete(eventName);
    else changes.set(eventName, written);
    if (!changes.size) this.applied.delete(betId);
    return true;
  }

  // the pays in force as plain data: {bet: {event: pay}}, every name an own property
  appliedData() {
    return Object.fromEntries([...this.applied].map(([bet, events]) => [bet, Object.fromEntries(events)]));
  }

  edit(betId, eventName, text) {
    const view = this.views.get(betId);
    if (this.setPay(view, eventName, text)) {
      const changed = new Set([view, ...this.replay()]);
      for (const one of changed) one.update();
      this.roundView?.update();
      // the pays saved (the page's fragment, the widget's Python) once the typing pauses
      clearTimeout(this.saving);
      this.saving = setTimeout(() => {
        this.model.set("pays", this.appliedData());
        this.model.save_changes();
      }, 0);
    }
  }

  reset() {
    clearTimeout(this.saving);
    for (const view of this.views.values()) {
      for (const e of view.events) {
        if (!e.editable) continue;
        view.fields.get(e.event).value = e.pays;
        view.messages.get(e.event).textContent = "";
        view.fields.get(e.event).removeAttribute("aria-invalid");
        e.net = e.published;
      }
    }
    this.applied = new Map();
    this.replay();
    for (const view of this.views.values()) view.update();
    this.roundView?.update();
    this.model.set("pays", {});
    this.model.save_changes();
    this.say("The published pays are restored.");
  }

  payOf(betId, eventName) {
    const edited = this.applied.get(betId);
    if (edited && edited.has(eventName)) return edited.get(eventName);
    const view = this.views.get(betId);
    return view.events[view.line(eventName)].pays;
  }

  download() {
    const text = gameFile(this.data.template, (b, e) => this.payOf(b, e));
    const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
    const link = h("a", { href: url, download: this.data.file_name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }
}

// anywidget: the widget's model holds "data" (from Python), "pays" (both ways) and "shoe".
function render({ model, el }) {
  let explorer = new Explorer(model, el);
  const again = () => { explorer = new Explorer(model, el); };
  const pays = () => { // a pay set from Python; the widget's own edits are already shown
    if (JSON.stringify(model.get("pays") || {}) !== JSON.stringify(explorer.appliedData())) again();
  };
  model.on("change:data", again);
  model.on("change:pays", pays);
  return () => { model.off("change:data", again); model.off("change:pays", pays); };
}
export default { render };

// --- the page: a model-like object over the embedded data and the URL fragment --------------

export function readFragment(hash, limit) {
  if (!hash || hash === "#") return { pays: {} };
  if (hash.length > limit) {
    return { pays: {}, message: `The link's pays are too long (${grouped(hash.length)} characters; at most ${grouped(limit)}): ignored.` };
  }
  if (!hash.startsWith("#pays=")) return { pays: {}, message: "The link's fragment is not #pays=…: ignored." };
  let pays;
  try {
    pays = JSON.parse(decodeURIComponent(hash.slice(6)));
  } catch {
    return { pays: {}, message: "The pays in the link are not valid JSON: ignored." };
  }
  if (pays === null || typeof pays !== "object" || Array.isArray(pays)) {
    return { pays: {}, message: "The pays in the link are not a mapping of bets to their events' pays: ignored." };
  }
  return { pays };
}

export function mountPage(el, dataElement) {
  const data = JSON.parse(dataElement.textContent);
  const listeners = new Map();
  const state = new Map();
  const fromHash = () => {
    const read = readFragment(location.hash, data.limits.fragment);
    state.set("data", { ...data, message: read.message || "" });
    state.set("pays", read.pays);
  };
  fromHash();
  const model = {
    get: (key) => state.get(key),
    set: (key, value) => { state.set(key, value); },
    save_changes: () => {
      const pays = state.get("pays");
      const hash = Object.keys(pays).length ? `#pays=${encodeURIComponent(JSON.stringify(pays))}` : "";
      history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
    },
    on: (name, f) => { if (!listeners.has(name)) listeners.set(name, []); listeners.get(name).push(f); },
    off: (name, f) => { listeners.set(name, (listeners.get(name) || []).filter((g) => g !== f)); },
  };
  render({ model, el });
  window.addEventListener("hashchange", () => {
    fromHash();
    for (const f of listeners.get("change:data") || []) f();
  });
  el.setAttribute("data-ready", "true");
  performance.mark("exact-odds-ready"); // how long the page took to become interactive
}
