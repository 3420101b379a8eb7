import { Button, Toast } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useConfirm } from "@/components/ui/confirm";
import { useFormat } from "@/lib/money";
import { useCancelRecovery, useRecovery } from "../api";
import { recoveryArgumentMessages as a, recoveryMessages as m } from "./messages";
import "./account.css";

/**
 * An account recovery operators started (new contact details for a merchant who lost access): shown on Home and on
 * Personal information until it applies or ends, with what would change, the operator's reason, when it takes effect,
 * and a button to cancel it. Nothing is shown when there is none.
 */
export function RecoveryNotice() {
  const intl = useIntl();
  const format = useFormat();
  const confirm = useConfirm();
  const { data } = useRecovery();
  const cancel = useCancelRecovery();
  const recovery = data?.recovery;
  if (!recovery) return null;
  const contact = <span translate="no">{[recovery.new_email, recovery.new_phone].filter(Boolean).join(", ")}</span>;

  const onCancel = async () => {
    if (!(await confirm(m.cancelConfirm, undefined, { danger: m.cancel }))) return;
    cancel.mutate(recovery.id, { onSuccess: ({ msg }) => Toast.show({ icon: "success", content: msg }) });
  };

  return (
    <div className="my-notice is-danger recovery-notice" role="alert" data-testid="recovery-notice">
      <strong>{intl.formatMessage(m.title)}</strong>
      <span className="recovery-line">
        {recovery.effective_at ? (
          <FormattedMessage {...a.approved} values={{ contact, time: format.dateTime(recovery.effective_at) }} />
        ) : (
          <FormattedMessage {...a.requested} values={{ contact, hours: data.delay_hours }} />
        )}
      </span>
      <span className="recovery-line">
        <FormattedMessage {...a.reason} values={{ reason: <span translate="no">{recovery.reason}</span> }} />
      </span>
      <span className="recovery-line">
        <FormattedMessage {...m.notYou} />
      </span>
      <Button
        className="my-notice-action"
        color="danger"
        size="small"
        loading={cancel.isPending}
        onClick={() => void onCancel()}
        data-testid="recovery-cancel"
      >
        <FormattedMessage {...m.cancel} />
      </Button>
    </div>
  );
}
