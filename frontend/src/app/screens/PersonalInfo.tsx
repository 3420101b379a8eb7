import { ProfileView } from "@/features/account";

/** /personalInfo: avatar, full name, verification, phone, email and the password links. */
export default function PersonalInfoScreen() {
  return <ProfileView />;
}
