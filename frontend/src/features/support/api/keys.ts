/** Query keys of the support feature: `invalidateQueries({queryKey: supportKeys.all})` reads links, the unread count
 * and the conversation again. */
export const supportKeys = {
  all: ["support"] as const,
  links: () => [...supportKeys.all, "links"] as const,
  unread: () => [...supportKeys.all, "unread"] as const,
  messages: () => [...supportKeys.all, "messages"] as const,
};
