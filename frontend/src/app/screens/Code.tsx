import { FormattedMessage } from "react-intl";
import { Link, useNavigate } from "react-router-dom";
import { AccountIntro, AccountLinks, codeMessages as m, InviteCodeForm } from "@/features/account";

/** /code: apply as a merchant; the invitation code is checked (verify_code) before the registration form. */
export default function CodeScreen() {
  const navigate = useNavigate();
  return (
    <>
      <AccountIntro title={<FormattedMessage {...m.title} />}>
        <FormattedMessage {...m.subtitle} />
      </AccountIntro>
      <InviteCodeForm onVerified={(code) => navigate(`/register?code=${encodeURIComponent(code)}`)} />
      <AccountLinks>
        <FormattedMessage {...m.haveAccount} />
        <Link to="/login">
          <FormattedMessage {...m.signIn} />
        </Link>
      </AccountLinks>
    </>
  );
}
