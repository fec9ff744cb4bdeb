/**
 * The integration tests' global setup (Node): a broker on 127.0.0.1 that starts third-party
 * stand-ins on demand, because the tests run in workerd, which cannot listen on a port. A test file
 * asks it for a Resend, Turnstile or Cloudflare Access stand-in of its own (standins.ts); the site's code calls that
 * stand-in over HTTP, and the test reads and steers it here, so the control still answers while
 * the stand-in refuses connections.
 *
 *   POST /resend     (JSON: startResendStandin's options)  → { port, url, apiKey }
 *   POST /turnstile                                       → { port, origin, siteKey, secretKey, scriptUrl, verifyUrl }
 *   POST /access     (JSON: { keys: JWK[] })               → { port, teamDomain }: an Access team serving those signing keys
 *   POST /call?port=N&name=M  (JSON: the arguments)        → { value }: the stand-in's method M called, or its property M
 *   POST /close?port=N                                    → the stand-in on port N stops
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startResendStandin } from "../../scripts/lib/resend-standin.mjs";
import { startTurnstileStandin } from "./turnstile-standin.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    standinBroker: string;
  }
}

/** Cloudflare Access's side a site checks tokens against: the team's public keys at /cdn-cgi/access/certs. */
async function startAccessKeysStandin({ keys }: { keys: object[] }) {
  const server = createServer((request, response) => {
    const found = request.url === "/cdn-cgi/access/certs";
    response.writeHead(found ? 200 : 404, { "Content-Type": "application/json" });
    response.end(JSON.stringify(found ? { keys } : { error: "not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, teamDomain: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function json<T>(request: IncomingMessage, whenEmpty: T): Promise<T> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body ? (JSON.parse(body) as T) : whenEmpty;
}

export default async function setup(project: TestProject) {
  const running = new Map<number, { close(): Promise<void> }>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    try {
      if (request.method === "POST" && url.pathname === "/resend") {
        const standin = await startResendStandin(await json(request, {}));
        running.set(standin.port, standin);
        return answer(200, { port: standin.port, url: standin.url, apiKey: standin.apiKey });
      }
      if (request.method === "POST" && url.pathname === "/turnstile") {
        const standin = await startTurnstileStandin(await json(request, {}));
        running.set(standin.port, standin);
        const { port, origin, siteKey, secretKey, scriptUrl, verifyUrl } = standin;
        return answer(200, { port, origin, siteKey, secretKey, scriptUrl, verifyUrl });
      }
      if (request.method === "POST" && url.pathname === "/access") {
        const standin = await startAccessKeysStandin(await json(request, { keys: [] }));
        running.set(standin.port, standin);
        return answer(200, { port: standin.port, teamDomain: standin.teamDomain });
      }
      if (request.method === "POST" && url.pathname === "/call") {
        const standin = running.get(Number(url.searchParams.get("port")));
        const name = url.searchParams.get("name") ?? "";
        if (!standin || !(name in standin)) return answer(404, { error: `no stand-in member ${name} on port ${url.searchParams.get("port")}` });
        const member: unknown = Reflect.get(standin, name);
        const args = await json<unknown[]>(request, []);
        return answer(200, { value: typeof member === "function" ? await member.apply(standin, args) : member });
      }
      if (request.method === "POST" && url.pathname === "/close") {
        const port = Number(url.searchParams.get("port"));
        await running.get(port)?.close();
        running.delete(port);
        return answer(200, { ok: true });
      }
      answer(404, { error: `no ${request.method} ${url.pathname}` });
    } catch (error) {
      answer(500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("standinBroker", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    await Promise.all([...running.values()].map((standin) => standin.close()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}
