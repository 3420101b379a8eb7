import { defineMessages, type MessageDescriptor } from "react-intl";
import type { PushKind } from "../api/types";

/** The Notifications screen (/notifications): this phone's switch, what the browser allows, and the kinds. */
export const pushMessages = defineMessages({
  main: {
    id: "push.main",
    defaultMessage: "Notifications on this phone",
    description: "Notifications screen: the main switch, for this phone (browser) only",
  },
  onHint: {
    id: "push.onHint",
    defaultMessage: "This phone gets a notification for each kind switched on below, even when the app is closed. Tap one to open what it is about.",
    description: "Notifications screen: under the main switch when it is on",
  },
  offHint: {
    id: "push.offHint",
    defaultMessage: "Turn on to get a notification on this phone when something needs you, even when the app is closed. The browser asks you to allow it.",
    description: "Notifications screen: under the main switch when it is off",
  },
  unsupported: {
    id: "push.unsupported",
    defaultMessage:
      "This browser cannot receive notifications. On iOS, add the app to the home screen first (Share, then Add to Home Screen) and open it from there; elsewhere, use a recent Chrome, Edge, Firefox or Safari.",
    description: "Notifications screen: the browser has no Web Push (no Notification, service worker or PushManager)",
  },
  denied: {
    id: "push.denied",
    defaultMessage:
      "Notifications are blocked for this site in the browser. To allow them, open the site's settings (tap the icon beside the address, or the browser's Settings, then Site settings, then Notifications), allow notifications for this site, and come back here.",
    description: "Notifications screen: the browser's permission is denied; how to allow it again",
  },
  failed: {
    id: "push.failed",
    defaultMessage: "This browser could not turn notifications on. Check the connection and try again.",
    description: "Notifications screen: the browser's subscription failed (its push service did not answer)",
  },
  kindsTitle: { id: "push.kindsTitle", defaultMessage: "What to notify", description: "Notifications screen: heading of the kinds" },
  kindsHint: {
    id: "push.kindsHint",
    defaultMessage: "These choices apply to every phone where notifications are on.",
    description: "Notifications screen: under the kinds' heading (the kinds are per account, not per phone)",
  },
});

/** Each kind's name and what it notifies, in the server's fixed order (merchant/push). */
export const kindMessages: Record<PushKind, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  order_waiting: defineMessages({
    label: { id: "push.kind.orderWaiting", defaultMessage: "New orders awaiting pickup", description: "Notification kind" },
    hint: {
      id: "push.kind.orderWaitingHint",
      defaultMessage: "A buyer paid an order: pick it up within the pickup window (48 hours by default).",
      description: "Notification kind: what it notifies",
    },
  }),
  pickup_deadline: defineMessages({
    label: { id: "push.kind.pickupDeadline", defaultMessage: "Pickup deadline close", description: "Notification kind" },
    hint: {
      id: "push.kind.pickupDeadlineHint",
      defaultMessage: "A few hours before an order's pickup window ends; after it the order is cancelled and the buyer refunded.",
      description: "Notification kind: what it notifies",
    },
  }),
  money_decided: defineMessages({
    label: { id: "push.kind.moneyDecided", defaultMessage: "Deposits and withdrawals", description: "Notification kind" },
    hint: {
      id: "push.kind.moneyDecidedHint",
      defaultMessage: "A deposit or a withdrawal was approved or refused.",
      description: "Notification kind: what it notifies",
    },
  }),
  refund_request: defineMessages({
    label: { id: "push.kind.refundRequest", defaultMessage: "Refund requests", description: "Notification kind" },
    hint: {
      id: "push.kind.refundRequestHint",
      defaultMessage: "A buyer asked for a refund.",
      description: "Notification kind: what it notifies",
    },
  }),
  support_reply: defineMessages({
    label: { id: "push.kind.supportReply", defaultMessage: "Support replies", description: "Notification kind" },
    hint: {
      id: "push.kind.supportReplyHint",
      defaultMessage: "Customer service answered you.",
      description: "Notification kind: what it notifies",
    },
  }),
  security: defineMessages({
    label: { id: "push.kind.security", defaultMessage: "Security notices", description: "Notification kind" },
    hint: {
      id: "push.kind.securityHint",
      defaultMessage: "A sign-in from a new device, or a change to your passwords or contact details.",
      description: "Notification kind: what it notifies",
    },
  }),
};
