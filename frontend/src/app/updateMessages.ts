import { defineMessages } from "react-intl";

/** The update prompt's texts (app/UpdateBar), in its own chunk. */
export const updateMessages = defineMessages({
  ready: {
    id: "common.updateReady",
    defaultMessage: "A new version of the app is ready.",
    description: "Bar at the bottom of the screen when a new version of the app has been downloaded",
  },
  reload: {
    id: "common.updateReload",
    defaultMessage: "Reload",
    description: "Button in the new-version bar: reload the app to use the new version",
  },
});
