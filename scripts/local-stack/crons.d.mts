// Types for crons.mjs.
export function checkCronExpression(expression: string): void;
export function nextCronRun(expression: string, after?: Date): Date | null;
export function emulateCrons(
  expressions: string[],
  fire: (expression: string, scheduledTime: Date) => unknown,
  options?: { onSkip?: (expression: string) => void },
): { stop(): void };
