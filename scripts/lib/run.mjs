import { spawn } from "node:child_process";

/**
 * Runs a command with inherited stdio; rejects when it fails. `input`: text written to its standard
 * input (which is then a pipe), e.g. a password a CLI must not take as an argument.
 */
export function run(command, args, { input, env, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: input === undefined ? "inherit" : ["pipe", "inherit", "inherit"],
      // `env` adds to this process's environment (it never replaces it: PATH and the rest stay).
      env: { WRANGLER_SEND_METRICS: "false", ...process.env, ...env },
      ...options,
    });
    if (input !== undefined) child.stdin.end(input);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`)),
    );
  });
}
