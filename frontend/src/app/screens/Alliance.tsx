import { Alliance } from "@/features/alliance";

/** /alliance: the merchant's invitation, the referral rule and rate, the totals and the first-level members. */
export default function AllianceScreen() {
  return <Alliance />;
}
