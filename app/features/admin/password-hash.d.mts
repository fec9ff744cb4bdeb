// Types for password-hash.mjs.
export const PBKDF2_ITERATIONS: number;
export function hashPassword(password: string, iterations?: number): Promise<string>;
export function verifyPassword(password: string, stored: string): Promise<boolean>;
