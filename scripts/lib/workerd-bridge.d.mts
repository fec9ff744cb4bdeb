/** Every request from Node to workerd through Miniflare on a connection of its own (see workerd-bridge.mjs). */
export function freshConnectionsToWorkerd(): void;
