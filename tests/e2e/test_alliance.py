"""Browser test of the alliance (issue 12) at 390x844 in Chromium: the invitation card, the rule at the current rate,
the totals and a member who earned the merchant a reward; the invite link copied with the "Copy successful" toast;
screenshots in the seven languages (tests/e2e/artifacts/<lang>/alliance.png)."""

import pytest

from tests.alliance.conftest import set_rate, settled_order
from tests.e2e.conftest import LANGUAGES, assert_visible, catalogue, open_app, shot, sign_in, tap, wait_toast
from tests.factories import LevelFactory, MerchantFactory


@pytest.fixture
def inviter(base_url, merchant, operator):
    """`merchant` at a 5 % rate, with a member (settled order: profit 5.00 -> reward 0.25) and a newcomer."""
    LevelFactory(rank=1)
    set_rate("5")
    member = MerchantFactory(invited_by=merchant, real_name="Jane Smith")
    settled_order(member, operator, retail="50.00")
    MerchantFactory(invited_by=merchant, real_name="Marco Bianchi")
    return merchant


def test_the_alliance_copies_the_invite_link_and_reads_in_every_language(page, context, base_url, inviter):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    sign_in(page, base_url, inviter, "en")
    open_app(page, base_url, "/alliance")
    texts = catalogue("en")
    link = page.get_by_test_id("invite-link").inner_text()
    assert link == f"{base_url}/register?code={inviter.invite_code}"
    assert page.get_by_test_id("alliance-rate").inner_text() == "5%"
    totals = page.get_by_test_id("alliance-totals").inner_text()
    assert "2" in totals and "1" in totals and "0.25" in totals
    members = page.get_by_test_id("alliance-member")
    assert members.count() == 2
    assert "M. B." in members.nth(0).inner_text() and "J. S." in members.nth(1).inner_text()
    assert "0.25" in members.nth(1).inner_text()
    # What a member brought is the reward paid to the merchant, named so (not the member's "Income").
    reward = members.nth(1).get_by_test_id("alliance-member-reward").inner_text()
    assert reward.startswith(texts["alliance.rewardToYou"].split("{")[0]) and "0.25" in reward
    # The link stays on one line (it scrolls sideways): a wrapped link split the code inside it.
    lines = page.get_by_test_id("invite-link").evaluate(
        """el => {
            const text = document.createRange();
            text.selectNodeContents(el);
            return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
        }"""
    )
    assert lines == 1, f"the invitation link wraps over {lines} lines"
    tap(page.get_by_test_id("copy-link"))
    assert wait_toast(page, texts["alliance.copied"]) == texts["alliance.copied"]
    shot(page, "alliance-copied", full_page=False)
    assert page.evaluate("navigator.clipboard.readText()") == link

    for lang in LANGUAGES:
        open_app(page, base_url, "/alliance", lang)
        texts = catalogue(lang)
        assert_visible(page.get_by_text(texts["alliance.inviteNow"]).first)
        page.get_by_test_id("alliance-member").first.wait_for()
        shot(page, "alliance")
