import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCEPT_ALL,
  CONSENT_DATE_STORAGE_KEY,
  CONSENT_STORAGE_KEY,
  DEFAULT_CONSENT_SIGNALS,
  REJECT_ALL,
  consentModeSignals,
  loadConsent,
  parseConsent,
  saveConsent,
  serializeConsent,
  type ConsentChoices,
} from "~/lib/consent";
import { CONSENT_MODE_BOOTSTRAP_SCRIPT } from "~/lib/consent-script.server";

/** The smallest Storage the consent functions need, kept in memory. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const only = (patch: Partial<ConsentChoices>): ConsentChoices => ({ ...REJECT_ALL, ...patch });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Consent Mode v2 mapping (spec section 4)", () => {
  it("before any choice everything is denied except security storage", () => {
    expect(DEFAULT_CONSENT_SIGNALS).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      functionality_storage: "denied",
      personalization_storage: "denied",
      security_storage: "granted",
    });
  });
  it("Accept All grants every signal", () => {
    expect(Object.values(consentModeSignals(ACCEPT_ALL)).every((value) => value === "granted")).toBe(true);
  });
  it("Reject All equals the defaults", () => {
    expect(consentModeSignals(REJECT_ALL)).toEqual(DEFAULT_CONSENT_SIGNALS);
  });
  it("analytics drives analytics_storage only", () => {
    expect(consentModeSignals(only({ analytics: true }))).toEqual({ ...DEFAULT_CONSENT_SIGNALS, analytics_storage: "granted" });
  });
  it("marketing drives ad_storage, ad_user_data and ad_personalization", () => {
    expect(consentModeSignals(only({ marketing: true }))).toEqual({
      ...DEFAULT_CONSENT_SIGNALS,
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
  });
  it("functional drives functionality_storage and personalization_storage", () => {
    expect(consentModeSignals(only({ functional: true }))).toEqual({
      ...DEFAULT_CONSENT_SIGNALS,
      functionality_storage: "granted",
      personalization_storage: "granted",
    });
  });
});

describe("parsing the stored choice", () => {
  it("no stored value is no consent, silently", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseConsent(null)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
  it("reads what serializeConsent wrote", () => {
    expect(parseConsent(serializeConsent(only({ analytics: true })))).toEqual(only({ analytics: true }));
    expect(parseConsent(serializeConsent(ACCEPT_ALL))).toEqual(ACCEPT_ALL);
  });
  it("stores the four booleans as JSON with necessary always true", () => {
    expect(JSON.parse(serializeConsent(ACCEPT_ALL))).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    expect(parseConsent('{"necessary":false,"analytics":true,"marketing":false,"functional":false}')?.necessary).toBe(true);
  });
  it.each(["{not json", "", "null", "true", "[]", '"text"', '{"analytics":"yes","marketing":false,"functional":false}', '{"analytics":true}'])(
    "logs and ignores %j",
    (raw) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      expect(parseConsent(raw)).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
    },
  );
});

describe("saving and loading with a given Storage", () => {
  it("saves the choice and an ISO date under separate keys, and loads them back", () => {
    const storage = new MemoryStorage();
    const now = new Date("2025-03-04T05:06:07.089Z");
    const saved = saveConsent(only({ analytics: true }), storage, now);
    expect(saved).toEqual({ choices: only({ analytics: true }), date: "2025-03-04T05:06:07.089Z" });
    expect(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? "")).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: false,
    });
    expect(storage.getItem(CONSENT_DATE_STORAGE_KEY)).toBe("2025-03-04T05:06:07.089Z");
    expect(loadConsent(storage)).toEqual(saved);
  });
  it("nothing stored loads as no consent", () => {
    expect(loadConsent(new MemoryStorage())).toBeNull();
  });
  it("a corrupt value loads as no consent and is logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const storage = new MemoryStorage();
    storage.setItem(CONSENT_STORAGE_KEY, "{oops");
    expect(loadConsent(storage)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
  it("a valid choice with a missing or bad date still counts, with date null", () => {
    const storage = new MemoryStorage();
    storage.setItem(CONSENT_STORAGE_KEY, serializeConsent(ACCEPT_ALL));
    expect(loadConsent(storage)).toEqual({ choices: ACCEPT_ALL, date: null });
    storage.setItem(CONSENT_DATE_STORAGE_KEY, "yesterday");
    expect(loadConsent(storage)).toEqual({ choices: ACCEPT_ALL, date: null });
  });
  it("storage that throws is logged: reads give no consent, writes still return the choice", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(loadConsent(broken)).toBeNull();
    expect(saveConsent(ACCEPT_ALL, broken, new Date(0)).choices).toEqual(ACCEPT_ALL);
    expect(warn).toHaveBeenCalledTimes(2);
  });
  it("without storage (server rendering) there is no consent", () => {
    expect(loadConsent(null)).toBeNull();
  });
});

describe("the inline Consent Mode script", () => {
  /** Runs the script against a fake window and returns what gtag pushed, as plain arrays. */
  function run(storage: Pick<Storage, "getItem">) {
    const win: { dataLayer?: unknown[]; localStorage: Pick<Storage, "getItem"> } = { localStorage: storage };
    new Function("window", CONSENT_MODE_BOOTSTRAP_SCRIPT)(win);
    return (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  }

  it("pushes the denied defaults with wait_for_update first, and nothing else without a stored choice", () => {
    expect(run(new MemoryStorage())).toEqual([["consent", "default", { ...DEFAULT_CONSENT_SIGNALS, wait_for_update: 500 }]]);
  });
  it.each([ACCEPT_ALL, REJECT_ALL, only({ analytics: true }), only({ marketing: true, functional: true })])(
    "applies a stored choice %j with the same mapping as consentModeSignals",
    (choices) => {
      const storage = new MemoryStorage();
      saveConsent(choices, storage, new Date(0));
      const pushed = run(storage);
      expect(pushed).toHaveLength(2);
      expect(pushed[0]?.[1]).toBe("default");
      expect(pushed[1]).toEqual(["consent", "update", consentModeSignals(choices)]);
    },
  );
  it("ignores a corrupt or wrongly shaped choice and storage that throws", () => {
    for (const raw of ["{oops", '{"analytics":1}', "[]", "0"]) {
      const storage = new MemoryStorage();
      storage.setItem(CONSENT_STORAGE_KEY, raw);
      expect(run(storage)).toHaveLength(1);
    }
    expect(
      run({
        getItem: () => {
          throw new Error("SecurityError");
        },
      }),
    ).toHaveLength(1);
  });
  it("is safe inside a <script> element", () => {
    expect(CONSENT_MODE_BOOTSTRAP_SCRIPT).not.toMatch(/<\/|<!--/);
  });
});
