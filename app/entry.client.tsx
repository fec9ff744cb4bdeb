import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLateHydrationRace } from "~/components/islands";

// Pages that ship only their islands load their own bundle instead (island-entry.client.ts, ADR 0060).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
    {
      // React's default is to report every recoverable error as an error. A late section that had
      // to be rendered afresh is handled (it shows its server HTML until its code arrives, ADR 0026).
      onRecoverableError: (error) => (isLateHydrationRace(error) ? console.warn(error) : reportError(error)),
    },
  );
});

// Not needed for the first interaction: its code is fetched on its own (it registers after load).
void import("~/lib/service-worker-client").then((module) => module.registerServiceWorker());
