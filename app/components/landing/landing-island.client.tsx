// The landing page's sections, hydrated as one island with the loader's data (ADR 0061).
import { hydratePageIsland } from "~/components/islands/page-island";
import { LandingPage, type LandingPageProps } from "./LandingPage";

export const hydrateLandingPage = hydratePageIsland<LandingPageProps>((props) => <LandingPage {...props} />);
