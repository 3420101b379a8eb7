import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useConfirm } from "@/components/ui/confirm";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { type Recovery, useCancelRecovery } from "../api";
import { recoveryArgumentMessages as a, recoveryMessages as m } from "./messages";
import "./account.css";

/** The recovery in progress (RecoveryNotice): what would change, the operator's reason, when, and a Cancel button. */
export default function RecoveryNoticeBody({ recovery, delayHours }: { recovery: Recovery; delayHours: number }) {
  const intl = useIntl();
  const format = useFormat();
  const confirm = useConfirm();
  const cancel = useCancelRecovery();
  const contact = <span translate="no">{[recovery.new_email, recovery.new_phone].filter(Boolean).join(", ")}</span>;

  const onCancel = async () => {
    if (!(await confirm(m.cancelConfirm, undefined, { danger: m.cancel }))) return;
    cancel.mutate(recovery.id, { onSuccess: ({ msg }) => toast.success(msg) });
  };

  return (
    <div className="my-notice is-danger recovery-notice" role="alert" data-testid="recovery-notice">
      <strong>{intl.formatMessage(m.title)}</strong>
      <span className="recovery-line">
        {recovery.effective_at ? (
          <FormattedMessage {...a.approved} values={{ contact, time: format.dateTime(recovery.effective_at) }} />
        ) : (
          <FormattedMessage {...a.requested} values={{ contact, hours: delayHours }} />
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
