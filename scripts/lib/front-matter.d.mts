// Types for front-matter.mjs.
import type { z } from "zod";

export function parseFrontMatter(source: string, file?: string): { data: Record<string, unknown>; body: string };
export const TUTORIAL_LEVELS: readonly ["Beginner", "Intermediate", "Advanced"];
export const blogPostFrontMatter: z.ZodType<{
  title: string;
  description: string;
  datePublished: string;
  dateModified?: string;
  author?: { name: string; url?: string };
  image?: string;
}>;
export const tutorialFrontMatter: z.ZodType<{
  title: string;
  description: string;
  datePublished: string;
  dateModified?: string;
  order: number;
  level: (typeof TUTORIAL_LEVELS)[number];
  duration: string;
}>;
export function validateFrontMatter<T>(schema: z.ZodType<T>, data: unknown, file: string): T;
