import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Pages that ship only their islands load their island bundle instead (scripts/islands.mjs, ADR 0060).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Not needed for the first interaction: its code is fetched on its own (it registers after load).
void import("~/lib/service-worker-client").then((module) => module.registerServiceWorker());
