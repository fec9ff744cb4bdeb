// The browser entry of a page that ships only its islands (ADR 0060), bundled apart from Remix's
// client by scripts/islands.mjs: such a page never loads Remix's router or the document's hydration.
import { startIslandPage } from "./start-island-page";

startIslandPage();
