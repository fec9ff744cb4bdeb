/**
 * The English catalogue's message function, for tests that check pages against the content modules
 * (`faqEntries(englishT)`, `localizedFeatures(englishT)`): the same words the server renders for `/…`.
 */
import { i18nFor } from "~/lib/i18n/catalogues.server";
import type { MessageId, MessageValues } from "~/lib/i18n/message-id";

const english = i18nFor("en");

export const englishT = (id: MessageId, values?: MessageValues): string => english._(id, values);
