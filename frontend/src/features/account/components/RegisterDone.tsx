import { Button, Result } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { registerMessages as m } from "./messages";
import "./account.css";

/** After registering: the documents are under review (the server's notice) and the way to sign in. */
export function RegisterDone({ notice, onSignIn }: { notice: string; onSignIn: () => void }) {
  return (
    <div className="account-result">
      <Result status="waiting" title={<FormattedMessage {...m.reviewTitle} />} description={notice} />
      <p className="account-result-hint">
        <FormattedMessage {...m.reviewHint} />
      </p>
      <Button block color="primary" size="large" onClick={onSignIn}>
        <FormattedMessage {...m.toLogin} />
      </Button>
    </div>
  );
}
