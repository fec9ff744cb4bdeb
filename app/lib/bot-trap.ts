/**
 * The bot trap of every public form (spec section 5): two hidden fields only bots fill in. The
 * browser drops a filled trap before sending; the server drops it silently too. It is the only
 * silent drop: a form sent back quickly is a person using autofill as often as a bot, so it is
 * handled like any other (ADR 0049). The fields are rendered by components/forms/BotTrapFields.
 */

/** Either hidden trap field filled means a bot (spec section 5). */
export function isHoneypotFilled(fields: { honeypot?: string | null; website?: string | null }): boolean {
  return Boolean(fields.honeypot?.trim()) || Boolean(fields.website?.trim());
}
