// The timeline of a game: the Grundy value or the remoteness of each position played,
// as GamesmanUni's value history draws it. Each position is a point, shaped and
// coloured by who wins it (circle: the player to move wins; square: loses; diamond:
// a draw); clicking a point, or Enter on it, goes back to that position. Values of
// any size are written exactly.

import { big, drawAxes, exactly, fraction, labelRoom, pixelCanvas, roving, svgNode } from "./dom.js";

const OUTCOME_WORDS = {
  N: "the player to move wins",
  P: "the player to move loses",
  D: "neither player can force a win",
};

/** The shape of a point at (x, y) for `outcome`, appended to `parent`. */
function shape(parent, x, y, outcome) {
  if (outcome === "P") return svgNode("rect", { x: x - 4.5, y: y - 4.5, width: 9, height: 9 }, parent);
  if (outcome === "D") return svgNode("path", { d: `M ${x} ${y - 6} L ${x + 6} ${y} L ${x} ${y + 6} L ${x - 6} ${y} Z` }, parent);
  return svgNode("circle", { cx: x, cy: y, r: 5 }, parent);
}

const CLASSES = { N: "wins", P: "loses", D: "draws" };

/** Draw the timeline of `trail` (entries with grundy, remoteness and outcome) on
 * `svg`; `kind` is "grundy" or "remoteness"; `now` is the index of the position
 * shown; `pick(i)` goes back to position i. Returns the legend, to show beside it. */
export function drawTimeline(svg, trail, { kind, now, pick }) {
  const height = 190;
  const width = pixelCanvas(svg, height, 400);
  const name = kind === "remoteness" ? "remoteness" : "Grundy value";
  const values = trail.map((entry) => big(kind === "remoteness" ? entry.remoteness : entry.grundy));
  const known = values.filter((v) => v !== null);
  const top = known.reduce((a, b) => (b > a ? b : a), 0n);
  const ymax = top > 0n ? top : 1n;
  const last = BigInt(Math.max(1, trail.length - 1));
  const left = labelRoom(ymax);
  const [plotTop, plotBottom] = [30, height - 42];
  const x = (i) => left + fraction(BigInt(i), last) * (width - left - 16);
  const y = (v) => plotBottom - fraction(v, ymax) * (plotBottom - plotTop);
  drawAxes(svg, { x, y, xmax: last, ymax: known.length ? ymax : 0n, xname: "moves played", yname: known.length ? name : "" });
  // The line through the known values, broken where a value is unknown.
  let run = [];
  const flush = () => {
    if (run.length > 1) svgNode("polyline", { points: run.join(" "), class: "value-line" }, svg);
    run = [];
  };
  values.forEach((v, i) => {
    if (v === null) flush();
    else run.push(`${x(BigInt(i))},${y(v)}`);
  });
  flush();
  const points = svgNode("g", { class: "points", "data-group": "" }, svg);
  trail.forEach((entry, i) => {
    const v = values[i];
    const at = v === null ? plotBottom - (plotBottom - plotTop) / 2 : y(v);
    const what = i === 0 ? "The start" : `After move ${i}`;
    const value = v === null ? `${name} not known` : `${name} ${exactly(v)}`;
    const who = OUTCOME_WORDS[entry.outcome] || "who wins is not known";
    const point = svgNode("g", {
      class: `point ${CLASSES[entry.outcome] || "unknown"}${i === now ? " now" : ""}`,
      role: "button",
      "aria-label": `${what}: ${value}, ${who}.${i === now ? " Shown now." : " Go back here."}`,
      "data-index": i,
    }, points);
    svgNode("title", {}, point).textContent = `${what}: ${value}; ${who}`;
    shape(point, x(BigInt(i)), at, entry.outcome);
    point.addEventListener("click", () => pick(i));
    point.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        pick(i);
      }
    });
  });
  roving(svg, ".point", { current: ".now" });
  const legend = known.length
    ? `${name} after each move (largest ${exactly(top)}); ● the player to move wins, ■ loses, ◆ a draw; click a point to go back`
    : `Who wins after each move: ● the player to move, ■ the other, ◆ neither; click a point to go back`;
  svg.setAttribute("aria-label", `${name} over the game, ${trail.length} positions`);
  return legend;
}
