"""The crawl (tests/e2e/test_crawl.py): open every route of the app and tap every button, tab, segment and link on
it, as a person trying the app would, and collect what goes wrong: an error boundary, an uncaught error or a console
error, a layout wider than the window or a broken image (conftest._LOOK_PROBLEMS) or one that collapses (COLLAPSED),
an English text of the catalogue on a screen in another language, and an accessibility violation that axe-core rates
serious or critical.

Controls that spend money or end the session are never confirmed: money goes through the payment-password sheet
and logout through a confirm, and the crawl never taps inside a sheet or dialog a tap opened (it checks it, then
reloads the route). Controls marked `data-crawl="skip"` (and all inside them) are not tapped at all.
"""

import contextlib
import os
import re
import time
from dataclasses import dataclass, field

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import _LOOK_PROBLEMS, ROOT, catalogue, settled

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ROUTES_FILE = ROOT / "frontend" / "src" / "app" / "routes.tsx"
TAB_PATHS = ["/home", "/product", "/order", "/my"]  # the bottom tab bar, in its order
ROUND_TRIP = ["/order", "/product", "/my"]  # from Home, as a person goes round the tabs

# A layout that collapses (conftest._LOOK_PROBLEMS finds what is wider than the window): a picture wider than the row
# or card it sits in, or a text squeezed to a sliver, as the Orders list was after a tab round trip (pictures 360 px
# wide, titles one letter wide) while an antd-mobile rule loaded later won over the screen's own.
COLLAPSED = """() => {
    const problems = [];
    const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden"
        && !el.closest('[aria-hidden="true"]');
    for (const img of document.querySelectorAll("img")) {
        const card = img.closest('.adm-list-item, [data-testid$="card"], li');
        if (!card || !shown(img)) continue;
        const picture = img.getBoundingClientRect(), around = card.getBoundingClientRect();
        if (picture.width > around.width + 1)
            problems.push("a picture wider than its card: " + img.outerHTML.slice(0, 99));
    }
    for (const el of document.querySelectorAll("body *")) {
        const own = [...el.childNodes].filter((node) => node.nodeType === 3).map((node) => node.data).join("").trim();
        if (own.length < 4 || !shown(el)) continue;
        const style = getComputedStyle(el), box = el.getBoundingClientRect();
        if (style.position === "absolute" && box.width <= 1) continue;  // visually hidden, for screen readers
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
        if (box.width < parseFloat(style.fontSize) * 1.5 && box.height > line * 2.5)
            problems.push("a text squeezed to a sliver: " + el.outerHTML.slice(0, 100));
    }
    return problems.slice(0, 5);
}"""

# What a person can tap: buttons, tabs, segments, list rows, links. Not inside a sheet, dialog or keypad (the crawl
# checks those once open and leaves them), nor what is marked data-crawl="skip".
CONTROLS = """() => {
    const selector = 'button, a[href], [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], '
        + '.adm-tabs-tab, .adm-capsule-tabs-tab, .adm-segmented-item, .adm-list-item-content-main, '
        + '.adm-tab-bar-item, .adm-selector-item, .adm-checkbox, .adm-radio, .adm-switch, [onclick]';
    const outside = '.adm-popup, .adm-center-popup, .adm-mask, .adm-modal, .adm-dialog, .adm-action-sheet, '
        + '.adm-number-keyboard-popup, .adm-toast-mask, [data-crawl=skip], [aria-hidden=true]';
    const shown = (el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'
            && !el.closest('.keep-alive-hidden, [hidden]');
    };
    const found = [];
    const seen = new Set();
    for (const el of document.querySelectorAll(selector)) {
        if (el.closest(outside) || !shown(el) || el.disabled || el.getAttribute('aria-disabled') === 'true') continue;
        // A control inside another control is the same tap (a list row's content inside the row).
        if (found.some((other) => other.contains(el))) continue;
        const link = el.closest('a[href]');
        const href = link ? link.getAttribute('href') : '';
        if (href && (/^(https?:|mailto:|tel:)/.test(href) && !href.startsWith(location.origin)
                || link.target === '_blank')) continue;  // another site or window
        const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\d+/g, '#').slice(0, 40);
        const kind = el.tagName + '.' + String(el.className && el.className.baseVal !== undefined
            ? el.className.baseVal : el.className).split(' ').slice(0, 2).join('.');
        // Rows of one list look alike: a few of each kind, each kind+text once.
        const key = kind + '|' + text;
        if (seen.has(key)) continue;
        seen.add(key);
        const sameKind = found.filter((other) => other.dataset.crawlKind === kind).length;
        if (sameKind >= 2) continue;
        el.dataset.crawlKind = kind;
        found.push(el);
    }
    found.forEach((el, index) => { el.dataset.crawlIndex = String(index); });
    return found.map((el) => (el.innerText || el.getAttribute('aria-label') || el.className || el.tagName)
        .toString().trim().slice(0, 40));
}"""

