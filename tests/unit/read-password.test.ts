/**
 * `npm run admin:create` reads the password without it ever being an argument (ADR 0034): at a
 * terminal from a prompt that echoes nothing, otherwise from the first line of standard input.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readPassword } from "../../scripts/lib/read-password.mjs";

/** A terminal: keystrokes arrive as data, and raw mode is tracked. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
  Object.assign(input, { setRawMode: (mode: boolean) => void input.rawModes.push(mode) });
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk) => (shown += String(chunk)));
  return { input, output, shown: () => shown };
}

/** Keystrokes as a terminal delivers them in raw mode (a fast typist's or a paste arrive together). */
const typeInto = (input: PassThrough, keys: string[]) => void input.write(keys.join(""));

describe("readPassword at a terminal", () => {
  it("prompts twice, echoes nothing of what is typed, and leaves raw mode afterwards", async () => {
    const { input, output, shown } = fakeTerminal();
    const reading = readPassword({ input, output, prompt: "Password: " });
    // Typed key by key, with a typo corrected by Backspace, then again for the confirmation.
    typeInto(input, [..."correct horsx", "\x7f", ..."e battery\r", ..."correct horse battery\r"]);
    await expect(reading).resolves.toBe("correct horse battery");
    expect(shown()).toContain("Password: ");
    expect(shown()).toContain("Repeat it: ");
    expect(shown()).not.toMatch(/correct|horse|battery|\*/);
    expect(input.rawModes).toEqual([true, false, true, false]);
  });

  it("refuses two different entries, and stops on Ctrl-C", async () => {
    const differ = fakeTerminal();
    const reading = readPassword({ input: differ.input, output: differ.output });
    typeInto(differ.input, ["first entry of it\r", "second entry of it\r"]);
    await expect(reading).rejects.toThrow(/differ/);

    const cancelled = fakeTerminal();
    const cancelling = readPassword({ input: cancelled.input, output: cancelled.output });
    typeInto(cancelled.input, ["half typ", "\x03"]);
    await expect(cancelling).rejects.toThrow(/Cancelled/);
    expect(cancelled.input.rawModes.at(-1)).toBe(false);
  });
});

describe("readPassword from a pipe", () => {
  it("takes the first line of standard input, without its line ending", async () => {
    const input = new PassThrough();
    input.end("  spaces are part of it  \r\nignored second line\n");
    await expect(readPassword({ input, output: new PassThrough() })).resolves.toBe("  spaces are part of it  ");
  });

  it("reads an empty input as an empty password (which admin:create then refuses)", async () => {
    const input = new PassThrough();
    input.end();
    await expect(readPassword({ input, output: new PassThrough() })).resolves.toBe("");
  });
});
