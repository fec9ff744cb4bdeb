// The entry route shows the landing page (the entry-page setting arrives with the landing issue).
export { default, loader, meta } from "./home";
