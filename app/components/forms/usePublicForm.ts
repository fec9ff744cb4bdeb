/**
 * A public form on conform (ADR 0051). The form's zod schema (lib/public-form.ts) checks it in the
 * browser when it is sent, then each refused field again as the visitor corrects it, in the words
 * the server uses. Without JavaScript the form posts to its page and the page renders the action's
 * answer (`pageAnswer`, from useActionData). With JavaScript the same action answers it as data
 * (public-form-post.ts): no reload, no other endpoint. A request that got no answer comes back as
 * "unanswered" and is shown as the spec's message for it.
 * A filled honeypot is dropped without a word and input the schema refuses is never sent (spec
 * section 5); each send is recorded for analytics, and so is each answer but a trap's. A form with a
 * human check (useHumanCheck) waits for its token and sends it along.
 */
import { useForm } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { input, output } from "zod/mini";
import { trackFormSubmit } from "~/features/analytics/browser/track";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { waitlistFormMessage } from "~/lib/messages";
import { parsePublicForm, type PublicFormSchema } from "~/lib/public-form";
import { formFailure, refusalMessage, shownAnswer, type PublicFormAnswer, type Unanswered } from "~/lib/public-form-answer";
import { TURNSTILE_RESPONSE_FIELD } from "~/lib/turnstile";
import { postPublicForm } from "./public-form-post";
import type { HumanCheck } from "./useHumanCheck";
import { useShownMessage } from "./useShownMessage";

export interface PublicFormOptions<Success extends object> {
  /** The form element's id (conform finds the form by it). */
  id: string;
  /** The page whose action answers the form ("/contact"): it posts there with or without JavaScript. */
  action: string;
  /** The page's answer to the form sent without JavaScript (useActionData). */
  pageAnswer?: PublicFormAnswer<Success>;
  /** The form's name in analytics form_submit events. */
  analyticsName: string;
  /** A success also records a conversion from this source. */
  conversionSource?: string;
  /** What analytics records when fields are refused; the first field's message when left out. */
  refusedFieldsMessage?: string;
  /** The form's human check: its token is awaited and sent with the form. */
  humanCheck?: HumanCheck;
  /** What the form shows when no answer came, in place of the spec's message for why (section 8). */
  unansweredMessage?: string;
}

export function usePublicForm<Schema extends PublicFormSchema, Success extends object>(schema: Schema, options: PublicFormOptions<Success>) {
  const { id, action, pageAnswer, analyticsName, conversionSource, refusedFieldsMessage, humanCheck, unansweredMessage } = options;
  const [answered, setAnswered] = useState<PublicFormAnswer<Success> | Unanswered>();
  const [busy, setBusy] = useState(false);
  // One object per answer: conform shows an answer again whenever it gets a new one.
  const sent = useMemo(
    () => (answered?.state === "unanswered" ? formFailure(unansweredMessage ?? waitlistFormMessage(answered.reason)) : answered),
    [answered, unansweredMessage],
  );
  // Messages travel in English (analytics records them so); the form shows them in the page's language.
  const shown = useShownMessage();
  const received = sent ?? pageAnswer;
  const answer = useMemo(() => received && shownAnswer(received, shown), [received, shown]);

  const [form, fields] = useForm<input<Schema>, output<Schema>>({
    id,
    lastResult: answer?.state === "error" ? answer.reply : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parsePublicForm(formData, schema, shown);
      // "error" only for a send the schema refused, not for a field checked again as it is corrected.
      if (submission.status === "error") {
        // Analytics records the refusal as the spec words it, in English.
        const english = parsePublicForm(formData, schema);
        trackFormSubmit(analyticsName, refusalMessage("error" in english ? english.error : null, refusedFieldsMessage));
      }
      return submission;
    },
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (!busy) void send(formData);
    },
  });

  async function send(formData: FormData) {
    setBusy(true);
    try {
      if (humanCheck?.enabled) {
        const check = await humanCheck.token();
        // The check's field says why; the form stays as it is.
        if ("problem" in check) return trackFormSubmit(analyticsName, check.problem);
        formData.set(TURNSTILE_RESPONSE_FIELD, check.token);
      }
      const answer = await postPublicForm<Success>(action, formData);
      setAnswered(answer);
    } finally {
      setBusy(false);
    }
  }

  const recorded = useRef<PublicFormAnswer<Success>>();
  const check = useRef(humanCheck);
  check.current = humanCheck;
  useEffect(() => {
    if (!sent || sent === recorded.current) return;
    recorded.current = sent;
    // Whatever the answer, the server has seen the token: it cannot be sent again.
    check.current?.spent(sent.state === "success");
    // A trap's answer shows nothing and is not recorded.
    if (sent.state !== "idle") trackFormSubmit(analyticsName, sent.state === "error" ? sent.message : null, conversionSource);
  }, [sent, analyticsName, conversionSource]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    if (isHoneypotFilled({ honeypot: data.get("honeypot")?.toString(), website: data.get("website")?.toString() })) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event);
  }

  return {
    form,
    fields,
    /** The action's last answer: the one sent from here, else the page's; its messages in the page's language. */
    answer,
    submitting: busy,
    /** For the <form>: a plain post to the page without JavaScript. */
    formProps: { id: form.id, method: "post", action, noValidate: true, onSubmit } as const,
  };
}
