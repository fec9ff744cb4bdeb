// Types for admin.mjs.
export const PASSWORD_MIN_LENGTH: number;
export interface AdminAccountInput {
  email: string;
  password: string;
  role?: "owner" | "admin";
  name?: string;
}
export function adminUpsertSql(input: AdminAccountInput): Promise<string>;
export function createAdmin(input: AdminAccountInput & { remote?: boolean; env?: string; stateDir?: string }): Promise<void>;
