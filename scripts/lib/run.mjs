import { spawn } from "node:child_process";

/** Runs a command with inherited stdio; rejects when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { WRANGLER_SEND_METRICS: "false", ...process.env, ...options.env },
      ...options,
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`)),
    );
  });
}
