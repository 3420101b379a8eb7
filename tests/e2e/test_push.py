"""Browser test of push notifications (issue 37) at 390x844 in Chromium, with the app's service worker running: the
merchant turns notifications on for this phone on /notifications (reached from My) and switches a kind off and on; a
buyer's order awaiting pickup makes the server send a push (Celery runs eagerly in tests) to a local push endpoint that
checks its VAPID signature and decrypts it (tests/push_endpoint.py): it arrives once, in the merchant's language, with
the order's screen; delivered to the real service worker (CDP `ServiceWorker.deliverPushMessage`) it is shown, and
tapped it opens the order. Screenshots in English and Thai (tests/e2e/artifacts/<lang>/push-*.png).

Chromium here has no internet, so the browser's push service (FCM) behind `pushManager.subscribe` cannot run: only
that method (and `getSubscription`, which reads what it made) is replaced, by an init script, with a subscription
whose endpoint and keys are the local endpoint's. Everything else is real: the permission, the screen, the API, the
sending task, the encryption, the service worker's push and notificationclick handlers, the app's router.
"""

import base64
import json
import time

import pytest

from apps.core.i18n import django_lang
from tests.e2e.conftest import assert_visible, catalogue, open_app, settled, shot, sign_in, tap
from tests.factories import MerchantFactory, fund, place_order
from tests.push_endpoint import PushEndpoint

# The browser's push service replaced by the local endpoint's subscription (kept in sessionStorage, so that it
# outlives a navigation as a real one does). The key the app subscribed with is kept to check it is the server's.
STUB_SUBSCRIBE = """(sub) => {
    const KEY = "e2e-push-subscription";
    const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
        unsubscribe: async () => { sessionStorage.removeItem(KEY); return true; },
    });
    PushManager.prototype.subscribe = async function (options) {
        const bytes = new Uint8Array(options.applicationServerKey);
        sessionStorage.setItem(KEY, btoa(String.fromCharCode(...bytes)));
        return make();
    };
    PushManager.prototype.getSubscription = async function () {
        return sessionStorage.getItem(KEY) ? make() : null;
    };
}"""

NOTIFICATIONS = """async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data }));
}"""

# A tap on the notification: the service worker's own notificationclick handler, given the shown notification.
# (A script's event is not trusted, so its waitUntil is collected here and awaited.)
TAP = """async () => {
    const [notification] = await self.registration.getNotifications();
    const event = new NotificationEvent("notificationclick", { notification });
    const waits = [];
    Object.defineProperty(event, "waitUntil", { value: (promise) => waits.push(promise) });
    self.dispatchEvent(event);
    await Promise.all(waits);
    return waits.length;
}"""


def _script(function: str, arg: object) -> str:
    return f"({function})({json.dumps(arg)});"


def _in_service_worker(context, page, base_url: str, function: str):
    """Runs `function` (async, no argument) in the app's service worker: through Playwright's worker when it has
    one, else through a CDP session attached to the worker's target."""
    for worker in context.service_workers:
        if worker.url.startswith(base_url):
            return worker.evaluate(function)
    cdp = context.browser.new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    target = next(t for t in targets if t["type"] == "service_worker" and t["url"].startswith(base_url))
    session_id = cdp.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": False})["sessionId"]
    replies: list[dict] = []
    cdp.on("Target.receivedMessageFromTarget", lambda event: replies.append(json.loads(event["message"])))
    params = {"expression": f"({function})()", "awaitPromise": True, "returnByValue": True}
    message = json.dumps({"id": 1, "method": "Runtime.evaluate", "params": params})
    cdp.send("Target.sendMessageToTarget", {"sessionId": session_id, "message": message})
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for reply in replies:
            if reply.get("id") == 1:
                cdp.detach()
                result = reply["result"]
                assert "exceptionDetails" not in result, result
                return result["result"].get("value")
        page.wait_for_timeout(50)
    raise AssertionError(f"the service worker did not answer: {replies}")


def _shown(page) -> list[dict]:
    """The notifications the service worker shows, once there is one (up to five seconds)."""
    for _ in range(100):
        shown = page.evaluate(NOTIFICATIONS)
        if shown:
            return shown
        page.wait_for_timeout(50)
    return []


def _registration_id(page, cdp, base_url: str) -> str:
    found: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: found.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for registration in found:
            if registration["scopeURL"] == f"{base_url}/" and not registration["isDeleted"]:
                return registration["registrationId"]
        page.wait_for_timeout(50)  # Playwright delivers the session's events while it waits
    raise AssertionError(f"no service worker registration for {base_url}/: {found}")


