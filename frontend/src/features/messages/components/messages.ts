import { defineMessages, type MessageValue } from "react-intl";

/** Texts of the message screens (Message, MessageDetail) and Home's announcement bar. */
const plainMessages = defineMessages({
  tabAll: { id: "messages.tab.all", defaultMessage: "All", description: "Message tab: every message" },
  tabRead: { id: "messages.tab.read", defaultMessage: "Read", description: "Message tab: messages already opened" },
  tabUnread: { id: "messages.tab.unread", defaultMessage: "Unread", description: "Message tab: messages not opened yet" },
  unread: { id: "messages.unreadDot", defaultMessage: "Unread", description: "Screen-reader label of the dot on an unread message" },
  close: { id: "messages.close", defaultMessage: "Close", description: "Button: close the announcement dialog" },
  markAllRead: { id: "messages.markAllRead", defaultMessage: "Mark all read", description: "Message screen button: mark every message read" },
  allRead: { id: "messages.allRead", defaultMessage: "All messages are read", description: "Toast after marking every message read" },
  openOrder: { id: "messages.open.order", defaultMessage: "View the order", description: "MessageDetail button: open the order the message is about" },
  openRefund: { id: "messages.open.refund", defaultMessage: "View the refund request", description: "MessageDetail button: open the refund requests (the one the message is about)" },
  openDeposit: { id: "messages.open.deposit", defaultMessage: "View the deposit", description: "MessageDetail button: open the deposit records (the one the message is about)" },
  openWithdrawal: { id: "messages.open.withdrawal", defaultMessage: "View the withdrawal", description: "MessageDetail button: open the withdrawal records (the one the message is about)" },
});

/** Messages with arguments carry their argument types (react-intl typed messages). */
const argumentMessages = defineMessages<{
  sender: { readonly sender: MessageValue };
  sentAt: { readonly time: MessageValue };
  validUntil: { readonly time: MessageValue };
}>({
  sender: {
    id: "messages.sender",
    defaultMessage: "From: {sender}",
    description: "Who sent a message: the platform or an operator team",
  },
  sentAt: { id: "messages.sentAt", defaultMessage: "Sent: {time}", description: "When a message was sent" },
  validUntil: {
    id: "messages.validUntil",
    defaultMessage: "Valid until {time}",
    description: "Under a platform announcement: when it ends",
  },
});

export const messageMessages = { ...plainMessages, ...argumentMessages };
