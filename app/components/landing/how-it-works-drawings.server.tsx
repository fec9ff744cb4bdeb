// Server-only entry to the drawings: the browser bundle gets an empty module (see StaticIsland).
export { HowItWorksDrawing } from "./how-it-works-drawings";
