import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { formatDate, formatDateTime } from "~/features/admin/ui/humanize";
import { LabeledInput } from "~/features/admin/ui/Field";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { answerSaveFailure, parseId, readAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { requireAdmin } from "~/features/admin/session.server";
import { handleUsersAction, listAdmins, type UsersForm } from "~/features/admin/users/users.server";
import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";

const USERS_PATH = "/admin/users";
const PASSWORD_HINT = `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters. A few unrelated words are easy to type and hard to guess.`;

export const meta: MetaFunction = () => adminMeta("Users");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, context);
  const admins = await listAdmins(context.cloudflare.env.DB);
  const params = new URL(request.url).searchParams;
  const isOwner = admin.role === "owner";
  // The confirmation and reset panels only open for an owner, and never on their own account.
  const pick = (name: string) => {
    const id = isOwner ? parseId(params.get(name)) : null;
    return admins.find((row) => row.id === id && row.id !== admin.id) ?? null;
  };
  const confirm = pick("confirm");
  return json({ me: admin, admins, confirm: confirm && !confirm.isDisabled ? confirm : null, reset: pick("reset") });
}

type ActionData = { form: UsersForm; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  const save = async () => {
    const outcome = await handleUsersAction(context, session, fields);
    if (outcome.kind === "invalid") {
      return json<ActionData>({ form: outcome.form, errors: outcome.errors, values: outcome.values }, { status: outcome.status });
    }
    return redirectWithFlash(request, context, USERS_PATH, outcome.flash);
  };
  return answerSaveFailure({ event: "admin_users_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, USERS_PATH));
}

/** The errors and typed values of `form`, when the last submission was that form and failed. */
function useFormResult(form: UsersForm) {
  const data = useActionData<typeof action>() as ActionData | undefined;
  return data?.form === form ? data : { errors: {} as Record<string, string>, values: {} as Record<string, string> };
}

/** Clears a form once its submission went through (with JavaScript the page does not reload). */
function useResetAfterSuccess(intent: string) {
  const ref = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const data = useActionData<typeof action>();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === intent) submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!data) ref.current?.reset();
    }
  }, [navigation.state, navigation.formData, data, intent]);
  return ref;
}

/** A field for a password someone is choosing: the policy's limits and hint, never autofilled with the current one. */
function NewPasswordInput({ id, label, name, error }: { id: string; label: string; name: string; error?: string }) {
  return (
    <LabeledInput
      id={id}
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={ADMIN_PASSWORD_MIN_LENGTH}
      maxLength={ADMIN_PASSWORD_MAX_LENGTH}
      hint={PASSWORD_HINT}
      error={error}
    />
  );
}

const roleName = (role: string) => (role === "owner" ? "Owner" : "Admin");

export default function AdminUsers() {
  const { me, admins, confirm, reset } = useLoaderData<typeof loader>();
  const isOwner = me.role === "owner";
  const page = useFormResult("page");
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
      {page.errors.form ? (
        <p role="alert" className="alert-error mb-5" data-testid="users-error">
          {page.errors.form}
        </p>
      ) : null}
      {confirm ? (
        <ConfirmPanel
          title={`Disable ${confirm.email}?`}
          intent="disable"
          id={confirm.id}
          confirmLabel={`Disable ${confirm.email}`}
          cancelTo={USERS_PATH}
        >
          <p>They are signed out everywhere at once and cannot sign in until an owner enables the account again.</p>
        </ConfirmPanel>
      ) : null}
      {reset ? <ResetPasswordPanel key={reset.id} id={reset.id} email={reset.email} /> : null}

      <div className="table-wrap">
        <table className="admin-table" data-testid="admins-table">
          <caption>
            {admins.length} {admins.length === 1 ? "account" : "accounts"}
          </caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Created</th>
              {isOwner ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
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
                  <td className="muted">{row.lastLoginAt ? formatDateTime(row.lastLoginAt) : "Never"}</td>
                  <td className="muted">{formatDate(row.createdAt)}</td>
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
          </tbody>
        </table>
      </div>

      <div className="admin-grid-2 mt-5">
        {isOwner ? <AddAdminPanel /> : null}
        <OwnPasswordPanel />
      </div>
    </>
  );
}

