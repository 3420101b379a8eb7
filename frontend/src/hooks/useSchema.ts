import { useMemo } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";

/** `intl.formatMessage` as the schema builders take it: the feature's schemas stay pure functions of it. */
export type Translate = (message: MessageDescriptor, values?: Record<string, number | string>) => string;

/**
 * A schema built with the active language's messages, rebuilt when the language or one of `deps` changes:
 * `useSchema(resetPasswordSchema)`, `useSchema((t) => registerSchema(t, lang), lang)`.
 */
export function useSchema<S>(build: (t: Translate) => S, ...deps: unknown[]): S {
  const intl = useIntl();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `build` is rebuilt each render; `deps` are its inputs
  return useMemo(() => build((message, values) => intl.formatMessage(message, values)), [intl, ...deps]);
}
