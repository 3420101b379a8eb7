import { useState } from "react";
import { List, Skeleton } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import type { ContactKind } from "../api";
import { countryName } from "../countries";
import { useMerchant } from "../hooks/useMerchant";
import { AvatarEditor } from "./AvatarEditor";
import { ContactChangeSheet } from "./ContactChangeSheet";
import { profileMessages as m } from "./messages";
import { RecoveryNotice } from "./RecoveryNotice";
import { SecurityLinks } from "./SecurityLinks";
import { StatusTag } from "./StatusTag";
import { TimeZoneEditor } from "./TimeZoneEditor";
import "./account.css";

/**
 * Personal information: an account recovery in progress (to cancel), avatar, full name, verification, phone and email
 * (a tap changes them: a code to the new address), country, time zone, and the password links.
 */
export function ProfileView() {
  const intl = useIntl();
  const { data: merchant } = useMerchant();
  const [changing, setChanging] = useState<ContactKind | null>(null);
  if (!merchant) return <Skeleton.Paragraph lineCount={8} animated style={{ padding: 16 }} />;
  return (
    <>
      <RecoveryNotice />
      <List mode="card">
        <AvatarEditor merchant={merchant} />
        <List.Item extra={<span translate="no">{merchant.real_name}</span>}>
          <FormattedMessage {...m.name} />
        </List.Item>
        <List.Item extra={<StatusTag merchant={merchant} />}>
          <FormattedMessage {...m.verification} />
        </List.Item>
        <List.Item
          onClick={() => setChanging("phone")}
          data-testid="change-phone"
          // No verified/unverified badge: nothing verifies a phone yet (issue 36 adds it), and a badge with no way
          // to act on it only worries.
          extra={<span className="profile-value">{merchant.phone}</span>}
        >
          <FormattedMessage {...m.phone} />
        </List.Item>
        <List.Item
          onClick={() => setChanging("email")}
          data-testid="change-email"
          extra={
            <span className="profile-value">
              {merchant.email ? <span translate="no">{merchant.email}</span> : <FormattedMessage {...m.noEmail} />}
            </span>
          }
        >
          <FormattedMessage {...m.email} />
        </List.Item>
        <List.Item extra={countryName(merchant.country, intl.locale)}>
          <FormattedMessage {...m.country} />
        </List.Item>
        <TimeZoneEditor merchant={merchant} />
        <List.Item extra={<span translate="no">{merchant.invite_code}</span>}>
          <FormattedMessage {...m.inviteCode} />
        </List.Item>
      </List>
      <SecurityLinks merchant={merchant} />
      {changing && <ContactChangeSheet kind={changing} open onClose={() => setChanging(null)} />}
    </>
  );
}