function RowActions({ id, email, role, isDisabled }: { id: number; email: string; role: string; isDisabled: boolean }) {
  const otherRole = role === "owner" ? "admin" : "owner";
  return (
    <div className="cell-actions">
      {isDisabled ? (
        <Form method="post">
          <input type="hidden" name="intent" value="enable" />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="btn btn-xs btn-secondary" aria-label={`Enable ${email}`}>
            Enable
          </button>
        </Form>
      ) : (
        <Link to={`?confirm=${id}`} className="btn btn-xs btn-danger" aria-label={`Disable ${email}`}>
          Disable
        </Link>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="change-role" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="role" value={otherRole} />
        <button type="submit" className="btn btn-xs btn-secondary" aria-label={`Make ${email} ${otherRole === "owner" ? "an owner" : "an admin"}`}>
          {otherRole === "owner" ? "Make owner" : "Make admin"}
        </button>
      </Form>
      <Link to={`?reset=${id}`} className="btn btn-xs btn-secondary" aria-label={`Reset the password of ${email}`}>
        Reset password
      </Link>
    </div>
  );
}

function ResetPasswordPanel({ id, email }: { id: number; email: string }) {
  const { errors } = useFormResult("reset");
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="admin-panel mb-5" aria-labelledby="reset-title">
      <h2 id="reset-title">{`New password for ${email}`}</h2>
      <p className="mb-4 text-sm text-ink-muted">Their sessions end at once; tell them the new password in person or another safe way.</p>
      <Form method="post" className="form-grid">
        <input type="hidden" name="intent" value="reset-password" />
        <input type="hidden" name="id" value={id} />
        <NewPasswordInput id="reset-password" label="New password" name="password" error={errors.password} />
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

function AddAdminPanel() {
  const { errors, values } = useFormResult("add");
  const ref = useResetAfterSuccess("add");
  return (
    <section className="admin-panel" aria-labelledby="add-admin-title">
      <h2 id="add-admin-title">Add an admin</h2>
      <Form ref={ref} method="post" className="form-grid">
        <input type="hidden" name="intent" value="add" />
        <LabeledInput
          id="add-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={values.email}
          error={errors.email}
        />
        <LabeledInput id="add-name" label="Name (optional)" name="name" autoComplete="off" maxLength={NAME_MAX_LENGTH} defaultValue={values.name} error={errors.name} />
        <fieldset aria-describedby={errors.role ? "add-role-error" : undefined}>
          <legend className="field-label">Role</legend>
          <div className="flex flex-wrap gap-4">
            <label className="check-row">
              <input type="radio" name="role" value="admin" defaultChecked={values.role !== "owner"} /> Admin
            </label>
            <label className="check-row">
              <input type="radio" name="role" value="owner" defaultChecked={values.role === "owner"} /> Owner (can manage admins)
            </label>
          </div>
          {errors.role ? (
            <p id="add-role-error" className="field-error">
              {errors.role}
            </p>
          ) : null}
        </fieldset>
        <NewPasswordInput id="add-password" label="Initial password" name="password" error={errors.password} />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Add admin
          </button>
        </div>
      </Form>
    </section>
  );
}

function OwnPasswordPanel() {
  const { errors } = useFormResult("own-password");
  const ref = useResetAfterSuccess("change-own-password");
  return (
    <section className="admin-panel" aria-labelledby="own-password-title">
      <h2 id="own-password-title">Change my password</h2>
      <p className="mb-4 text-sm text-ink-muted">Your other sessions are signed out; this one stays signed in.</p>
      <Form ref={ref} method="post" className="form-grid">
        <input type="hidden" name="intent" value="change-own-password" />
        <LabeledInput
          id="current-password"
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          error={errors.currentPassword}
        />
        <NewPasswordInput id="new-password" label="New password" name="newPassword" error={errors.newPassword} />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Change my password
          </button>
        </div>
      </Form>
    </section>
  );
}
