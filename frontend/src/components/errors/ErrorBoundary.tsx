import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button, ErrorBlock } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "@/components/ui/messages";

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Catches render errors of one screen so the rest of the app keeps working. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorBlock
        status="default"
        title={<FormattedMessage {...uiMessages.errorTitle} />}
        description={null}
        style={{ padding: "48px 16px" }}
      >
        <Button color="primary" onClick={() => window.location.reload()}>
          <FormattedMessage {...uiMessages.errorReload} />
        </Button>
      </ErrorBlock>
    );
  }
}
