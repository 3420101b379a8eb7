import { Suspense, lazy } from "react";
import { useRecovery } from "../api";

// The notice's body (its buttons, dialog and styles) loads only for a merchant who has a recovery in progress, so
// Home's first load stays within its budget (bench/first-load.mjs).
const RecoveryNoticeBody = lazy(() => import(/* webpackChunkName: "recovery-notice" */ "./RecoveryNoticeBody"));

/**
 * An account recovery operators started (new contact details for a merchant who lost access): shown on Home and on
 * Personal information until it applies or ends, with what would change, the operator's reason, when it takes effect,
 * and a button to cancel it. Nothing is shown when there is none.
 */
export function RecoveryNotice() {
  const { data } = useRecovery();
  if (!data?.recovery) return null;
  return (
    <Suspense fallback={null}>
      <RecoveryNoticeBody recovery={data.recovery} delayHours={data.delay_hours} />
    </Suspense>
  );
}
