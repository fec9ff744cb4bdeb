// The landing page's browser entry (ADR 0060): the island page's boot, and the page's sections
// hydrated as one island with the loader's data.
import { bootIslandPage } from "~/components/islands/boot-island-page";
import { hydratePageIsland } from "~/components/islands/page-island";
import { LandingPage, type LandingPageProps } from "./LandingPage";

bootIslandPage(hydratePageIsland<LandingPageProps>((props) => <LandingPage {...props} />));
