// Finds a Chromium for Playwright: CHROMIUM_PATH, the system package, or Playwright's own download.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const SYSTEM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

export function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  const system = SYSTEM_CANDIDATES.find((path) => existsSync(path));
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
  - Debian/Ubuntu:  sudo apt-get install chromium
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
