// The first thing an island bundle's entry runs (ADR 0061): React DOM's module, the largest, evaluates
// in a task of its own, then the shell's code boots in the next, and a page island's in the one after.
import type { HydratePage } from "./boot-island-page";

export function startIslandPage(loadPage?: () => Promise<HydratePage>): void {
  void import("react-dom/client")
    .then(() => import("./boot-island-page"))
    .then(({ bootIslandPage }) => bootIslandPage(loadPage));
}
