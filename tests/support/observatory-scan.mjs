#!/usr/bin/env node
// Scans one host with the MDN HTTP Observatory's own scanner library (@mdn/mdn-http-observatory,
// what observatory.mozilla.org runs) and prints its result as JSON. A process of its own so that
// NODE_EXTRA_CA_CERTS, read only at start-up, can make it trust a test's throwaway certificate.
// Usage: NODE_EXTRA_CA_CERTS=cert.pem node tests/support/observatory-scan.mjs 127.0.0.1:8443
import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const host = process.argv[2];
if (!host) {
  console.error("usage: observatory-scan.mjs HOST[:PORT]");
  process.exit(2);
}

// The library's postinstall downloads Chromium's HSTS preload list into conf/; without internet it
// leaves none and the scanner cannot start. A local host is on no preload list, so for it an empty
// list is exactly what the download would say.
const packageDir = dirname(createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json"));
const preloadList = join(packageDir, "conf", "hsts-preload.json");
if (!existsSync(preloadList)) writeFileSync(preloadList, "{}\n");

const { scan } = await import("@mdn/mdn-http-observatory");
const result = await scan(host);
process.stdout.write(JSON.stringify(result));