# Settled: no skeleton or spinner in sight (one below the fold or under the tab bar waits to be scrolled to: Home's
# lazy chart), and no dialog or mask still fading in (axe would read its colours half blended).
LOADED = """() => {
    const inView = (el) => {  // seen: its top edge is on screen, not under the tab bar
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || box.bottom < 0 || box.top >= innerHeight) return false;
        const seen = document.elementFromPoint(box.left + box.width / 2, Math.max(box.top, 0) + 4);
        return !!seen && (el.contains(seen) || seen.contains(el));
    };
    const loading = document.querySelectorAll('.adm-skeleton, .adm-spin-loading, .adm-dot-loading, .app-loading');
    const fading = document.querySelectorAll('.adm-mask, .adm-center-popup-wrap');
    return ![...loading].some(inView)
        && [...fading].every((el) => !el.getClientRects().length || getComputedStyle(el).opacity === '1');
}"""

OPEN_LAYER = (
    ".adm-popup:not([style*='display: none']) .adm-popup-body, .adm-center-popup-body, .adm-modal-body, "
    ".adm-dialog-body, .adm-action-sheet"
)

# Texts of the catalogue shown on the screen in English: a text node (or placeholder) that is exactly a catalogue
# text whose translation differs from the English one.
_ENGLISH_TEXTS = """(english) => {
    const wanted = new Set(english);
    const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const found = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement, text = node.data.trim();
        if (text && wanted.has(text) && el && shown(el) && !el.closest('[translate=no]')) found.add(text);
        if (el && el.childElementCount === 0) continue;
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
        for (const name of ['placeholder', 'aria-label', 'title']) {
            const text = (el.getAttribute(name) || '').trim();
            if (text && wanted.has(text)) found.add(`${name}="${text}"`);
        }
    }
    return [...found].slice(0, 5);
}"""

_AXE_RUN = """async () => {
    const result = await axe.run(document, {
        resultTypes: ['violations'],
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
    });
    return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ` + v.nodes.slice(0, 3).map((n) => n.target.join(' ')
            + (n.any[0] && n.any[0].data && n.any[0].data.contrastRatio ? ` (${n.any[0].data.contrastRatio}:1)` : ''))
            .join(', '));
}"""


def app_routes() -> list[tuple[str, str, bool]]:
    """(path, layout, public) of every route in frontend/src/app/routes.tsx."""
    pattern = re.compile(r'path: "([^"]+)", layout: "(\w+)"(, public: true)?')
    return [(path, layout, bool(public)) for path, layout, public in pattern.findall(ROUTES_FILE.read_text())]


def english_texts(lang: str) -> list[str]:
    """The English catalogue's texts that `lang` translates differently (longer than two letters, no placeholders)."""
    if lang == "en":
        return []
    english, own = catalogue("en"), catalogue(lang)
    return sorted(
        {
            text
            for key, text in english.items()
            if own.get(key, text) != text and "{" not in text and len(re.findall(r"[A-Za-z]", text)) > 2
        }
    )


