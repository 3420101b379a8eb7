import { useMemo, useState } from "react";
import { CheckList, Popup, SearchBar, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "@/lib/toast";
import { deviceTimeZone, useSetTimeZone } from "../api";
import { profileMessages as m } from "./messages";
import "./account.css";

const SHOWN_MAX = 60; // the sheet lists the first matches; typing narrows them

/** The time zone sheet (in its own chunk): search the IANA zones, the device's own first; a tap saves it. */
export default function TimeZoneSheet({ current, open, onClose }: { current: string; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [search, setSearch] = useState("");
  const save = useSetTimeZone();
  const device = deviceTimeZone();
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase().replace(/\s+/g, "_");
    return [device, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== device)]
      .filter((zone) => zone.toLowerCase().includes(words))
      .slice(0, SHOWN_MAX);
  }, [search, device]);
  const choose = (zone: string) =>
    save.mutate(zone, {
      onSuccess: ({ msg }) => {
        toast.success(msg);
        onClose();
      },
    });

  return (
    <Popup visible={open} onMaskClick={onClose} destroyOnClose bodyClassName="time-zone-sheet">
      <h3 className="avatar-sheet-title">
        <FormattedMessage {...m.timeZone} />
      </h3>
      <p className="avatar-sheet-hint">
        <FormattedMessage {...m.timeZoneHint} />
      </p>
      <SearchBar placeholder={intl.formatMessage(m.timeZoneSearch)} value={search} onChange={setSearch} />
      <CheckList value={[current]} onChange={(value) => value[0] && choose(String(value[0]))}>
        {shown.map((zone) => (
          <CheckList.Item key={zone} value={zone} disabled={save.isPending}>
            <span translate="no">{zone.replace(/_/g, " ")}</span>
            {zone === device && (
              <Tag color="primary" fill="outline" className="time-zone-device">
                <FormattedMessage {...m.timeZoneDevice} />
              </Tag>
            )}
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
