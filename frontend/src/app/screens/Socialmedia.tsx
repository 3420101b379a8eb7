import { SocialMediaForm } from "@/features/shop";

/** /socialmedia: the shop's Twitter and Google links (https only). */
export default function SocialmediaScreen() {
  return <SocialMediaForm />;
}
