"""Browser tests: the built app (frontend/dist, `npm run build`) served by Django's live server, driven in
Debian's Chromium at phone size (390x844). Every test in this folder is marked `e2e`.

Run: npm run build && DJANGO_ALLOW_ASYNC_UNSAFE=true .venv/bin/pytest -m e2e tests/e2e -p no:xdist
Screenshots: shot(page, "login") -> tests/e2e/artifacts/<lang>/login.png (lang = the page's localStorage `lang`).
"""

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ARTIFACTS = Path(__file__).parent / "artifacts"
ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "frontend" / "dist" / "app" / "main.js"
LOCALE = ROOT / "locale"
LANGUAGES = ["en", "zh-CN", "zh-Hant", "ru-RU", "han", "ri", "tai"]
# App language code -> folder of its catalogues under locale/.
LOCALE_FOLDERS = {
    "en": "en",
    "zh-CN": "zh_Hans",
    "zh-Hant": "zh_Hant",
    "ru-RU": "ru",
    "han": "ko",
    "ri": "ja",
    "tai": "th",
}
DEFAULT_LANG = "ru-RU"
PHONE = {"width": 390, "height": 844}
# The app's service worker stays out of the tests that are not about it (it would precache the whole build on every
# first load); the `sw_context` fixture lets it in.
PHONE_CONTEXT = {
    "viewport": PHONE,
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "service_workers": "block",
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    if not BUNDLE.exists():
        pytest.fail("The app is not built: run `npm run build` first.")
    browser = playwright_instance.chromium.launch(
        executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def base_url(live_server, transactional_db) -> str:
    """The live server's address; the app's API and the built bundle are served from it."""
    return live_server.url


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh phone-sized context (own localStorage) per test."""
    context = browser.new_context(**PHONE_CONTEXT)
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def sw_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh phone-sized context in which the app's service worker registers and runs."""
    context = browser.new_context(**{**PHONE_CONTEXT, "service_workers": "allow"})
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext, base_url: str) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda error: print(f"[page error] {error}"))
    return page


def set_language(page: Page, base_url: str, lang: str) -> None:
    """Store the interface language (localStorage `lang`) before the app loads."""
    page.goto(f"{base_url}/healthz")
    page.evaluate("lang => localStorage.setItem('lang', lang)", lang)


def sign_in(page: Page, base_url: str, merchant, lang: str | None = None) -> None:
    """Start a real session for `merchant` (as a login would) and keep its token in localStorage."""
    from apps.accounts.services import session_create

    page.goto(f"{base_url}/healthz")
    page.evaluate("token => localStorage.setItem('token', token)", session_create(merchant=merchant))
    if lang:
        page.evaluate("lang => localStorage.setItem('lang', lang)", lang)


def open_app(page: Page, base_url: str, path: str, lang: str | None = None) -> None:
    """Open a route of the app (optionally in a language) and wait until its texts are loaded."""
    if lang:
        set_language(page, base_url, lang)
    page.goto(f"{base_url}{path}")
    page.wait_for_selector("#root > *:not(.app-loading)")
    page.wait_for_load_state("networkidle")


def catalogue(lang: str) -> dict[str, str]:
    """The app's texts in `lang` (locale/<folder>/frontend.json: {message id: text}), to find what the user sees."""
    return json.loads((LOCALE / LOCALE_FOLDERS[lang] / "frontend.json").read_text(encoding="utf-8"))


def server_text(lang: str, message: str, **values: object) -> str:
    """A server message (a gettext msgid) as the API answers it in `lang`."""
    from django.utils import translation
    from django.utils.translation import gettext

    from apps.core.i18n import django_lang

    with translation.override(django_lang(lang)):
        text = gettext(message)
    return text % values if values else text


# What every screenshot's page is checked for (see shot): elements wider than the window, broken images, and inputs the
# browser would validate itself, with its own bubble in the browser's language over the app's translated messages.
_LOOK_PROBLEMS = """() => {
    const problems = [];
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll("body *")) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
        if (el.closest('[aria-hidden="true"]')) continue;  // kept out of sight on purpose (a passcode's native input)
        if (box.right > width + 1 || box.left < -1) {
            // Parts that scroll sideways inside a scroll box (tabs, swipers) are inside their box, not the window.
            let clipped = false;
            for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
                const style = getComputedStyle(up);
                if (/(auto|scroll|hidden|clip)/.test(style.overflowX)) { clipped = true; break; }
            }
            if (!clipped) problems.push("wider than the window: " + el.outerHTML.slice(0, 120));
        }
    }
    for (const img of document.images) {
        if (img.complete && img.naturalWidth === 0 && img.getClientRects().length) {
            problems.push("broken image: " + img.outerHTML.slice(0, 120));
        }
    }
    const native = "form:not([novalidate]) :is(input[type=email], input[type=url], [required], [pattern])";
    for (const el of document.querySelectorAll(native)) {
        problems.push("validated by the browser: " + el.outerHTML.slice(0, 120));
    }
    return problems.slice(0, 5);
}"""


