/**
 * The MDN HTTP Observatory's scanner library grades the security headers of the site as the dev
 * server `npm start` runs serves it over TLS, behind an edge on 127.0.0.1 that redirects plain HTTP
 * (tests/support/https-edge.ts). The goal is A+ with every one of its tests passed; ADR 0024 says
 * what the local set-up stands in for.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFreshDevServer, type FreshDevServer } from "../support/fresh-dev-server.mjs";
import { makeTestCertificate, startHttpsEdge, type HttpsEdge, type TestCertificate } from "../support/https-edge";

interface ObservatoryTest {
  pass: boolean | null;
  result: string;
  scoreModifier: number;
}
interface ObservatoryResult {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests: Record<string, ObservatoryTest>;
}

async function observatoryScan(host: string, trustedCertificate: string): Promise<ObservatoryResult> {
  const { stdout } = await promisify(execFile)(process.execPath, ["tests/support/observatory-scan.mjs", host], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: trustedCertificate },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as ObservatoryResult;
}

let certificate: TestCertificate;
let server: FreshDevServer;
let edge: HttpsEdge;
beforeAll(async () => {
  certificate = makeTestCertificate();
  server = await startFreshDevServer({ name: "observatory", https: certificate });
  edge = await startHttpsEdge(server.origin);
});
afterAll(async () => {
  await edge?.close();
  await server?.stop();
  certificate?.remove();
});

describe("MDN HTTP Observatory", () => {
  it("grades the site A+, with every test passed", { timeout: 60_000 }, async () => {
    const { scan, tests } = await observatoryScan(edge.host, certificate.certificateFile);
    const report = Object.entries(tests)
      .map(([name, test]) => `${test.pass ? "pass" : "FAIL"} ${name}: ${test.result} (${test.scoreModifier >= 0 ? "+" : ""}${test.scoreModifier})`)
      .join("\n");
    const summary = `grade ${scan.grade}, score ${scan.score}, ${scan.testsPassed}/${scan.testsQuantity} passed\n${report}`;

    expect(scan.grade, summary).toBe("A+");
    expect(scan.testsPassed, summary).toBe(scan.testsQuantity);
    // 100 plus the extra credit taken today (CSP without unsafe sources, private referrer policy,
    // secure cookies, frame-ancestors, CORP same-origin): less means a header got weaker.
    expect(scan.score, summary).toBeGreaterThanOrEqual(130);
  });
});
