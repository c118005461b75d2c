// The exact-odds explorer: change a pay and see every figure of the bet move, exactly.
//
// One ES module for the page (`exact-odds report GAME --format html`, mounted by
// `mountPage`) and the Jupyter widget (`exact_odds.explore`, anywidget's `render`). It reads
// each event's exact combinations and the shoe's total, and recomputes expected value,
// house edge, hit frequency, variance, push, element of risk and the top award with BigInt
// fractions: decimals are only the rounding of an exact value. Pays are read as the game
// file's loader reads them (`parsePay`, a port of exact_odds/games/pays.py). Every text from
// the game file or the URL is shown as text (textContent), never as markup.

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
  // rounded to `places` decimals, half to even, from the exact value
  decimal(places, sign = false) {
    const scale = 10n ** BigInt(places);
    const x = abs(this.n) * scale;
    let q = x / this.d;
    const r2 = 2n * (x % this.d);
    if (r2 > this.d || (r2 === this.d && q % 2n === 1n)) q += 1n;
    let digits = q.toString().padStart(places + 1, "0");
    if (places) digits = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
    const negative = this.n < 0n && q !== 0n;
    return (negative ? "-" : sign ? "+" : "") + digits;
  }
  percent(places, sign = false) { return `${this.mul(new Q(100n)).decimal(places, sign)}%`; }
  toNumber() { // for drawing only
    const scale = 10n ** 18n;
    return Number((this.n * scale) / this.d) / 1e18;
  }
}
const ZERO = new Q(0n), ONE = new Q(1n);

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
// the square root of an exact non-negative value, rounded to `places` decimals (half up:
// a root of a rational is never exactly half-way unless rational): s = sqrt(value)·10^places,
// floor(2s) = isqrt(floor(4·value·10^(2·places))), round(s) = (floor(2s) + 1) div 2
function sqrtText(value, places) {
  const scale = 4n * 10n ** BigInt(2 * places);
  const twice = isqrt((value.n * scale) / value.d);
  return new Q((twice + 1n) / 2n, 10n ** BigInt(places)).decimal(places);
}

function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
// "1 round", "1,000 rounds": a count of rounds as digits without leading zeros
function roundsText(n) { return `${grouped(n)} ${n === "1" ? "round" : "rounds"}`; }

// --- pays, read as the game file's loader reads them (exact_odds/games/pays.py) -----------

const MAX_NUMBER_CHARS = 24, MAX_PAY = 1000000000n;
// Python's \s (str.isspace) and \d (any decimal digit); its case-insensitive letters
const SP = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const DIGIT = "\\p{Nd}";
const LETTER = { c: "[cC]", e: "[eE]", f: "[fF]", i: "[iI\\u0130\\u0131]", l: "[lL]", m: "[mM]",
  n: "[nN]", o: "[oO]", r: "[rR]", s: "[sS\\u017f]", t: "[tT]", u: "[uU]" };
const word = (w) => [...w].map((ch) => LETTER[ch]).join("");
const NUMBER = `${DIGIT}+(?:\\.${DIGIT}+)?(?:${SP}*½|${SP}+1/2)?`;
const RATIO = new RegExp(
  `^${SP}*(${NUMBER})${SP}*(:|${word("to")}|${word("for")})${SP}*(${NUMBER})` +
  `(?:${SP}*(?:${word("less")}|${word("minus")})${SP}*(${DIGIT}+(?:\\.${DIGIT}+)?)${SP}*%${SP}*` +
  `(?:${word("commission")})?)?${SP}*$`, "u");
const SPACE = new RegExp(SP, "u");
const PUSH = new Set(["push", "pushes", "returned", "return", "void"]);
const LOSE = new Set(["lose", "loses", "lost", "loss"]);
const LOSE_HALF = new Set(["lose half", "loses half", "half lost"]); // Dragon Tiger's Dragon on a tie
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu;

