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
    defaultMessage: "Recovery code",
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

/** The Security screen (/security) and the offer on Settings and My. */
export const securityMessages = defineMessages({
  twoStep: { id: "security.twoStep", defaultMessage: "Two-step sign-in", description: "Row and card title" },
  on: { id: "security.on", defaultMessage: "On", description: "State of two-step sign-in" },
  off: { id: "security.off", defaultMessage: "Off", description: "State of two-step sign-in" },
  offIntro: {
    id: "security.offIntro",
    defaultMessage:
      "Protect your shop with a code from an authenticator app on your phone (for example Google Authenticator or Microsoft Authenticator). Signing in on a new device, and changing passwords or contact details, will also ask for the code.",
    description: "Security screen while two-step sign-in is off",
  },
  onIntro: {
    id: "security.onIntro",
    defaultMessage:
      "Signing in on a new device, and changing passwords or contact details, ask for the code from your authenticator app.",
    description: "Security screen while two-step sign-in is on",
  },
  offTurnOn: {
    id: "security.offTurnOn",
    defaultMessage: "Off · Turn on",
    description: "Tag on the two-step sign-in row while it is off (an offer to turn it on)",
  },
  turnOn: { id: "security.turnOn", defaultMessage: "Turn on", description: "Button: start turning two-step sign-in on" },
  offer: {
    id: "security.offer",
    defaultMessage: "Protect your account: turn on two-step sign-in",
    description: "Notice on Settings and My while two-step sign-in is off",
  },
  loginPassword: { id: "security.loginPassword", defaultMessage: "Login password", description: "Field label" },
  loginPasswordPlaceholder: {
    id: "security.loginPasswordPlaceholder",
    defaultMessage: "Enter your login password",
    description: "Field placeholder",
  },
  passwordRequired: { id: "security.passwordRequired", defaultMessage: "Please enter the password", description: "Validation" },
  passwordStep: {
    id: "security.passwordStep",
    defaultMessage: "First enter your login password.",
    description: "Turning on, step 1",
  },
  continue: { id: "security.continue", defaultMessage: "Continue", description: "Button" },
  cancel: { id: "security.cancel", defaultMessage: "Cancel", description: "Button" },
  scan: {
    id: "security.scan",
    defaultMessage: "1. In your authenticator app, add an account and scan this QR code.",
    description: "Turning on: the QR code step",
  },
  qrAlt: { id: "security.qrAlt", defaultMessage: "QR code for your authenticator app", description: "Alt text of the QR image" },
  keyHint: {
    id: "security.keyHint",
    defaultMessage: "Cannot scan it? Type this key into the app instead:",
    description: "Turning on: the key as text",
  },
  enterCode: {
    id: "security.enterCode",
    defaultMessage: "2. Enter the 6-digit code the app now shows.",
    description: "Turning on: the code step",
  },
  codeRequired: {
    id: "security.codeRequired",
    defaultMessage: "Please enter the 6-digit code from your authenticator app.",
    description: "Validation",
  },
  confirm: { id: "security.confirm", defaultMessage: "Turn on two-step sign-in", description: "Button: confirm with the code" },
  codesTitle: { id: "security.codesTitle", defaultMessage: "Your recovery codes", description: "Heading" },
  codesHint: {
    id: "security.codesHint",
    defaultMessage:
      "Save these codes somewhere safe, away from your phone. If you lose your phone, each code lets you sign in once. They are shown only now.",
    description: "Under the recovery codes",
  },
  saved: { id: "security.saved", defaultMessage: "I saved them", description: "Button: the recovery codes were saved" },
  codesLeft: { id: "security.codesLeft", defaultMessage: "Recovery codes left", description: "Row label" },
  newCodes: { id: "security.newCodes", defaultMessage: "New recovery codes", description: "Button and heading" },
  newCodesHint: {
    id: "security.newCodesHint",
    defaultMessage: "Enter a code to make new recovery codes. The old ones will stop working.",
    description: "New recovery codes: what happens",
  },
  make: { id: "security.make", defaultMessage: "Make new codes", description: "Button" },
  turnOff: { id: "security.turnOff", defaultMessage: "Turn off", description: "Button: turn two-step sign-in off" },
  turnOffHint: {
    id: "security.turnOffHint",
    defaultMessage: "Enter your login password and a code to turn two-step sign-in off. Your account will be less protected.",
    description: "Turning off: what is asked",
  },
  confirmOff: { id: "security.confirmOff", defaultMessage: "Turn off two-step sign-in", description: "Button" },
});
