/** The beta list as a CSV download, with the same filters and order as the page. */
export { loadBetaTestersCsv as loader } from "~/features/admin/beta-testers/beta-testers.server";
