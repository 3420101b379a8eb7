import { defineMessages } from "react-intl";

/** The second factor's code field (SecondFactorField), wherever it is asked. */
export const secondFactorMessages = defineMessages({
  label: {
    id: "secondFactor.label",
    defaultMessage: "Two-step sign-in code",
    description: "Label of the field for the authenticator app's code or a recovery code",
  },
  codePlaceholder: { id: "secondFactor.codePlaceholder", defaultMessage: "6-digit code", description: "Placeholder" },
  codeHint: {
    id: "secondFactor.codeHint",
    defaultMessage: "The code your authenticator app shows for this shop account.",
    description: "Hint under the code field",
  },
  useRecovery: {
    id: "secondFactor.useRecovery",
    defaultMessage: "Use a recovery code",
    description: "Button: switches the field to a recovery code (when the phone is not at hand)",
  },
  recoveryPlaceholder: {
    id: "secondFactor.recoveryPlaceholder",
    defaultMessage: "Recovery code, e.g. abcd-efgh-jk",
    description: "Placeholder of the field in recovery-code mode",
  },
  recoveryHint: {
    id: "secondFactor.recoveryHint",
    defaultMessage: "One of the recovery codes you saved. Each works only once.",
    description: "Hint under the field in recovery-code mode",
  },
  useApp: {
    id: "secondFactor.useApp",
    defaultMessage: "Use the authenticator app",
    description: "Button: switches the field back to the app's 6-digit code",
  },
});

/** The sign-in's second step (LoginFactorStep). */
export const loginFactorMessages = defineMessages({
  title: { id: "loginFactor.title", defaultMessage: "Two-step sign-in", description: "Heading of the sign-in's second step" },
  intro: {
    id: "loginFactor.intro",
    defaultMessage: "This device is new to your account. Enter the code from your authenticator app to finish signing in.",
    description: "Text of the sign-in's second step",
  },
  submit: { id: "loginFactor.submit", defaultMessage: "Verify and sign in", description: "Button of the second step" },
  back: { id: "loginFactor.back", defaultMessage: "Back", description: "Button: back to the password step" },
  required: {
    id: "loginFactor.required",
    defaultMessage: "Please enter the code from your authenticator app or a recovery code.",
    description: "Validation: the code field is empty",
  },
});
