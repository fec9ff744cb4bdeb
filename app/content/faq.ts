/**
 * The frequently asked questions, written once: the landing page's accordion renders FAQ and the
 * page head carries faqPageData(FAQ) (~/lib/structured-data) as JSON-LD, so the two can never
 * disagree. Answers are plain text because the structured data must repeat them word for word.
 */
import { siteConfig } from "~/config/site";

export interface FaqEntry {
  /** Stable anchor for the question (element id, analytics). */
  id: string;
  question: string;
  answer: string;
}

const app = siteConfig.appName;

export const FAQ: readonly FaqEntry[] = [
  {
    id: "privacy",
    question: `What does ${app} do with the links I save?`,
    answer: `Nothing you did not ask for. Your library lives on your iPhone or iPad, we show no ads and we never sell or share what you save. If you turn on cloud sync, your links are encrypted on the device before they are uploaded.`,
  },
  {
    id: "pricing",
    question: `Is ${app} free? What do the paid plans add?`,
    answer: `${app} is free to download, and the free tier covers everyday use: saving, custom categories, search and link sanitization. Paid subscription plans add the features that need servers, such as cloud sync and collaborative collections, and start with a 14-day free trial. Prices for your country are shown on the App Store, and you manage or cancel a subscription in your Apple ID settings.`,
  },
  {
    id: "sync",
    question: "How does sync between my iPhone and iPad work?",
    answer: `Sync is off until you turn it on in Settings. Once it is on, links, categories, notes and tags stay the same on every device signed in to your account. The app keeps working offline and catches up when you are back online.`,
  },
  {
    id: "encryption",
    question: "Is my synced data encrypted?",
    answer: `Yes, end to end. Titles, addresses, notes and tags are encrypted on your device with keys that only your devices hold, before anything is uploaded. Our servers store data they cannot read.`,
  },
  {
    id: "link-sanitization",
    question: "What is link sanitization?",
    answer: `When you save a link, ${app} removes tracking parameters such as utm_source, utm_medium, utm_campaign, fbclid and gclid, and keeps the parts the page needs to work, like a search term or a video timestamp. It happens on your device, and the link's detail view shows what was removed.`,
  },
  {
    id: "platforms",
    question: "Which devices can I use it on?",
    answer: `iPhone and iPad today. An Android app is in development, and a macOS app and a Chrome extension are coming. Use Notify Me in the platforms section to get one email when yours is ready.`,
  },
  {
    id: "import-export",
    question: "Can I import my existing bookmarks, and export them later?",
    answer: `Yes. You can import a bookmarks file exported from Safari, Chrome or Firefox, and export your whole library as a bookmarks file or CSV whenever you like. Your links are never locked in.`,
  },
  {
    id: "collaboration",
    question: "Can I share a collection with other people?",
    answer: `Yes. Invite people to a collaborative collection and give each of them a role: Owners manage the collection and its members, Editors add and change links, and Viewers can read and open links. New links appear for everyone in the collection.`,
  },
  {
    id: "beta",
    question: "How do I join the beta?",
    answer: `Join the beta waitlist on this page with your email address. Invitations go out through Apple's TestFlight in the order people join, and testers get new builds before they reach the App Store, with a direct line to the developer for feedback.`,
  },
  {
    id: "data-deletion",
    question: "How do I delete my data?",
    answer: `Deleting a link removes it straight away, and deleting the app removes the library stored on your device. If you use cloud sync, you can delete the synced copy from the app's settings. To remove your email address from the beta list or update emails, write to ${siteConfig.supportEmail} and we will erase it.`,
  },
  {
    id: "support",
    question: "How do I get help?",
    answer: `Email ${siteConfig.supportEmail} or use the contact page. ${app} is made by an independent developer who reads and answers every message personally.`,
  },
];
