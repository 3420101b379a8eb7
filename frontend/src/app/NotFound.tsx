import { useEffect } from "react";
import { Button, ErrorBlock } from "antd-mobile";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useSession } from "@/lib/session";

const messages = defineMessages({
  title: { id: "notFound.title", defaultMessage: "Page not found", description: "An address the app does not have" },
  hint: {
    id: "notFound.hint",
    defaultMessage: "The address may be mistyped, or the page has moved.",
    description: "Under 'Page not found'",
  },
  home: { id: "notFound.home", defaultMessage: "Go to the home page", description: "Button on the not-found screen" },
});

/** An address the app does not have: said in the app's own words, with a way back (not a server's error page). */
export function NotFound() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { token } = useSession();
  useEffect(() => {
    document.title = intl.formatMessage(messages.title);
  }, [intl]);
  return (
    <ErrorBlock
      status="empty"
      fullPage
      title={<FormattedMessage {...messages.title} />}
      description={<FormattedMessage {...messages.hint} />}
      data-testid="not-found"
    >
      <Button color="primary" onClick={() => navigate(token ? "/home" : "/login", { replace: true })}>
        <FormattedMessage {...messages.home} />
      </Button>
    </ErrorBlock>
  );
}
