import { startThirdParties, thirdPartyPort } from "./third-parties.mjs";

/** Starts the third-party stand-ins for the whole run (every page may load them after consent). */
export default async function globalSetup() {
  const server = await startThirdParties(thirdPartyPort(process.env.E2E_PORT ?? 8790));
  return () => server.close();
}
