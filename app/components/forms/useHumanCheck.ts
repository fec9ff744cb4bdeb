/**
 * The human check of the sign-up forms: Cloudflare Turnstile, when the server switched it on (the root
 * loader's `turnstile`, ADR 0033). Nothing loads on a page view: the form calls start() on the
 * visitor's first focus or input, and only then is api.js fetched and the widget rendered. The
 * enhanced submit (useEnhancedSubmit) waits for the widget's token, sends it, and calls spent() once
 * the server has used it (tokens are single-use). HumanCheckField renders the widget's place.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { HUMAN_CHECK_MESSAGES } from "~/lib/messages";
import type { TurnstileAction, TurnstileClientConfig } from "~/lib/turnstile";
import type { TurnstileApi } from "./turnstile-script";

/**
 * off: Turnstile is not configured. waiting: the visitor has not started the form. loading: api.js on
 * its way. ready: the widget is working on (or waiting for) its challenge. solved: a token is at hand.
 * failed: the script or the widget failed.
 */
export type HumanCheckStatus = "off" | "waiting" | "loading" | "ready" | "solved" | "failed";

export interface HumanCheck {
  /** False when Turnstile is off: nothing renders and nothing is waited for. */
  enabled: boolean;
  status: HumanCheckStatus;
  /** What the field shows under the widget (a failure, or a form sent too early), or null. */
  message: string | null;
  /** The widget's size, chosen when it renders from the room the form has. */
  size: "flexible" | "compact";
  /** For the form's onFocus and onInput: the visitor started the form. */
  start(): void;
  /** The token to send ("" when Turnstile is off), or why none came (the field shows it too). */
  token(): Promise<{ token: string } | { problem: string }>;
  /** After the server answered: the token is used up. finished: the form is done, so the widget goes. */
  spent(finished: boolean): void;
  /** The element the widget renders into (HumanCheckField). */
  containerRef(element: HTMLDivElement | null): void;
}

/** How long a submission waits for the widget's token (an interactive challenge needs a click). */
const TOKEN_WAIT_MS = 20_000;
/** Turnstile's normal and flexible widgets need 300 px; narrower forms get the compact one. */
const MIN_FLEXIBLE_WIDTH = 300;

interface RootData {
  turnstile?: TurnstileClientConfig | null;
}

export function useHumanCheck(action: TurnstileAction): HumanCheck {
  const config = (useRouteLoaderData("root") as RootData | undefined)?.turnstile ?? null;
  const siteKey = config?.siteKey;
  const scriptUrl = config?.scriptUrl;
  const [started, setStarted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<HumanCheckStatus>(config ? "waiting" : "off");
  const [message, setMessage] = useState<string | null>(null);
  const [size, setSize] = useState<"flexible" | "compact">("flexible");
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const token = useRef("");
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const waiters = useRef<((value: { token: string } | { problem: string }) => void)[]>([]);
  const containerRef = useCallback((element: HTMLDivElement | null) => setContainer(element), []);

  /** Hands the outcome to every submission waiting for a token. */
  const settle = useCallback((value: { token: string } | { problem: string }) => {
    for (const resolve of waiters.current.splice(0)) resolve(value);
  }, []);
  const fail = useCallback(() => {
    token.current = "";
    setStatus("failed");
    setMessage(HUMAN_CHECK_MESSAGES.unavailable);
    settle({ problem: HUMAN_CHECK_MESSAGES.unavailable });
  }, [settle]);

  useEffect(() => {
    if (!siteKey || !scriptUrl || !started || !container) return;
    let active = true;
    // Measured now, when the container is laid out (a form opened in a dialog focuses its first
    // field before this hook has seen the container).
    const chosenSize = container.clientWidth < MIN_FLEXIBLE_WIDTH ? "compact" : "flexible";
    setSize(chosenSize);
    setStatus("loading");
    // The loader is code the page needs only now: it comes with the script, not with the page.
    import("./turnstile-script").then(({ loadTurnstile }) => loadTurnstile(scriptUrl)).then(
      (api) => {
        if (!active) return;
        setStatus("ready");
        const id = api.render(container, {
          sitekey: siteKey,
          action,
          theme: "auto",
          size: chosenSize,
          "response-field": false,
          callback: (value) => {
            token.current = value;
            setStatus("solved");
            setMessage(null);
            settle({ token: value });
          },
          "expired-callback": () => {
            // Turnstile refreshes an expired token by itself; until then there is none.
            token.current = "";
            setStatus("ready");
          },
          "error-callback": () => {
            fail();
            return true;
          },
        });
        if (id) widget.current = { api, id };
      },
      () => {
        if (active) fail();
      },
    );
    return () => {
      active = false;
      token.current = "";
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey, scriptUrl, action, started, container, attempt, settle, fail]);

  const enabled = Boolean(config);
  const startedOnce = useRef(false);
  const start = useCallback(() => {
    if (!enabled || startedOnce.current) return;
    startedOnce.current = true;
    setStarted(true);
  }, [enabled]);

  return {
    enabled,
    status,
    message,
    size,
    start,
    containerRef,
    token() {
      if (!enabled) return Promise.resolve({ token: "" });
      if (token.current) return Promise.resolve({ token: token.current });
      if (!startedOnce.current) start();
      // A script that failed to load is tried again; a widget in error retries by itself.
      else if (status === "failed" && !widget.current) setAttempt((n) => n + 1);
      setMessage(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.current = waiters.current.filter((waiter) => waiter !== settleOne);
          setMessage(HUMAN_CHECK_MESSAGES.unsolved);
          resolve({ problem: HUMAN_CHECK_MESSAGES.unsolved });
        }, TOKEN_WAIT_MS);
        const settleOne = (value: { token: string } | { problem: string }) => {
          clearTimeout(timer);
          resolve(value);
        };
        waiters.current.push(settleOne);
      });
    },
    spent(finished) {
      token.current = "";
      if (finished) {
        startedOnce.current = false;
        setStarted(false);
        setStatus("waiting");
      } else if (widget.current) {
        widget.current.api.reset(widget.current.id);
        setStatus("ready");
      }
    },
  };
}
