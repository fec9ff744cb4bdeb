// The demo screens after the first, loaded together once the page is idle (see HeroSection).
export { AddLinkScreen } from "./AddLinkScreen";
export { CategoriesScreen } from "./CategoriesScreen";
export { LinkDetailScreen } from "./LinkDetailScreen";
