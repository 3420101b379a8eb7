import { defineMessages, type MessageValue } from "react-intl";

/** Texts of the Terms screen. */
const plainMessages = defineMessages({
  inForce: { id: "terms.inForce", defaultMessage: "In force now", description: "Terms: heading of the versions that apply now" },
  upcoming: {
    id: "terms.upcoming",
    defaultMessage: "Upcoming change",
    description: "Terms: tag of a version announced and not in force yet",
  },
  note: { id: "terms.note", defaultMessage: "What changes and why", description: "Terms: label of the operators' note on a version" },
  none: { id: "terms.none", defaultMessage: "No published terms yet.", description: "Terms: the screen when there is nothing to show" },
});

/** Messages with arguments carry their argument types (react-intl 12 typed messages). */
const argumentMessages = defineMessages<{
  intro: { readonly days: MessageValue };
  from: { readonly date: MessageValue };
  since: { readonly date: MessageValue };
  announced: { readonly date: MessageValue };
  historyCount: { readonly count: MessageValue };
  historyShown: { readonly shown: MessageValue; readonly total: MessageValue };
  upcomingCount: { readonly count: MessageValue };
}>({
  intro: {
    id: "terms.intro",
    defaultMessage:
      "The platform never changes these terms in place. A change is announced to you at least {days, plural, one {# day} other {# days}} before it applies, and what you have already paid for (your level) keeps the terms you paid for.",
    description: "Terms: the rule above the list",
  },
  from: { id: "terms.from", defaultMessage: "Applies from {date}", description: "Terms: when an announced version starts" },
  since: { id: "terms.since", defaultMessage: "Since {date}", description: "Terms: when a version in force (or a past one) started" },
  announced: { id: "terms.announced", defaultMessage: "Announced {date}", description: "Terms: when merchants were told of a version" },
  historyCount: {
    id: "terms.historyCount",
    defaultMessage: "{count, plural, one {# earlier version} other {# earlier versions}}",
    description: "Terms: the history panel's title",
  },
  historyShown: {
    id: "terms.historyShown",
    defaultMessage: "The latest {shown} of {total} are shown.",
    description: "Terms: under a history longer than what is shown",
  },
  upcomingCount: {
    id: "terms.upcomingCount",
    defaultMessage: "{count, plural, one {# change announced} other {# changes announced}}",
    description: "Terms: tag beside a kind of terms with announced changes",
  },
});

export const termsMessages = { ...plainMessages, ...argumentMessages };