@pytest.mark.parametrize("lang", ["en", "tai"])
def test_turn_on_receive_once_and_tap_to_open_the_order(sw_context, base_url, lang):
    texts = catalogue(lang)
    merchant = MerchantFactory(language=lang)
    fund(merchant, "30")
    with PushEndpoint() as endpoint:
        subscription = endpoint.subscription()
        sw_context.grant_permissions(["notifications"], origin=base_url)
        sw_context.add_init_script(_script(STUB_SUBSCRIBE, subscription))
        page = sw_context.new_page()
        page.on("pageerror", lambda error: print(f"[page error] {error}"))
        sign_in(page, base_url, merchant, lang)

        # My -> Notifications on this phone: off, with every kind on.
        open_app(page, base_url, "/my")
        tap(page.get_by_text(texts["my.notifications"], exact=True))
        page.wait_for_url(f"{base_url}/notifications")
        main = page.get_by_test_id("push-main")
        assert_visible(main)
        assert main.get_attribute("aria-checked") == "false"
        page.get_by_test_id("push-kind-security").wait_for()
        assert page.get_by_test_id("push-kinds").locator("[role=switch][aria-checked=true]").count() == 6
        shot(page, "push-off")

        # On: the permission (granted), the subscription with the server's key, saved by the server.
        tap(main)
        page.locator("[data-testid=push-main][aria-checked=true]").wait_for()
        page.get_by_text(texts["push.onHint"]).wait_for()
        public_key = page.evaluate("() => sessionStorage.getItem('e2e-push-subscription')")
        assert public_key
        server_key = _server_public_key()
        assert base64.b64decode(public_key) == base64.urlsafe_b64decode(server_key + "=" * (-len(server_key) % 4))

        # A kind off and on again: the server keeps the merchant's choice.
        kind = page.get_by_test_id("push-kind-support_reply")
        tap(kind)
        # The switch shows its new position while the request is out (loading, aria-disabled): wait for the answer.
        page.locator("[data-testid=push-kind-support_reply][aria-checked=false][aria-disabled=false]").wait_for()
        assert _kinds(merchant)["support_reply"] is False
        settled(kind)
        shot(page, "push-on")
        tap(kind)
        page.locator("[data-testid=push-kind-support_reply][aria-checked=true][aria-disabled=false]").wait_for()
        assert _kinds(merchant)["support_reply"] is True

        # A buyer's order awaiting pickup: one push, decrypted by the endpoint, in the merchant's language.
        order = place_order(merchant)
        endpoint.wait(1, timeout=15)
        page.wait_for_timeout(500)  # nothing else follows
        assert len(endpoint.received) == 1, endpoint.received
        payload = endpoint.received[0]["payload"]
        assert payload["path"] == f"/orderDetail?id={order.pk}"
        assert payload["title"] == _notice_title(merchant, order)

        # Delivered to the service worker: it shows the notification with the app's icon.
        page.goto(f"{base_url}/my")
        cdp = sw_context.new_cdp_session(page)
        registration_id = _registration_id(page, cdp, base_url)
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": base_url, "registrationId": registration_id, "data": json.dumps(payload)},
        )
        [shown] = _shown(page)
        assert shown["title"] == payload["title"] and shown["body"] == payload["body"]
        assert shown["tag"] == payload["tag"] and shown["data"] == {"path": payload["path"]}
        assert shown["icon"].endswith("icon-192.png")

        # Tapped: the notification closes and the app opens the order.
        assert _in_service_worker(sw_context, page, base_url, TAP) == 1
        page.wait_for_url(f"{base_url}/orderDetail?id={order.pk}")
        assert_visible(page.get_by_test_id("order-detail"))
        assert page.evaluate(NOTIFICATIONS) == []

        # Off: the browser's subscription ends and the server forgets it.
        open_app(page, base_url, "/notifications")
        tap(page.get_by_test_id("push-main"))
        page.locator("[data-testid=push-main][aria-checked=false]").wait_for()
        assert page.evaluate("() => sessionStorage.getItem('e2e-push-subscription')") is None
        assert not _subscribed(merchant, subscription["endpoint"])
        assert len(endpoint.received) == 1


def _server_public_key() -> str:
    from apps.support.push import application_server_key

    return application_server_key()


def _kinds(merchant) -> dict[str, bool]:
    from apps.core.notices import PushKind
    from apps.support.push import kinds_on

    on = kinds_on(merchant.pk)
    return {kind: kind in on for kind in PushKind.values}


def _subscribed(merchant, endpoint: str) -> bool:
    from apps.support.models import PushSubscription

    return PushSubscription.objects.filter(merchant=merchant, endpoint=endpoint).exists()


def _notice_title(merchant, order) -> str:
    """The title of the message about the order as Messages shows it in the merchant's language."""
    from django.utils import translation

    from apps.support.models import Notice

    notice = Notice.objects.get(merchant=merchant, target_kind="order", target_id=order.pk)
    with translation.override(django_lang(merchant.language)):
        return notice.rendered_title()
