import { AccountHistoryLink, ProfileView } from "@/features/account";

/** /personalInfo: avatar, full name, verification, phone, email and the password links; the account history. */
export default function PersonalInfoScreen() {
  return (
    <>
      <ProfileView />
      <AccountHistoryLink />
    </>
  );
}
