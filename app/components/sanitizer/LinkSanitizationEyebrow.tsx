/** "LIVE · Link sanitization": the eyebrow of the link sanitization page and of its landing section. */
export function LinkSanitizationEyebrow() {
  return (
    <p className="eyebrow">
      <span className="live-badge mr-2 align-middle">
        <span className="live-dot" aria-hidden="true" />
        LIVE
      </span>
      Link sanitization
    </p>
  );
}
