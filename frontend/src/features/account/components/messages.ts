import { defineMessages, type MessageValue } from "react-intl";

export const loginMessages = defineMessages({
  welcome: { id: "login.welcome", defaultMessage: "Welcome back", description: "Login screen heading" },
  subtitle: { id: "login.subtitle", defaultMessage: "Sign in to manage your shop", description: "Login screen subheading" },
  account: { id: "login.account", defaultMessage: "Phone or email", description: "Login field label" },
  accountPlaceholder: {
    id: "login.accountPlaceholder",
    defaultMessage: "Enter phone number or email",
    description: "Login field placeholder",
  },
  accountRequired: {
    id: "login.accountRequired",
    defaultMessage: "Please enter phone number or email",
    description: "Validation: the account field is empty (spec message)",
  },
  password: { id: "login.password", defaultMessage: "Password", description: "Login field label" },
  passwordPlaceholder: { id: "login.passwordPlaceholder", defaultMessage: "Enter password", description: "Login field placeholder" },
  passwordRequired: {
    id: "login.passwordRequired",
    defaultMessage: "Please enter the password",
    description: "Validation: the password field is empty",
  },
  submit: { id: "login.submit", defaultMessage: "Sign in", description: "Login button" },
  forgot: { id: "login.forgot", defaultMessage: "Forgot password?", description: "Link to /forgetPwd" },
  noAccount: { id: "login.noAccount", defaultMessage: "No account yet?", description: "Before the register link" },
  register: { id: "login.register", defaultMessage: "Register", description: "Link to /code (registration)" },
});

export const thirdMessages = defineMessages({
  signingIn: { id: "third.signingIn", defaultMessage: "Signing in…", description: "Loading toast of the partner sign-in" },
  notLinked: {
    id: "third.notLinked",
    defaultMessage: "Your partner account is not linked to a shop yet.",
    description: "Partner sign-in answered status 0",
  },
  register: { id: "third.register", defaultMessage: "Register a shop", description: "Button after status 0" },
  signIn: { id: "third.signIn", defaultMessage: "I already have a shop", description: "Button after status 0" },
});

export const codeMessages = defineMessages({
  title: { id: "code.title", defaultMessage: "Apply to become a merchant", description: "Code screen heading" },
  subtitle: {
    id: "code.subtitle",
    defaultMessage: "Registration needs an invitation code from the platform or from a merchant who invited you.",
    description: "Code screen explanation",
  },
  inviteCode: { id: "code.inviteCode", defaultMessage: "Invitation code", description: "Field label" },
  inviteCodePlaceholder: {
    id: "code.inviteCodePlaceholder",
    defaultMessage: "Enter the invitation code",
    description: "Field placeholder",
  },
  inviteCodeRequired: {
    id: "code.inviteCodeRequired",
    defaultMessage: "Please enter the invitation code",
    description: "Validation: the invitation code is empty",
  },
  submit: { id: "code.submit", defaultMessage: "Verify invitation code", description: "Button: check the code (verify_code)" },
  haveAccount: { id: "code.haveAccount", defaultMessage: "Already have a shop?", description: "Before the sign-in link" },
  signIn: { id: "code.signIn", defaultMessage: "Sign in", description: "Link to /login" },
});

