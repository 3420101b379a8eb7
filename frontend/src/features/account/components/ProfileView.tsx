import { useState } from "react";
import { List, Skeleton, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import type { ContactKind } from "../api";
import { countryName } from "../countries";
import { useMerchant } from "../hooks/useMerchant";
import { AvatarEditor } from "./AvatarEditor";
import { ContactChangeSheet } from "./ContactChangeSheet";
import { profileMessages as m } from "./messages";
import { RecoveryNotice } from "./RecoveryNotice";
import { StatusTag } from "./StatusTag";
import { TimeZoneEditor } from "./TimeZoneEditor";
import "./account.css";

/**
 * Personal information: an account recovery in progress (to cancel), avatar, full name, verification, phone and email
 * (a tap changes them: a code to the new address), country, time zone, and the password links.
 */
export function ProfileView() {
  const intl = useIntl();
  const navigate = useNavigate();
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
          extra={
            <span className="profile-value">
              {merchant.phone}
              {/* No code has ever been sent to the number: reviewing the ID documents does not verify a phone. */}
              <Tag color="default" fill="outline" data-testid="phone-unverified">
                <FormattedMessage {...m.unverified} />
              </Tag>
            </span>
          }
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
      <List mode="card" header={<FormattedMessage {...m.security} />}>
        <List.Item
          onClick={() => navigate("/setPaypwd")}
          extra={
            merchant.has_pay_password ? (
              <FormattedMessage {...m.paySet} />
            ) : (
              <Tag color="warning" fill="outline">
                <FormattedMessage {...m.payNotSet} />
              </Tag>
            )
          }
        >
          <FormattedMessage {...m.setPayPassword} />
        </List.Item>
        <List.Item onClick={() => navigate("/changeLoginPassword")}>
          <FormattedMessage {...m.changeLogin} />
        </List.Item>
        <List.Item onClick={() => navigate("/changePayPassword")}>
          <FormattedMessage {...m.changeFunds} />
        </List.Item>
      </List>
      {changing && <ContactChangeSheet kind={changing} open onClose={() => setChanging(null)} />}
    </>
  );
}
