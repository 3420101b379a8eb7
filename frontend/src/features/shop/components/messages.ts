import { defineMessages } from "react-intl";
import { untypedMessages } from "@/lib/intl";

/** Shop settings menu (/setting). */
export const settingMessages = untypedMessages(defineMessages({
  baseInfo: { id: "setting.baseInfo", defaultMessage: "Basic information", description: "Link to /baseinfo" },
  baseInfoHint: {
    id: "setting.baseInfoHint",
    defaultMessage: "Logo, name, phone, address, introduction",
    description: "Under the basic information link",
  },
  banner: { id: "setting.banner", defaultMessage: "Home banner", description: "Link to /uploadBanner" },
  bannerHint: {
    id: "setting.bannerHint",
    defaultMessage: "Shop banner and advertisement banner",
    description: "Under the banner link",
  },
  social: { id: "setting.social", defaultMessage: "Social media", description: "Link to /socialmedia" },
  socialHint: { id: "setting.socialHint", defaultMessage: "Twitter and Google links", description: "Under the link" },
  level: { id: "setting.level", defaultMessage: "Shop level", description: "Link to /level" },
  unnamed: { id: "setting.unnamed", defaultMessage: "Your shop", description: "Shop header when it has no name yet" },
}));

/** Shared by the shop forms. */
export const formMessages = untypedMessages(defineMessages({
  save: { id: "shopForm.save", defaultMessage: "Save", description: "Submit button of the shop forms" },
  optional: { id: "shopForm.optional", defaultMessage: "Optional", description: "Placeholder of an optional field" },
  nothingChanged: {
    id: "shopForm.nothingChanged",
    defaultMessage: "Nothing has changed, so nothing was saved",
    description: "Toast: Save pressed without any change",
  },
}));

/** Basic information (/baseinfo). */
export const baseInfoMessages = untypedMessages(defineMessages({
  logo: { id: "baseInfo.logo", defaultMessage: "Shop logo", description: "Field label" },
  name: { id: "baseInfo.name", defaultMessage: "Shop name", description: "Field label" },
  namePlaceholder: { id: "baseInfo.namePlaceholder", defaultMessage: "Enter the shop name", description: "Placeholder" },
  nameRequired: {
    id: "baseInfo.nameRequired",
    defaultMessage: "Please enter the shop name",
    description: "Validation: empty store name",
  },
  tooLong: {
    id: "baseInfo.tooLong",
    defaultMessage: "At most {max} characters",
    description: "Validation: a text is too long",
  },
  phone: { id: "baseInfo.phone", defaultMessage: "Phone", description: "Field label: the shop's contact phone" },
  phoneInvalid: {
    id: "baseInfo.phoneInvalid",
    defaultMessage: "Please enter a valid phone number",
    description: "Validation: digits, spaces, +, -, ( )",
  },
  address: { id: "baseInfo.address", defaultMessage: "Shop address", description: "Field label" },
  introduction: { id: "baseInfo.introduction", defaultMessage: "Introduction", description: "Field label" },
  introductionPlaceholder: {
    id: "baseInfo.introductionPlaceholder",
    defaultMessage: "Tell buyers what your shop offers",
    description: "Placeholder",
  },
  welcome: { id: "baseInfo.welcome", defaultMessage: "Welcome message", description: "Field label" },
  welcomePlaceholder: {
    id: "baseInfo.welcomePlaceholder",
    defaultMessage: "Shown to buyers when they open your shop",
    description: "Placeholder",
  },
}));

/** Social media (/socialmedia). */
export const socialMessages = untypedMessages(defineMessages({
  intro: {
    id: "social.intro",
    defaultMessage: "Links shown on your storefront. Only secure links (https://) are accepted.",
    description: "Above the social links form",
  },
  twitter: { id: "social.twitter", defaultMessage: "Twitter link", description: "Field label" },
  google: { id: "social.google", defaultMessage: "Google link", description: "Field label" },
  httpsOnly: {
    id: "social.httpsOnly",
    defaultMessage: "Links must use HTTPS and start with https://",
    description: "Validation: a social link that is not https (spec rule)",
  },
  invalid: {
    id: "social.invalid",
    defaultMessage: "Please enter a valid link",
    description: "Validation: not a web address",
  },
}));

/** Banners (/uploadBanner). */
export const bannerMessages = untypedMessages(defineMessages({
  store: { id: "banner.store", defaultMessage: "Shop banner", description: "Field label: top of the storefront" },
  storeHint: {
    id: "banner.storeHint",
    defaultMessage: "Shown at the top of your storefront. Wide pictures work best (about 3:1).",
    description: "Under the store banner label",
  },
  ad: { id: "banner.ad", defaultMessage: "Advertisement banner", description: "Field label" },
  adHint: {
    id: "banner.adHint",
    defaultMessage: "Shown between your products, for an offer or an announcement.",
    description: "Under the advertisement banner label",
  },
}));

/** Levels (/level). */
export const levelMessages = untypedMessages(defineMessages({
  intro: {
    id: "level.intro",
    defaultMessage: "Your level sets your purchase price (retail price minus the profit margin) and how many products your shop can list.",
    description: "Above the level cards",
  },
  current: { id: "level.current", defaultMessage: "Current level", description: "Tag on the merchant's level" },
  margin: { id: "level.margin", defaultMessage: "Profit margin", description: "Level term" },
  quantity: { id: "level.quantity", defaultMessage: "Product quantity", description: "Level term: products the shop may list" },
  quantityValue: {
    id: "level.quantityValue",
    defaultMessage: "{count, plural, one {# product} other {# products}}",
    description: "Level term value",
  },
  price: { id: "level.price", defaultMessage: "Upgrade price", description: "Level term" },
  free: { id: "level.free", defaultMessage: "Free", description: "Upgrade price of the free level" },
  upcoming: {
    id: "level.upcoming",
    defaultMessage:
      "New terms from {date}: profit margin {margin}, {count, plural, one {# product} other {# products}}, upgrade price {price}.",
    description: "Level card: the level's next version, announced and not in force yet",
  },
  upcomingKeep: {
    id: "level.upcomingKeep",
    defaultMessage: "You keep the terms you paid for.",
    description: "Level card of the merchant's own level, under its announced change",
  },
  upcomingBuyNow: {
    id: "level.upcomingBuyNow",
    defaultMessage: "An upgrade before then buys the terms shown above, and you keep them.",
    description: "Level card of another level, under its announced change",
  },
}));
