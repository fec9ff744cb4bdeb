/**
 * Who a per-client rate limit counts (ADR 0034): an IPv4 address, or an IPv6 /64, whatever the
 * textual form of the address.
 */
import { describe, expect, it } from "vitest";
import { rateLimitClient } from "~/lib/client-id.server";

const from = (ip: string, header = "CF-Connecting-IP") => rateLimitClient(new Request("http://127.0.0.1/", { headers: { [header]: ip } }));

describe("rateLimitClient", () => {
  it("gives every address of one IPv6 /64, in every spelling, the same client", () => {
    const forms = [
      "2001:db8:1:1::1",
      "2001:db8:1:1::2",
      "2001:DB8:1:1::ABCD",
      "2001:0db8:0001:0001:0000:0000:0000:0001",
      "2001:db8:1:1:ffff:ffff:ffff:ffff",
      "[2001:db8:1:1::5]",
      "[2001:db8:1:1::5]:443",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:1:1::6"),
      " 2001:db8:1:1::7 ",
    ];
    const clients = new Set(forms.map((ip) => from(ip)));
    expect(clients.size).toBe(1);
    expect([...clients][0]).not.toContain("::1");
  });

  it("keeps other /64 networks apart, also when only the fourth group differs", () => {
    expect(from("2001:db8:1:2::1")).not.toBe(from("2001:db8:1:1::1"));
    expect(from("2001:db8:1::1")).not.toBe(from("2001:db8:1:1::1"));
    expect(from("2001:db8::1")).toBe(from("2001:db8:0:0:1::1"));
  });

  it("keeps IPv4 per address, and counts an IPv4-mapped IPv6 address as its IPv4 client", () => {
    expect(from("192.0.2.1")).not.toBe(from("192.0.2.2"));
    expect(from("::ffff:192.0.2.1")).toBe(from("192.0.2.1"));
    expect(from("::FFFF:C000:0201")).toBe(from("192.0.2.1"));
    expect(from("[::ffff:192.0.2.1]:8080")).toBe(from("192.0.2.1"));
    expect(from("192.0.2.1:51000")).toBe(from("192.0.2.1"));
    // Distinct mapped addresses stay distinct (they are not one /64).
    expect(from("::ffff:192.0.2.1")).not.toBe(from("::ffff:192.0.2.2"));
  });

  it("reads X-Forwarded-For's first address when Cloudflare's header is absent", () => {
    expect(from("2001:db8:1:1::9, 10.0.0.1", "X-Forwarded-For")).toBe(from("2001:db8:1:1::1"));
  });

  it("counts anything unparseable by its text, never as one shared client with real addresses", () => {
    expect(from("not-an-address")).not.toBe(from("192.0.2.1"));
    expect(rateLimitClient(new Request("http://127.0.0.1/"))).toBe("other:unknown");
  });
});
