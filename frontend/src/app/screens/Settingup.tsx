import { SettingsIndex } from "@/features/account";

/** /settingup: the settings index (account, language, shop, passwords, terms). */
export default function SettingupScreen() {
  return <SettingsIndex />;
}
