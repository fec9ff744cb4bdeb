import { spawn } from "node:child_process";

/**
 * Runs a command; rejects when it fails. Its output goes to this terminal, or with `quiet` is kept
 * and shown only if it fails (resolves with it either way). `input`: text written to its standard
 * input (which is then a pipe), e.g. a password a CLI must not take as an argument. `env` adds to
 * this process's environment (PATH and the rest stay).
 */
export function run(command, args, { input, env, quiet = false, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const output = quiet ? "pipe" : "inherit";
    const child = spawn(command, args, {
      stdio: [input === undefined ? "inherit" : "pipe", output, output],
      env: { WRANGLER_SEND_METRICS: "false", ...process.env, ...(quiet ? { FORCE_COLOR: "0" } : {}), ...env },
      ...options,
    });
    let captured = "";
    child.stdout?.on("data", (chunk) => (captured += chunk));
    child.stderr?.on("data", (chunk) => (captured += chunk));
    if (input !== undefined) child.stdin.end(input);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) return resolve(captured);
      if (quiet) process.stderr.write(captured);
      reject(new Error(`${command} ${args.join(" ")} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`));
    });
  });
}
