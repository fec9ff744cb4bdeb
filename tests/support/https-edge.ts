/**
 * A site behind HTTPS on 127.0.0.1, as a scanner from outside sees it in production: one port whose
 * TLS connections go through untouched to a dev server that serves TLS itself (so the site sees
 * https:// URLs, as behind Cloudflare's edge), and whose plain HTTP gets a 301 to https, standing in for
 * Cloudflare's "Always Use HTTPS" (the redirect is the edge's, not the site's: ADR 0024). The
 * certificate is a throwaway self-signed one made with openssl for 127.0.0.1; a client trusts it
 * through NODE_EXTRA_CA_CERTS.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestCertificate {
  /** PEM files: the private key, and the certificate a client must trust. */
  keyFile: string;
  certificateFile: string;
  remove(): void;
}

export interface HttpsEdge {
  /** host:port, for both https:// and http:// */
  host: string;
  close(): Promise<void>;
}

const TLS_HANDSHAKE = 0x16;

/** A self-signed certificate for 127.0.0.1, valid for a day. */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), "https-edge-"));
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
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make the test certificate (Debian: apt-get install openssl): ${(error as Error).message}`);
  }
  return { keyFile, certificateFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The edge in front of the TLS site at `siteOrigin` (https://127.0.0.1:port). */
export async function startHttpsEdge(siteOrigin: string): Promise<HttpsEdge> {
  const site = new URL(siteOrigin);
  let host = "";
  const http = createHttpServer((req, res) => {
    res.writeHead(301, { Location: `https://${host}${req.url ?? "/"}` }).end();
  });
  const open = new Set<Socket>();
  // Both protocols on one port: a TLS client's first byte is a handshake record.
  const edge = createNetServer((socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.once("data", (first: Buffer) => {
      socket.pause();
      if (first[0] === TLS_HANDSHAKE) {
        const upstream = connect(Number(site.port), site.hostname, () => {
          upstream.write(first);
          socket.pipe(upstream).pipe(socket);
          socket.resume();
        });
        upstream.on("error", () => socket.destroy());
        upstream.on("close", () => socket.destroy());
        socket.on("error", () => upstream.destroy());
        socket.on("close", () => upstream.destroy());
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
    async close() {
      const closed = new Promise((resolve) => edge.close(resolve));
      // Connections a client left open (a pass-through ends with its client's socket).
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}
