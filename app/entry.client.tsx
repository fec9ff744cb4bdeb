import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLateHydrationRace } from "~/components/ui/LateHydration";
import { registerServiceWorker } from "~/lib/service-worker-client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
    {
      // React's default is to report every recoverable error as an error. A late section that had
      // to be rendered afresh is handled (it shows its server HTML until its code arrives, ADR 0026).
      onRecoverableError(error) {
        if (isLateHydrationRace(error)) console.warn("A late section was rendered in the browser instead of hydrated (handled).", error);
        else if (typeof reportError === "function") reportError(error);
        else console.error(error);
      },
    },
  );
});

registerServiceWorker();