export const registerMessages = defineMessages({
  sectionShop: { id: "register.sectionShop", defaultMessage: "Shop", description: "Register form section" },
  sectionOwner: { id: "register.sectionOwner", defaultMessage: "Owner and ID documents", description: "Register form section" },
  sectionAccount: { id: "register.sectionAccount", defaultMessage: "Account", description: "Register form section" },
  logo: { id: "register.logo", defaultMessage: "Shop logo", description: "Field label" },
  logoRequired: { id: "register.logoRequired", defaultMessage: "Please upload the shop logo", description: "Validation" },
  shopName: { id: "register.shopName", defaultMessage: "Shop name", description: "Field label" },
  shopNamePlaceholder: { id: "register.shopNamePlaceholder", defaultMessage: "Enter the shop name", description: "Field placeholder" },
  shopNameRequired: { id: "register.shopNameRequired", defaultMessage: "Please enter the shop name", description: "Validation" },
  shopAddress: { id: "register.shopAddress", defaultMessage: "Shop address", description: "Field label" },
  shopAddressPlaceholder: {
    id: "register.shopAddressPlaceholder",
    defaultMessage: "Enter the shop address",
    description: "Field placeholder",
  },
  shopAddressRequired: {
    id: "register.shopAddressRequired",
    defaultMessage: "Please enter the shop address",
    description: "Validation",
  },
  country: { id: "register.country", defaultMessage: "Country", description: "Field label" },
  countryPlaceholder: { id: "register.countryPlaceholder", defaultMessage: "Choose your country", description: "Field placeholder" },
  countrySearch: { id: "register.countrySearch", defaultMessage: "Search", description: "Search box of the country list" },
  countryRequired: { id: "register.countryRequired", defaultMessage: "Please choose the country", description: "Validation" },
  phone: { id: "register.phone", defaultMessage: "Phone number", description: "Field label" },
  phonePlaceholder: {
    id: "register.phonePlaceholder",
    defaultMessage: "Phone number with country code",
    description: "Field placeholder",
  },
  phoneRequired: { id: "register.phoneRequired", defaultMessage: "Please enter the phone number", description: "Validation" },
  realName: { id: "register.realName", defaultMessage: "Real name", description: "Field label" },
  realNamePlaceholder: {
    id: "register.realNamePlaceholder",
    defaultMessage: "Your full name as on your ID",
    description: "Field placeholder",
  },
  realNameRequired: { id: "register.realNameRequired", defaultMessage: "Please enter your real name", description: "Validation" },
  idHint: {
    id: "register.idHint",
    defaultMessage: "Clear photos of the whole card. Only our review team sees them.",
    description: "Hint above the ID photos",
  },
  idFront: { id: "register.idFront", defaultMessage: "ID card front", description: "Upload label" },
  idFrontRequired: {
    id: "register.idFrontRequired",
    defaultMessage: "Please upload the front of your ID card",
    description: "Validation",
  },
  idBack: { id: "register.idBack", defaultMessage: "ID card back", description: "Upload label" },
  idBackRequired: {
    id: "register.idBackRequired",
    defaultMessage: "Please upload the back of your ID card",
    description: "Validation",
  },
  idHand: { id: "register.idHand", defaultMessage: "Holding your ID card", description: "Upload label: a photo of the person holding the ID" },
  idHandRequired: {
    id: "register.idHandRequired",
    defaultMessage: "Please upload a photo of you holding your ID card",
    description: "Validation",
  },
  license: { id: "register.license", defaultMessage: "Business license (optional)", description: "Upload label" },
  email: { id: "register.email", defaultMessage: "Email", description: "Field label (required)" },
  emailOptional: { id: "register.emailOptional", defaultMessage: "Email (optional)", description: "Field label when optional (Chinese)" },
  emailPlaceholder: { id: "register.emailPlaceholder", defaultMessage: "Enter your email", description: "Field placeholder" },
  emailRequired: { id: "register.emailRequired", defaultMessage: "Please enter your email address", description: "Validation" },
  emailInvalid: { id: "register.emailInvalid", defaultMessage: "Please enter a valid email address", description: "Validation" },
  password: { id: "register.password", defaultMessage: "Login password", description: "Field label" },
  passwordConfirm: { id: "register.passwordConfirm", defaultMessage: "Confirm password", description: "Field label" },
  submit: { id: "register.submit", defaultMessage: "Submit registration", description: "Register button" },
  partner: {
    id: "register.partner",
    defaultMessage: "Your partner account will be linked to this shop.",
    description: "Notice when registering from a partner app",
  },
  reviewTitle: { id: "register.reviewTitle", defaultMessage: "Documents under review", description: "After registering" },
  reviewHint: {
    id: "register.reviewHint",
    defaultMessage: "You can sign in and set up your shop now. Deposits, pickups and withdrawals wait for the approval.",
    description: "After registering: what a pending merchant can do",
  },
  toLogin: { id: "register.toLogin", defaultMessage: "Go to sign in", description: "Button after registering" },
});

