import { Button } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { applyUpdate } from "@/lib/serviceWorker";
import { updateMessages as m } from "./updateMessages";
import "./update-bar.css";

/**
 * "A new version is ready - Reload", above the tab bar: the new version takes over only when the merchant taps, so
 * nothing changes under a task in progress (a form, a payment). It stays until then.
 */
export default function UpdateBar() {
  return (
    <div className="update-bar" role="status" data-testid="update-bar">
      <span className="update-bar-text">
        <FormattedMessage {...m.ready} />
      </span>
      <Button size="small" color="primary" onClick={applyUpdate} data-testid="update-reload">
        <FormattedMessage {...m.reload} />
      </Button>
    </div>
  );
}
