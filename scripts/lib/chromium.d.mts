import type { LaunchOptions } from "@playwright/test";

export function findChromium(): string | null;
export const CHROMIUM_MISSING_MESSAGE: string;
export function chromiumLaunchOptions(): LaunchOptions & { executablePath: string };