export const passwordMessages = defineMessages({
  mismatch: {
    id: "password.mismatch",
    defaultMessage: "Passwords entered do not match",
    description: "Validation: the two entries differ (spec message)",
  },
  minLength: { id: "password.minLength", defaultMessage: "At least 8 characters", description: "Validation and placeholder" },
  repeatRequired: { id: "password.repeatRequired", defaultMessage: "Please enter the password again", description: "Validation" },
  repeatPlaceholder: { id: "password.repeatPlaceholder", defaultMessage: "Enter the password again", description: "Placeholder" },
  old: { id: "password.old", defaultMessage: "Old password", description: "Field label" },
  oldPlaceholder: { id: "password.oldPlaceholder", defaultMessage: "Enter your current password", description: "Placeholder" },
  oldRequired: { id: "password.oldRequired", defaultMessage: "Please enter the old password", description: "Validation" },
  new: { id: "password.new", defaultMessage: "New password", description: "Field label" },
  newRequired: { id: "password.newRequired", defaultMessage: "Please enter the new password", description: "Validation" },
  repeat: { id: "password.repeat", defaultMessage: "Repeat new password", description: "Field label" },
  changeHint: {
    id: "password.changeHint",
    defaultMessage: "After the change you are signed out on every device; sign in again with the new password.",
    description: "Change login password screen",
  },
  save: { id: "password.save", defaultMessage: "Save", description: "Submit button of the password forms" },
});

export const forgetMessages = defineMessages({
  intro: {
    id: "forget.intro",
    defaultMessage: "Enter the phone number or email of your account. We will send you a verification code.",
    description: "Forgot password screen",
  },
  submit: { id: "forget.submit", defaultMessage: "Reset password", description: "Submit button" },
});

/** The one-time code step (CodeField) of the forgotten password and the contact change forms. Their ids are those of
 * the first form that had them (the browser tests find the texts by id). */
export const codeStepMessages = defineMessages({
  code: { id: "forget.code", defaultMessage: "Verification code", description: "Field label" },
  codePlaceholder: { id: "forget.codePlaceholder", defaultMessage: "6-digit code", description: "Field placeholder" },
  codeRequired: { id: "forget.codeRequired", defaultMessage: "Please enter the verification code", description: "Validation" },
  send: { id: "forget.send", defaultMessage: "Send code", description: "Button: send a one-time code" },
});

export const payMessages = defineMessages({
  intro: {
    id: "pay.intro",
    defaultMessage: "The 6-digit payment password confirms every payment and withdrawal.",
    description: "Pay password screens",
  },
  password: { id: "pay.password", defaultMessage: "Payment password", description: "Field label" },
  newPassword: { id: "pay.newPassword", defaultMessage: "New payment password", description: "Field label when changing" },
  placeholder: { id: "pay.placeholder", defaultMessage: "6 digits", description: "Field placeholder" },
  repeat: { id: "pay.repeat", defaultMessage: "Repeat payment password", description: "Field label" },
  repeatPlaceholder: { id: "pay.repeatPlaceholder", defaultMessage: "Enter the 6 digits again", description: "Placeholder" },
  required: { id: "pay.required", defaultMessage: "Please enter the payment password", description: "Validation (spec message)" },
  repeatRequired: { id: "pay.repeatRequired", defaultMessage: "Please enter the payment password again", description: "Validation" },
  sixDigits: {
    id: "pay.sixDigits",
    defaultMessage: "The payment password must be exactly 6 digits",
    description: "Validation",
  },
  verifyWith: { id: "pay.verifyWith", defaultMessage: "Confirm with", description: "Choice: old pay password or login password" },
  withOld: { id: "pay.withOld", defaultMessage: "Current payment password", description: "Choice and field label" },
  withLogin: { id: "pay.withLogin", defaultMessage: "Login password", description: "Choice and field label" },
  oldRequired: {
    id: "pay.oldRequired",
    defaultMessage: "Please enter your current payment password",
    description: "Validation",
  },
  loginPlaceholder: { id: "pay.loginPlaceholder", defaultMessage: "Enter your login password", description: "Placeholder" },
  loginRequired: { id: "pay.loginRequired", defaultMessage: "Please enter your login password", description: "Validation" },
  alreadySet: {
    id: "pay.alreadySet",
    defaultMessage: "Your payment password is already set",
    description: "Set pay password screen when one exists",
  },
  notSet: {
    id: "pay.notSet",
    defaultMessage: "You have not set a payment password yet",
    description: "Change pay password screen when none exists",
  },
  changeIt: { id: "pay.changeIt", defaultMessage: "Change payment password", description: "Button" },
  setIt: { id: "pay.setIt", defaultMessage: "Set payment password", description: "Button" },
});

