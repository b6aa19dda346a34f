"use strict";
// nimlab's page: plays any game of the registry against the computer through the
// JSON API, draws the board the server describes, and explores nim-sequences. All the
// game logic is on the server; the page only turns clicks into the moves it lists.

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const DRAW_LIMIT = 240; // tokens, pins or cells drawn; bigger boards are text
const EXAMPLE_GRAPH = "4 4 1 0 2 0 3 1 3 2";

let families = [];
let game = null; // the game in play, see start()
let generation = 0; // counts starts: answers for an earlier start are dropped

const pending = new Set(); // the AbortControllers of the requests under way

/** The JSON answer of the API at `path` (POSTing `body` if given). A request that
 * takes more than 300 ms shows "Working…" with a Cancel button, which aborts every
 * request under way. */
async function api(path, body) {
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
  const slow = setTimeout(() => {
    $("working").hidden = false;
  }, 300);
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
    if (pending.size === 0) $("working").hidden = true;
  }
}

function cancelRequests() {
  for (const controller of pending) controller.abort();
}

function showError(where, error) {
  $(where).textContent = error ? String(error.message || error) : "";
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- choosing a game -------------------------------------------------------------

function chosenSpec() {
  const typed = $("game-spec").value.trim();
  return typed || $("game-menu").value;
}

function familyOf(spec) {
  const name = spec.split(":")[0];
  return families.find((f) => f.name === name);
}

async function loadGames() {
  families = await api("/api/games");
  for (const family of families) {
    const option = element("option", { value: family.example }, `${family.syntax} — ${family.summary}`);
    $("game-menu").append(option);
  }
  $("game-menu").value = "take:3";
  gameChosen();
}

function gameChosen() {
  const spec = chosenSpec();
  $("graph-field").hidden = !spec.startsWith("dag");
  if (spec.includes("+")) {
    $("game-menu").value = "";
    $("rules").textContent =
      "A sum of games: each turn, move in exactly one of them. Write the position of each game, separated by +.";
    return;
  }
  const family = familyOf(spec);
  if (!family) {
    $("rules").textContent = "";
    return;
  }
  $("game-menu").value = family.example;
  $("start-position").value = family.example_position;
  $("rules").textContent = `${family.rules} Positions: ${family.position_syntax}.`;
}

function randomStart() {
  const family = familyOf(chosenSpec());
  const example = family ? family.example_position : $("start-position").value;
  const random = (n) => 1 + Math.floor(Math.random() * n);
  $("start-position").value = example
    .replace(/\d+/g, (digits) => String(random(Math.max(6, 2 * Number(digits)))))
    .replace(/[HT]+/g, (coins) => Array.from(coins, () => (Math.random() < 0.5 ? "H" : "T")).join(""));
}

function request(g, extra = {}) {
  const body = { game: g.spec, position: g.position, misere: g.misere, ...extra };
  if (g.spec === "dag") body.graph = g.graph;
  return body;
}

async function start(event) {
  if (event) event.preventDefault();
  showError("error");
  let spec = chosenSpec();
  if (spec.startsWith("dag")) spec = "dag";
  const mine = ++generation;
  const next = {
    spec,
    position: $("start-position").value.trim(),
    misere: $("misere").checked,
    level: Number($("level").value),
    history: [], // {position, by}: the position before each move, and who made it
    values: [],
    outcomes: [],
    over: false,
    toMove: $("first-player").value,
    graph: $("graph").value.trim() || EXAMPLE_GRAPH,
  };
  try {
    const state = await fetchState(next);
    if (mine !== generation) return; // a later start superseded this one
    game = next;
    applyState(game, state);
    $("move-text").value = "";
    $("game-area").hidden = false;
    if (game.toMove === "computer" && !game.over) await computerTurn();
  } catch (error) {
    if (mine !== generation) return;
    // A start that fails leaves no game to play: the old board is gone.
    game = null;
    $("game-area").hidden = true;
    showError("error", error);
  }
}

// ---- playing -------------------------------------------------------------------

/** The moves and analysis of `g`'s position. */
function fetchState(g) {
  return Promise.all([
    api("/api/moves", request(g, { max_moves: 1000 })),
    api("/api/analyze", request(g, { max_moves: 0 })),
  ]);
}

function applyState(g, [moves, analysis]) {
  g.position = moves.position;
  g.moves = moves.moves;
  g.board = moves.board;
  g.analysis = analysis;
  g.values.push(analysis.grundy == null ? null : Number(analysis.grundy));
  g.outcomes.push(analysis.outcome);
  g.over = moves.count === 0 || moves.count === "0";
  updateLink();
  if (!g.over) $("status").textContent = g.toMove === "person" ? "Your move." : "The computer's move.";
  render();
}

/** Fetch and show the game's position; false if another game started meanwhile. */
async function refresh() {
  const g = game;
  const state = await fetchState(g);
  if (g !== game) return false;
  applyState(g, state);
  return true;
}

function render() {
  drawBoard();
  drawMoves();
  drawAnalysis();
  if (game.over) {
    if (game.history.length === 0) {
      $("status").textContent = "No move is possible from this start: choose another position.";
      return;
    }
    // At the end, the analysis says whether the player to move wins.
    const moverWins = game.analysis.outcome === "N";
    const youWin = (game.toMove === "person") === moverWins;
    $("status").textContent = `Game over: ${youWin ? "you won" : "the computer won"}.`;
  }
}

async function play(move) {
  if (!game || game.over || game.busy) return;
  const g = game;
  g.busy = true;
  showError("error");
  try {
    g.history.push({ position: g.position, by: "person" });
    g.position = move.to;
    g.pending = null; // a half-made click move (a pin or coin chosen) ends with the move
    g.toMove = "computer";
    if ((await refresh()) && !g.over) await computerTurn();
  } catch (error) {
    if (g === game) showError("error", error);
  } finally {
    g.busy = false;
  }
}

async function computerTurn() {
  const g = game;
  $("status").textContent = "The computer is thinking…";
  const reply = await api("/api/computer-move", request(g, { level: g.level }));
  if (g !== game) return;
  g.history.push({ position: g.position, by: "computer" });
  g.position = reply.to;
  g.toMove = "person";
  if ((await refresh()) && !g.over) {
    $("status").textContent = `The computer chose to ${reply.description}. Your move.`;
  }
}

/** Take back the person's last move and every move after it (the computer's reply),
 * so that it is the person's turn in the position they moved from. */
async function undo() {
  if (!game || game.busy) return;
  const last = game.history.map((entry) => entry.by).lastIndexOf("person");
  if (last < 0) return;
  const taken = game.history.length - last;
  game.position = game.history[last].position;
  game.history.length = last;
  // One value and outcome per position shown; the position now is shown again.
  game.values.length = Math.max(0, game.values.length - taken - 1);
  game.outcomes.length = game.values.length;
  game.over = false;
  game.toMove = "person";
  if (await refresh()) $("status").textContent = "Your move.";
}

function typedMove(event) {
  event.preventDefault();
  // Spaces do not matter: "1  2" is the move "1 2".
  const words = (text) => text.trim().split(/\s+/).join(" ");
  const text = words($("move-text").value);
  const move = game && game.moves.find((m) => words(m.text) === text);
  if (!move) {
    showError("error", `'${text}' is not one of the legal moves listed below`);
    return;
  }
  $("move-text").value = "";
  play(move);
}

// ---- moves and analysis --------------------------------------------------------

function drawMoves() {
  const list = $("move-list");
  list.replaceChildren();
  const analysis = $("show-analysis").checked;
  // With the analysis hidden the moves are in reading order, so that the first one
  // listed does not give the winning move away.
  const moves = analysis
    ? game.moves
    : [...game.moves].sort((a, b) => a.text.localeCompare(b.text, undefined, { numeric: true }));
  for (const move of moves) {
    const button = element("button", { type: "button" }, `${move.text}: ${move.description}`);
    if (analysis) {
      button.className = move.result;
      button.textContent += outcomeText(move);
    }
    button.addEventListener("click", () => play(move));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
}

/** " (wins in 3)", " (loses in 4)" or " (wins)": the move's result for the player
 * making it, with the number of moves the game then lasts (this one included)
 * where the server knows it. */
function outcomeText(move) {
  const verb = move.result === "win" ? "wins" : "loses";
  return move.remoteness == null ? ` (${verb})` : ` (${verb} in ${move.remoteness + 1})`;
}

function drawAnalysis() {
  const on = $("show-analysis").checked;
  $("analysis").hidden = !on;
  if (!on) return;
  const a = game.analysis;
  const value = a.grundy == null ? "" : ` Grundy value ${a.grundy}.`;
  const who = a.outcome === "N" ? "The player to move wins" : "The player to move loses";
  $("reason").textContent = `${who}.${value} Why: ${a.explanation}.`;
  drawChart();
}

/** The Grundy value after each move, as a line, with each position's dot coloured by
 * its outcome for the player to move in the convention played (green: wins, red:
 * loses). Games without Grundy values (Wythoff, Fibonacci) show the outcomes alone,
 * on one line. */
function drawChart() {
  const chart = $("value-chart");
  chart.replaceChildren();
  const values = game.values;
  const known = values.every((v) => v !== null);
  const top = largest(values.filter((v) => v !== null));
  const x = (i) => 30 + (i * 350) / Math.max(1, values.length - 1);
  const y = (v) => (v === null ? 60 : 92 - (v * 60) / top);
  drawAxes(chart, {
    x,
    y: known ? y : () => 92,
    xmax: values.length - 1,
    ymax: known ? top : 0,
    xname: "moves played",
    yname: known ? "Grundy value" : "",
  });
  if (known) {
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", values.map((v, i) => `${x(i)},${y(v)}`).join(" "));
    line.setAttribute("fill", "none");
    line.setAttribute("stroke", "#2b59c3");
    line.setAttribute("stroke-width", "2");
    chart.append(line);
  }
  values.forEach((v, i) => {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(i));
    dot.setAttribute("cy", y(v));
    dot.setAttribute("r", 3);
    dot.setAttribute("class", game.outcomes[i] === "P" ? "loses" : "wins");
    dot.setAttribute("fill", game.outcomes[i] === "P" ? "#a3261b" : "#1f7a3d");
    chart.append(dot);
  });
  const label = document.createElementNS(SVG, "text");
  label.setAttribute("x", 4);
  label.setAttribute("y", 10);
  label.setAttribute("font-size", 9);
  label.setAttribute("class", "legend");
  label.textContent = known
    ? `Grundy value after each move (max ${top}); green: the player to move wins, red: loses`
    : "Who wins after each move (green: the player to move, red: the other)";
  chart.append(label);
}

// ---- the board -----------------------------------------------------------------

// Positions of heaps compare as multisets of non-empty heaps.
function heapKey(text) {
  return text.split(/[\s,]+/).filter((w) => w && w !== "0").map(Number).sort((a, b) => a - b).join(" ");
}

function moveLeaving(key, keyOf) {
  return game.moves.find((m) => keyOf(m.to) === key);
}

function winning(move) {
  return $("show-analysis").checked && move && move.result === "win";
}

function drawBoard() {
  const board = $("board");
  board.replaceChildren();
  const kind = game.board.kind;
  if (kind === "heaps" || kind === "pot") return drawHeaps(board);
  if (kind === "pins") return drawPins(board);
  if (kind === "coins") return drawCoins(board);
  if (kind === "plane") return drawPlane(board);
  board.append(element("p", { class: "big-text" }, `Position: ${game.position}`));
}

function numbers(list) {
  return list.map(Number);
}

function drawHeaps(board) {
  const b = game.board;
  const heaps = b.kind === "pot" ? [Number(b.tokens)] : numbers(b.heaps);
  if (heaps.reduce((s, h) => s + h, 0) > DRAW_LIMIT || heaps.some((h) => !Number.isSafeInteger(h))) {
    board.append(element("p", { class: "big-text" }, `Heaps: ${game.position}`));
    return;
  }
  const name = b.kind === "pot" ? "pot" : b.heap;
  heaps.forEach((size, i) => {
    const row = element("div", { class: "heap" });
    row.append(element("span", { class: "heap-label" }, heaps.length > 1 ? `${name} ${i + 1}` : `${size}`));
    for (let j = 1; j <= size; j += 1) {
      const left = heaps.slice();
      left[i] = j - 1;
      const move = moveLeaving(heapKey(left.join(" ")), heapKey);
      const token = element("button", {
        type: "button",
        class: `token${winning(move) ? " win" : ""}`,
        "aria-label": `${name} ${i + 1}, token ${j}: take from here to the end`,
        "data-heap": i + 1,
        "data-token": j,
      });
      token.disabled = !move || game.over;
      if (move) token.addEventListener("click", () => play(move));
      row.append(token);
    }
    board.append(row);
  });
}

function drawPins(board) {
  const rows = numbers(game.board.rows);
  if (rows.reduce((s, r) => s + r, 0) > DRAW_LIMIT) {
    board.append(element("p", { class: "big-text" }, `Rows: ${game.position}`));
    return;
  }
  const leaving = (i, first, last) => {
    const left = rows.slice();
    left.splice(i, 1, first - 1, rows[i] - last);
    return moveLeaving(heapKey(left.join(" ")), heapKey);
  };
  rows.forEach((size, i) => {
    const row = element("div", { class: "heap" });
    row.append(element("span", { class: "heap-label" }, `row ${i + 1}`));
    for (let k = 1; k <= size; k += 1) {
      const alone = leaving(i, k, k);
      const pin = element("button", {
        type: "button",
        class: `pin${winning(alone) ? " win" : ""}`,
        "aria-label": `row ${i + 1}, pin ${k}: knock it down (then a neighbour for two)`,
      });
      const chosen = game.pending && game.pending.row === i && game.pending.pin === k;
      if (chosen) pin.classList.add("chosen");
      pin.disabled = game.over;
      pin.addEventListener("click", () => {
        const p = game.pending;
        if (p && p.row === i && Math.abs(p.pin - k) === 1) {
          const both = leaving(i, Math.min(p.pin, k), Math.max(p.pin, k));
          if (both) return play(both);
        }
        if (p && p.row === i && p.pin === k && alone) return play(alone);
        game.pending = { row: i, pin: k };
        $("status").textContent = "Click the pin again to knock it down alone, or a neighbour to knock down both.";
        drawBoard();
      });
      row.append(pin);
    }
    board.append(row);
  });
}

function drawCoins(board) {
  const coins = game.board.coins;
  if (coins.length > DRAW_LIMIT) {
    board.append(element("p", { class: "big-text" }, game.position));
    return;
  }
  const row = element("div", { class: "heap" });
  const after = (flips) => coins.map((h, i) => (flips.includes(i) ? !h : h)).map((h) => (h ? "H" : "T")).join("");
  const moveTo = (flips) => moveLeaving(after(flips), (t) => t.trim());
  coins.forEach((heads, i) => {
    const alone = moveTo([i]);
    const coin = element("button", {
      type: "button",
      class: `coin ${heads ? "heads" : "tails"}${winning(alone) ? " win" : ""}`,
      "aria-label": `coin ${i + 1}, ${heads ? "heads" : "tails"}`,
    }, heads ? "H" : "T");
    if (game.pending && game.pending.coin === i) coin.classList.add("chosen");
    coin.disabled = game.over;
    coin.addEventListener("click", () => {
      const p = game.pending;
      if (p && p.coin !== undefined && p.coin !== i) {
        const both = moveTo([p.coin, i]);
        if (both) return play(both);
      }
      if (p && p.coin === i && alone) return play(alone);
      game.pending = { coin: i };
      $("status").textContent = "Click the coin again to turn it alone, or a coin to its left to turn both.";
      drawBoard();
    });
    row.append(coin);
  });
  board.append(row);
}

function drawPlane(board) {
  const x = Number(game.board.x);
  const y = Number(game.board.y);
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y) || (x + 1) * (y + 1) > 40 * 40) {
    board.append(element("p", { class: "big-text" }, `The token is at (${game.position}).`));
    return;
  }
  const grid = element("div", { class: "grid", role: "grid", "aria-label": "The plane; click where the token goes" });
  grid.style.gridTemplateColumns = `repeat(${x + 1}, 1.4rem)`;
  for (let b = y; b >= 0; b -= 1) {
    for (let a = 0; a <= x; a += 1) {
      const move = moveLeaving(`${a},${b}`, (t) => t.replace(/[()\s]/g, ""));
      const cell = element("button", {
        type: "button",
        class: `cell${a === x && b === y ? " token-here" : ""}${move ? " target" : ""}${winning(move) ? " win" : ""}`,
        "aria-label": `(${a},${b})`,
      });
      cell.disabled = !move || game.over;
      if (move) cell.addEventListener("click", () => play(move));
      grid.append(cell);
    }
  }
  board.append(grid);
}

