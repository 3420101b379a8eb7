import { Button } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useConfirm } from "@/components/ui/confirm";
import { toast } from "@/lib/toast";
import { useNotMe } from "../api";
import { devicesMessages as m } from "./devicesMessages";
import "./devices.css";

/** "This wasn't me" under a security message (its target id, kind "security"): after a dialog that says what it does,
 * locks the account's money movements and signs out every other device (merchant/not_me). */
export function NotMeButton({ noticeId }: { noticeId: number }) {
  const confirm = useConfirm();
  const notMe = useNotMe();

  const onClick = async () => {
    if (!(await confirm(m.notMeConfirm, undefined, { danger: m.notMeLock }))) return;
    notMe.mutate(noticeId, { onSuccess: ({ msg }) => toast.success(msg) });
  };

  return (
    <div className="not-me" data-testid="not-me">
      <FormattedMessage {...m.notMeIntro} />
      <Button block color="danger" loading={notMe.isPending} disabled={notMe.isSuccess} onClick={() => void onClick()} data-testid="not-me-button">
        <FormattedMessage {...m.notMe} />
      </Button>
    </div>
  );
}