# Latin words on a screen that is not in English: text and placeholders, except inside translate="no" (names and
# values a person typed, which the app marks so) or <code>, web addresses, and the words of locale/names-and-codes.txt.
_LATIN_WORDS = r"""(allowed) => {
    const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
    const skipped = (el) => el.closest('[translate="no"], [aria-hidden="true"], code, script, style');
    const found = new Set();
    const look = (text, where) => {
        const words = text.replace(/\b[a-z]+:\/\/\S+/g, "").match(/[A-Za-z][A-Za-z0-9]+/g);  // a web address is no word
        for (const word of words || []) {
            if (!allowed.includes(word)) found.add(`"${word}" in ${where.outerHTML.slice(0, 100)}`);
        }
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (el && !skipped(el) && shown(el)) look(node.data, el);
    }
    for (const el of document.querySelectorAll("[placeholder]")) {
        if (!skipped(el) && shown(el)) look(el.getAttribute("placeholder"), el);
    }
    return [...found].slice(0, 8);
}"""
NAMES_AND_CODES = [
    line.strip()
    for line in (Path(__file__).parents[2] / "locale" / "names-and-codes.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]


def check_look(page: Page, lang: str) -> None:
    """What a person would see wrong on any screen: something wider than the phone's window (it scrolls sideways or
    is cut off), a broken image, a field the browser validates with its own untranslated bubble, or, when the
    language (`lang`) is not English, a word left in English."""
    problems = page.evaluate(_LOOK_PROBLEMS)
    if lang != "en":
        words = page.evaluate(_LATIN_WORDS, NAMES_AND_CODES)
        problems += [f"English on a {lang} screen: {word}" for word in words]
    assert not problems, f"{page.url}:\n" + "\n".join(problems)


def shot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a full-page screenshot under tests/e2e/artifacts/<lang>/<name>.png (`full_page=False`: the window as
    the phone shows it, for a prompt or sheet that is open; a full page would stretch the window under it).

    The capture draws bars stuck to the window (the sticky NavBar at the top, the tab bar at the bottom) where the
    window is, so the page is scrolled first to put them at their edge of the picture: to the top, or to the end
    on a tab screen (bottom tab bar, no NavBar). Otherwise they land mid-picture, over the content.
    """
    lang = page.evaluate("localStorage.getItem('lang')") or DEFAULT_LANG
    check_look(page, lang)
    path = ARTIFACTS / lang / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not full_page:
        page.screenshot(path=str(path))
        return path
    scrolled = page.evaluate(
        """() => {
            const shown = (bar) => [...document.querySelectorAll(bar)].some((e) => e.getClientRects().length);
            const tabScreen = shown(".tab-layout-bar") && !shown(".nav-layout-bar");
            const top = tabScreen ? document.documentElement.scrollHeight : 0;
            const before = window.scrollY;
            window.scrollTo(0, top);
            return window.scrollY !== before;
        }"""
    )
    if scrolled:
        drawn(page)  # the sticky bars and the images come into view
    page.screenshot(path=str(path), full_page=True)
    return path


# Where a person would not see it: outside the window, drawn at no size, or under another element at its centre.
_NOT_SEEN = """el => {
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return "it has no size";
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return "its centre is outside the window";
    const top = document.elementFromPoint(x, y);
    if (top === el || el.contains(top)) return "";
    return "it is covered by " + (top ? top.outerHTML.slice(0, 160) : "nothing drawable");
}"""


def assert_visible(locator: Locator, *, scroll: bool = False) -> None:
    """`locator` is what a person sees and can tap: inside the window and not covered by anything (the element
    drawn at its centre is it or one of its descendants). Playwright's own visibility says only that it is drawn.
    `scroll`: bring it into view first (a button further down a form); prompts, toasts and dialogs must be seen as
    they open."""
    locator.wait_for(state="visible")
    if scroll:  # to the middle of the window, as a person scrolls it clear of the bars stuck to the edges
        locator.evaluate("el => el.scrollIntoView({block: 'center'})")
    try:  # an opening popup or toast slides in for a moment
        locator.page.wait_for_function(f"el => !({_NOT_SEEN})(el)", arg=locator.element_handle(), timeout=1_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"{locator} is not visible to the user: {locator.evaluate(_NOT_SEEN)}") from None


# Resolves true once the element has drawn the same box at the same opacity (its own and its ancestors') for three
# frames in a row; false when it still moves after about ten seconds' frames (a spinner).
_SETTLED = """el => new Promise((resolve) => {
    const look = () => {
        const box = el.getBoundingClientRect();
        let opacity = 1;
        for (let up = el; up; up = up.parentElement) opacity *= Number(getComputedStyle(up).opacity);
        return [box.x, box.y, box.width, box.height, opacity].join();
    };
    let last = look(), same = 0, frames = 0;
    const frame = () => {
        const now = look();
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= 3) resolve(true);
        else if (++frames > 600) resolve(false);
        else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
})"""


def settled(locator: Locator) -> None:
    """Wait until `locator` is shown and has stopped moving and fading (a popup, sheet, dialog or toast opening, a
    tab's underline sliding), before a screenshot: antd-mobile animates them frame by frame."""
    locator.wait_for(state="visible")
    assert locator.evaluate(_SETTLED), f"{locator} keeps moving"


def drawn(page: Page) -> None:
    """Wait until every image of the page is loaded (or failed) and a frame is drawn after it (after a scroll: the
    sticky bars in place, the images that came into view)."""
    page.wait_for_function("() => [...document.images].every((image) => image.complete)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def tap(locator: Locator) -> None:
    """Tap `locator` as a person does: scrolled into view, and only when nothing covers it."""
    assert_visible(locator, scroll=True)
    locator.click()


def wait_toast(page: Page, text: str | None = None) -> str:
    """A toast (with `text`, when given: the previous one may still be fading out) that the user sees; its text."""
    toast = page.locator(".adm-toast-main")
    if text is not None:
        toast = toast.filter(has_text=text)
    assert_visible(toast.last)
    settled(toast.last)  # faded in, for a screenshot
    return toast.last.inner_text()


def wait_toast_gone(page: Page) -> None:
    """As a person waits for a toast to leave the middle of the screen before tapping what it covers."""
    page.locator(".adm-toast-main").wait_for(state="detached")
