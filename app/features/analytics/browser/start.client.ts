/**
 * The entry of the lazily loaded analytics chunk. The `.client` suffix makes the Remix compiler
 * replace it with an empty module in the server build, so the server bundle does not carry the
 * analytics client and the SDKs it loads (Amplitude, session replay, web-vitals).
 */
export { startAnalytics } from "./client";
