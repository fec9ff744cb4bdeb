import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { answerFor, refusalMessage } from "~/features/admin/form-schema";
import { AdminTable, type Column } from "~/features/admin/ui/AdminTable";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { FieldError, RadioRow, TextField } from "~/features/admin/ui/fields";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { IntentFields, PostButton } from "~/features/admin/ui/PostButton";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { useAdminForm } from "~/features/admin/ui/useAdminForm";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { formatUtcDate, formatUtcDateTime } from "~/lib/dates";
import { addAdminSchema, ownPasswordSchema, resetPasswordSchema } from "./user-schemas";
import type { loadUsersPage } from "./users.server";

const USERS_PATH = ADMIN_PATHS.users;
const PASSWORD_HINT = `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters. A few unrelated words are easy to type and hard to guess.`;

const roleName = (role: string) => (role === "owner" ? "Owner" : "Admin");

export function UsersPage() {
  const { me, admins, confirm, reset } = useLoaderData<typeof loadUsersPage>();
  // The action answers data only when it refuses: one form (its messages and typed values), or the whole post.
  const result = useActionData<SubmissionResult<string[]>>();
  // A form that went through is emptied: with JavaScript the page stays, so its forms start again
  // with each new page the admin lands on (after the redirect), as they do without JavaScript.
  const { key: visit } = useLocation();
  const isOwner = me.role === "owner";
  const columns: Column[] = [
    { label: "Email" },
    { label: "Name" },
    { label: "Role" },
    { label: "Status" },
    { label: "Last sign-in" },
    { label: "Created" },
    ...(isOwner ? [{ label: "Actions" }] : []),
  ];
  return (
    <>
      <PageHeader
        title="Users"
        description={
          isOwner
            ? "Everyone who can sign in to this admin. Owners add admins, disable and enable them, change roles and reset passwords."
            : "Everyone who can sign in to this admin. Only an owner can change other accounts; you can change your own password below."
        }
      />
      <AlertMessage message={refusalMessage(result)} testId="users-error" className="mb-5" />
      {confirm ? (
        <ConfirmPanel title={`Disable ${confirm.email}?`} intent="disable" id={confirm.id} confirmLabel={`Disable ${confirm.email}`} cancelTo={USERS_PATH}>
          <p>They are signed out everywhere at once and cannot sign in until an owner enables the account again.</p>
        </ConfirmPanel>
      ) : null}
      {reset ? <ResetPasswordPanel key={reset.id} id={reset.id} email={reset.email} lastResult={answerFor(result, "reset-password")} /> : null}

      <AdminTable testId="admins-table" caption={`${admins.length} ${admins.length === 1 ? "account" : "accounts"}`} columns={columns}>
        {admins.map((row) => {
          const isMe = row.id === me.id;
          return (
            <tr key={row.id}>
              <th scope="row" className="cell-clip font-medium">
                {row.email}
                {isMe ? <span className="muted"> (you)</span> : null}
              </th>
              <td>{row.name ?? <span className="muted">—</span>}</td>
              <td>
                <span className={row.role === "owner" ? "pill pill-on" : "pill"}>{roleName(row.role)}</span>
              </td>
              <td>
                <span className={row.isDisabled ? "pill pill-off" : "pill pill-on"}>{row.isDisabled ? "Disabled" : "Enabled"}</span>
              </td>
              <td className="muted">{row.lastLoginAt ? formatUtcDateTime(row.lastLoginAt) : "Never"}</td>
              <td className="muted">{formatUtcDate(row.createdAt)}</td>
              {isOwner ? (
                <td>
                  {isMe ? (
                    <span className="muted">Change your password below</span>
                  ) : (
                    <RowActions id={row.id} email={row.email} role={row.role} isDisabled={row.isDisabled} />
                  )}
                </td>
              ) : null}
            </tr>
          );
        })}
      </AdminTable>

      <div className="admin-grid-2 mt-5">
        {isOwner ? <AddAdminPanel key={`add-${visit}`} lastResult={answerFor(result, "add")} /> : null}
        <OwnPasswordPanel key={`own-password-${visit}`} lastResult={answerFor(result, "change-own-password")} />
      </div>
    </>
  );
}

function RowActions({ id, email, role, isDisabled }: { id: number; email: string; role: string; isDisabled: boolean }) {
  const otherRole = role === "owner" ? "admin" : "owner";
  return (
    <div className="cell-actions">
      {isDisabled ? (
        <PostButton intent="enable" id={id} label="Enable" ariaLabel={`Enable ${email}`} />
      ) : (
        <Link to={`?confirm=${id}`} className="btn btn-xs btn-danger" aria-label={`Disable ${email}`}>
          Disable
        </Link>
      )}
      <PostButton
        intent="change-role"
        id={id}
        extra={{ role: otherRole }}
        label={otherRole === "owner" ? "Make owner" : "Make admin"}
        ariaLabel={`Make ${email} ${otherRole === "owner" ? "an owner" : "an admin"}`}
      />
      <Link to={`?reset=${id}`} className="btn btn-xs btn-secondary" aria-label={`Reset the password of ${email}`}>
        Reset password
      </Link>
    </div>
  );
}

function ResetPasswordPanel({ id, email, lastResult }: { id: number; email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useAdminForm(resetPasswordSchema, { id: "reset-password-form", lastResult });
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="admin-panel mb-5" aria-labelledby="reset-title">
      <h2 id="reset-title">{`New password for ${email}`}</h2>
      <p className="mb-4 text-sm text-ink-muted">Their sessions end at once; tell them the new password in person or another safe way.</p>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="reset-password" id={id} />
        <TextField meta={fields.password} id="reset-password" label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <div className="admin-actions">
          <button type="submit" className="btn btn-sm btn-primary">
            Set new password
          </button>
          <Link to={USERS_PATH} className="btn btn-sm btn-secondary" replace>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

function AddAdminPanel({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useAdminForm(addAdminSchema, { id: "add-admin-form", lastResult, defaultValue: { role: "admin" } });
  const roleError = fields.role.errors?.[0];
  return (
    <section className="admin-panel" aria-labelledby="add-admin-title">
      <h2 id="add-admin-title">Add an admin</h2>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="add" />
        <TextField meta={fields.email} id="add-email" label="Email" type="email" autoComplete="off" />
        <TextField meta={fields.name} id="add-name" label="Name (optional)" autoComplete="off" />
        <fieldset aria-describedby={roleError ? "add-role-error" : undefined}>
          <legend className="field-label">Role</legend>
          <div className="flex flex-wrap gap-4">
            <RadioRow meta={fields.role} value="admin">
              Admin
            </RadioRow>
            <RadioRow meta={fields.role} value="owner">
              Owner (can manage admins)
            </RadioRow>
          </div>
          <FieldError id="add-role-error" message={roleError} />
        </fieldset>
        <TextField meta={fields.password} id="add-password" label="Initial password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Add admin
          </button>
        </div>
      </Form>
    </section>
  );
}

function OwnPasswordPanel({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useAdminForm(ownPasswordSchema, { id: "own-password-form", lastResult });
  return (
    <section className="admin-panel" aria-labelledby="own-password-title">
      <h2 id="own-password-title">Change my password</h2>
      <p className="mb-4 text-sm text-ink-muted">Your other sessions are signed out; this one stays signed in.</p>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="change-own-password" />
        <TextField meta={fields.currentPassword} id="current-password" label="Current password" type="password" autoComplete="current-password" />
        <TextField meta={fields.newPassword} id="new-password" label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Change my password
          </button>
        </div>
      </Form>
    </section>
  );
}
