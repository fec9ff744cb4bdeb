// Server-only entry to the first demo screen: the browser bundle gets an empty module (see StaticIsland).
export { MyLinksScreen } from "./MyLinksScreen";
