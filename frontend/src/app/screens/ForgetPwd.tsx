import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { forgetMessages as m, ForgetPasswordForm } from "@/features/account";

/** /forgetPwd: a one-time code to the account's phone or email, then the new password twice. */
export default function ForgetPwdScreen() {
  const navigate = useNavigate();
  return (
    <>
      <div className="account-intro">
        <p>
          <FormattedMessage {...m.intro} />
        </p>
      </div>
      <ForgetPasswordForm onReset={() => navigate("/login", { replace: true })} />
    </>
  );
}
