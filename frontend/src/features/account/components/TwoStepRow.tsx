import { List, Tag } from "antd-mobile";
import { LockOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useSecurity } from "../api";
import { securityMessages as m } from "./securityMessages";

/** Two-step sign-in's row (to /security): "On", or "Off · Turn on" offered prominently while it is off. */
export function TwoStepRow() {
  const navigate = useNavigate();
  const { data } = useSecurity();
  const on = data?.second_factor;
  return (
    <List.Item
      prefix={<LockOutline />}
      onClick={() => navigate("/security")}
      data-testid="two-step-row"
      extra={
        data === undefined ? null : on ? (
          <Tag color="success" fill="outline">
            <FormattedMessage {...m.on} />
          </Tag>
        ) : (
          <Tag color="warning" fill="solid">
            <FormattedMessage {...m.offTurnOn} />
          </Tag>
        )
      }
    >
      <FormattedMessage {...m.twoStep} />
    </List.Item>
  );
}

/** On My: the offer to turn two-step sign-in on, only while it is off. */
export function TwoStepOffer() {
  const { data } = useSecurity();
  if (!data || data.second_factor) return null;
  return (
    <List mode="card" header={<FormattedMessage {...m.offer} />}>
      <TwoStepRow />
    </List>
  );
}
