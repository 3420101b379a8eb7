export * from "./api";
export { SettingMenu } from "./components/SettingMenu";
export { BaseInfoForm, BannerForm, SocialMediaForm } from "./components/ShopForms";
export { LevelList, type LevelActionProps } from "./components/LevelList";
export { settingMessages } from "./components/messages";
