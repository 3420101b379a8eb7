export * from "./api";
export { LoginForm } from "./components/LoginForm";
export { LoginFactorStep } from "./components/LoginFactorStep";
export { SecondFactorField } from "./components/SecondFactorField";
export { SecuritySettings } from "./components/SecuritySettings";
export { PasskeysSection } from "./components/PasskeysSection";
export { AccountIntro, AccountLinks, AccountResult } from "./components/AccountIntro";
export { InviteCodeForm } from "./components/InviteCodeForm";
export { RegisterForm } from "./components/RegisterForm";
export { RegisterDone } from "./components/RegisterDone";
export { ForgetPasswordForm } from "./components/ForgetPasswordForm";
export { ChangePasswordForm } from "./components/ChangePasswordForm";
export { PayPasswordForm } from "./components/PayPasswordForm";
export { ProfileView } from "./components/ProfileView";
export { AccountHistory } from "./components/AccountHistory";
export { AccountHistoryLink } from "./components/AccountHistoryLink";
export { MyAccount } from "./components/MyAccount";
export { SettingsIndex } from "./components/SettingsIndex";
export { StatusNotice } from "./components/StatusNotice";
export { RecoveryNotice } from "./components/RecoveryNotice";
export { DeviceList } from "./components/DeviceList";
export { NotMeButton } from "./components/NotMeButton";
export { MoneyLockBanner } from "./components/MoneyLockBanner";
export { ShopHeader } from "./components/ShopHeader";
export { useMerchant } from "./hooks/useMerchant";
export { savePartnerLink, readPartnerLink, clearPartnerLink, type PartnerLink } from "./partner";
export {
  loginMessages,
  thirdMessages,
  codeMessages,
  registerMessages,
  passwordMessages,
  forgetMessages,
  payMessages,
} from "./components/messages";
