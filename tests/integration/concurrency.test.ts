/**
 * Sign-up storms through the real pipeline and a real D1 (issue 7, "nothing lost"): one address sent
 * 200 times at once lands once (the unique index decides, ADR 0004), and 200 different addresses at
 * once all land. Every client has its own address, as real visitors do, so rate limits stay out of it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WAITLIST_FORM_MESSAGES } from "~/lib/messages";
import { createTestApp, formPost, type TestApp, SIGN_UP_ACTION } from "../support/app";

const STORM = 200;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());
beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM waitlist"), app.db.prepare("DELETE FROM rate_limits")]);
});

/** Client i's address: 10.0.x.y, distinct for every i below 65,536. */
const clientIp = (i: number) => `10.0.${i >> 8}.${i & 255}`;

async function storm(emailOf: (i: number) => string) {
  const responses = await Promise.all(
    Array.from({ length: STORM }, (_, i) =>
      app.fetch(formPost(SIGN_UP_ACTION, { email: emailOf(i), name: `Client ${i}`, submissionTime: "1" }, clientIp(i))),
    ),
  );
  return Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { state: string; message?: string } })));
}

const count = async (sql: string, ...params: string[]) => (await app.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;

describe(`${STORM} concurrent sign-ups`, () => {
  it("of one address: exactly one row; one welcome, every other answer the duplicate message, no 5xx", async () => {
    const answers = await storm(() => "Storm@Example.com");
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE email = ?1", "storm@example.com")).toBe(1);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const successes = answers.filter((a) => a.status === 200);
    expect(successes).toHaveLength(1);
    expect(successes[0]!.body).toMatchObject({ state: "success" });
    const others = answers.filter((a) => a.status !== 200);
    expect(others).toHaveLength(STORM - 1);
    for (const other of others) {
      expect(other).toEqual({ status: 409, body: expect.objectContaining({ state: "error", message: WAITLIST_FORM_MESSAGES.duplicate }) });
    }
  });

  it("of different addresses: every one stored, every answer a welcome", async () => {
    const answers = await storm((i) => `person${i}@example.com`);
    expect(answers.map((a) => a.status)).toEqual(Array(STORM).fill(200));
    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(STORM);
    expect(await count("SELECT count(DISTINCT email) AS n FROM waitlist")).toBe(STORM);
  });
});
