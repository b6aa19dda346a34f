// The page's state in its address. The fragment (after #) holds it all: no request
// carries a fragment, so the server's limits on addresses do not bound it, and a game
// of 20,000 heaps with its whole history fits. Older links that put the game in the
// query (?game=…&position=…) still open.

const MODES = ["computer", "people", "watch"];

/** The fragment of a game: its settings, start, and the moves made and taken back
 * (as they are typed), the analysis and the chart shown. */
export function playFragment(game, view) {
  const params = new URLSearchParams();
  params.set("game", game.spec);
  if (game.graph !== null) params.set("graph", game.graph);
  params.set("start", game.start);
  if (game.misere) params.set("misere", "1");
  params.set("mode", game.mode);
  if (game.mode === "computer") {
    params.set("first", game.first);
    params.set("level", String(game.level));
  }
  if (game.mode === "watch") params.set("pace", String(game.pace));
  for (const text of game.moves) params.append("move", text);
  for (const text of game.redo) params.append("redo", text);
  if (view.analysis) params.set("analysis", "1");
  if (view.chart !== "grundy") params.set("chart", view.chart);
  return params.toString();
}

/** The fragment of the Explore tab. */
export function exploreFragment({ game, upto, from, to }) {
  const params = new URLSearchParams({ tab: "explore", game, upto });
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  return params.toString();
}

/** What the address asks for: {tab: "explore", …}, {tab: "play", game: {…}}, or
 * null for a plain address. */
export function readAddress(location) {
  const fragment = location.hash.replace(/^#/, "");
  const params = new URLSearchParams(fragment || location.search);
  const spec = params.get("game");
  if (params.get("tab") === "explore") {
    return {
      tab: "explore",
      game: spec,
      upto: params.get("upto"),
      from: params.get("from"),
      to: params.get("to"),
    };
  }
  if (!spec) return null;
  const mode = MODES.includes(params.get("mode")) ? params.get("mode") : "computer";
  const level = Number(params.get("level"));
  return {
    tab: "play",
    game: {
      spec,
      graph: params.get("graph"),
      // An old link names the position now, a new one the start and the moves.
      start: params.get("start") ?? params.get("position") ?? "",
      misere: params.get("misere") === "1",
      mode,
      first: params.get("first") === "computer" ? "computer" : "person",
      level: Number.isInteger(level) && level >= 0 && level <= 10 && params.has("level") ? level : 10,
      pace: Number(params.get("pace")) || 700,
      moves: params.getAll("move"),
      redo: params.getAll("redo"),
    },
    analysis: params.get("analysis") === "1",
    chart: params.get("chart") === "remoteness" ? "remoteness" : "grundy",
  };
}
