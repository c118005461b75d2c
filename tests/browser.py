"""The real browser the page's and the widget's tests drive: the system's Chromium through
Playwright, and what they measure in it.

``CHROMIUM`` is its path (``EXACT_ODDS_CHROMIUM`` to choose another); ``FLAGS`` the flags
it is started with (headless, no GPU, no network of its own, no first-run work);
``TEXT_OVERLAPS`` a function for ``page.evaluate`` that finds text drawn over other text.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM = os.environ.get("EXACT_ODDS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: No GPU process (headless Chromium would emulate one in software for every page), nothing
#: fetched or synced in the background, no first-run work.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]

#: Every pair of text boxes that overlap (by more than a pixel each way) inside ``root``
#: (a CSS selector; the whole document by default): each text node's line boxes (HTML and
#: SVG), and each field's box (its value is text too). A box not drawn (hidden, inside a
#: closed <details>, or in a part of the page not drawn until it is scrolled to) is left
#: out; so are an SVG's <title> (never drawn) and the items of a closed <select>. Returns
#: [text, other text] pairs.
TEXT_OVERLAPS = """(root) => {
  const scope = root ? document.querySelector(root) : document.body;
  const boxes = [];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, parent = node.parentElement;
    if (!node.textContent.trim() || !parent || parent.closest("title, script, style, option, noscript")) continue;
    if (!parent.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 1 && r.height > 1) boxes.push({ r, text: node.textContent.trim().slice(0, 40), node });
    }
  }
  for (const field of scope.querySelectorAll("input, select, button, textarea")) {
    const r = field.getBoundingClientRect();
    if (!field.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    if (r.width > 1 && r.height > 1) boxes.push({ r, text: `<${field.tagName.toLowerCase()} ${field.value || field.textContent}>`.slice(0, 40), node: field });
  }
  const found = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.node === b.node || a.node.contains(b.node) || b.node.contains(a.node)) continue;
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (x > 1 && y > 1) found.push([a.text, b.text]);
    }
  }
  return found;
}"""

#: Every text of a chart (SVG) drawn past its chart's edge, where the chart cuts it off
#: (by more than a pixel): [text, side] pairs.
TEXT_CUT = """(root) => {
  const scope = root ? document.querySelector(root) : document.body;
  const found = [];
  for (const text of scope.querySelectorAll("svg text")) {
    const box = text.closest("svg").getBoundingClientRect(), r = text.getBoundingClientRect();
    if (!(r.width > 1 && r.height > 1)) continue;
    for (const [side, out] of [["left", box.left - r.left], ["right", r.right - box.right],
                               ["top", box.top - r.top], ["bottom", r.bottom - box.bottom]]) {
      if (out > 1) found.push([text.textContent.slice(0, 40), side]);
    }
  }
  return found;
}"""
