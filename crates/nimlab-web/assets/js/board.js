// Boards drawn from the server's description. Every clickable thing is named by the
// spots it stands for (`data-spots`, written as the server writes them: "token 1 3",
// "gap 2 4", "point 3 5", "part 2 coin 1", …); the page matches clicks to the moves
// the server lists, so nothing here knows a rule of any game.

import { element, svgNode, svgText } from "./dom.js";

const DRAW_LIMIT = 240; // tokens, pins or coins drawn; bigger boards are text
const CELL_LIMIT = 4000; // squares of a plane drawn
const VERTEX_LIMIT = 40; // vertices of a graph drawn
const PART_LIMIT = 24; // games of a sum drawn

/** Draw `board` into `container`. `view.clickable(spot)` says whether a spot may be
 * clicked now and how to show it ({result, label, chosen}), or null; `view.click`
 * takes the spot clicked; `view.takeWord(n)` names n pile items. */
export function drawBoard(container, board, view) {
  container.replaceChildren();
  draw(container, board, view, "");
}

function draw(container, board, view, prefix) {
  switch (board.kind) {
    case "heaps":
      return drawRows(container, board.heaps.map(Number), view, prefix, { heap: board.heap, token: board.token, shape: "token" });
    case "pot":
      return drawRows(container, [Number(board.tokens)], view, prefix, { heap: "pot", token: "token", shape: "token" });
    case "pins":
      return drawRows(container, board.rows.map(Number), view, prefix, { heap: "row", token: "pin", shape: "pin" });
    case "stairs":
      return drawStairs(container, board, view, prefix);
    case "pile":
      return drawPile(container, board, view, prefix);
    case "coins":
      return drawCoins(container, board, view, prefix);
    case "plane":
      return drawPlane(container, board, view, prefix);
    case "graph":
      return drawGraph(container, board, view, prefix);
    case "sum":
      return drawSum(container, board, view, prefix);
    default:
      container.append(element("p", { class: "big-text" }, board.text ?? ""));
  }
}

/** A button for the first of `spots` that may be clicked now, else an inert picture
 * of the same thing. */
function spotElement(spots, view, { cls, label, text }) {
  const spot = spots.find((s) => view.clickable(s));
  if (!spot) {
    const inert = element("span", { class: `${cls} inert`, "aria-hidden": "true" }, text);
    return inert;
  }
  const how = view.clickable(spot);
  const result = how.result && view.analysis && how.next ? how.result : null;
  const button = element("button", {
    type: "button",
    class: `${cls} ${how.next ? "target" : "restart"}${result ? ` ${result}` : ""}${how.chosen ? " chosen" : ""}`,
    "data-spots": spots.join("|"),
    "aria-label": how.label ? `${label}: ${how.label}` : label,
    title: how.label || label,
  }, text);
  if (result) button.append(resultMark(result));
  if (how.chosen) button.setAttribute("aria-pressed", "true");
  button.addEventListener("click", () => view.click(spots.find((s) => view.clickable(s))));
  return button;
}

/** The marks that say a move's result by shape as well as by colour. */
export const MARKS = { win: "✓", lose: "✗", draw: "=" };

/** A move's result as a mark (its words are in the place's label). */
export function resultMark(result) {
  return element("span", { class: "mark", "aria-hidden": "true" }, MARKS[result]);
}

/** Whether `board` is too large to draw, so that it is shown as text (and moves are
 * made by typing them or with the move builder). */
export function drawnAsText(board) {
  switch (board.kind) {
    case "heaps":
      return tooBig(board.heaps.map(Number));
    case "pot":
      return tooBig([Number(board.tokens)]);
    case "pins":
      return tooBig(board.rows.map(Number));
    case "stairs":
      return tooBig(board.steps.map(Number));
    case "pile":
      return tooBig([Number(board.count)]);
    case "coins":
      return board.coins.length > DRAW_LIMIT;
    case "plane":
      return !Number.isSafeInteger(Number(board.x)) || !Number.isSafeInteger(Number(board.y))
        || (Number(board.x) + 1) * (Number(board.y) + 1) > CELL_LIMIT;
    case "graph":
      return !board.edges || Number(board.vertices) > VERTEX_LIMIT;
    case "sum":
      return board.parts.length > PART_LIMIT || board.parts.some((part) => drawnAsText(part.board));
    default:
      return true;
  }
}

