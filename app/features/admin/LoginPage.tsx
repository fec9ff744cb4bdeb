import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { LogoMark } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";
import type { loadLoginPage } from "./login.server";
import { loginSchema } from "./login-schema";
import { ADMIN_LOGIN_MESSAGES } from "./messages";
import { inputAttributes } from "./ui/fields";
import { useAdminForm } from "./ui/useAdminForm";

/** A labelled sign-in field. Its message is the form's one alert above, never its own. */
function LoginField({
  id,
  label,
  meta,
  type,
  autoComplete,
}: {
  id: string;
  label: string;
  meta: FieldMetadata<unknown>;
  type: "email" | "password";
  autoComplete: string;
}) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field-input" {...inputAttributes(meta, type)} autoComplete={autoComplete} />
    </div>
  );
}

export function LoginPage() {
  const { returnTo, signedOut } = useLoaderData<typeof loadLoginPage>();
  const result = useActionData<SubmissionResult<string[]>>();
  const [params] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAdminForm(loginSchema, { id: "login-form", lastResult: result });
  // One message whatever is wrong: the server's answer, or the browser's check of the same schema.
  const error = form.errors?.[0] ?? fields.email.errors?.[0] ?? fields.password.errors?.[0];
  return (
    <main className="login-wrap">
      <div className="card login-card p-6 sm:p-8">
        <div className="flex items-center gap-2 font-bold">
          <LogoMark className="h-8 w-8" />
          <span>{siteConfig.appName} admin</span>
        </div>
        <h1 className="mt-6 text-2xl font-extrabold tracking-tight">Sign in</h1>
        <p className="mt-1 text-ink-muted">For the site owner and invited admins.</p>
        {error ? (
          <p role="alert" className="alert-error mt-5" data-testid="login-error">
            {error}
          </p>
        ) : signedOut && !params.has("redirectTo") ? (
          <p role="status" className="alert-success mt-5">
            {ADMIN_LOGIN_MESSAGES.signedOut}
          </p>
        ) : null}
        <Form method="post" className="mt-6 grid gap-4" replace {...getFormProps(form, { ariaAttributes: false })}>
          <input type="hidden" name="redirectTo" value={returnTo} />
          <LoginField id="admin-email" label="Email" meta={fields.email} type="email" autoComplete="username" />
          <LoginField id="admin-password" label="Password" meta={fields.password} type="password" autoComplete="current-password" />
          <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}