// ---- exploring -----------------------------------------------------------------

async function plotSequence(event) {
  if (event) event.preventDefault();
  showError("explore-error");
  const spec = $("sequence-game").value.trim();
  try {
    const sequence = await api("/api/grundy", { game: spec, upto: $("sequence-upto").value.trim() });
    let period = null;
    try {
      period = await api("/api/period", { game: spec });
    } catch (_) {
      period = null; // no certified period: plot the values alone
    }
    drawSequence(sequence, period);
    updateLink();
  } catch (error) {
    showError("explore-error", error);
  }
}

/** Round tick values from 0 to `max`: steps of 1, 2 or 5 times a power of ten,
 * about five of them. */
function ticks(max) {
  const rough = Math.max(1, max) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Values are whole numbers: no step below 1.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough));
  const values = [];
  for (let v = 0; v <= max; v += step) values.push(v);
  return values;
}

function svgText(svg, x, y, text, attributes = {}) {
  const node = document.createElementNS(SVG, "text");
  node.setAttribute("x", x);
  node.setAttribute("y", y);
  node.setAttribute("font-size", 9);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.textContent = text;
  svg.append(node);
}

function svgLine(svg, x1, y1, x2, y2) {
  const line = document.createElementNS(SVG, "line");
  for (const [key, value] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(key, value);
  line.setAttribute("stroke", "#555");
  line.setAttribute("stroke-width", "1");
  svg.append(line);
}

/** Axes with numbered ticks on `svg`: `x` and `y` map values to coordinates, the
 * axes run from 0 to `xmax` and `ymax`, and each is named. */
function drawAxes(svg, { x, y, xmax, ymax, xname, yname }) {
  const right = x(Math.max(1, xmax));
  svgLine(svg, x(0), y(0), right, y(0));
  svgLine(svg, x(0), y(0), x(0), y(ymax));
  for (const v of ticks(xmax)) {
    svgLine(svg, x(v), y(0), x(v), y(0) + 3);
    svgText(svg, x(v), y(0) + 12, String(v), { "text-anchor": "middle", class: "tick" });
  }
  for (const v of ticks(ymax)) {
    svgLine(svg, x(0) - 3, y(v), x(0), y(v));
    svgText(svg, x(0) - 5, y(v) + 3, String(v), { "text-anchor": "end", class: "tick" });
  }
  svgText(svg, right, y(0) + 22, xname, { "text-anchor": "end", class: "axis-name" });
  svgText(svg, x(0) + 4, y(ymax) - 4, yname, { class: "axis-name" });
}

/** The largest of `values`, at least 1 (without spreading them into arguments,
 * which overflows the call stack for a million values). */
function largest(values) {
  return values.reduce((a, b) => Math.max(a, b), 1);
}

/** The points [n, value] to draw for `values` on a plot `columns` pixels wide: every
 * value when there are few, else each distinct value once per column (at most 64),
 * so that a million values draw as fast as a thousand and look the same. */
function plotted(values, columns) {
  if (values.length <= 2 * columns) {
    return values.map((v, n) => [n, v]);
  }
  const points = [];
  const perColumn = values.length / columns;
  for (let column = 0; column < columns; column += 1) {
    const first = Math.floor(column * perColumn);
    const end = Math.min(values.length, Math.floor((column + 1) * perColumn));
    const seen = new Set();
    for (let n = first; n < end && seen.size < 64; n += 1) {
      if (!seen.has(values[n])) {
        seen.add(values[n]);
        points.push([n, values[n]]);
      }
    }
  }
  return points;
}

function drawSequence(sequence, period) {
  const plot = $("sequence-plot");
  plot.replaceChildren();
  const values = sequence.values.map(Number);
  const top = largest(values);
  const x = (n) => 40 + (n * 580) / Math.max(1, values.length - 1);
  const y = (v) => 225 - (v * 195) / top;
  if (period && period.preperiod < values.length) {
    const band = document.createElementNS(SVG, "rect");
    band.setAttribute("x", x(period.preperiod));
    band.setAttribute("y", y(top));
    band.setAttribute("width", Math.max(1, x(period.preperiod + period.period) - x(period.preperiod)));
    band.setAttribute("height", y(0) - y(top));
    band.setAttribute("fill", "#dff3e5");
    band.setAttribute("class", "period");
    plot.append(band);
  }
  for (const [n, v] of plotted(values, 600)) {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(n));
    dot.setAttribute("cy", y(v));
    dot.setAttribute("r", values.length > 400 ? 1 : 2);
    dot.setAttribute("fill", "#2b59c3");
    plot.append(dot);
  }
  drawAxes(plot, { x, y, xmax: values.length - 1, ymax: top, xname: "heap n", yname: "g(n)" });
  svgText(plot, 620, 12, period ? "dots: g(n); shaded: one period" : "dots: g(n)", {
    "text-anchor": "end",
    class: "legend",
  });
  $("sequence-caption").textContent = period
    ? `${sequence.game}: g(0) … g(${sequence.upto}); period ${period.period} from n = ${period.preperiod} (shaded: one period), certified: ${period.certificate}`
    : `${sequence.game}: g(0) … g(${sequence.upto}); no certified period`;
}

