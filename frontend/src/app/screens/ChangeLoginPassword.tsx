import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { ChangePasswordForm, passwordMessages as m } from "@/features/account";

/** /changeLoginPassword: old, new, repeat; every session ends, so the merchant signs in again. */
export default function ChangeLoginPasswordScreen() {
  const navigate = useNavigate();
  return (
    <>
      <div className="account-intro">
        <p>
          <FormattedMessage {...m.changeHint} />
        </p>
      </div>
      <ChangePasswordForm onChanged={() => navigate("/login", { replace: true })} />
    </>
  );
}
