import { List, Tag } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import type { MerchantInfo } from "@/lib/merchant";
import { profileMessages as m } from "./messages";
import { passkeyMessages } from "./passkeyMessages";
import { TwoStepRow } from "./TwoStepRow";

/** The security links (two-step sign-in on or off, payment password set or not, login password, payment password),
 * on Personal information and on Settings. */
export function SecurityLinks({ merchant }: { merchant: Pick<MerchantInfo, "has_pay_password"> }) {
  const navigate = useNavigate();
  return (
    <List mode="card" header={<FormattedMessage {...m.security} />}>
      <TwoStepRow />
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
      <List.Item onClick={() => navigate("/passkeys")}>
        <FormattedMessage {...passkeyMessages.link} />
      </List.Item>
    </List>
  );
}
