import { defineMessages, type MessageValue } from "react-intl";

/** Texts of the alliance screen. Spec messages keep the spec's English as defaultMessage. */
const plainMessages = defineMessages({
  inviteNow: { id: "alliance.inviteNow", defaultMessage: "Invite now", description: "Alliance: heading of the invitation card (spec)" },
  inviteHint: {
    id: "alliance.inviteHint",
    defaultMessage: "Merchants who register with your link or code join your alliance.",
    description: "Alliance: under the invitation card heading",
  },
  inviteCode: { id: "alliance.inviteCode", defaultMessage: "Invitation code", description: "Alliance: label of the merchant's own invitation code" },
  inviteLink: { id: "alliance.inviteLink", defaultMessage: "Invitation link", description: "Alliance: label of the registration link with the code filled in" },
  copyLink: { id: "alliance.copyLink", defaultMessage: "Copy link", description: "Button: copy the invitation link" },
  copyCode: { id: "alliance.copyCode", defaultMessage: "Copy code", description: "Button: copy the invitation code" },
  share: { id: "alliance.share", defaultMessage: "Share", description: "Button: open the phone's share sheet with the invitation link" },
  shareTitle: {
    id: "alliance.shareTitle",
    defaultMessage: "Open a shop with me",
    description: "Title of the shared invitation (the phone's share sheet)",
  },
  copied: { id: "alliance.copied", defaultMessage: "Copy successful", description: "Toast after copying (spec message)" },
  copyFailed: { id: "alliance.copyFailed", defaultMessage: "Could not copy. Select the text and copy it.", description: "Toast" },
  qrAlt: { id: "alliance.qrAlt", defaultMessage: "QR code of your invitation link", description: "Alt text of the invitation QR code" },
  qrHint: { id: "alliance.qrHint", defaultMessage: "Scan to register with your code", description: "Under the invitation QR code" },
  ruleTitle: { id: "alliance.ruleTitle", defaultMessage: "How rewards work", description: "Alliance: heading of the reward rule" },
  ruleOff: {
    id: "alliance.ruleOff",
    defaultMessage: "Referral rewards are off at the moment (rate 0%). Members you invite still appear here.",
    description: "Alliance: the rule when the platform's rate is 0",
  },
  ruleLevel: {
    id: "alliance.ruleLevel",
    defaultMessage:
      "Direct invitations only: the merchants your members invite are not counted. Rewards come from the platform, never from your members' income.",
    description: "Alliance: second line of the rule",
  },
  currentRate: { id: "alliance.currentRate", defaultMessage: "Current rate", description: "Alliance: label of the reward percent" },
  members: { id: "alliance.members", defaultMessage: "Members", description: "Alliance total: merchants registered with the code" },
  activeMembers: {
    id: "alliance.activeMembers",
    defaultMessage: "With settled orders",
    description: "Alliance total: members with at least one settled order",
  },
  totalRewards: { id: "alliance.totalRewards", defaultMessage: "Total rewards", description: "Alliance total: all referral rewards earned" },
  firstLevel: {
    id: "alliance.firstLevel",
    defaultMessage: "Your direct members",
    description: "Alliance: heading of the members list (spec: first-level headquarters)",
  },
});

/** Messages with arguments carry their argument types (react-intl 12 typed messages). */
const argumentMessages = defineMessages<{
  shareText: { readonly code: MessageValue };
  ruleOn: { readonly rate: MessageValue };
  reward: { readonly amount: MessageValue };
  orders: { readonly count: MessageValue };
  registeredAt: { readonly time: MessageValue };
}>({
  shareText: {
    id: "alliance.shareText",
    defaultMessage: "Register your shop with my invitation code {code}:",
    description: "Text of the shared invitation; the link follows it",
  },
  ruleOn: {
    id: "alliance.ruleOn",
    defaultMessage:
      "When an order of a merchant you invited is settled, the platform pays you {rate} of that order's profit. It is added to your balance and shown in your funds records.",
    description: "Alliance: the reward rule; {rate} is the current percent, e.g. 5%",
  },
  reward: {
    id: "alliance.rewardToYou",
    defaultMessage: "Your reward: {amount}",
    description:
      "Alliance member: the referral rewards paid to the merchant for this member's settled orders (spec: income; not the member's own income)",
  },
  orders: { id: "alliance.orders", defaultMessage: "Orders: {count}", description: "Alliance member: its settled orders (spec: orders)" },
  registeredAt: {
    id: "alliance.registeredAt",
    defaultMessage: "Registration time: {time}",
    description: "Alliance member: when it registered (spec: registration time)",
  },
});

export const allianceMessages = { ...plainMessages, ...argumentMessages };
