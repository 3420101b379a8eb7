import { useState } from "react";
import { Button, List, Skeleton, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import type { ContactKind } from "../api";
import { countryName } from "../countries";
import { useMerchant } from "../hooks/useMerchant";
import { AvatarEditor } from "./AvatarEditor";
import { ContactChangeSheet } from "./ContactChangeSheet";
import { ContactVerifySheet } from "./ContactVerifySheet";
import { profileMessages as m, verifyMessages } from "./messages";
import { RecoveryNotice } from "./RecoveryNotice";
import { SecurityLinks } from "./SecurityLinks";
import { StatusTag } from "./StatusTag";
import { TimeZoneEditor } from "./TimeZoneEditor";
import "./account.css";

/** A contact's verification under its value: "Verified", or "Not verified" with a Verify button (which does not also
 * open the row's change sheet). */
function Verification({ kind, verified, onVerify }: { kind: ContactKind; verified: boolean; onVerify: () => void }) {
  if (verified)
    return (
      <Tag color="success" fill="outline" data-testid={`${kind}-verified`}>
        <FormattedMessage {...verifyMessages.verified} />
      </Tag>
    );
  return (
    <span className="verify-state">
      <Tag color="warning" fill="outline">
        <FormattedMessage {...verifyMessages.notVerified} />
      </Tag>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        data-testid={`verify-${kind}`}
        onClick={(event) => {
          event.stopPropagation();
          onVerify();
        }}
      >
        <FormattedMessage {...verifyMessages.verify} />
      </Button>
    </span>
  );
}

/**
 * Personal information: an account recovery in progress (to cancel), avatar, full name, verification, phone and email
 * (a tap changes them: a code to the new address; each verified or not, with a Verify button: a code to it), country,
 * time zone, and the password links.
 */
export function ProfileView() {
  const intl = useIntl();
  const { data: merchant } = useMerchant();
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const [verifying, setVerifying] = useState<ContactKind | null>(null);
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
            <span className="contact-value">
              <span className="profile-value">{merchant.phone}</span>
              <Verification kind="phone" verified={merchant.phone_verified} onVerify={() => setVerifying("phone")} />
            </span>
          }
        >
          <FormattedMessage {...m.phone} />
        </List.Item>
        <List.Item
          onClick={() => setChanging("email")}
          data-testid="change-email"
          extra={
            <span className="contact-value">
              <span className="profile-value">
                {merchant.email ? <span translate="no">{merchant.email}</span> : <FormattedMessage {...m.noEmail} />}
              </span>
              {merchant.email && (
                <Verification kind="email" verified={merchant.email_verified} onVerify={() => setVerifying("email")} />
              )}
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
      {verifying && (
        <ContactVerifySheet
          kind={verifying}
          address={(verifying === "email" ? merchant.email : merchant.phone) ?? ""}
          open
          onClose={() => setVerifying(null)}
        />
      )}
    </>
  );
}