async function drawWythoff() {
  const pairs = await api("/api/wythoff-pairs?count=12");
  const plot = $("wythoff-plot");
  plot.replaceChildren();
  const size = 30;
  const at = (v) => 30 + (Number(v) * 270) / size;
  const up = (v) => 295 - (Number(v) * 270) / size;
  drawAxes(plot, { x: at, y: up, xmax: size, ymax: size, xname: "x", yname: "y" });
  svgText(plot, 310, 12, "dots: the P-positions (a, b) and (b, a)", {
    "text-anchor": "end",
    class: "legend",
  });
  for (const [a, b] of pairs) {
    for (const [px, py] of [[a, b], [b, a]]) {
      if (Number(px) > size || Number(py) > size) continue;
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", at(px));
      dot.setAttribute("cy", up(py));
      dot.setAttribute("r", 4);
      dot.setAttribute("fill", "#a3261b");
      plot.append(dot);
    }
  }
}

function showTab(name) {
  const play = name === "play";
  $("play-section").hidden = !play;
  $("explore-section").hidden = play;
  $("tab-play").setAttribute("aria-pressed", String(play));
  $("tab-explore").setAttribute("aria-pressed", String(!play));
  if (!play) drawWythoff().catch((error) => showError("explore-error", error));
  updateLink();
}

