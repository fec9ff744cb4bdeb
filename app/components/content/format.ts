export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
