import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { RegisterDone, RegisterForm } from "@/features/account";

/** /register?code=...: the registration form; afterwards the review notice and the way to sign in. */
export default function RegisterScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<string | null>(null);
  if (notice !== null) return <RegisterDone notice={notice} onSignIn={() => navigate("/login", { replace: true })} />;
  return <RegisterForm inviteCode={params.get("code") ?? ""} onRegistered={({ msg }) => setNotice(msg)} />;
}