export const profileMessages = defineMessages({
  avatar: { id: "profile.avatar", defaultMessage: "Avatar", description: "Personal info row" },
  avatarTitle: { id: "profile.avatarTitle", defaultMessage: "Change avatar", description: "Title of the avatar sheet" },
  avatarHint: {
    id: "profile.avatarHint",
    defaultMessage: "Choose a photo (JPG, PNG or WebP), then save it.",
    description: "Avatar sheet: what to do",
  },
  avatarSave: { id: "profile.avatarSave", defaultMessage: "Save", description: "Avatar sheet button: save the new photo" },
  avatarRemove: { id: "profile.avatarRemove", defaultMessage: "Remove avatar", description: "Avatar sheet button" },
  avatarRemoveConfirm: {
    id: "profile.avatarRemoveConfirm",
    defaultMessage: "Remove your avatar?",
    description: "Confirmation before removing the avatar",
  },
  name: { id: "profile.name", defaultMessage: "Full name", description: "Personal info row" },
  verification: { id: "profile.verification", defaultMessage: "Identity verification", description: "Personal info row" },
  verified: {
    id: "profile.verified",
    defaultMessage: "Identity reviewed",
    description: "Verification state: the operator reviewed and approved the ID documents (says nothing of the phone)",
  },
  underReview: { id: "profile.underReview", defaultMessage: "Under review", description: "Verification state" },
  rejected: { id: "profile.rejected", defaultMessage: "Not approved", description: "Verification state" },
  phone: { id: "profile.phone", defaultMessage: "Phone number", description: "Personal info row" },
  email: { id: "profile.email", defaultMessage: "Email", description: "Personal info row" },
  noEmail: { id: "profile.noEmail", defaultMessage: "Not provided", description: "No email on the account" },
  country: { id: "profile.country", defaultMessage: "Country", description: "Personal info row" },
  timeZone: { id: "profile.timeZone", defaultMessage: "Time zone", description: "Personal info row: the zone the shop's dates (today, yesterday) are counted in" },
  timeZoneHint: {
    id: "profile.timeZoneHint",
    defaultMessage: "Today, yesterday and the dates of your figures are counted in this time zone.",
    description: "Time zone sheet: what the choice changes",
  },
  timeZoneSearch: { id: "profile.timeZoneSearch", defaultMessage: "Search, e.g. Bangkok", description: "Time zone sheet: search box placeholder" },
  timeZoneDevice: { id: "profile.timeZoneDevice", defaultMessage: "This device", description: "Time zone sheet: tag of the device's own zone" },
  inviteCode: { id: "profile.inviteCode", defaultMessage: "My invitation code", description: "Personal info row" },
  security: { id: "profile.security", defaultMessage: "Security", description: "Personal info section" },
  setPayPassword: { id: "profile.setPayPassword", defaultMessage: "Set payment password", description: "Link" },
  payNotSet: { id: "profile.payNotSet", defaultMessage: "Not set", description: "Pay password not set yet" },
  paySet: { id: "profile.paySet", defaultMessage: "Set", description: "Pay password already set" },
  changeLogin: { id: "profile.changeLogin", defaultMessage: "Change login password", description: "Link" },
  changeFunds: { id: "profile.changeFunds", defaultMessage: "Change payment password", description: "Link: change the payment password" },
});

