import { defineMessages, type MessageValue } from "react-intl";

/** The passkeys' texts: their own module, so the screens that show none (Home) do not load them. */
export const passkeyMessages = defineMessages({
  title: { id: "passkeys.title", defaultMessage: "Passkeys", description: "Header of the passkeys list (security)" },
  intro: {
    id: "passkeys.intro",
    defaultMessage:
      "A passkey signs you in with your phone's or computer's screen lock (fingerprint, face or PIN), without the password. It also confirms it is you on a new device.",
    description: "What a passkey is, above the list",
  },
  none: { id: "passkeys.none", defaultMessage: "No passkey yet", description: "The passkeys list is empty" },
  neverUsed: { id: "passkeys.neverUsed", defaultMessage: "Not used yet", description: "A passkey never used" },
  add: { id: "passkeys.add", defaultMessage: "Add a passkey", description: "Button: register a new passkey" },
  remove: { id: "passkeys.remove", defaultMessage: "Remove", description: "Button: remove a passkey" },
  unsupported: {
    id: "passkeys.unsupported",
    defaultMessage: "This browser cannot use passkeys.",
    description: "The browser has no WebAuthn",
  },
  passwordHint: {
    id: "passkeys.passwordHint",
    defaultMessage: "Enter your login password. Your device then asks for its screen lock to make the passkey.",
    description: "Step 1 of adding a passkey",
  },
  password: { id: "passkeys.password", defaultMessage: "Login password", description: "Field label" },
  passwordPlaceholder: {
    id: "passkeys.passwordPlaceholder",
    defaultMessage: "Enter your login password",
    description: "Field placeholder",
  },
  passwordRequired: {
    id: "passkeys.passwordRequired",
    defaultMessage: "Please enter the password",
    description: "Validation: the password field is empty",
  },
  continue: { id: "passkeys.continue", defaultMessage: "Continue", description: "Button: step 1 of adding a passkey" },
  nameHint: {
    id: "passkeys.nameHint",
    defaultMessage: "Name it so you know which device it is on.",
    description: "Step 2 of adding a passkey",
  },
  name: { id: "passkeys.name", defaultMessage: "Name", description: "Field label: the passkey's name" },
  namePlaceholder: {
    id: "passkeys.namePlaceholder",
    defaultMessage: "For example: my phone",
    description: "Field placeholder: the passkey's name (empty: the browser and system)",
  },
  save: { id: "passkeys.save", defaultMessage: "Save", description: "Button: keep the new passkey" },
  cancelled: {
    id: "passkeys.cancelled",
    defaultMessage: "No passkey was used.",
    description: "The browser's passkey prompt was closed or timed out",
  },
  exists: {
    id: "passkeys.exists",
    defaultMessage: "This device already has a passkey for your account.",
    description: "The authenticator already holds one of the account's passkeys",
  },
  signIn: { id: "passkeys.signIn", defaultMessage: "Sign in with a passkey", description: "Login screen button" },
  or: { id: "passkeys.or", defaultMessage: "or", description: "Between the password form and the passkey button" },
  link: { id: "passkeys.link", defaultMessage: "Passkeys", description: "Settings link to the passkeys screen" },
  usePasskey: { id: "passkeys.usePasskey", defaultMessage: "Use a passkey", description: "Sign-in's second step: button" },
  factorIntro: {
    id: "passkeys.factorIntro",
    defaultMessage: "This device is new to your account. Confirm it is you with one of your passkeys.",
    description: "Sign-in's second step when the account has passkeys only",
  },
});

export const passkeyArgumentMessages = defineMessages<{
  added: { readonly date: MessageValue };
  lastUsed: { readonly date: MessageValue };
  removeTitle: { readonly name: MessageValue };
}>({
  added: { id: "passkeys.added", defaultMessage: "Added {date}", description: "When a passkey was added" },
  lastUsed: { id: "passkeys.lastUsed", defaultMessage: "Last used {date}", description: "When a passkey was last used" },
  removeTitle: {
    id: "passkeys.removeTitle",
    defaultMessage: "Remove the passkey “{name}”",
    description: "Title of the sheet that removes a passkey",
  },
});
