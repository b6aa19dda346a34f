// Requests to the JSON API. A request that takes more than 300 ms shows "Working…"
// with a Cancel button, which aborts every request under way.

/** A client of the API; `progress(shown)` shows or hides the "Working…" line. */
export function createApi(progress) {
  const pending = new Set(); // the AbortControllers of the requests under way

  /** The JSON answer at `path` (POSTing `body` if given); an error carries the
   * server's message. */
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
      const response = await fetch(path, options);
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.message || response.statusText);
      return answer;
    } catch (error) {
      if (error.name === "AbortError") throw new Error("Cancelled.");
      throw error;
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
