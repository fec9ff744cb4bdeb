import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postPublicForm, publicFormDataUrl } from "~/components/forms/public-form-post";

/** What the stand-in page answers, by path: status, content type and body. */
const ANSWERS: Record<string, [number, string, string]> = {
  "/waitlist": [400, "application/json", JSON.stringify({ state: "error", message: "Please enter a valid email address", reply: { status: "error" } })],
  "/de/contact": [200, "application/json", JSON.stringify({ state: "success" })],
  "/notify": [502, "text/html", "<h1>Bad gateway</h1>"],
  "/waitlist/link": [403, "text/html", "<h1>Forbidden</h1>"],
};

let server: Server;
let origin: string;
const received: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", body });
      const [status, type, text] = ANSWERS[new URL(request.url ?? "/", origin).pathname] ?? [404, "text/plain", "no"];
      response.writeHead(status, { "Content-Type": type }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal("window", { location: { href: `${origin}/home` } });
});

afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("where an enhanced public form posts", () => {
  it("is its page in the page's language, asking the page's own route for data, with the address's own query kept", () => {
    expect(publicFormDataUrl("/de/waitlist/link", "https://x.test/de/home").searchParams.get("_data")).toBe("routes/($lang).waitlist_.link");
    const notify = publicFormDataUrl("/notify?platform=android", "https://x.test/");
    expect([notify.pathname, notify.searchParams.get("platform"), notify.searchParams.get("_data")]).toEqual(["/notify", "android", "routes/($lang).notify"]);
  });

  it("refuses a page that answers no public form", () => {
    expect(() => publicFormDataUrl("/home", "https://x.test/")).toThrow("No public form answers at /home");
  });
});

describe("what the form gets back", () => {
  it("is the action's answer, whatever its status, from a form-encoded POST", async () => {
    expect(await postPublicForm("/waitlist", form({ email: "nope" }))).toMatchObject({ state: "error", message: "Please enter a valid email address" });
    expect(await postPublicForm("/de/contact", form({ name: "Ana", message: "Hallo & tschüss" }))).toEqual({ state: "success" });
    expect(received.at(-1)).toEqual({ method: "POST", url: `/de/contact?_data=${encodeURIComponent("routes/($lang).contact").replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`, body: "name=Ana&message=Hallo+%26+tsch%C3%BCss" });
  });

  it("is 'unanswered' for a server error page, for an answer that is not one, and when no answer came", async () => {
    expect(await postPublicForm("/notify", form({}))).toEqual({ state: "unanswered", reason: "server error" });
    expect(await postPublicForm("/waitlist/link", form({}))).toEqual({ state: "unanswered", reason: "unexpected answer" });
    vi.stubGlobal("window", { location: { href: "http://127.0.0.1:1/home" } });
    expect(await postPublicForm("/waitlist", form({}))).toMatchObject({ state: "unanswered", reason: expect.stringMatching(/^network: /) });
    vi.stubGlobal("window", { location: { href: `${origin}/home` } });
  });
});
