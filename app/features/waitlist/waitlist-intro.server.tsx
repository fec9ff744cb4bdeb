// Server-only entry: the browser bundle gets an empty module (see StaticIsland).
export { WaitlistIntro } from "./waitlist-intro";
