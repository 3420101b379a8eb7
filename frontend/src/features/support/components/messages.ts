import { defineMessages } from "react-intl";

/** Texts of the support screens (Service: the contacts; Services: the conversation). */
export const supportMessages = defineMessages({
  chatEntry: { id: "support.chatEntry", defaultMessage: "Chat with customer service", description: "Service: entry to the built-in support conversation" },
  chatEntryHint: {
    id: "support.chatEntryHint",
    defaultMessage: "Write to us in the app; operators answer here",
    description: "Service: under the entry to the support conversation",
  },
  otherChannels: { id: "support.otherChannels", defaultMessage: "Other ways to reach us", description: "Service: heading of the configured support links" },
  noChannels: {
    id: "support.noChannels",
    defaultMessage: "No other contact channels are set up yet",
    description: "Service: no support link is configured",
  },
  officialNotice: {
    id: "support.officialNotice",
    defaultMessage: "Deposit addresses are only shown on the deposit screen; support never sends one.",
    description: "Service and Services: a permanent line (trust rule: support never sends a deposit address)",
  },
  empty: {
    id: "support.empty",
    defaultMessage: "Ask us anything about your shop, orders or wallet.",
    description: "Services: the conversation has no message yet",
  },
  earlier: { id: "support.earlier", defaultMessage: "Earlier messages", description: "Services: button that loads older messages" },
  placeholder: { id: "support.placeholder", defaultMessage: "Type a message", description: "Services: placeholder of the message input" },
  send: { id: "support.send", defaultMessage: "Send", description: "Services: send button" },
  pickImage: { id: "support.pickImage", defaultMessage: "Send an image", description: "Services: accessible name of the image button" },
  sending: { id: "support.sending", defaultMessage: "Sending…", description: "Services: under a message on its way" },
  failed: { id: "support.failed", defaultMessage: "Not sent", description: "Services: under a message that failed to send" },
  retry: { id: "support.retry", defaultMessage: "Retry", description: "Services: send a failed message again" },
  image: { id: "support.image", defaultMessage: "Image", description: "Services: alternative text of an image in a message" },
});
