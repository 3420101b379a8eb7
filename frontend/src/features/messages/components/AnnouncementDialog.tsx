import { Modal } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useFormat } from "@/lib/money";
import type { Announcement } from "../api";
import { messageMessages as m } from "./messages";
import "./messages.css";

/** The announcement whole, over Home (AnnouncementBar loads this on the first tap). */
export default function AnnouncementDialog({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <Modal
      visible
      title={announcement.title}
      closeOnMaskClick
      onClose={onClose}
      content={
        <div data-testid="announcement-dialog">
          <div className="announcement-content">{announcement.content}</div>
          {announcement.ends_at && (
            <div className="announcement-until">
              <FormattedMessage {...m.validUntil} values={{ time: format.dateTime(announcement.ends_at) }} />
            </div>
          )}
        </div>
      }
      actions={[{ key: "close", text: intl.formatMessage(m.close), primary: true, onClick: onClose }]}
    />
  );
}
