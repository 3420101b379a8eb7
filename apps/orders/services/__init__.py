"""Order writes: the whole lifecycle of product.md 5.2, each step one `transition()` and, where money moves, one ledger
entry (5.3) with a unique reference. One module per audience, all re-exported here (`services.order_pay(...)`):
- storefront: a storefront, the platform's own (apps.storefront, in-process; only its payment provider's verified
  webhook calls order_pay) or an external one through the intake with its key (apps.orders.intake_apis):
  order_create, order_pay, order_cancel, order_confirm_receipt, refund_request, review_add;
- merchant: the merchant (order/pick, order/pick_batch): order_pick, order_pick_batch; and a shop closing or
  reopening (apps.accounts.hooks.shop_closed_changed): pickup_windows_pause, pickup_windows_resume;
- operators: operators (the admin): order_ship, tracking_event_add, order_mark_delivered, refund_approve,
  refund_reject;
- sweeps: Celery beat (tasks.orders_move_due): order_expire_unpaid, order_expire_unpicked, order_expire_unshipped,
  order_receive_due, order_settle; (tasks.orders_pickup_remind) order_pickup_remind;
- common: what they share (the order's row lock, stock coming back, the escrow account, a cancellation).

Locks follow the lock order of apps.wallet.operations: a step that changes an order locks the order row first (the
merchant row before it for pickups, which are money operations), then any refund row, then the ledger accounts, then
the shop's figures, and last the shop's order counters (counts.order_counted, the step's last write: apps.orders.
counts); so of two steps on one order one waits for the other and then finds the order moved on. Every
lock is FOR NO KEY UPDATE, so a step's rows that reference the merchant (notices, figures, credit events) do not wait
at commit for a pickup holding the merchant row.
"""

from .merchant import (
    order_pick,
    order_pick_batch,
    pickup_windows_on_shop_closed,
    pickup_windows_pause,
    pickup_windows_resume,
)
from .operators import (
    ACTION_REFUND_APPROVED,
    ACTION_REFUND_REJECTED,
    REFUND_APPROVED,
    REFUND_APPROVED_AT_FAULT,
    REFUND_REJECTED,
    TRACKED,
    order_mark_delivered,
    order_ship,
    refund_approve,
    refund_reject,
    tracking_event_add,
)
from .storefront import (
    LineRequest,
    order_cancel,
    order_confirm_receipt,
    order_create,
    order_pay,
    refund_request,
    review_add,
)
from .sweeps import (
    order_expire_unpaid,
    order_expire_unpicked,
    order_expire_unshipped,
    order_pickup_remind,
    order_receive_due,
    order_settle,
)

__all__ = [
    "ACTION_REFUND_APPROVED",
    "ACTION_REFUND_REJECTED",
    "REFUND_APPROVED",
    "REFUND_APPROVED_AT_FAULT",
    "REFUND_REJECTED",
    "TRACKED",
    "LineRequest",
    "order_cancel",
    "order_confirm_receipt",
    "order_create",
    "order_expire_unpaid",
    "order_expire_unpicked",
    "order_expire_unshipped",
    "order_mark_delivered",
    "order_pay",
    "order_pick",
    "order_pick_batch",
    "order_pickup_remind",
    "order_receive_due",
    "order_settle",
    "order_ship",
    "pickup_windows_on_shop_closed",
    "pickup_windows_pause",
    "pickup_windows_resume",
    "refund_approve",
    "refund_reject",
    "refund_request",
    "review_add",
    "tracking_event_add",
]
