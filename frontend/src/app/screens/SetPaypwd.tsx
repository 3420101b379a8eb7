import { Button, Result, Skeleton } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { AccountIntro, AccountResult, PayPasswordForm, payMessages as m, useMerchant } from "@/features/account";

/** /setPaypwd: the first payment password (6 digits, twice). When one exists, the way to change it. */
export default function SetPaypwdScreen() {
  const navigate = useNavigate();
  const { data: merchant } = useMerchant();
  if (!merchant) return <Skeleton.Paragraph lineCount={5} animated style={{ padding: 16 }} />;
  if (merchant.has_pay_password)
    return (
      <AccountResult>
        <Result status="success" title={<FormattedMessage {...m.alreadySet} />} />
        <Button block color="primary" size="large" style={{ marginTop: 16 }} onClick={() => navigate("/changePayPassword")}>
          <FormattedMessage {...m.changeIt} />
        </Button>
      </AccountResult>
    );
  return (
    <>
      <AccountIntro>
        <FormattedMessage {...m.intro} />
      </AccountIntro>
      <PayPasswordForm changing={false} onSaved={() => navigate("/personalInfo", { replace: true })} />
    </>
  );
}
