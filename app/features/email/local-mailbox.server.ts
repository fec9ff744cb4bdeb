/**
 * Development only: "delivers" into the D1 table dev_mailbox, which the admin's development mailbox
 * shows (rendered HTML and text), so a newcomer can click the confirmation link they just received.
 * Chosen only when APP_ENV is development and no EMAIL_API_KEY is set (emailSettings).
 * It honours the Idempotency-Key as the provider does: a message id is stored once.
 */
import { errorText } from "~/lib/db.server";
import type { EmailMessage, EmailProvider, SendOptions, SendResult } from "./provider.server";
import { shortDetail } from "./redact";

export class LocalMailboxProvider implements EmailProvider {
  readonly name = "local-mailbox" as const;

  constructor(
    private readonly db: D1Database,
    private readonly options: { from: string },
  ) {}

  async send(message: EmailMessage, { idempotencyKey }: SendOptions): Promise<SendResult> {
    const [result] = await this.#store([[idempotencyKey, message]]);
    return result!;
  }

  sendBatch(messages: EmailMessage[], { idempotencyKey }: SendOptions): Promise<SendResult[]> {
    return this.#store(messages.map((message, i) => [`${idempotencyKey}/${i}`, message]));
  }

  async #store(messages: [string, EmailMessage][]): Promise<SendResult[]> {
    const insert = this.db.prepare(
      `INSERT INTO dev_mailbox (message_id, recipient, sender, subject, html, text, headers)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (message_id) DO NOTHING`,
    );
    try {
      await this.db.batch(
        messages.map(([id, m]) => insert.bind(id, m.to, m.from ?? this.options.from, m.subject, m.html, m.text, JSON.stringify(m.headers))),
      );
    } catch (error) {
      const failure = { retryable: true, uncertain: false, code: "mailbox_unavailable", detail: shortDetail(errorText(error)) };
      return messages.map(() => ({ ok: false as const, error: failure }));
    }
    return messages.map(([id]) => ({ ok: true as const, id }));
  }
}
