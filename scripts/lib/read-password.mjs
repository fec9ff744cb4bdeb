// Reading a password for a CLI without putting it on the command line (where `ps` and the shell's
// history show it, ADR 0034): at a terminal, a prompt that echoes nothing; otherwise the next line
// of standard input, for scripts (`printf '%s\n' "$PASSWORD" | npm run admin:create -- --email …`).

const ENTER = new Set(["\r", "\n"]);
const BACKSPACE = new Set(["\x7f", "\b"]);
const CTRL_C = "\x03";
const CTRL_D = "\x04";

const pendingText = new WeakMap();

/**
 * The next line of a non-terminal stream (without its line ending); "" once it has ended. What
 * follows the line stays for the next call, so piped input can answer several questions.
 */
async function nextLine(input) {
  let state = pendingText.get(input);
  if (!state) {
    input.setEncoding?.("utf8");
    state = { text: "", ended: false, chunks: input[Symbol.asyncIterator]() };
    pendingText.set(input, state);
  }
  while (!/\r?\n/.test(state.text) && !state.ended) {
    const { value, done } = await state.chunks.next();
    if (done) state.ended = true;
    else state.text += value;
  }
  const end = /\r?\n/.exec(state.text);
  const line = end ? state.text.slice(0, end.index) : state.text;
  state.text = end ? state.text.slice(end.index + end[0].length) : "";
  return line;
}

/** One line: typed at a terminal (echoed), or the next line of `input` when it is not one. */
export async function readLine({ input = process.stdin, output = process.stderr, prompt = "" } = {}) {
  if (!input.isTTY) return nextLine(input);
  const { createInterface } = await import("node:readline/promises");
  const terminal = createInterface({ input, output });
  try {
    return await terminal.question(prompt);
  } finally {
    terminal.close();
  }
}

/** One line typed at a terminal in raw mode, echoing nothing. Rejects on Ctrl-C. */
function silentLine(input, output, prompt) {
  return new Promise((resolve, reject) => {
    let typed = "";
    // Raw mode before the prompt: what is typed (or pasted) as soon as the prompt shows is never echoed.
    input.setRawMode(true);
    output.write(prompt);
    input.setEncoding("utf8");
    input.resume();
    const finish = (error, rest = "") => {
      input.removeListener("data", onData);
      input.setRawMode(false);
      input.pause();
      // What was typed (or pasted) after Enter belongs to the next prompt.
      if (rest) input.unshift(rest);
      output.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    function onData(chunk) {
      const chars = [...chunk];
      for (const [i, char] of chars.entries()) {
        if (char === CTRL_C) return finish(new Error("Cancelled."));
        if (ENTER.has(char) || (char === CTRL_D && typed === "")) return finish(undefined, chars.slice(i + 1).join("").replace(/^\n/, ""));
        if (BACKSPACE.has(char)) typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    }
    input.on("data", onData);
  });
}

/**
 * The password: typed twice at a terminal (nothing echoed), else the next line of
 * `input`. Rejects when the two typed entries differ.
 */
export async function readPassword({ input = process.stdin, output = process.stderr, prompt = "Password: ", confirm = true } = {}) {
  if (!input.isTTY) return nextLine(input);
  const password = await silentLine(input, output, prompt);
  if (confirm && (await silentLine(input, output, "Repeat it: ")) !== password) throw new Error("The two passwords differ.");
  return password;
}
