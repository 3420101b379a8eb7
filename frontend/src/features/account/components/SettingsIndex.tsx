import { List, Skeleton } from "antd-mobile";
import { BankcardOutline, BellOutline, FileOutline, LockOutline, SetOutline, StarOutline, UserOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useMerchant } from "../hooks/useMerchant";
import { LanguageRow } from "./LanguageRow";
import { devicesMessages } from "./devicesMessages";
import { myMessages as m } from "./messages";
import { SecurityLinks } from "./SecurityLinks";
import "./account.css";

/**
 * /settingup (the spec names the route only): every setting in one place. The account (personal information:
 * name, phone, email, country, time zone), the language, the shop's settings and level, the passwords, the devices, the notifications and the terms.
 */
export function SettingsIndex() {
  const navigate = useNavigate();
  const { data: merchant } = useMerchant();
  return (
    <div data-testid="settings-index">
      <List mode="card">
        <List.Item prefix={<UserOutline />} onClick={() => navigate("/personalInfo")}>
          <FormattedMessage {...m.personalInfo} />
        </List.Item>
        <LanguageRow />
      </List>
      <List mode="card">
        <List.Item prefix={<SetOutline />} onClick={() => navigate("/setting")}>
          <FormattedMessage {...m.settings} />
        </List.Item>
        <List.Item prefix={<StarOutline />} extra={merchant?.level?.name} onClick={() => navigate("/level")}>
          <FormattedMessage {...m.level} />
        </List.Item>
      </List>
      {merchant ? (
        <SecurityLinks merchant={merchant} />
      ) : (
        <Skeleton.Paragraph lineCount={3} animated style={{ padding: 16 }} />
      )}
      <List mode="card">
        <List.Item prefix={<LockOutline />} onClick={() => navigate("/devices")} data-testid="devices-link">
          <FormattedMessage {...devicesMessages.devicesLink} />
        </List.Item>
        <List.Item prefix={<BellOutline />} onClick={() => navigate("/notifications")} data-testid="notifications-link">
          <FormattedMessage {...m.notifications} />
        </List.Item>
        <List.Item prefix={<BankcardOutline />} onClick={() => navigate("/payoutDestinations")}>
          <FormattedMessage {...m.payoutDestinations} />
        </List.Item>
      </List>
      <List mode="card">
        <List.Item prefix={<FileOutline />} onClick={() => navigate("/terms")}>
          <FormattedMessage {...m.terms} />
        </List.Item>
      </List>
    </div>
  );
}
