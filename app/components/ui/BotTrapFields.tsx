/**
 * The hidden trap fields of every public form (spec section 5): off-screen, out of the tab order
 * and hidden from assistive technology, so only bots fill them in.
 */
export function BotTrapFields() {
  return (
    <div className="trap" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name="honeypot" tabIndex={-1} autoComplete="off" />
      </label>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
