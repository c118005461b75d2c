"""The explorer: change a pay and see the exact odds move, in a page anyone can open
(``exact-odds report GAME --format html``) and in Jupyter (``exact_odds.explore``).

One ES module, ``explorer.js``, draws both; ``data`` gives it a report's exact counts and
the game file as a template, ``page`` makes the page, ``widget`` the Jupyter widget.
"""

from __future__ import annotations
