import { defineMessages } from "react-intl";

/** The account history: the operator actions on the merchant's account (AccountHistory, and its link). */
export const historyMessages = defineMessages({
  link: {
    id: "history.link",
    defaultMessage: "Account history",
    description: "Personal info row: link to the list of operator actions on the merchant's account",
  },
  intro: {
    id: "history.intro",
    defaultMessage:
      "Everything the platform's operators did to your account, money, shop or products is listed here with their reason. Each was also sent to you as a message.",
    description: "Account history: what the list shows",
  },
  secondOperator: {
    id: "history.secondOperator",
    defaultMessage: "Approved by a second operator",
    description: "Account history: tag of an action that a second operator approved",
  },
  empty: {
    id: "history.empty",
    defaultMessage: "No operator has acted on your account.",
    description: "Account history: the list is empty",
  },
});
