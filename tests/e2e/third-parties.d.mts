// Types for third-parties.mjs.
export const GA_MEASUREMENT_ID: string;
export const AMPLITUDE_API_KEY: string;
export function thirdPartyPort(sitePort: number | string): number;
export function thirdPartyOrigin(sitePort: number | string): string;
export function thirdPartyBindings(sitePort: number | string): string[];
export function startThirdParties(port: number): Promise<{ origin: string; close(): Promise<void> }>;
