import { FormattedMessage } from "react-intl";
import { Link, useNavigate } from "react-router-dom";
import { codeMessages as m, InviteCodeForm } from "@/features/account";

/** /code: apply as a merchant; the invitation code is checked (verify_code) before the registration form. */
export default function CodeScreen() {
  const navigate = useNavigate();
  return (
    <>
      <div className="account-intro">
        <h2>
          <FormattedMessage {...m.title} />
        </h2>
        <p>
          <FormattedMessage {...m.subtitle} />
        </p>
      </div>
      <InviteCodeForm onVerified={(code) => navigate(`/register?code=${encodeURIComponent(code)}`)} />
      <div className="account-links">
        <FormattedMessage {...m.haveAccount} />
        <Link to="/login">
          <FormattedMessage {...m.signIn} />
        </Link>
      </div>
    </>
  );
}