function tooBig(sizes) {
  return sizes.some((n) => !Number.isSafeInteger(n)) || sizes.reduce((s, n) => s + n, 0) > DRAW_LIMIT;
}

/** Rows of tokens (heaps, pins): token t of heap i is the spot "token i t", and the
 * gap after it "gap i t", drawn when some move splits there. */
function drawRows(container, sizes, view, prefix, names) {
  if (tooBig(sizes)) {
    container.append(element("p", { class: "big-text" }, `${names.heap}s: ${sizes.join(" ")}`));
    return;
  }
  sizes.forEach((size, index) => {
    const i = index + 1;
    const label = sizes.length > 1 ? `${names.heap} ${i}` : names.heap;
    const row = element("div", { class: "heap", role: "group", "data-group": "", "aria-label": `${label}: ${count(size, names.token)}` });
    row.append(element("span", { class: "heap-label", "aria-hidden": "true" }, sizes.length > 1 ? `${i}` : `${size}`));
    for (let t = 1; t <= size; t += 1) {
      row.append(spotElement([`${prefix}token ${i} ${t}`], view, {
        cls: names.shape,
        label: `${label}, ${names.token} ${t}`,
      }));
      const gap = `${prefix}gap ${i} ${t}`;
      if (t < size && view.clickable(gap)) {
        row.append(spotElement([gap], view, { cls: "gap", label: `${label}, the gap after ${names.token} ${t}` }));
      }
    }
    container.append(row);
  });
}

function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Steps drawn from the top down, coins on each: coin t of step i is "token i t". */
function drawStairs(container, board, view, prefix) {
  const steps = board.steps.map(Number);
  if (tooBig(steps)) {
    container.append(element("p", { class: "big-text" }, `steps: ${steps.join(" ")}`));
    return;
  }
  const stairs = element("div", { class: "stairs" });
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const i = index + 1;
    const row = element("div", { class: "heap step", role: "group", "data-group": "", "aria-label": `step ${i}: ${count(steps[index], "coin")}` });
    row.style.marginLeft = `${index * 1.2}rem`;
    row.append(element("span", { class: "heap-label", "aria-hidden": "true" }, `step ${i}`));
    for (let t = 1; t <= steps[index]; t += 1) {
      row.append(spotElement([`${prefix}token ${i} ${t}`], view, { cls: "token", label: `step ${i}, coin ${t}` }));
    }
    stairs.append(row);
  }
  stairs.append(element("div", { class: "floor", "aria-hidden": "true" }, "floor"));
  container.append(stairs);
}

/** A pile: its items in a row (clicking one takes it and those after it), and a
 * slider over the amounts that may be taken ("take K"). */
function drawPile(container, board, view, prefix) {
  const size = Number(board.count);
  const noun = (n) => (n === 1 ? board.noun : board.plural);
  if (!tooBig([size])) {
    drawRows(container, [size], view, prefix, { heap: "pile", token: board.noun, shape: "token" });
  } else {
    container.append(element("p", { class: "big-text" }, `${board.count} ${noun(size)}`));
  }
  const amounts = view.spots(`${prefix}take `).map((spot) => spot.slice(`${prefix}take `.length));
  amounts.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  const notes = [];
  if (board.most !== undefined) notes.push(`the most you may take now: ${board.most}`);
  if (board.forbidden !== undefined) notes.push(`the amount just taken, which you may not take: ${board.forbidden}`);
  if (notes.length) container.append(element("p", { class: "pile-note" }, `${board.count} ${noun(size)} in the pile; ${notes.join("; ")}.`));
  if (amounts.length === 0) return;
  const form = element("div", { class: "take-slider" });
  const id = `${prefix.replace(/\s+/g, "-")}take-amount`;
  const label = element("label", { for: id });
  const slider = element("input", { type: "range", id, min: 0, max: amounts.length - 1, step: 1, value: 0 });
  const button = element("button", { type: "button", class: "take-button" }, "Take");
  const show = () => {
    const amount = amounts[Number(slider.value)];
    const spot = `${prefix}take ${amount}`;
    const how = view.clickable(spot);
    label.textContent = `Take ${amount} ${noun(Number(amount))}`;
    slider.setAttribute("aria-valuetext", `${amount} ${noun(Number(amount))}`);
    button.dataset.spots = spot;
    const result = how && how.result && view.analysis ? how.result : null;
    button.className = `take-button target${result ? ` ${result}` : ""}`;
    button.replaceChildren(`Take${result ? " " : ""}`);
    if (result) button.append(resultMark(result));
    button.setAttribute("aria-label", how && how.label ? `Take ${amount}: ${how.label}` : `Take ${amount}`);
  };
  slider.addEventListener("input", show);
  button.addEventListener("click", () => view.click(button.dataset.spots));
  show();
  form.append(label, slider, button);
  container.append(form);
}

