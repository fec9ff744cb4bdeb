/**
 * The app behind HTTPS on 127.0.0.1, as a scanner from outside sees it in production: one port that
 * answers TLS with the real request pipeline (`TestApp.fetch`) and plain HTTP with a 301 to https,
 * standing in for Cloudflare's "Always Use HTTPS" (the redirect is the edge's, not the app's: ADR 0024).
 * The certificate is a throwaway self-signed one made with openssl for 127.0.0.1; a client trusts it
 * through NODE_EXTRA_CA_CERTS.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Duplex } from "node:stream";

type Fetch = (request: Request) => Promise<Response>;

export interface HttpsEdge {
  /** host:port, for both https:// and http:// */
  host: string;
  /** The certificate (PEM file) a client must trust. */
  certificateFile: string;
  close(): Promise<void>;
}

const TLS_HANDSHAKE = 0x16;

function makeCertificate(dir: string): { key: string; cert: string; certificateFile: string } {
  const keyFile = join(dir, "key.pem");
  const certificateFile = join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", keyFile, "-out", certificateFile],
      { stdio: "pipe" },
    );
  } catch (error) {
    throw new Error(`openssl could not make the test certificate (Debian: apt-get install openssl): ${(error as Error).message}`);
  }
  return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certificateFile, "utf8"), certificateFile };
}

async function toFetchRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  headers.set("CF-Connecting-IP", req.socket.remoteAddress ?? "127.0.0.1");
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * The connection as a stream that starts with the bytes already read from it. TLS reads a socket's
 * handle directly, past anything unshifted back into the socket, so it gets this stream instead.
 */
function replaying(socket: Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read: () => void socket.resume(),
    write: (chunk, encoding, callback) => void socket.write(chunk, encoding, callback),
    final: (callback) => void socket.end(callback),
    destroy: (error, callback) => {
      socket.destroy(error ?? undefined);
      callback(error);
    },
  });
  stream.push(first);
  socket.on("data", (chunk) => {
    if (!stream.push(chunk)) socket.pause();
  });
  socket.on("end", () => stream.push(null));
  socket.on("error", (error) => stream.destroy(error));
  return stream;
}

export async function startHttpsEdge(fetch: Fetch): Promise<HttpsEdge> {
  const dir = mkdtempSync(join(tmpdir(), "https-edge-"));
  const { key, cert, certificateFile } = makeCertificate(dir);
  let host = "";

  const https = createHttpsServer({ key, cert }, (req, res) => {
    toFetchRequest(req, `https://${host}`)
      .then(fetch)
      .then((response) => sendResponse(response, res))
      .catch((error: Error) => res.writeHead(502).end(String(error.stack)));
  });
  const http = createHttpServer((req, res) => {
    res.writeHead(301, { Location: `https://${host}${req.url ?? "/"}` }).end();
  });
  // Both protocols on one port: a TLS client's first byte is a handshake record.
  const edge = createNetServer((socket) => {
    socket.once("data", (first: Buffer) => {
      socket.pause();
      if (first[0] === TLS_HANDSHAKE) {
        https.emit("connection", replaying(socket, first));
      } else {
        socket.unshift(first);
        http.emit("connection", socket);
        socket.resume();
      }
    });
  });
  await new Promise<void>((resolve) => edge.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(edge.address() as AddressInfo).port}`;

  return {
    host,
    certificateFile,
    async close() {
      https.closeAllConnections();
      http.closeAllConnections();
      await new Promise((resolve) => edge.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
