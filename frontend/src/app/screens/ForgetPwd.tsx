import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { AccountIntro, forgetMessages as m, ForgetPasswordForm } from "@/features/account";

/** /forgetPwd: a one-time code to the account's phone or email, then the new password twice. */
export default function ForgetPwdScreen() {
  const navigate = useNavigate();
  return (
    <>
      <AccountIntro>
        <FormattedMessage {...m.intro} />
      </AccountIntro>
      <ForgetPasswordForm onReset={() => navigate("/login", { replace: true })} />
    </>
  );
}
