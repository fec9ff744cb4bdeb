/**
 * Finding a child process of the local stack by the port it listens on, and lowering its CPU
 * priority (ADR 0040): a real child process, a real socket, the real scheduler's nice values.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:net";
import { getPriority } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { threadIds } from "../../scripts/lib/proc.mjs";
import { listenerPid, setListenerNiceness } from "../../scripts/local-stack/process-priority.mjs";

const LISTENING_CHILD = `
const server = require("node:net").createServer().listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
`;

let child: ChildProcess | undefined;
let server: Server | undefined;
afterEach(async () => {
  child?.kill("SIGKILL");
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  child = server = undefined;
});

/** A child process listening on 127.0.0.1: { pid, port }. */
async function listeningChild() {
  child = spawn(process.execPath, ["-e", LISTENING_CHILD], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(child.stdout!, "data")) as [Buffer];
  return { pid: child.pid!, port: Number(line.toString().trim()) };
}

describe.runIf(process.platform === "linux")("the CPU priority of a child process found by its port", () => {
  it("finds the child listening on the port, and gives every one of its threads the nice value", async () => {
    const { pid, port } = await listeningChild();
    expect(listenerPid(port)).toBe(pid);
    expect(threadIds(pid).length).toBeGreaterThan(1);
    expect(setListenerNiceness(port, 7)).toBe(pid);
    expect(new Set(threadIds(pid).map((tid) => getPriority(tid)))).toEqual(new Set([7]));
    // This process keeps its own.
    expect(getPriority()).not.toBe(7);
  });

  it("leaves alone a port nobody listens on, and one this process (not a child) listens on", async () => {
    server = createServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const ownPort = (server.address() as { port: number }).port;
    const before = getPriority();
    expect(listenerPid(ownPort)).toBeNull();
    expect(setListenerNiceness(ownPort, 7)).toBeNull();
    expect(getPriority()).toBe(before);
    // The port is free once the server closes.
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(setListenerNiceness(ownPort, 7)).toBeNull();
  });
});
