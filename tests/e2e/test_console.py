"""The operators' console (the Django admin) in a browser at 1280x800, as an operator works it (issue 35): signed in
through the login form, each page opened is checked for what must be on it and for sideways scrolling (the page's
own, and a list's table scrolled inside its box), and saved as a screenshot under tests/e2e/artifacts/console/.

To walk more of the console, add a Stop to STOPS (a page and the text it must show); a decision is walked like
test_an_operator_approves_a_registration: open its page, press its button, submit, read the success message.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from apps.core.models import Upload
from apps.orders.models import Refund
from apps.support.constants import BroadcastStatus
from apps.support.models import Broadcast
from apps.wallet.models import Withdrawal
from tests.core.conftest import console_world
from tests.factories import upload_image

from .conftest import ARTIFACTS

CONSOLE = {"width": 1280, "height": 800}
SHOTS = ARTIFACTS / "console"
OPERATOR = ("operator", "Operator-pass-2026")  # tests/conftest.py's `operator` (a superuser)


@dataclass(frozen=True)
class Stop:
    """A console page to open: its name (the screenshot's), its address (formatted with the test's objects: {pending}
    is a pending merchant's id) and a text it must show (None: only the look is checked)."""

    name: str
    path: str
    shows: str | None = None


# The pages walked, in order: the home, each queue's list and each decision page ({...} names console_objects'
# objects and the ones `objects` adds).
STOPS = [
    Stop("home", "/admin/", "Needs action"),
    Stop("merchants", "/admin/accounts/merchant/", "Under review"),
    Stop("deposits", "/admin/wallet/deposit/", "In review"),
    Stop("deposit", "/admin/wallet/deposit/{deposit}/change/", "Platform address"),
    Stop("deposit-approve", "/admin/wallet/deposit/{deposit}/approve/", "Credited amount"),
    Stop("withdrawals", "/admin/wallet/withdrawal/", "In review"),
    Stop("withdrawal-pay", "/admin/wallet/withdrawal/{withdrawal}/pay/", "Amount to send"),
    Stop("adjustments", "/admin/wallet/adjustment/"),
    Stop("refunds", "/admin/orders/refund/", "Pending approval"),
    Stop("refund-approve", "/admin/orders/refund/{refund}/approve/", "Tracking events"),
    Stop("orders", "/admin/orders/order/", "Awaiting shipment"),
    Stop("order-ship", "/admin/orders/order/{awaiting}/ship/", "Carrier"),
    Stop("ship-csv", "/admin/orders/order/ship-csv/", "template"),
    Stop("conversations", "/admin/support/conversation/", "Unread"),
    Stop("conversation", "/admin/support/conversation/{conversation}/change/", "Send reply"),
    Stop("broadcasts", "/admin/support/broadcast/"),
    Stop("broadcast-send", "/admin/support/broadcast/{draft}/send/", "will receive it"),
    Stop("background", "/admin/core/outboxentry/"),
    Stop("registration", "/admin/accounts/merchant/{pending}/change/", "Approve registration"),
]

# Sideways scrolling: the page's, and any box's that scrolls (Django's changelist scrolls its table, `.results`, inside
# the page: the status or the amount would be out of sight while the page itself does not scroll).
_SIDEWAYS = """() => {
    const problems = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const box of document.querySelectorAll("body *")) {
        if (!/(auto|scroll)/.test(getComputedStyle(box).overflowX)) continue;
        if (box.scrollWidth > box.clientWidth + 1) {
            problems.push(`${box.className || box.id}: ${box.scrollWidth} > ${box.clientWidth}`);
        }
    }
    for (const img of document.images) {
        if (img.complete && img.naturalWidth === 0) problems.push("broken image: " + img.outerHTML.slice(0, 120));
    }
    return problems;
}"""


def look(page: Page, name: str) -> Path:
    """What an operator would see wrong at 1280x800 (sideways scrolling, a broken image), then the screenshot."""
    page.wait_for_load_state("load")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))  # first, so that a page found wrong can be looked at
    problems = page.evaluate(_SIDEWAYS)
    assert not problems, f"{page.url}:\n" + "\n".join(problems)
    return path


@pytest.fixture
def console(browser: Browser, base_url: str, operator: Any) -> Iterator[Page]:
    """A desktop browser (1280x800, English) signed in to /admin/ through the login form."""
    context = browser.new_context(viewport=CONSOLE, locale="en-US")
    yield console_sign_in(context, base_url)
    context.close()


def console_sign_in(context: BrowserContext, base_url: str) -> Page:
    """A page of `context` signed in to /admin/ as the operator, through the login form."""
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{base_url}/admin/login/")
    page.fill("#id_username", OPERATOR[0])
    page.fill("#id_password", OPERATOR[1])
    page.locator("input[type=submit]").click()
    page.wait_for_url(f"{base_url}/admin/")
    return page


@pytest.fixture
def objects(operator: Any) -> dict[str, Any]:
    """What the stops' addresses name: one object of each kind the console decides on (console_world), the pending
    registration with all its ID documents, and a broadcast draft."""
    world = console_world(operator)
    pending = world["pending"]
    for field in ("id_back", "id_hand", "business_license"):
        setattr(pending, field, upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=pending))
    pending.save()
    draft = Broadcast.objects.create(title="Holiday", content="Orders ship in January.", status=BroadcastStatus.DRAFT)
    ids = {name: obj.pk for name, obj in world.items()}
    return {
        **ids,
        "withdrawal": Withdrawal.objects.get().pk,
        "refund": Refund.objects.get().pk,
        "draft": draft.pk,
    }


def walk(page: Page, base_url: str, stops: list[Stop], objects: dict[str, Any]) -> None:
    """Open each stop, check what it shows and how it looks, and take its screenshot."""
    for stop in stops:
        page.goto(base_url + stop.path.format(**objects))
        if stop.shows is not None:
            expect(page.locator("#content").get_by_text(stop.shows).first).to_be_visible()
        look(page, stop.name)


def decide(page: Page, decision: str, fields: dict[str, str], done: str) -> None:
    """On an object's page: press the decision's button, fill its form, submit, and read `done` as the success
    message on the object's page."""
    page.locator(f"a.button[href$='/{decision}/']").click()
    for name, value in fields.items():
        page.fill(f"#id_{name}", value)
    page.locator(".submit-row input[type=submit]").click()
    expect(page.locator(".messagelist .success")).to_have_text(done)


def test_an_operator_approves_a_registration(console: Page, base_url: str, objects: dict[str, Any]) -> None:
    walk(console, base_url, STOPS, objects)
    # On the pending registration's page (the last stop): the documents come before the decision.
    documents = console.locator(".merchant-documents img")
    expect(documents).to_have_count(4)
    approve = console.locator("a.button[href$='/approve/']")
    assert documents.first.bounding_box()["y"] < approve.bounding_box()["y"]
    decide(console, "approve", {}, "Registration approved; the merchant was notified.")
    expect(console.locator("#content")).to_contain_text("Active")
    look(console, "registration-approved")
