#!/usr/bin/env node
// Seeds demo reviews and default settings into the local D1 (idempotent).
import { seedDemoContent } from "./lib/wrangler.mjs";

console.log(await seedDemoContent(process.env.WRANGLER_STATE_DIR));
