import { defineMessages, type MessageValue } from "react-intl";

/** The Devices screen, "This wasn't me" on a security notice, and the money lock banner. */
export const devicesMessages = defineMessages({
  intro: {
    id: "devices.intro",
    defaultMessage: "The devices signed in to your account. Sign out any you do not know, then change your login password.",
    description: "Devices screen: what the list is",
  },
  thisDevice: { id: "devices.thisDevice", defaultMessage: "This device", description: "Devices screen: tag on the device in use" },
  signOut: { id: "devices.signOut", defaultMessage: "Sign out", description: "Devices screen: button that signs one other device out" },
  signOutConfirm: {
    id: "devices.signOutConfirm",
    defaultMessage: "Sign out {device}? It will have to sign in again with the password.",
    description: "Confirmation before signing one device out",
  },
  signOutOthers: {
    id: "devices.signOutOthers",
    defaultMessage: "Sign out all other devices",
    description: "Devices screen: button that signs out every device but this one",
  },
  signOutOthersConfirm: {
    id: "devices.signOutOthersConfirm",
    defaultMessage: "Sign out every device except this one? They will have to sign in again with the password.",
    description: "Confirmation before signing every other device out",
  },
  onlyThis: {
    id: "devices.onlyThis",
    defaultMessage: "No other device is signed in.",
    description: "Devices screen: when this is the only signed-in device",
  },
  unknownDevice: { id: "devices.unknownDevice", defaultMessage: "Unknown device", description: "Devices screen: a device whose browser is not known" },
  devicesLink: { id: "devices.link", defaultMessage: "Devices", description: "Settings: link to the signed-in devices" },
  notMe: { id: "notMe.button", defaultMessage: "This wasn't me", description: "Button on a security message: report that the merchant did not do it" },
  notMeConfirm: {
    id: "notMe.confirm",
    defaultMessage:
      "Lock your money and sign out your other devices? Withdrawals, order pickups and purchases from the balance stop until you reset your login password with a code (“Forgot password?” on the sign-in screen). Deposits still arrive.",
    description: "Confirmation of This wasn't me: what it does and how to undo it",
  },
  notMeLock: { id: "notMe.lock", defaultMessage: "Lock and sign out", description: "Confirm button of This wasn't me" },
  notMeIntro: {
    id: "notMe.intro",
    defaultMessage: "Not you? Lock your money and sign out the other devices at once.",
    description: "Security message: the line above the This wasn't me button",
  },
  lockedTitle: { id: "moneyLock.title", defaultMessage: "Money movements are locked", description: "Lock banner: title" },
  lockedBody: {
    id: "moneyLock.body",
    defaultMessage:
      "You answered “This wasn't me” to a security notice. Withdrawals, order pickups and purchases from the balance are refused; deposits still arrive. To unlock, sign out and reset your login password with “Forgot password?” on the sign-in screen.",
    description: "Lock banner: what is locked and how to unlock",
  },
});

export const deviceArgumentMessages = defineMessages<{
  device: { readonly browser: MessageValue; readonly system: MessageValue };
  times: { readonly signedIn: MessageValue; readonly lastUsed: MessageValue };
}>({
  device: { id: "devices.device", defaultMessage: "{browser} on {system}", description: "Devices screen: a browser on a system, e.g. Chrome on Android" },
  times: {
    id: "devices.times",
    defaultMessage: "Signed in {signedIn} · last used {lastUsed}",
    description: "Devices screen: when the device signed in and was last used",
  },
});
