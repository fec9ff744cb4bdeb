// The landing page's browser entry (ADR 0060): the island page's boot, then the page's sections,
// whose code is evaluated in a task of its own (ADR 0061).
import { startIslandPage } from "~/components/islands/start-island-page";

startIslandPage(() => import("./landing-island.client").then((module) => module.hydrateLandingPage));
