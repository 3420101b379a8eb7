import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { AccountIntro, ChangePasswordForm, passwordMessages as m } from "@/features/account";

/** /changeLoginPassword: old, new, repeat; every session ends, so the merchant signs in again. */
export default function ChangeLoginPasswordScreen() {
  const navigate = useNavigate();
  return (
    <>
      <AccountIntro>
        <FormattedMessage {...m.changeHint} />
      </AccountIntro>
      <ChangePasswordForm onChanged={() => navigate("/login", { replace: true })} />
    </>
  );
}
