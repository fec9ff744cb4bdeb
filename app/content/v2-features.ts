/**
 * The six features of the V2 showcase (spec section 2): ids, icons and the keys of their points here,
 * their words in app/locales/<lang>.json under `v2.<id>` (name, summary, title, body, point1…, or
 * roles.<role>.name/can). Read them with `localizedV2Features(t)`, where `t` is `useT()` in a component
 * or `i18nFor(lang)._` on the server; tsc refuses a `t` whose catalogue lacks one of these ids. The
 * landing loader resolves them and passes them to V2Showcase, so the copy is not part of the client
 * bundle.
 */
import { siteConfig } from "~/config/site";

const POINTS = ["point1", "point2", "point3"] as const;

export const V2_FEATURES = [
  { id: "cloud-sync", points: POINTS, icon: "M7 18a5 5 0 0 1-.5-9.97A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z" },
  {
    id: "collaboration",
    roles: ["owner", "editor", "viewer"],
    icon: "M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM22 19v-1a4 4 0 0 0-3-3.87M16 3.13a3.5 3.5 0 0 1 0 6.75",
  },
  {
    id: "ai-organisation",
    points: POINTS,
    icon: "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z",
  },
  { id: "privacy", points: POINTS, icon: "M6 11V8a6 6 0 1 1 12 0v3M5 11h14v10H5zM12 15v2" },
  { id: "smart-reminders", points: POINTS, icon: "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" },
  {
    id: "universal-access",
    points: POINTS,
    icon: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2z",
  },
] as const;

type V2Entry = (typeof V2_FEATURES)[number];
type V2MessageId<E> = E extends { id: infer I extends string }
  ?
      | `v2.${I}.${"name" | "summary" | "title" | "body"}`
      | (E extends { points: readonly (infer P extends string)[] } ? `v2.${I}.${P}` : never)
      | (E extends { roles: readonly (infer R extends string)[] } ? `v2.${I}.roles.${R}.${"name" | "can"}` : never)
  : never;

/** The message function the showcase needs: any `t` whose catalogue has every V2 id. */
export type V2Translate = (id: V2MessageId<V2Entry>, values: Record<string, string>) => string;

/** A V2 feature in one language. */
export interface V2Feature {
  id: string;
  name: string;
  summary: string;
  title: string;
  body: string;
  points: readonly string[];
  icon: string;
  roles?: readonly { name: string; can: string }[];
}

const VALUES = { appName: siteConfig.appName };

/** The showcase's features, in order, in `t`'s language. */
export function localizedV2Features(t: V2Translate): V2Feature[] {
  return V2_FEATURES.map((feature) => {
    const text = (id: V2MessageId<typeof feature>) => t(id, VALUES);
    return {
      id: feature.id,
      name: text(`v2.${feature.id}.name`),
      summary: text(`v2.${feature.id}.summary`),
      title: text(`v2.${feature.id}.title`),
      body: text(`v2.${feature.id}.body`),
      icon: feature.icon,
      points: "points" in feature ? feature.points.map((point) => text(`v2.${feature.id}.${point}`)) : [],
      ...("roles" in feature
        ? { roles: feature.roles.map((role) => ({ name: text(`v2.${feature.id}.roles.${role}.name`), can: text(`v2.${feature.id}.roles.${role}.can`) })) }
        : {}),
    };
  });
}
