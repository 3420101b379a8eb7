import { Button, Result, Skeleton } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { AccountIntro, AccountResult, PayPasswordForm, payMessages as m, useMerchant } from "@/features/account";

/** /changePayPassword: confirm with the current payment password or the login password, then 6 digits twice. */
export default function ChangePayPasswordScreen() {
  const navigate = useNavigate();
  const { data: merchant } = useMerchant();
  if (!merchant) return <Skeleton.Paragraph lineCount={5} animated style={{ padding: 16 }} />;
  if (!merchant.has_pay_password)
    return (
      <AccountResult>
        <Result status="info" title={<FormattedMessage {...m.notSet} />} />
        <Button block color="primary" size="large" style={{ marginTop: 16 }} onClick={() => navigate("/setPaypwd")}>
          <FormattedMessage {...m.setIt} />
        </Button>
      </AccountResult>
    );
  return (
    <>
      <AccountIntro>
        <FormattedMessage {...m.intro} />
      </AccountIntro>
      <PayPasswordForm changing onSaved={() => navigate("/personalInfo", { replace: true })} />
    </>
  );
}
