import { Tag } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import type { MerchantInfo } from "../api";
import { profileMessages as m } from "./messages";

/** The account's identity (KYC) review: reviewed and approved, under review, not approved, or the server's label. */
export function StatusTag({ merchant, fill = "solid" }: { merchant: MerchantInfo; fill?: "solid" | "outline" }) {
  if (merchant.verified)
    return (
      <Tag color="success" fill={fill}>
        <FormattedMessage {...m.verified} />
      </Tag>
    );
  if (merchant.status === "pending")
    return (
      <Tag color="warning" fill={fill}>
        <FormattedMessage {...m.underReview} />
      </Tag>
    );
  if (merchant.status === "rejected")
    return (
      <Tag color="danger" fill={fill}>
        <FormattedMessage {...m.rejected} />
      </Tag>
    );
  return (
    <Tag color="default" fill={fill}>
      {merchant.status_label}
    </Tag>
  );
}
