import { Button, List, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { QueryState } from "@/components/ui/QueryState";
import { useConfirm } from "@/components/ui/confirm";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { type DeviceSession, useDevices, useSignOutDevice } from "../api";
import { deviceArgumentMessages as a, devicesMessages as m } from "./devicesMessages";
import "./devices.css";

/** "Chrome on Android"; the browser or system alone; the browser's own name for itself; or "Unknown device". */
function DeviceName({ device }: { device: DeviceSession }) {
  if (device.browser && device.system) {
    const values = { browser: <span translate="no">{device.browser}</span>, system: <span translate="no">{device.system}</span> };
    return <FormattedMessage {...a.device} values={values} />;
  }
  const name = device.browser || device.system || device.device;
  return name ? <span translate="no">{name}</span> : <FormattedMessage {...m.unknownDevice} />;
}

function DeviceRow({ device }: { device: DeviceSession }) {
  const intl = useIntl();
  const format = useFormat();
  const confirm = useConfirm();
  const signOut = useSignOutDevice();
  const name = device.browser && device.system ? intl.formatMessage(a.device, { browser: device.browser, system: device.system }) : device.device;

  const onSignOut = async () => {
    if (!(await confirm(m.signOutConfirm, { device: name }, { danger: m.signOut }))) return;
    signOut.mutate({ id: device.id }, { onSuccess: ({ msg }) => toast.success(msg) });
  };

  return (
    <List.Item
      data-testid={device.current ? "device-current" : "device-other"}
      extra={
        device.current ? (
          <Tag color="success" fill="outline">
            <FormattedMessage {...m.thisDevice} />
          </Tag>
        ) : (
          <Button size="small" color="danger" fill="outline" loading={signOut.isPending} onClick={() => void onSignOut()} data-testid="device-signout">
            <FormattedMessage {...m.signOut} />
          </Button>
        )
      }
      description={
        <span className="device-meta">
          {device.ip && (
            <span translate="no" data-testid="device-address">
              {[device.ip, device.place].filter(Boolean).join(" · ")}
            </span>
          )}
          <span>
            <FormattedMessage
              {...a.times}
              values={{ signedIn: format.dateTime(device.signed_in_at), lastUsed: format.dateTime(device.last_used_at) }}
            />
          </span>
        </span>
      }
    >
      <span className="device-name">
        <DeviceName device={device} />
      </span>
    </List.Item>
  );
}

/** /devices: the devices signed in to the account (this one marked), each other one with Sign out, and Sign out all
 * other devices. Each asks first. */
export function DeviceList() {
  const query = useDevices();
  const confirm = useConfirm();
  const signOut = useSignOutDevice();

  const onSignOutOthers = async () => {
    if (!(await confirm(m.signOutOthersConfirm, undefined, { danger: m.signOutOthers }))) return;
    signOut.mutate({ all_others: true }, { onSuccess: ({ msg }) => toast.success(msg) });
  };

  return (
    <QueryState query={query}>
      {(page) => {
        const others = page.list.filter((device) => !device.current).length;
        return (
          <div data-testid="device-list">
            <p className="devices-intro">
              <FormattedMessage {...m.intro} />
            </p>
            <List mode="card">
              {page.list.map((device) => (
                <DeviceRow key={device.id} device={device} />
              ))}
            </List>
            <div className="devices-actions">
              {others > 0 ? (
                <Button block color="danger" fill="outline" loading={signOut.isPending} onClick={() => void onSignOutOthers()} data-testid="device-signout-others">
                  <FormattedMessage {...m.signOutOthers} />
                </Button>
              ) : (
                <p className="devices-intro">
                  <FormattedMessage {...m.onlyThis} />
                </p>
              )}
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
