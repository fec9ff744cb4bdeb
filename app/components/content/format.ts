const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-03-04" -> "4 March 2025". Plain string work, so the server and the browser always agree. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