function pyStrip(text) {
  const chars = [...text];
  let a = 0, b = chars.length;
  while (a < b && SPACE.test(chars[a])) a++;
  while (b > a && SPACE.test(chars[b - 1])) b--;
  return chars.slice(a, b).join("");
}
function escapeControls(text) {
  const named = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
  return text.replace(CONTROL, (ch) => {
    if (named[ch]) return named[ch];
    const code = ch.codePointAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
function shown(text, limit) { // exact_odds.errors.shown
  const safe = [...escapeControls(text)];
  if (safe.length <= limit) return safe.join("");
  const half = Math.floor((limit - 1) / 2);
  return `${safe.slice(0, half).join("")}…${safe.slice(safe.length - (limit - 1 - half)).join("")}`;
}
const quoted = (text) => `'${shown(text, 60)}'`;

const ND = /\p{Nd}/u;
function digitValue(ch) { // a decimal digit's value: Nd characters come in runs 0 to 9
  let cp = ch.codePointAt(0), start = cp;
  while (start > 0 && ND.test(String.fromCodePoint(start - 1))) start--;
  return BigInt((cp - start) % 10);
}
function plainNumber(text) { // digits, a point, digits (Python's Fraction of them)
  const [whole, part = ""] = pyStrip(text).split(".");
  let n = 0n;
  for (const ch of [...whole, ...part]) n = n * 10n + digitValue(ch);
  return new Q(n, 10n ** BigInt([...part].length));
}
function number(text) { // pays.py's _number
  text = text.replaceAll(" ", "");
  const half = text.endsWith("½") || text.endsWith("1/2");
  if (half) text = text.endsWith("½") ? text.slice(0, -1) : text.slice(0, -3);
  const value = plainNumber(text || "0");
  return half ? value.add(new Q(1n, 2n)) : value;
}

export class PayError extends Error {}

// A pay as the loader reads it: {kind, net (exact), text}; a PayError saying what is wrong.
export function parsePay(value) {
  const text = pyStrip(value);
  if ([...text].length > 2 * MAX_NUMBER_CHARS + 40) {
    throw new PayError(`${quoted(value)} is too long for a pay: a pay has at most ` +
      `${MAX_NUMBER_CHARS} characters in each number`);
  }
  const lower = text.toLowerCase();
  if (PUSH.has(lower)) return { kind: "push", net: ZERO, text: "push" };
  if (LOSE.has(lower)) return { kind: "lose", net: new Q(-1n), text: "lose" };
  if (LOSE_HALF.has(lower)) return { kind: "lose", net: new Q(-1n, 2n), text: "lose half" };
  const m = RATIO.exec(text);
  if (!m) {
    throw new PayError(`${quoted(value)} is not a pay: write a ratio such as "8:1", "8 to 1", ` +
      `"1:2", "19:20", "9 for 1" or "1:1 less 5%", or push, lose or lose half`);
  }
  const [, ga, sep, gb, gc] = m;
  for (const part of [ga, gb, gc || ""]) {
    if ([...pyStrip(part)].length > MAX_NUMBER_CHARS) {
      throw new PayError(`${quoted(value)} is not a pay: a number in a pay has at most ` +
        `${MAX_NUMBER_CHARS} characters`);
    }
  }
  const a = number(ga), b = number(gb);
  if (b.isZero()) {
    throw new PayError(`${quoted(value)} is not a pay: the second number of a ratio cannot be 0`);
  }
  let ratio;
  if (sep.toLowerCase() === "for") {
    ratio = a.sub(b).div(b);
    if (ratio.sign() < 0) throw new PayError(`${quoted(value)} returns less than the bet: that is not a win`);
  } else {
    ratio = a.div(b);
  }
  if (ratio.isZero()) throw new PayError(`${quoted(value)} pays nothing: write push if the bet is returned`);
  if (ratio.cmp(new Q(MAX_PAY)) > 0) {
    throw new PayError(`${quoted(value)} pays more than the limit of 1,000,000,000 to 1`);
  }
  const commission = gc ? plainNumber(gc).div(new Q(100n)) : ZERO;
  if (commission.cmp(ONE) >= 0) throw new PayError(`${quoted(value)} takes a commission of 100% or more`);
  const net = ratio.mul(ONE.sub(commission));
  let shownText = `${pyStrip(ga)} ${sep.toLowerCase() === "for" ? "for" : "to"} ${pyStrip(gb)}`;
  if (!commission.isZero()) shownText += ` less ${gc}%`;
  return { kind: "win", net, text: shownText };
}

// --- a bet's figures ------------------------------------------------------------------------

// events: [{combinations: BigInt, net: Q}], total: BigInt
export function betFigures(events, total) {
  let ev = ZERO, second = ZERO, hit = ZERO, push = ZERO, top = null;
  const T = new Q(total);
  for (const e of events) {
    const p = new Q(e.combinations, total);
    ev = ev.add(p.mul(e.net));
    second = second.add(p.mul(e.net).mul(e.net));
    if (e.net.sign() > 0) {
      hit = hit.add(p);
      if (e.combinations > 0n && (top === null || e.net.cmp(top.net) > 0)) top = e;
    } else if (e.net.isZero()) push = push.add(p);
  }
  const resolved = ONE.sub(push);
  const houseEdge = ev.neg();
  return {
    expectedValue: ev, houseEdge, hitFrequency: hit, push,
    elementOfRisk: resolved.isZero() ? ZERO : houseEdge.div(resolved),
    variance: second.sub(ev.mul(ev)),
    top, topOdds: top === null ? null : T.div(new Q(top.combinations)),
  };
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

// A chart frame: title, axes with ticks and labels; returns {svg, x(v), y(v)}.
function frame(title, xLabel, yLabel, xr, yr, desc) {
  const W = 560, H = 300, L = 78, R = 16, T = 34, B = 52;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart" });
  const tid = nextId("title");
  svg.setAttribute("aria-labelledby", tid);
  svg.append(s("title", { id: tid }, `${title}. ${desc}`));
  svg.append(s("text", { x: W / 2, y: 20, "text-anchor": "middle", class: "chart-title" }, title));
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
  return { svg, x, y, W, H, L, R, T, B };
}

// --- one bet --------------------------------------------------------------------------------

const FIGURES = [
  ["expected-value", "Expected value"], ["house-edge", "House edge"],
  ["hit-frequency", "Hit frequency"], ["standard-deviation", "Standard deviation"],
  ["element-of-risk", "Element of risk"], ["push", "Push"], ["top-award", "Top award"],
];

class BetView {
  constructor(app, bet) {
    this.app = app; this.bet = bet;
    this.total = BigInt(app.data.total);
    this.events = bet.events.map((e) => ({ ...e, combinations: BigInt(e.combinations),
      published: Q.of(e.net), net: Q.of(e.net) }));
    this.fields = new Map(); this.messages = new Map(); this.cells = new Map();
    this.el = this.draw();
  }

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
        input.addEventListener("input", () => this.app.edit(bet.id, e.event, input.value));
        const message = h("span", { id: msg, class: "message", role: "alert" });
        cell.append(input, message);
        this.fields.set(e.event, input); this.messages.set(e.event, message);
      } else {
        cell.append(e.pays);
      }
      const probability = new Q(e.combinations, this.total);
      const ret = h("td", { class: "num" });
      row.append(cell, h("td", { class: "num" }, grouped(e.combinations)),
        h("td", { class: "num", "data-bet": bet.id, "data-event": e.event, "data-figure": "probability",
          "data-exact": probability.text(), title: `exactly ${probability.text()}` }, probability.decimal(9)),
        ret);
      this.cells.set(e.event, ret);
      body.append(row);
    }
    table.append(body);
    section.append(h("div", { class: "scroll" }, table));
    const list = h("dl", { class: "figures" });
    this.figureEls = {};
    for (const [key, label] of FIGURES) {
      const dd = h("dd", { "data-bet": bet.id, "data-figure": key });
      list.append(h("div", {}, h("dt", {}, label), dd));
      this.figureEls[key] = dd;
    }
    section.append(list);
    this.charts = h("div", { class: "charts" });
    section.append(this.charts);
    this.chartState = { event: this.events.find((e) => e.editable && e.net.sign() > 0)?.event
      ?? this.events.find((e) => e.editable)?.event, rounds: "1000" };
    return section;
  }

  setNet(eventName, net) { this.events.find((e) => e.event === eventName).net = net; }

  update() {
    const f = betFigures(this.events, this.total);
    this.figures = f;
    const E = this.figureEls;
    const put = (el, exact, text, title) => {
      el.setAttribute("data-exact", exact);
      el.textContent = text;
      el.title = title;
    };
    put(E["expected-value"], f.expectedValue.text(), `${f.expectedValue.decimal(9, true)} (exactly ${f.expectedValue.text()})`,
      "per unit bet");
    put(E["house-edge"], f.houseEdge.text(), f.houseEdge.percent(4), `exactly ${f.houseEdge.text()}`);
    put(E["hit-frequency"], f.hitFrequency.text(), f.hitFrequency.percent(2), `exactly ${f.hitFrequency.text()}`);
    put(E["standard-deviation"], f.variance.text(), sqrtText(f.variance, 4),
      `the square root of the exact variance ${f.variance.text()}`);
    E["standard-deviation"].setAttribute("data-exact-is", "variance");
    put(E["element-of-risk"], f.elementOfRisk.text(), f.elementOfRisk.percent(4), `exactly ${f.elementOfRisk.text()}`);
    put(E.push, f.push.text(), f.push.percent(2), `exactly ${f.push.text()}`);
    if (f.top === null) {
      put(E["top-award"], "0", "never wins", "");
    } else {
      put(E["top-award"], f.topOdds.text(), `${f.top.event}: 1 in ${grouped(f.topOdds.decimal(1).split(".")[0])}.${f.topOdds.decimal(1).split(".")[1]}`,
        `pays ${f.top.net.text()} to 1; 1 in exactly ${f.topOdds.text()}`);
    }
    const ev = f.expectedValue.sign();
    this.flag.textContent = ev > 0 ? `FAVOURS THE BETTOR: the bettor's edge is ${f.expectedValue.percent(4)}`
      : ev === 0 ? "EVEN: neither side has an edge" : "";
    this.flag.className = ev > 0 ? "flag favours" : "flag";
    this.el.classList.toggle("favours-bettor", ev > 0);
    for (const e of this.events) {
      const ret = new Q(e.combinations, this.total).mul(e.net);
      const cell = this.cells.get(e.event);
      cell.textContent = ret.decimal(9, true);
      cell.setAttribute("data-exact", ret.text());
    }
    this.drawCharts(false);
  }

  // the charts that change with the pays are drawn again; each event's probability is not
  drawCharts(all = true) {
    const edited = this.events.some((e) => e.net.cmp(e.published) !== 0); // the removal's caption
    const again = all || !this.boxes;
    const drawn = [this.payChart(), again ? this.probabilityChart() : this.boxes[1],
      again || edited !== this.edited ? this.removalChart() : this.boxes[2], this.holdChart()];
    this.edited = edited;
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
    const chosen = editable.find((e) => e.event === this.chartState.event);
    wrap.append(this.control("Pay to vary: ", select));
    if (!chosen) return wrap;
    const p = new Q(chosen.combinations, this.total);
    const rest = this.figures.expectedValue.sub(p.mul(chosen.net)); // EV without this event
    const edgeAt = (x) => rest.add(p.mul(x)).neg(); // exact house edge at pay x
    const breakEven = p.isZero() ? null : rest.neg().div(p);
    const current = chosen.net.toNumber();
    let hi = Math.max(1, current * 1.5, breakEven ? breakEven.toNumber() * 1.25 : 0);
    const lo = Math.min(0, current, breakEven ? breakEven.toNumber() : 0);
    const e0 = edgeAt(new Q(BigInt(Math.floor(lo)))).toNumber() * 100;
    const e1 = edgeAt(new Q(BigInt(Math.ceil(hi)))).toNumber() * 100;
    hi = Math.ceil(hi);
    const yr = [Math.min(e0, e1, 0), Math.max(e0, e1, 0)];
    const title = `House edge of ${bet.name} against the pay of ${chosen.event}`;
    const desc = breakEven ? `Break-even at ${breakEven.decimal(4)} to 1; now ${chosen.net.decimal(4)} to 1.`
      : "The event never happens: its pay changes nothing.";
    const c = frame(title, `pay of ${chosen.event} (to 1)`, "house edge (%)", [Math.floor(lo), hi], yr, desc);
    for (const t of ticks(Math.floor(lo), hi)) {
      c.svg.append(s("text", { x: c.x(t), y: c.H - c.B + 16, "text-anchor": "middle", class: "tick" }, fmt(t)));
    }
    c.svg.append(s("line", { x1: c.L, x2: c.W - c.R, y1: c.y(0), y2: c.y(0), class: "zero" }));
    c.svg.append(s("line", { x1: c.x(Math.floor(lo)), y1: c.y(e0), x2: c.x(hi), y2: c.y(e1), class: "series" }));
    if (breakEven) {
      const bx = c.x(breakEven.toNumber());
      c.svg.append(s("line", { x1: bx, x2: bx, y1: c.T, y2: c.H - c.B, class: "mark dashed" }));
      const right = bx > (c.L + c.W - c.R) / 2;
      c.svg.append(s("text", { x: right ? bx - 4 : bx + 4, y: c.T + 12, "text-anchor": right ? "end" : "start",
        class: "note" }, `break-even ${breakEven.decimal(4)} to 1`));
    }
    const cx = c.x(current), cy = c.y(edgeAt(chosen.net).toNumber() * 100);
    c.svg.append(s("circle", { cx, cy, r: 5, class: "point" }));
    const right = cx > (c.L + c.W - c.R) / 2;
    c.svg.append(s("text", { x: right ? cx - 8 : cx + 8, y: cy - 8, "text-anchor": right ? "end" : "start", class: "note" },
      `now ${chosen.net.decimal(4)} to 1: ${edgeAt(chosen.net).percent(4)}`));
    wrap.append(c.svg, h("figcaption", {}, desc));
    return wrap;
  }

  probabilityChart() {
    const wrap = h("figure", { class: "chart-box" });
    const rows = this.events;
    const W = 560, rowH = 24, L = 190, R = 120, T = 34, B = 40, H = T + B + rowH * rows.length;
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart" });
    const title = `Probability of each event of ${this.bet.name}`;
    const tid = nextId("title");
    svg.setAttribute("aria-labelledby", tid);
    svg.append(s("title", { id: tid }, title));
    svg.append(s("text", { x: W / 2, y: 20, "text-anchor": "middle", class: "chart-title" }, title));
    const ps = rows.map((e) => new Q(e.combinations, this.total));
    const max = Math.max(...ps.map((p) => p.toNumber()), 1e-12);
    const x = (v) => L + (v / max) * (W - L - R);
    rows.forEach((e, i) => {
      const y = T + i * rowH;
      const name = e.event.length > 28 ? `${e.event.slice(0, 27)}…` : e.event;
      svg.append(s("text", { x: L - 6, y: y + 16, "text-anchor": "end", class: "tick" }, name));
      svg.append(s("rect", { x: L, y: y + 4, width: Math.max(0.5, x(ps[i].toNumber()) - L), height: rowH - 8, class: "bar" }));
      svg.append(s("text", { x: x(ps[i].toNumber()) + 4, y: y + 16, class: "note" }, ps[i].percent(4)));
    });
    svg.append(s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }));
    svg.append(s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }));
    for (const t of ticks(0, max * 100, 4)) {
      if (t > max * 100) continue;
      svg.append(s("text", { x: x(t / 100), y: H - B + 16, "text-anchor": "middle", class: "tick" }, fmt(t)));
    }
    svg.append(s("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle", class: "label" }, "probability (%)"));
    svg.append(s("text", { x: L - 6, y: T - 4, "text-anchor": "end", class: "label" }, "event"));
    wrap.append(svg);
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
      bar.append(s("title", {}, `${removal.labels[i]}: ${Q.of(removal.effects[i]).percent(5, true)}`));
      c.svg.append(bar);
      c.svg.append(s("text", { x: c.L + (i + 0.5) * band, y: c.H - c.B + 16, "text-anchor": "middle", class: "tick" }, removal.labels[i]));
    });
    const edited = this.events.some((e) => e.net.cmp(e.published) !== 0);
    const caption = edited ? "At the published pays (the pays edited here are not in these figures)."
      : "At the published pays. Above the line: a card whose removal helps the bettor.";
    wrap.append(c.svg, h("figcaption", {}, caption));
    return wrap;
  }

  holdChart() {
    const wrap = h("figure", { class: "chart-box" });
    const input = h("input", { type: "text", inputmode: "numeric", size: "10", "data-bet": this.bet.id, "data-control": "rounds" });
    input.value = this.chartState.rounds;
    const message = h("span", { class: "message", role: "alert" });
    input.addEventListener("change", () => {
      if (!/^[0-9]{1,9}$/.test(input.value.trim()) || BigInt(input.value.trim()) < 1n) {
        message.textContent = "rounds: a whole number from 1 to 999,999,999";
        return;
      }
      this.chartState.rounds = String(BigInt(input.value.trim()));  // "0001000" is 1000
      this.drawCharts();
      this.charts.querySelector('[data-control="rounds"]')?.focus();
    });
    wrap.append(this.control("Rounds: ", input), message);
    const n = Number(this.chartState.rounds);
    const ev = this.figures.expectedValue, sd = Math.sqrt(this.figures.variance.toNumber());
    const mean = ev.toNumber();
    const steps = 60, pts = [];
    for (let i = 0; i <= steps; i++) {
      const k = (n * i) / steps;
      pts.push([k, mean * k, mean * k - 1.96 * sd * Math.sqrt(k), mean * k + 1.96 * sd * Math.sqrt(k)]);
    }
    const lo = Math.min(...pts.map((p) => p[2])), hi = Math.max(...pts.map((p) => p[3]));
    const expected = ev.mul(new Q(BigInt(this.chartState.rounds)));
    const title = `${this.bet.name}: the bettor's result over ${roundsText(this.chartState.rounds)} of one unit`;
    const c = frame(title, "rounds", "units won (below 0: lost)", [0, n], [lo, hi === lo ? lo + 1 : hi],
      `Expected ${expected.decimal(4, true)} units, with a 95% band.`);
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
    c.svg.append(s("text", { x: c.x(last[0]) - 4, y: c.y(last[3]) + 14, "text-anchor": "end", class: "note" }, "95% band (dashed)"));
    const figure = h("span", { "data-bet": this.bet.id, "data-figure": "expected-result", "data-exact": expected.text() },
      `${expected.decimal(4, true)} units (exactly ${expected.text()})`);
    wrap.append(c.svg, h("figcaption", {}, `Expected result after ${roundsText(this.chartState.rounds)}: `, figure,
      "; the band is the expected result ± 1.96 standard deviations (normal approximation)."));
    return wrap;
  }
}

