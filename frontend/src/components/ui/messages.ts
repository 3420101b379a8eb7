import { defineMessages, type MessageValue } from "react-intl";

/** Texts shared by the reusable components. */
export const uiMessages = defineMessages({
  noRecords: { id: "common.noRecords", defaultMessage: "No records yet", description: "Empty list or screen" },
  noMore: { id: "common.noMore", defaultMessage: "No more", description: "End of an infinite list" },
  loading: { id: "common.loading", defaultMessage: "Loading…", description: "Loading indicator text" },
  retry: { id: "common.retry", defaultMessage: "Try again", description: "Button: retry a failed load" },
  loadFailed: { id: "common.loadFailed", defaultMessage: "Could not load. Check your connection.", description: "A list failed to load" },
  loadFailedHint: {
    id: "common.loadFailedHint",
    defaultMessage: "The server did not answer. Nothing is missing: try again in a moment.",
    description: "Under 'Could not load' when there was no answer (offline, time-out, server error)",
  },
  notSaved: {
    id: "common.notSaved",
    defaultMessage: "Not saved: the server did not answer. Check your connection and try again.",
    description: "Toast when a save or other change got no answer (offline, time-out, server error)",
  },
  gotIt: { id: "common.gotIt", defaultMessage: "Got it", description: "Button closing an explanation (a figure's info)" },
  offlineNotSent: {
    id: "common.offlineNotSent",
    defaultMessage: "You are offline: nothing was sent. Try again when you are back online.",
    description: "Toast when a save, a send or a payment is asked for while the device is offline (refused at once)",
  },
  offlineBanner: {
    id: "common.offlineBanner",
    defaultMessage: "You are offline. Nothing you save or pay is sent until you are back online: try again then.",
    description: "Banner at the top of every screen while the device is offline",
  },
  confirm: { id: "common.confirm", defaultMessage: "Confirm", description: "Dialog button" },
  cancel: { id: "common.cancel", defaultMessage: "Cancel", description: "Dialog button" },
  language: { id: "common.language", defaultMessage: "Language", description: "Language switch label" },
  back: { id: "common.back", defaultMessage: "Back", description: "The NavBar's back arrow (its accessible name)" },
  backToTop: { id: "common.backToTop", defaultMessage: "Back to top", description: "Scroll-to-top button label" },
  errorTitle: { id: "common.errorTitle", defaultMessage: "Something went wrong", description: "Error boundary title" },
  errorReload: { id: "common.errorReload", defaultMessage: "Reload", description: "Error boundary button" },
  payPasswordTitle: { id: "payPassword.title", defaultMessage: "Please enter the payment password", description: "Pay-password dialog title (spec message)" },
  payPasswordHint: { id: "payPassword.hint", defaultMessage: "6 digits", description: "Pay-password dialog hint" },
  copy: { id: "common.copy", defaultMessage: "Copy", description: "Button: copy to the clipboard" },
  copied: { id: "common.copied", defaultMessage: "Copy successful", description: "Toast after copying (spec message)" },
  copyFailed: { id: "common.copyFailed", defaultMessage: "Could not copy. Select the text and copy it.", description: "Toast" },
  uploadFailed: { id: "upload.failed", defaultMessage: "Upload failed", description: "Image upload failed toast" },
  termsLink: { id: "common.termsLink", defaultMessage: "Fees and terms", description: "Link to the Terms screen (fees, level terms, windows)" },
  termsLinkHint: {
    id: "common.termsLinkHint",
    defaultMessage: "The terms in force, the changes announced and the earlier terms",
    description: "Under the link to the Terms screen",
  },
});

/** Shared texts with arguments. */
export const uiArgumentMessages = defineMessages<{
  figureInfo: { readonly figure: MessageValue };
  offlineDataTime: { readonly time: MessageValue };
}>({
  offlineDataTime: {
    id: "common.offlineDataTime",
    defaultMessage: "Data from {time}: shown as it was, read-only",
    description: "Second line of the offline banner: when the data on screen was last read ({time}: '14:05', or '27 Nov, 14:05' on another day)",
  },
  figureInfo: {
    id: "common.figureInfo",
    defaultMessage: "What {figure} counts",
    description: "Accessible name of a figure's info button, e.g. 'What Total sales counts'",
  },
});
