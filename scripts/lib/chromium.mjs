// Finds a Chromium for Playwright: CHROMIUM_PATH, the system package, or Playwright's own download.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

// Chromium's headless shell (Debian's chromium-headless-shell) renders with the same Blink as the
// browser but without its UI layers: the end-to-end suite runs in about 0.7 of the time (ADR 0041).
const HEADLESS_SHELL_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"];
const SYSTEM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/** Playwright asked to show the browser (`--headed`, `--ui`, `--debug`, PWDEBUG): the shell cannot. */
const showsBrowser = () => Boolean(process.env.PWDEBUG) || process.argv.some((arg) => ["--headed", "--ui", "--debug"].includes(arg));

/** A Chromium binary; `headless: false` for one that can also show a window (and that Lighthouse measures). */
export function findChromium({ headless = !showsBrowser() } = {}) {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  const system = [...(headless ? HEADLESS_SHELL_CANDIDATES : []), ...SYSTEM_CANDIDATES].find((path) => existsSync(path));
  if (system) return system;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own installed.
  }
  return null;
}

export const CHROMIUM_MISSING_MESSAGE = `No Chromium found for the end-to-end tests.
Install one of:
  - Debian/Ubuntu:  sudo apt-get install chromium-headless-shell (and chromium, to watch with --headed)
  - macOS:          brew install --cask chromium
  - Playwright's:   npx playwright install chromium
or point CHROMIUM_PATH at a Chromium/Chrome binary.`;

/** Launch options that work as root in containers and on closed networks. */
export function chromiumLaunchOptions() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING_MESSAGE);
  return {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  };
}
