import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { RegisterDone, RegisterForm } from "@/features/account";

/** /register?code=...: the registration form; afterwards the review notice and the way to sign in. */
export default function RegisterScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  // Kept alive: the review notice belongs to the code it was registered with; a new code opens the form again.
  const [done, setDone] = useState<{ code: string; notice: string } | null>(null);
  if (done?.code === code)
    return <RegisterDone notice={done.notice} onSignIn={() => navigate("/login", { replace: true })} />;
  return <RegisterForm inviteCode={code} onRegistered={({ msg }) => setDone({ code, notice: msg })} />;
}
