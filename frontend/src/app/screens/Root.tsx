/**
 * "/": the partner (third-party) sign-in, as the spec's navigation section says. With `data` in the query:
 * a loading toast that does not close by itself and blocks clicks, POST merchant/third {data, code, mer},
 * toast closed; status 0 -> `data` kept in localStorage `data` and the user stays here (offered registration,
 * which links the partner identity, or sign-in); status 2 -> the sign-in's second step (two-step sign-in on a device
 * the account has not trusted yet) here, then as for status 1; otherwise the token is saved and the user goes to `path` when it
 * is one of the app's screens (appPath), else to /home.
 * Without `data`: the toast is only closed and the user goes to /login (or /home when signed in).
 */
import { useEffect, useRef, useState } from "react";
import { Button, Result, Space } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { LoginFactorStep, savePartnerLink, thirdMessages as m, useThirdSignIn } from "@/features/account";
import { deviceKey, signIn, useSession } from "@/lib/session";
import { toast } from "@/lib/toast";
import { appPath } from "../appPath";

export const THIRD_DATA_KEY = "data";

export default function RootScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSession();
  const third = useThirdSignIn();
  const [notLinked, setNotLinked] = useState(false);
  const [step, setStep] = useState<{ ticket: string; methods: string[] } | null>(null);
  const started = useRef(false);
  const data = params.get("data");

  useEffect(() => {
    if (!data) {
      toast.clear();
      return;
    }
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    toast.loading(intl.formatMessage(m.signingIn));
    third.mutate(
      { data, code: params.get("code") ?? "", mer: params.get("mer") ?? "", device: deviceKey() },
      {
        onSuccess: (answer) => {
          toast.clear();
          if (answer.status === 2 && answer.second_factor) {
            setStep(answer.second_factor);
            return;
          }
          if (answer.status === 0 || !answer.merinfo) {
            // `data` under localStorage `data` (spec), with code and mer, for tkregister (features/account/partner).
            savePartnerLink({ data, code: params.get("code") ?? "", mer: params.get("mer") ?? "" });
            setNotLinked(true);
            return;
          }
          signIn(answer.merinfo);
          navigate(appPath(params.get("path")), { replace: true }); // a screen of this app, else Home
        },
        // A refused signature: the query client shows the server msg as a toast after this one is closed.
        onError: () => {
          toast.clear();
          navigate("/login", { replace: true });
        },
      },
    );
  }, [data, params, intl, navigate, third]);

  if (!data) return <Navigate to={token ? "/home" : "/login"} replace />;
  if (step) {
    return (
      <div className="third-screen">
        <LoginFactorStep
          {...step}
          onSignedIn={() => navigate(appPath(params.get("path")), { replace: true })}
          onBack={() => navigate("/login", { replace: true })}
        />
      </div>
    );
  }
  if (!notLinked) return null;
  return (
    <div className="third-screen">
      <Result status="info" title={<FormattedMessage {...m.notLinked} />} />
      <Space direction="vertical" block style={{ marginTop: 24 }}>
        <Button block color="primary" size="large" onClick={() => navigate("/code")}>
          <FormattedMessage {...m.register} />
        </Button>
        <Button block size="large" onClick={() => navigate("/login")}>
          <FormattedMessage {...m.signIn} />
        </Button>
      </Space>
    </div>
  );
}