function drawCoins(container, board, view, prefix) {
  const coins = board.coins;
  if (coins.length > DRAW_LIMIT) {
    container.append(element("p", { class: "big-text" }, coins.map((h) => (h ? "H" : "T")).join("")));
    return;
  }
  const row = element("div", { class: "heap", role: "group", "data-group": "", "aria-label": "coins" });
  coins.forEach((heads, index) => {
    const face = heads ? "heads" : "tails";
    row.append(spotElement([`${prefix}coin ${index + 1}`], view, {
      cls: `coin ${face}`,
      label: `coin ${index + 1}, ${face}`,
      text: heads ? "H" : "T",
    }));
  });
  container.append(row);
}

/** The plane: the token's square and every square left of and below it, drawn with
 * y upwards; "point a b" is the square (a, b). The grid scrolls to the token. */
function drawPlane(container, board, view, prefix) {
  const x = Number(board.x);
  const y = Number(board.y);
  const goal = board.reaching_origin_wins ? "Whoever moves the token to (0,0) wins." : "Whoever moves the token to (0,0) loses.";
  if (board.flip) {
    const flip = board.flip.available
      ? `The goal may still be flipped once, with a move made while |x − y| is at least ${board.flip.threshold}.`
      : "The goal has been flipped: no more flips.";
    container.append(element("p", { class: "pile-note" }, `${goal} ${flip}`));
    const button = spotElement([`${prefix}flip`], view, { cls: "flip", label: "flip the goal", text: "Flip the goal" });
    if (button.tagName === "BUTTON") container.append(button);
  } else {
    container.append(element("p", { class: "pile-note" }, goal));
  }
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y) || (x + 1) * (y + 1) > CELL_LIMIT) {
    container.append(element("p", { class: "big-text" }, `The token is at (${board.x},${board.y}).`));
    return;
  }
  // The grid is one tab stop: its squares are moved between with the arrow keys,
  // which scroll the one focused into view, so the scroller itself is no stop.
  const scroller = element("div", { class: "grid-scroller", tabindex: "-1" });
  const grid = element("div", { class: "grid", role: "group", "data-group": "", "aria-label": `The plane; the token is at (${x},${y}); the arrow keys move between squares` });
  grid.style.gridTemplateColumns = `repeat(${x + 1}, var(--cell))`;
  let here = null;
  for (let b = y; b >= 0; b -= 1) {
    for (let a = 0; a <= x; a += 1) {
      const cell = spotElement([`${prefix}point ${a} ${b}`], view, { cls: "cell", label: `(${a},${b})` });
      if (a === x && b === y) {
        cell.classList.add("token-here");
        cell.setAttribute("aria-hidden", "false");
        cell.setAttribute("role", "img");
        cell.setAttribute("aria-label", `the token, at (${x},${y})`);
        here = cell;
      }
      if (a === 0 && b === 0) cell.classList.add("origin");
      grid.append(cell);
    }
  }
  scroller.append(grid);
  container.append(scroller);
  // Bring the token into view in the scrolled grid (not the page).
  requestAnimationFrame(() => {
    if (!here) return;
    scroller.scrollLeft = here.offsetLeft - scroller.clientWidth + here.offsetWidth + 8;
    scroller.scrollTop = here.offsetTop - 8;
  });
}

/** A graph: vertices on a circle, edges as arrows, tokens as dark vertices; a vertex
 * stands for "token-on v" (its token, to move it) and "vertex v" (to move there). */