// ---- links ----------------------------------------------------------------------

/** Keep the page's state in its address, so that a copied link reproduces it:
 * ?game=SPEC&position=POS (with misere=1, analysis=1) while playing, and
 * ?tab=explore&game=SPEC&upto=N on the explore tab. */
function updateLink() {
  const params = new URLSearchParams();
  if (!$("explore-section").hidden) {
    params.set("tab", "explore");
    params.set("game", $("sequence-game").value.trim());
    params.set("upto", $("sequence-upto").value.trim());
  } else if (game) {
    params.set("game", game.spec);
    params.set("position", game.position);
    if (game.spec === "dag") params.set("graph", game.graph);
    if (game.misere) params.set("misere", "1");
    if ($("show-analysis").checked) params.set("analysis", "1");
  }
  history.replaceState(null, "", `?${params}`);
}

/** Start what the address asks for, if anything. */
function followLink() {
  const params = new URLSearchParams(location.search);
  const spec = params.get("game");
  if (params.get("tab") === "explore") {
    if (spec) $("sequence-game").value = spec;
    if (params.get("upto")) $("sequence-upto").value = params.get("upto");
    showTab("explore");
    if (spec) plotSequence();
    return;
  }
  if (!spec) return;
  $("game-spec").value = spec;
  gameChosen();
  if (params.get("position") !== null) $("start-position").value = params.get("position");
  if (params.get("graph") !== null) $("graph").value = params.get("graph");
  $("misere").checked = params.get("misere") === "1";
  $("show-analysis").checked = params.get("analysis") === "1";
  start();
}

// ---- wiring ---------------------------------------------------------------------

$("game-menu").addEventListener("change", () => {
  $("game-spec").value = "";
  gameChosen();
});
$("game-spec").addEventListener("change", gameChosen);
$("setup").addEventListener("submit", start);
$("random-start").addEventListener("click", randomStart);
$("show-analysis").addEventListener("change", () => {
  if (game) render();
  updateLink();
});
$("undo").addEventListener("click", () => undo().catch((error) => showError("error", error)));
$("typed-move").addEventListener("submit", typedMove);
$("cancel").addEventListener("click", cancelRequests);
$("sequence-form").addEventListener("submit", plotSequence);
$("tab-play").addEventListener("click", () => showTab("play"));
$("tab-explore").addEventListener("click", () => showTab("explore"));
loadGames()
  .then(followLink)
  .catch((error) => showError("error", error));
