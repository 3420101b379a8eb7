import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router-dom";
import { createQueryClient } from "@/lib/api";
import { IntlRoot } from "@/lib/intl";
import { OfflineBanner } from "@/components/ui/OfflineBanner";
import { ScrollToTop } from "@/components/ui/ScrollToTop";
import { BadgeEffects } from "./badges";
import { KeepAliveRoutes } from "./KeepAliveRoutes";
import { OfflineData } from "./OfflineData";
import { PushOpen } from "./PushOpen";
import { SessionEffects } from "./SessionEffects";
import { UnansweredChanges } from "./UnansweredChanges";
import { UpdatePrompt } from "./UpdatePrompt";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <IntlRoot>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <SessionEffects />
          <BadgeEffects />
          <UnansweredChanges />
          <PushOpen />
          <OfflineData />
          <OfflineBanner />
          <KeepAliveRoutes />
          <ScrollToTop />
          <UpdatePrompt />
        </BrowserRouter>
      </IntlRoot>
    </QueryClientProvider>
  );
}