function drawGraph(container, board, view, prefix) {
  const n = Number(board.vertices);
  const onVertex = new Map();
  for (const token of board.tokens) onVertex.set(token.vertex, (onVertex.get(token.vertex) || 0) + 1);
  if (!board.edges || n > VERTEX_LIMIT) {
    const where = board.tokens.map((t) => t.vertex).join(" ");
    container.append(element("p", { class: "big-text" }, `Tokens on vertices ${where}`));
    drawVertexButtons(container, [...new Set([...onVertex.keys(), ...board.tokens.flatMap((t) => t.moves_to)])], onVertex, view, prefix);
    return;
  }
  const size = 340;
  const r = 24;
  const center = size / 2;
  const ring = n === 1 ? 0 : center - r - 8;
  const at = (v) => [center + ring * Math.sin((2 * Math.PI * v) / n), center - ring * Math.cos((2 * Math.PI * v) / n)];
  const svg = svgNode("svg", { viewBox: `0 0 ${size} ${size}`, class: "graph", role: "group", "data-group": "", "aria-label": `a graph of ${n} ${n === 1 ? "vertex" : "vertices"}` });
  const marker = svgNode("marker", { id: `${prefix.replace(/\s+/g, "-")}arrow`, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, svgNode("defs", {}, svg));
  svgNode("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "edge-head" }, marker);
  for (const [u, v] of board.edges) {
    const [x1, y1] = at(u);
    const [x2, y2] = at(v);
    if (u === v) {
      svgNode("circle", { cx: x1, cy: y1 - r, r: r / 2, class: "edge loop" }, svg);
      continue;
    }
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
    // An edge with one back the other way: each drawn a little to its own side.
    const side = board.edges.some(([a, b]) => a === v && b === u) ? 6 : 0;
    const [ox, oy] = [-dy * side, dx * side];
    svgNode("line", {
      x1: x1 + dx * r + ox, y1: y1 + dy * r + oy, x2: x2 - dx * (r + 2) + ox, y2: y2 - dy * (r + 2) + oy,
      class: "edge", "marker-end": `url(#${marker.id})`,
    }, svg);
  }
  for (let v = 0; v < n; v += 1) {
    const [cx, cy] = at(v);
    const tokens = onVertex.get(v) || 0;
    const spots = [`${prefix}token-on ${v}`, `${prefix}vertex ${v}`];
    const spot = spots.find((s) => view.clickable(s));
    const how = spot && view.clickable(spot);
    const g = svgNode("g", { class: `vertex${tokens ? " has-token" : ""}` }, svg);
    const label = `vertex ${v}${tokens ? `, ${tokens === 1 ? "a token" : `${tokens} tokens`} here` : ""}`;
    if (spot) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.dataset.spots = spots.join("|");
      g.setAttribute("aria-label", how.label ? `${label}: ${how.label}` : label);
      g.classList.add(how.next ? "target" : "restart");
      if (how.result && view.analysis && how.next) {
        g.classList.add(how.result);
        svgText(g, cx + r * 0.75, cy - r * 0.75, MARKS[how.result], { class: "vertex-mark", "aria-hidden": "true", "text-anchor": "middle" });
      }
      if (how.chosen) g.classList.add("chosen");
      const act = () => view.click(spots.find((s) => view.clickable(s)));
      g.addEventListener("click", act);
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          act();
        }
      });
      svgNode("title", {}, g).textContent = how.label ? `${label}: ${how.label}` : label;
    }
    svgNode("circle", { cx, cy, r }, g);
    svgText(g, cx, cy + 5, tokens > 1 ? `${v}·${tokens}` : String(v), { "text-anchor": "middle", class: "vertex-name" });
  }
  container.append(svg);
}

/** Vertices as buttons, for graphs too large to draw. */
function drawVertexButtons(container, vertices, onVertex, view, prefix) {
  const row = element("div", { class: "heap", role: "group", "data-group": "", "aria-label": "vertices" });
  for (const v of vertices.sort((a, b) => a - b)) {
    row.append(spotElement([`${prefix}token-on ${v}`, `${prefix}vertex ${v}`], view, {
      cls: `token vertex-button${onVertex.has(v) ? " has-token" : ""}`,
      label: `vertex ${v}${onVertex.has(v) ? ", a token here" : ""}`,
      text: String(v),
    }));
  }
  container.append(row);
}

function drawSum(container, board, view, prefix) {
  if (board.parts.length > PART_LIMIT) {
    container.append(element("p", { class: "big-text" }, `${board.parts.length} games: ${board.parts.map((part) => part.game).join(" + ")}`));
    return;
  }
  board.parts.forEach((part, index) => {
    const box = element("fieldset", { class: "part" });
    box.append(element("legend", {}, `Game ${index + 1}: ${part.game}`));
    draw(box, part.board, view, `${prefix}part ${index + 1} `);
    container.append(box);
  });
}
