/** A message about the whole submission (refused, or not saved), announced at once. */
export function AlertMessage({ message, testId, className = "mb-4" }: { message: string | null | undefined; testId?: string; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`alert-error ${className}`} data-testid={testId}>
      {message}
    </p>
  );
}
