// Requests to the JSON API. A request that takes more than 300 ms shows "Working…"
// with a Cancel button, which aborts every request under way. Every failure is an
// ApiError that says in plain words what went wrong (`words`), and whether the server
// asked to be asked again later (`retryAfter`, in seconds).

/** A request that failed: `kind` is the server's error kind ("input", "too-large",
 * "no-known-value", "busy", "out-of-time", …) or one of the page's: "gone" (no
 * answer: the server stopped or the network failed), "timeout" (408), "too-big" (the
 * request itself was beyond HTTP's limits), "cancelled". */
export class ApiError extends Error {
  constructor(kind, words, { status = 0, retryAfter = null } = {}) {
    super(words);
    this.kind = kind;
    this.words = words;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** The server's message as a sentence: capitalized, with a full stop. */
function sentence(text) {
  const trimmed = String(text).trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The error for an answer that is not OK, from its status and (JSON) body. */
function failure(response, answer) {
  const status = response.status;
  const header = response.headers.get("retry-after");
  const retryAfter = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  const kind = answer && typeof answer.error === "string" ? answer.error : null;
  const options = { status, retryAfter };
  if (status === 503) {
    const busy = retryAfter !== null || kind === "busy" || kind === null;
    const words = busy ? "The server is busy right now." : "The server ran out of time on this.";
    return new ApiError(busy ? "busy" : kind, words, options);
  }
  if (status === 408) return new ApiError("timeout", "The request took too long to reach the server.", options);
  if (status === 413 || status === 414 || status === 431) {
    return new ApiError("too-big", "This game is too large to send to the server.", options);
  }
  if (status >= 500) return new ApiError("bug", "The server failed on this request (a bug in nimlab).", options);
  if (kind && answer.message) return new ApiError(kind, sentence(answer.message), options);
  return new ApiError("bug", `The server answered ${status} ${response.statusText}.`, options);
}

/** A client of the API; `progress(shown)` shows or hides the "Working…" line. */
export function createApi(progress) {
  const pending = new Set(); // the AbortControllers of the requests under way

  /** The JSON answer at `path` (POSTing `body` if given); a failure is an ApiError. */
  async function call(path, body) {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    if (body !== undefined) {
      Object.assign(options, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    }
    pending.add(controller);
    const slow = setTimeout(() => progress(true), 300);
    try {
      let response;
      try {
        response = await fetch(path, options);
      } catch (error) {
        if (error.name === "AbortError") throw new ApiError("cancelled", "Cancelled.");
        throw new ApiError("gone", "The server cannot be reached: is nimlab serve still running?");
      }
      let answer = null;
      try {
        answer = await response.json();
      } catch (error) {
        if (error.name === "AbortError") throw new ApiError("cancelled", "Cancelled.");
        if (response.ok) throw new ApiError("gone", "The server's answer was cut off.");
      }
      if (!response.ok) throw failure(response, answer);
      return answer;
    } finally {
      clearTimeout(slow);
      pending.delete(controller);
      if (pending.size === 0) progress(false);
    }
  }

  function cancelAll() {
    for (const controller of pending) controller.abort();
  }

  return { call, cancelAll };
}

/** What went wrong with `error`, in words: an ApiError's, or any other's message. */
export function wordsOf(error) {
  if (!error) return "";
  return error.words || sentence(error.message || error);
}