export const myMessages = defineMessages({
  messages: { id: "my.messages", defaultMessage: "Messages", description: "My: link to the Message screen (the merchant's messages)" },
  pendingTitle: { id: "my.pendingTitle", defaultMessage: "Documents under review", description: "Notice for a pending merchant" },
  pendingBody: {
    id: "my.pendingBody",
    defaultMessage:
      "You can set up your shop and add products now. Your shop is shown to buyers, and deposits, pickups and withdrawals are possible, once we approve your registration.",
    description: "Notice for a pending merchant",
  },
  rejectedTitle: { id: "my.rejectedTitle", defaultMessage: "Registration not approved", description: "Notice for a rejected merchant" },
  closed: {
    id: "my.closed",
    defaultMessage: "The store is closed, please contact customer service",
    description: "Notice for a closed shop (spec message)",
  },
  personalInfo: { id: "my.personalInfo", defaultMessage: "Personal information", description: "My menu link" },
  refunds: { id: "my.refunds", defaultMessage: "Refund requests", description: "My menu link" },
  funds: { id: "my.funds", defaultMessage: "Funds records", description: "My menu link" },
  finance: { id: "my.finance", defaultMessage: "Financial report", description: "My menu link" },
  alliance: { id: "my.alliance", defaultMessage: "Alliance", description: "My menu link: referral alliance" },
  settings: { id: "my.settings", defaultMessage: "Shop settings", description: "My menu link" },
  notifications: {
    id: "my.notifications",
    defaultMessage: "Notifications on this phone",
    description: "My and Settings: link to /notifications (push notifications)",
  },
  level: { id: "my.level", defaultMessage: "Shop level", description: "My menu link" },
  terms: { id: "my.terms", defaultMessage: "Terms", description: "My menu link: the platform's published terms (fees, levels, windows)" },
  payoutDestinations: {
    id: "my.payoutDestinations",
    defaultMessage: "Payout destinations",
    description: "Settings link: the bank cards and addresses withdrawals go to",
  },
  resubmit: { id: "my.resubmit", defaultMessage: "Submit new documents", description: "Button for a rejected merchant" },
  resubmitTitle: {
    id: "my.resubmitTitle",
    defaultMessage: "New ID documents",
    description: "Popup title: a rejected merchant sends new documents",
  },
  resubmitSubmit: { id: "my.resubmitSubmit", defaultMessage: "Submit for review", description: "Button in the popup" },
  logout: { id: "my.logout", defaultMessage: "Sign out", description: "Button" },
  logoutConfirm: { id: "my.logoutConfirm", defaultMessage: "Are you sure you want to sign out?", description: "Confirm dialog" },
});

/** Messages with arguments carry their argument types (react-intl 12 typed messages). */
export const argumentMessages = defineMessages<{
  resend: { readonly seconds: MessageValue };
  reason: { readonly reason: MessageValue };
}>({
  resend: { id: "forget.resend", defaultMessage: "Resend in {seconds}s", description: "Countdown on the send button" },
  reason: { id: "my.reason", defaultMessage: "Reason: {reason}", description: "The operator's reason" },
});