// --- the explorer ---------------------------------------------------------------------------

const MAX_FRAGMENT = 100000; // characters of #pays= read at most

class Explorer {
  constructor(model, el) {
    this.model = model; this.el = el;
    this.load();
  }

  load() {
    const data = this.model.get("data");
    this.data = data;
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
    const download = h("button", { type: "button", "data-control": "download" }, "Download game file");
    download.addEventListener("click", () => this.download());
    const reset = h("button", { type: "button", "data-control": "reset" }, "Reset to the published pays");
    reset.addEventListener("click", () => this.reset());
    const tools = h("div", { class: "tools" }, download, reset);
    if (data.shoe_control) tools.append(this.shoeControl());
    header.append(tools, this.status);
    if (data.message) this.say(data.message);
    this.el.append(header);
    const main = h("div", { class: "bets" });
    this.views = new Map();
    for (const bet of data.bets) {
      const view = new BetView(this, bet);
      this.views.set(bet.id, view);
      main.append(view.el);
    }
    this.el.append(main);
    this.applied = {}; // bet -> event -> pay text in force (valid, differs from published)
    this.apply(this.model.get("pays") || {}, true);
    for (const view of this.views.values()) view.update();
  }

  shoeControl() {
    const box = h("div", { class: "shoe" });
    const decks = h("input", { type: "text", size: "6", "data-control": "decks" });
    const remove = h("input", { type: "text", size: "18", "data-control": "remove" });
    const shoe = this.model.get("shoe_request") || {};
    decks.value = shoe.decks || ""; remove.value = shoe.remove || "";
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
    if (pays === null || typeof pays !== "object" || Array.isArray(pays)) {
      this.say("The pays in the link are not a mapping of bets to their events' pays: ignored.");
      return;
    }
    for (const [betId, events] of Object.entries(pays)) {
      const view = this.views.get(betId);
      if (!view) { problems.push(`no bet ${quoted(betId)}`); continue; }
      if (events === null || typeof events !== "object" || Array.isArray(events)) {
        problems.push(`bet ${quoted(betId)}: not a mapping of events to pays`); continue;
      }
      for (const [eventName, text] of Object.entries(events)) {
        const input = view.fields.get(eventName);
        if (!input) { problems.push(`bet ${quoted(betId)} has no event ${quoted(eventName)} whose pay can change`); continue; }
        if (typeof text !== "string") { problems.push(`bet ${quoted(betId)}, event ${quoted(eventName)}: a pay is text`); continue; }
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
    const event = view.events.find((e) => e.event === eventName);
    const message = view.messages.get(eventName);
    const input = view.fields.get(eventName);
    let pay;
    try {
      pay = parsePay(text);
    } catch (error) {
      if (!(error instanceof PayError)) throw error;
      message.textContent = error.message;
      input.setAttribute("aria-invalid", "true");
      return false;
    }
    message.textContent = "";
    input.removeAttribute("aria-invalid");
    view.setNet(eventName, pay.net);
    const changes = (this.applied[view.bet.id] ||= {});
    if (pyStrip(text) === event.pays) delete changes[eventName];
    else changes[eventName] = pyStrip(text);
    if (!Object.keys(changes).length) delete this.applied[view.bet.id];
    return true;
  }

  edit(betId, eventName, text) {
    const view = this.views.get(betId);
    if (this.setPay(view, eventName, text)) {
      view.update();
      // the pays saved (the page's fragment, the widget's Python) once the typing pauses
      clearTimeout(this.saving);
      this.saving = setTimeout(() => {
        this.model.set("pays", structuredClone(this.applied));
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
      view.update();
    }
    this.applied = {};
    this.model.set("pays", {});
    this.model.save_changes();
    this.say("The published pays are restored.");
  }

  payOf(betId, eventName) {
    return this.applied[betId]?.[eventName] ?? this.views.get(betId).events.find((e) => e.event === eventName).pays;
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
    if (JSON.stringify(model.get("pays") || {}) !== JSON.stringify(explorer.applied)) again();
  };
  model.on("change:data", again);
  model.on("change:pays", pays);
  return () => { model.off("change:data", again); model.off("change:pays", pays); };
}
export default { render };

// --- the page: a model-like object over the embedded data and the URL fragment --------------

export function readFragment(hash) {
  if (!hash || hash === "#") return { pays: {} };
  if (hash.length > MAX_FRAGMENT) {
    return { pays: {}, message: `The link's pays are too long (${grouped(hash.length)} characters; at most ${grouped(MAX_FRAGMENT)}): ignored.` };
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
  const listeners = {};
  let state;
  const fromHash = () => {
    const read = readFragment(location.hash);
    state = { data: { ...data, message: read.message || "" }, pays: read.pays };
  };
  fromHash();
  const model = {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; },
    save_changes: () => {
      const hash = Object.keys(state.pays).length ? `#pays=${encodeURIComponent(JSON.stringify(state.pays))}` : "";
      history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
    },
    on: (name, f) => { (listeners[name] ||= []).push(f); },
    off: (name, f) => { listeners[name] = (listeners[name] || []).filter((g) => g !== f); },
  };
  render({ model, el });
  window.addEventListener("hashchange", () => {
    fromHash();
    for (const f of listeners["change:data"] || []) f();
  });
  el.setAttribute("data-ready", "true");
  performance.mark("exact-odds-ready"); // how long the page took to become interactive
}
