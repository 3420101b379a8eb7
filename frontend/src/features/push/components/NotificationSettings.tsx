import { List, Switch } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { QueryFallback, QueryState } from "@/components/ui/QueryState";
import { isAnswered, OfflineError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { usePushDevice, usePushSettings, useSetPushKinds, useTurnOffPush, useTurnOnPush } from "../api";
import type { PushKind, PushSettings } from "../api/types";
import { PermissionRefused } from "../browser";
import { kindMessages, pushMessages as m } from "./messages";
import "./push.css";

/** A failure of the browser (its push service unreachable), not of the server, whose refusals the query client
 * shows itself; a refused permission shows as the screen's "blocked" state. */
function browserFailure(error: unknown): boolean {
  return !isAnswered(error) && !(error instanceof OfflineError) && !(error instanceof PermissionRefused);
}

function Kinds({ settings }: { settings: PushSettings }) {
  const intl = useIntl();
  const setKinds = useSetPushKinds();
  const pending = setKinds.isPending ? setKinds.variables : undefined;
  return (
    <List
      mode="card"
      header={
        <>
          <FormattedMessage {...m.kindsTitle} />
          <span className="push-hint">
            <FormattedMessage {...m.kindsHint} />
          </span>
        </>
      }
      data-testid="push-kinds"
    >
      {settings.kinds.map(({ kind, on }) => {
        const text = kindMessages[kind as PushKind];
        return (
          <List.Item
            key={kind}
            description={<FormattedMessage {...text.hint} />}
            extra={
              <Switch
                checked={pending && kind in pending ? Boolean(pending[kind as PushKind]) : on}
                loading={Boolean(pending && kind in pending)}
                aria-label={intl.formatMessage(text.label)}
                data-testid={`push-kind-${kind}`}
                onChange={(checked) => setKinds.mutate({ [kind]: checked })}
              />
            }
          >
            <FormattedMessage {...text.label} />
          </List.Item>
        );
      })}
    </List>
  );
}

/**
 * /notifications: whether this browser can receive notifications (and, when it was refused, how to allow it in the
 * browser's settings), the switch that subscribes this phone, and one switch per kind (for the whole account).
 */
export function NotificationSettings() {
  const intl = useIntl();
  const settings = usePushSettings();
  const device = usePushDevice(settings.data?.public_key);
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();

  const onFailure = (error: unknown) => {
    if (browserFailure(error)) toast.fail(intl.formatMessage(m.failed));
  };
  const toggle = (checked: boolean) => {
    const done = { onSuccess: (answer: { msg: string } | null) => answer && toast.success(answer.msg), onError: onFailure };
    if (checked && settings.data) turnOn.mutate(settings.data.public_key, done);
    else if (!checked) turnOff.mutate(undefined, done);
  };

  const state = device.data;
  return (
    <div className="push-settings" data-testid="push-settings">
      {!state ? (
        <QueryFallback query={device} lines={2} />
      ) : state.support === "ready" ? (
        <List mode="card">
          <List.Item
            description={<FormattedMessage {...(state.endpoint ? m.onHint : m.offHint)} />}
            extra={
              <Switch
                checked={state.endpoint !== null}
                loading={turnOn.isPending || turnOff.isPending}
                disabled={!settings.data}
                aria-label={intl.formatMessage(m.main)}
                data-testid="push-main"
                onChange={toggle}
              />
            }
          >
            <span className="push-main-label">
              <FormattedMessage {...m.main} />
            </span>
          </List.Item>
        </List>
      ) : (
        <p className="push-notice" role="status" data-testid={`push-${state.support}`}>
          <FormattedMessage {...(state.support === "denied" ? m.denied : m.unsupported)} />
        </p>
      )}
      <QueryState query={settings} lines={6}>
        {(data) => <Kinds settings={data} />}
      </QueryState>
    </div>
  );
}