export const contactMessages = defineMessages({
  changeEmail: { id: "contact.changeEmail", defaultMessage: "Change email", description: "Sheet title: change the account's email" },
  changePhone: { id: "contact.changePhone", defaultMessage: "Change phone number", description: "Sheet title: change the account's phone" },
  hint: {
    id: "contact.hint",
    defaultMessage:
      "We send a code to the new address to check it is yours. Your current address is told of the change.",
    description: "Contact change sheet: how it works",
  },
  newEmail: { id: "contact.newEmail", defaultMessage: "New email", description: "Field label" },
  newEmailPlaceholder: { id: "contact.newEmailPlaceholder", defaultMessage: "Enter the new email address", description: "Field placeholder" },
  newPhone: { id: "contact.newPhone", defaultMessage: "New phone number", description: "Field label" },
  newPhonePlaceholder: {
    id: "contact.newPhonePlaceholder",
    defaultMessage: "Enter the new phone number, e.g. +66812345678",
    description: "Field placeholder",
  },
  valueRequired: {
    id: "contact.valueRequired",
    defaultMessage: "Please enter the new email address or phone number",
    description: "Validation: the new address is empty",
  },
  emailInvalid: { id: "contact.emailInvalid", defaultMessage: "Please enter a valid email address", description: "Validation" },
  phoneInvalid: { id: "contact.phoneInvalid", defaultMessage: "Please enter a valid phone number", description: "Validation" },
  password: { id: "contact.password", defaultMessage: "Login password", description: "Field label: the login password confirms the change" },
  passwordPlaceholder: { id: "contact.passwordPlaceholder", defaultMessage: "Enter your login password", description: "Field placeholder" },
  passwordRequired: { id: "contact.passwordRequired", defaultMessage: "Please enter your login password", description: "Validation" },
  save: { id: "contact.save", defaultMessage: "Confirm change", description: "Button: change the contact detail" },
});

/** Verifying the current phone or email (personal information: the tag, the Verify button and its sheet). */
export const verifyMessages = defineMessages({
  verified: { id: "verify.verified", defaultMessage: "Verified", description: "Tag: a code sent to this phone or email came back" },
  notVerified: { id: "verify.notVerified", defaultMessage: "Not verified", description: "Tag: this phone or email is not verified yet" },
  verify: { id: "verify.verify", defaultMessage: "Verify", description: "Button: verify this phone or email with a code" },
  titlePhone: { id: "verify.titlePhone", defaultMessage: "Verify phone number", description: "Sheet title" },
  titleEmail: { id: "verify.titleEmail", defaultMessage: "Verify email", description: "Sheet title" },
});

export const verifyArgumentMessages = defineMessages<{ hint: { readonly address: MessageValue } }>({
  hint: {
    id: "verify.hint",
    defaultMessage: "We will send a code to {address}. Enter it here to verify this address.",
    description: "Verify sheet: where the code goes (the address partly hidden)",
  },
});

export const recoveryMessages = defineMessages({
  title: {
    id: "recovery.title",
    defaultMessage: "An operator asked to change your contact details",
    description: "Account recovery notice: heading",
  },
  notYou: {
    id: "recovery.notYou",
    defaultMessage: "If you did not ask for this, cancel it now: someone may be trying to take over your account.",
    description: "Account recovery notice: what to do",
  },
  cancel: { id: "recovery.cancel", defaultMessage: "Cancel this change", description: "Button: cancel the account recovery" },
  cancelConfirm: {
    id: "recovery.cancelConfirm",
    defaultMessage: "Cancel the change of your contact details? Nothing will be changed.",
    description: "Confirmation before cancelling the account recovery",
  },
});

export const recoveryArgumentMessages = defineMessages<{
  requested: { readonly contact: MessageValue; readonly hours: MessageValue };
  approved: { readonly contact: MessageValue; readonly time: MessageValue };
  reason: { readonly reason: MessageValue };
}>({
  requested: {
    id: "recovery.requested",
    defaultMessage:
      "New contact details: {contact}. A second operator must approve it, and it takes effect only {hours} hours after that.",
    description: "Account recovery notice: a requested recovery",
  },
  approved: {
    id: "recovery.approved",
    defaultMessage: "New contact details: {contact}. Approved by a second operator: it takes effect on {time}.",
    description: "Account recovery notice: an approved recovery, with the time it applies",
  },
  reason: { id: "recovery.reason", defaultMessage: "Operator's reason: {reason}", description: "Account recovery notice: the operator's words" },
});

