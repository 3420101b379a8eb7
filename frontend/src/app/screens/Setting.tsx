import { SettingMenu } from "@/features/shop";

/** /setting: basic information, home banner, social media and level of the shop. */
export default function SettingScreen() {
  return <SettingMenu />;
}
