import { FormattedMessage } from "react-intl";
import { Link, useNavigate } from "react-router-dom";
import { LoginForm, loginMessages as m } from "@/features/account";
import { LanguagePicker } from "@/components/ui/LanguagePicker";

/** /login: the reference screen (layout "bare": it draws its own header). */
export default function LoginScreen() {
  const navigate = useNavigate();
  return (
    <div className="login-screen">
      <header className="login-header">
        <LanguagePicker />
      </header>
      <div className="login-intro">
        <h1>
          <FormattedMessage {...m.welcome} />
        </h1>
        <p>
          <FormattedMessage {...m.subtitle} />
        </p>
      </div>
      <LoginForm onSignedIn={() => navigate("/home", { replace: true })} />
      <div className="login-links">
        <Link to="/forgetPwd">
          <FormattedMessage {...m.forgot} />
        </Link>
        <span>
          <FormattedMessage {...m.noAccount} /> <Link to="/code"><FormattedMessage {...m.register} /></Link>
        </span>
      </div>
    </div>
  );
}