@dataclass
class Crawl:
    """One language's crawl on `page`, collecting problems (where: what) instead of stopping at the first."""

    page: Page
    base_url: str
    lang: str
    allowed: dict[str, str] = field(default_factory=dict)  # substring of a problem -> the issue item that fixes it
    problems: list[str] = field(default_factory=list)
    taps: int = 0
    routes: int = 0
    checked_axe: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.english = english_texts(self.lang)
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message) -> None:
        # /healthz (where the test sets localStorage before the app) has no icon: the browser's 404 for it is no error.
        if message.type == "error" and not message.location.get("url", "").endswith("/favicon.ico"):
            self.errors.append(f"console error: {message.text} ({message.location.get('url', '')})")

    # -- checks --------------------------------------------------------------------------------------------------

    def report(self, where: str, problem: str) -> None:
        if any(part in problem for part in self.allowed):
            return
        line = f"[{self.lang}] {where}: {problem}"
        if line not in self.problems:
            self.problems.append(line)

    def settle(self) -> None:
        # A tap's answer (the API is local) and a popup's or tab's animation; a skeleton or spinner still loading.
        self.page.wait_for_timeout(150)
        with contextlib.suppress(PlaywrightTimeoutError):
            self.page.wait_for_function(LOADED, timeout=1_500)

    def check(self, where: str, *, axe: bool) -> None:
        page = self.page
        for error in self.errors:
            self.report(where, error)
        self.errors.clear()
        if page.locator(".app-error").count():
            self.report(where, "error boundary (Something went wrong)")
        for problem in [*page.evaluate(_LOOK_PROBLEMS), *page.evaluate(COLLAPSED)]:
            self.report(where, problem)
        for text in page.evaluate(_ENGLISH_TEXTS, self.english) if self.english else []:
            self.report(where, f"English text on a {self.lang} screen: {text}")
        if axe:
            if not page.evaluate("() => typeof axe !== 'undefined'"):
                page.add_script_tag(path=str(AXE))
            for violation in page.evaluate(_AXE_RUN):
                self.report(where, f"axe {violation}")

    def axe_once(self, state: str) -> bool:
        """Run axe on a state (route, opened layer) once per language: the same sheet from another row is the same."""
        if state in self.checked_axe:
            return False
        self.checked_axe.add(state)
        return True

    # -- moves ---------------------------------------------------------------------------------------------------

    def open(self, path: str) -> None:
        self.page.goto(f"{self.base_url}{path}")
        try:
            # The screen shown: the screens visited stay mounted, hidden ("/" before it moves on to /login).
            self.page.wait_for_selector("#root > :not(.app-loading):visible", timeout=20_000)
        except PlaywrightTimeoutError:
            self.report(path, "the app did not start")
        self.settle()

    def tab_round_trip(self, path: str) -> None:
        """Open /home cold, then walk the tab bar (Home, Orders, Products, My) and end on `path`."""
        self.open("/home")
        for step in [*ROUND_TRIP, path]:
            index = TAB_PATHS.index(step)
            self.page.locator(".adm-tab-bar-item:visible").nth(index).click()
            self.page.wait_for_url(f"**{step}")
            self.settle()

    def controls(self) -> list[str]:
        return self.page.evaluate(CONTROLS)

    def crawl_route(self, path: str, *, after_round_trip: bool = False) -> None:
        """Check `path` as opened, then each of its controls tapped from a fresh state of the route. After a tab round
        trip, the controls are tapped until one leaves the screen or opens a layer (the cold crawl taps the rest)."""
        where = f"{path} (after a tab round trip)" if after_round_trip else path
        reset = (lambda: self.tab_round_trip(path)) if after_round_trip else (lambda: self.open(path))
        reset()
        self.routes += 1
        self.check(where, axe=self.axe_once(path))
        labels = self.controls()
        go_on = True
        for index, label in enumerate(labels):
            if not go_on and after_round_trip:
                break  # what a round trip can undo is the screen's look and its in-place controls, tapped by now
            if not go_on:
                reset()
                self.controls()  # number them again on the fresh page
            self.taps += 1
            target = self.page.locator(f"[data-crawl-index='{index}']")
            if not target.count():
                continue  # this state has fewer controls (a list loaded differently): nothing to tap
            before = self.page.url
            try:
                target.first.scroll_into_view_if_needed(timeout=2_000)
                target.first.click(timeout=3_000)
            except PlaywrightTimeoutError:
                continue  # covered or gone (a tab bar item under a popup): a person cannot tap it either
            self.settle()
            tapped = f"{where} tap {label!r}"
            layer = self.page.locator(OPEN_LAYER).filter(visible=True)
            moved = self.page.url != before
            opened = layer.count() > 0
            if opened:  # faded in and still (axe reads a fading dialog's colours half blended)
                with contextlib.suppress(AssertionError, PlaywrightTimeoutError):
                    settled(layer.first)
            state = self.page.url.replace(self.base_url, "").split("?")[0] + ("+layer:" + label if opened else "")
            self.check(tapped, axe=(moved or opened) and self.axe_once(state))
            # In place (a tab, a segment, a filter) the next tap goes on from here; after a move to another screen,
            # back (the screens stay mounted, so that is quick); with a sheet or dialog open, start again.
            if moved and not opened:
                self.page.go_back()
                self.settle()
            go_on = self.page.url == before and not self.page.locator(OPEN_LAYER).filter(visible=True).count()

    def crawl(self, paths: list[str], *, round_trips: list[str] = ()) -> float:
        start = time.monotonic()
        for path in paths:
            began, taps = time.monotonic(), self.taps
            self.crawl_route(path)
            if os.environ.get("CRAWL_VERBOSE"):
                print(f"  {path}: {self.taps - taps} taps, {time.monotonic() - began:.1f} s", flush=True)
        for path in round_trips:
            self.crawl_route(path, after_round_trip=True)
        return time.monotonic() - start
