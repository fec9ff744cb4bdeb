// A minimal GET over one keep-alive connection. node:http rather than fetch(): less client-side
// work per request (the client shares the 2 cores with workerd) and no hidden connection pool.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

// A browser user agent: isbot() would otherwise make entry.server wait for the whole document
// before responding, which is not what a visitor gets.
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** GET `url` (string or URL); resolves once the whole body has arrived. Redirects are not followed. */
export function get(url, { timeoutMs = 15_000 } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { "User-Agent": BROWSER_UA } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** Closes the kept-alive socket so the process can exit. */
export function closeConnections() {
  agent.destroy();
}

