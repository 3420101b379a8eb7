import type { MessageDescriptor } from "react-intl";

/**
 * react-intl 12 types a defineMessages() catalogue as "no values" unless each message's value types are spelled out
 * (`defineMessages<{key: {name: MessageValue}}>(...)`, as features/account and features/wallet do). A catalogue whose
 * messages take values it does not spell out is used as plain descriptors:
 * `export const m = untypedMessages(defineMessages({...}))` (defineMessages stays, so `formatjs extract` finds it).
 */
export function untypedMessages<K extends string>(
  messages: Record<K, MessageDescriptor>,
): { readonly [P in K]: MessageDescriptor } {
  return messages;
}
