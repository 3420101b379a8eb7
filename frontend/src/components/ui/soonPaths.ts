/**
 * The screens whose feature is not built yet. Each says so (components/ui/ComingSoon, never "No records yet", which a
 * merchant reads as "you have no orders"), and so does every entry to it (SoonTag). A path leaves this list when its
 * feature lands. No component here: the tab bar reads it from the app's first load.
 */
export const COMING_SOON = new Set<string>([]);

export const isComingSoon = (path: string): boolean => COMING_SOON.has(path);
