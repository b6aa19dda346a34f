// Playing a game: one match at a time, against the computer, between two people, or
// the computer against itself, with a history to undo and redo. The server lists the
// moves of each position with the clicks that make them; a click here only matches
// what the person clicked against those lists.

import { $, drawAxes, element, largest, svgNode, svgText } from "./dom.js";
import { drawBoard } from "./board.js";

/** Who plays, by mode: the first entry moves first. */
function playersOf(mode, first) {
  if (mode === "people") return [{ name: "player 1", human: true }, { name: "player 2", human: true }];
  if (mode === "watch") return [{ name: "the first computer" }, { name: "the second computer" }];
  const you = { name: "you", human: true };
  const computer = { name: "the computer" };
  return first === "computer" ? [computer, you] : [you, computer];
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** " (wins in 3)", " (loses in 4)", " (draws)" or " (wins)": the move's result for
 * the player making it, with the number of moves the game then lasts (this one
 * included) where the server knows it. */
export function outcomeText(move) {
  if (move.result === "draw") return " (draws)";
  const verb = move.result === "win" ? "wins" : "loses";
  return move.remoteness == null ? ` (${verb})` : ` (${verb} in ${move.remoteness + 1})`;
}

const RANK = { win: 0, draw: 1, lose: 2 };

/** The page's play section; `changed()` is called when the address should change. */
export function createPlayer(api, { changed, showError, analysisShown }) {
  let match = null; // the match shown; replaced by each start
  let starts = 0; // counts starts: answers for an earlier one are dropped

  const toMove = (m) => m.players[(m.trail.length - 1) % 2];
  const lastMover = (m) => m.players[m.trail.length % 2];
  const humanTurn = (m) => m && m.report && !m.report.over && toMove(m).human && !m.busy;

  function request(m, extra = {}) {
    const body = { game: m.spec, position: m.trail[m.trail.length - 1].position, misere: m.misere, ...extra };
    if (m.graph !== null) body.graph = m.graph;
    return body;
  }

  /** Ask for the match's position now and show it; false if the match was replaced. */
  async function show(m) {
    const history = m.trail.slice(0, -1).map((entry) => entry.position);
    const report = await api.call("/api/position", request(m, { history }));
    if (m !== match) return false;
    m.report = report;
    const last = m.trail[m.trail.length - 1];
    last.position = report.position;
    last.grundy = report.analysis.grundy == null ? null : Number(report.analysis.grundy);
    last.outcome = report.analysis.outcome;
    m.selection = [];
    render(m);
    return true;
  }

  /** Start a match from the form's settings, or from `settings`. */
  async function start(settings) {
    const mine = ++starts;
    showError("");
    const m = {
      ...settings,
      players: playersOf(settings.mode, settings.first),
      trail: [{ position: settings.position, by: null }],
      redo: [],
      selection: [],
      report: null,
      busy: false,
      paused: false,
      focusKey: null,
      said: "",
    };
    const previous = match;
    match = m;
    try {
      const history = [];
      const report = await api.call("/api/position", request(m, { history }));
      if (mine !== starts) return;
      m.report = report;
      m.trail[0].position = report.position;
      m.trail[0].grundy = report.analysis.grundy == null ? null : Number(report.analysis.grundy);
      m.trail[0].outcome = report.analysis.outcome;
      $("move-text").value = "";
      $("game-area").hidden = false;
      render(m);
      // On a small screen the board starts below the form: bring it into view.
      if ($("status").getBoundingClientRect().top > window.innerHeight * 0.6) {
        $("status").scrollIntoView({ block: "start" });
      }
      await advance(m);
    } catch (error) {
      if (mine !== starts) return;
      // A start that fails leaves no game to play: the old board is gone.
      if (match === m || match === previous) match = null;
      $("game-area").hidden = true;
      showError(error);
    }
  }

  /** Let the computer move while it is its turn (and, watching, while not paused). */
  async function advance(m) {
    while (m === match && !m.report.over && !toMove(m).human && !m.paused) {
      m.busy = true;
      try {
        if (m.mode === "watch") {
          setStatus(m, `${m.said}${capital(toMove(m).name)} is thinking…`);
          await new Promise((resolve) => setTimeout(resolve, m.pace));
          if (m !== match || m.paused) return;
        } else {
          setStatus(m, "The computer is thinking…");
        }
        const mover = toMove(m);
        const reply = await api.call("/api/computer-move", request(m, { level: m.mode === "watch" ? 10 : m.level }));
        if (m !== match) return;
        m.trail.push({ position: reply.to, by: mover.name });
        m.redo = [];
        m.said = `${capital(mover.name)} chose to ${reply.description}. `;
        if (!(await show(m))) return;
      } finally {
        m.busy = false;
      }
    }
    if (m === match) render(m);
  }

  /** The person to move makes the listed move `index`. */
  async function play(index) {
    const m = match;
    if (!humanTurn(m)) return;
    const move = m.report.moves[index];
    m.busy = true;
    m.selection = [];
    setStatus(m, "Making the move…");
    showError("");
    try {
      const mover = toMove(m);
      const history = m.trail.map((entry) => entry.position);
      const report = await api.call("/api/position", request(m, { history, move: move.text }));
      if (m !== match) return;
      m.trail.push({ position: report.position, by: mover.name });
      m.redo = [];
      m.said = m.mode === "people" ? `${capital(mover.name)} chose to ${move.description}. ` : "";
      if (!(await show(m))) return;
      m.busy = false;
      await advance(m);
    } catch (error) {
      if (m === match) showError(error);
    } finally {
      m.busy = false;
    }
  }

  /** Take back moves: against the computer, the person's last move and the replies
   * after it, so that it is the person's turn again; otherwise one move. */
  async function undo() {
    const m = match;
    if (!m || m.busy || m.trail.length < 2) return;
    let count = 1;
    if (m.mode === "computer") {
      const last = m.trail.map((entry) => entry.by).lastIndexOf("you");
      if (last < 1) return;
      count = m.trail.length - last;
    }
    if (m.mode === "watch") m.paused = true;
    for (let i = 0; i < count; i += 1) m.redo.push(m.trail.pop());
    m.said = "";
    await show(m);
  }

  /** Make again the moves taken back last (against the computer, up to the person's
   * turn). */
  async function redo() {
    const m = match;
    if (!m || m.busy || m.redo.length === 0) return;
    m.trail.push(m.redo.pop());
    while (m.mode === "computer" && m.redo.length && m.redo[m.redo.length - 1].by !== "you") {
      m.trail.push(m.redo.pop());
    }
    m.said = "";
    if (await show(m)) await advance(m);
  }

  function pause() {
    const m = match;
    if (!m || m.mode !== "watch") return;
    m.paused = !m.paused;
    render(m);
    if (!m.paused) advance(m).catch(showError);
  }

  // ---- clicks ------------------------------------------------------------------

  /** Whether click sequence `sequence` begins with `prefix`. */
  const startsWith = (sequence, prefix) => prefix.every((spot, i) => sequence[i] === spot);

  /** The first listed move made by exactly the clicks `clicked`, or -1. */
  function exactMove(m, clicked) {
    return m.report.clicks.findIndex((ways) => ways.some((s) => s.length === clicked.length && startsWith(s, clicked)));
  }

  /** Whether some move's clicks begin with `clicked` and go on. */
  function goesOn(m, clicked) {
    return m.report.clicks.some((ways) => ways.some((s) => s.length > clicked.length && startsWith(s, clicked)));
  }

  const possible = (m, clicked) => exactMove(m, clicked) >= 0 || goesOn(m, clicked);

  /** What each spot that may be clicked now leads to: the best result of the moves
   * through it and, when one click makes a move, that move in words. */
  function clickableSpots(m) {
    const spots = new Map();
    if (!humanTurn(m)) return spots;
    const analysis = analysisShown();
    const note = (spot, index, completes, chosen, next = true) => {
      const move = m.report.moves[index];
      const info = spots.get(spot) || { result: null, label: "", moves: new Set(), completes: new Set(), chosen: false, next };
      info.moves.add(index);
      if (completes) info.completes.add(index);
      if (info.result === null || RANK[move.result] < RANK[info.result]) info.result = move.result;
      info.chosen = info.chosen || chosen;
      info.next = info.next || next;
      spots.set(spot, info);
    };
    const sel = m.selection;
    m.report.clicks.forEach((ways, index) => {
      for (const sequence of ways) {
        if (sequence.length > sel.length && startsWith(sequence, sel)) {
          note(sequence[sel.length], index, sequence.length === sel.length + 1, false);
        }
        // Another first click starts the move again: clickable, not highlighted.
        if (sel.length > 0 && !(spots.has(sequence[0]) && spots.get(sequence[0]).next)) {
          note(sequence[0], index, sequence.length === 1, false, false);
        }
      }
    });
    if (sel.length > 0) {
      const exact = exactMove(m, sel);
      if (exact >= 0) note(sel[sel.length - 1], exact, true, true);
      else spots.set(sel[sel.length - 1], { result: null, moves: new Set(), completes: new Set(), chosen: true, next: true });
    }
    for (const info of spots.values()) {
      const [only] = info.completes;
      if (info.completes.size === 1 && info.moves.size === 1) {
        const move = m.report.moves[only];
        info.label = `${info.chosen ? "again to " : ""}${move.description}${analysis ? outcomeText(move) : ""}`;
      } else {
        info.label = info.chosen ? "chosen" : "starts a move";
        if (analysis && info.result) info.label += { win: ", some of them winning", draw: ", at best a draw", lose: ", every one losing" }[info.result];
      }
    }
    return spots;
  }

  function click(spot, key) {
    const m = match;
    if (!humanTurn(m) || !spot) return;
    m.focusKey = key;
    const sel = m.selection;
    if (sel.length > 0 && spot === sel[sel.length - 1]) {
      const exact = exactMove(m, sel);
      m.selection = [];
      if (exact >= 0) play(exact);
      else render(m);
      return;
    }
    let next = [...sel, spot];
    if (!possible(m, next)) next = [spot];
    if (!possible(m, next)) return;
    const exact = exactMove(m, next);
    if (exact >= 0 && !goesOn(m, next)) {
      m.selection = [];
      play(exact);
      return;
    }
    m.selection = next;
    render(m);
    const again = exact >= 0 ? `, or the same place again to ${m.report.moves[exact].description}` : "";
    setStatus(m, `Click a highlighted place to finish this move${again}. Escape starts again.`);
  }

  function clearSelection() {
    const m = match;
    if (m && m.selection.length) {
      m.selection = [];
      render(m);
    }
  }

  // ---- drawing -----------------------------------------------------------------

  function setStatus(m, text) {
    if (m === match) $("status").textContent = text;
  }

  function statusOf(m) {
    const report = m.report;
    if (report.over) {
      if (m.trail.length === 1 && report.result !== "draw") {
        return "No move is possible from this start: choose another position.";
      }
      if (report.result === "draw") {
        return `${m.said}Game over: a draw, since the same position came round three times.`;
      }
      const winner = report.result === "mover" ? toMove(m) : lastMover(m);
      const verb = winner.name === "you" ? "you won" : `${winner.name} won`;
      return `${m.said}Game over: ${verb}.`;
    }
    const mover = toMove(m);
    if (m.mode === "watch") return m.paused ? `${m.said}Paused: ${mover.name} to move.` : `${m.said}${capital(mover.name)} is thinking…`;
    if (m.mode === "computer") {
      if (!mover.human) return "The computer is thinking…";
      return `${m.said}Your move.`;
    }
    return `${m.said}${capital(mover.name)} to move.`;
  }

  function render(m) {
    if (m !== match) return;
    const previousFocus = document.activeElement;
    const hadFocus = previousFocus === document.body || $("game-area").contains(previousFocus);
    const spots = clickableSpots(m);
    const analysis = analysisShown();
    drawBoard($("board"), m.report.board, {
      clickable: (spot) => spots.get(spot) || null,
      spots: (prefix) => [...spots.keys()].filter((spot) => spot.startsWith(prefix)),
      click: (spot) => click(spot, document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.spots : null),
      analysis,
    });
    drawMoves(m, analysis);
    drawAnalysis(m, analysis);
    $("status").textContent = statusOf(m);
    $("undo").disabled = m.trail.length < 2;
    $("redo").disabled = m.redo.length === 0;
    $("pause").hidden = m.mode !== "watch";
    $("pause").textContent = m.paused ? "Resume" : "Pause";
    drawHistory(m);
    changed();
    if (hadFocus && humanTurn(m)) restoreFocus(m);
  }

  /** Put the keyboard focus back where it was before the board was redrawn: on the
   * same spot if it is still there, else on the board's first place to click. */
  function restoreFocus(m) {
    const same = m.focusKey && [...document.querySelectorAll("#board [data-spots], #move-list [data-spots]")].find((e) => e.dataset.spots === m.focusKey);
    const target = same || document.querySelector("#board .target") || document.querySelector("#move-list button");
    if (target && document.activeElement !== target) target.focus();
  }

  function drawMoves(m, analysis) {
    const list = $("move-list");
    list.replaceChildren();
    // With the analysis hidden the moves are in reading order, so that the first one
    // listed does not give the winning move away.
    const order = m.report.moves.map((move, index) => index);
    if (!analysis) {
      order.sort((a, b) => m.report.moves[a].text.localeCompare(m.report.moves[b].text, undefined, { numeric: true }));
    }
    const live = humanTurn(m);
    for (const index of order) {
      const move = m.report.moves[index];
      const button = element("button", { type: "button", "data-spots": `move ${move.text}` }, `${move.text}: ${move.description}`);
      if (analysis) {
        button.className = move.result;
        button.textContent += outcomeText(move);
      }
      button.setAttribute("aria-disabled", String(!live));
      button.addEventListener("click", () => {
        m.focusKey = `move ${move.text}`;
        play(index);
      });
      const item = element("li");
      item.append(button);
      list.append(item);
    }
    const more = Number(m.report.count) - m.report.moves.length;
    $("more-moves").textContent = more > 0 ? `… and ${more} more ${more === 1 ? "move" : "moves"}, which you may type.` : "";
  }

  function drawHistory(m) {
    const list = $("history");
    list.replaceChildren();
    m.trail.forEach((entry, i) => {
      const text = i === 0 ? `Start: ${entry.position}` : `${capital(entry.by)}: ${entry.position}`;
      list.append(element("li", {}, text));
    });
  }

  function drawAnalysis(m, on) {
    $("analysis").hidden = !on;
    if (!on) return;
    const a = m.report.analysis;
    const value = a.grundy == null ? "" : ` Grundy value ${a.grundy}.`;
    const who = { N: "The player to move wins", P: "The player to move loses", D: "Neither player can force a win: with best play it is a draw" }[a.outcome];
    $("reason").textContent = `${who}.${value} Why: ${a.explanation}.`;
    drawChart(m);
  }

  /** The Grundy value after each move, as a line, with each position's dot coloured
   * by its outcome for the player to move in the convention played (green: wins,
   * red: loses, amber: a draw). Games without Grundy values show the outcomes alone. */
  function drawChart(m) {
    const chart = $("value-chart");
    chart.replaceChildren();
    const values = m.trail.map((entry) => entry.grundy);
    const known = values.every((v) => v !== null && v !== undefined);
    const top = largest(values.filter((v) => v !== null && v !== undefined));
    const x = (i) => 30 + (i * 350) / Math.max(1, values.length - 1);
    const y = (v) => (v === null || v === undefined ? 60 : 92 - (v * 60) / top);
    drawAxes(chart, {
      x,
      y: known ? y : () => 92,
      xmax: values.length - 1,
      ymax: known ? top : 0,
      xname: "moves played",
      yname: known ? "Grundy value" : "",
    });
    if (known) {
      svgNode("polyline", {
        points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "),
        fill: "none",
        stroke: "#2b59c3",
        "stroke-width": 2,
      }, chart);
    }
    const classes = { N: ["wins", "#1f7a3d"], P: ["loses", "#a3261b"], D: ["draws", "#9a6700"] };
    m.trail.forEach((entry, i) => {
      const [cls, fill] = classes[entry.outcome] || classes.N;
      svgNode("circle", { cx: x(i), cy: y(values[i]), r: 3, class: cls, fill }, chart);
    });
    svgText(chart, 4, 10, known
      ? `Grundy value after each move (max ${top}); green: the player to move wins, red: loses`
      : "Who wins after each move (green: the player to move, red: the other)", { class: "legend" });
  }

  function typedMove(event) {
    event.preventDefault();
    const m = match;
    // Spaces do not matter: "1  2" is the move "1 2".
    const words = (text) => text.trim().split(/\s+/).join(" ");
    const text = words($("move-text").value);
    const index = m && m.report ? m.report.moves.findIndex((move) => words(move.text) === text) : -1;
    if (index < 0) {
      showError(`'${text}' is not one of the legal moves listed below`);
      return;
    }
    $("move-text").value = "";
    m.focusKey = null;
    play(index);
  }

  /** The address of the match shown: game, position and settings. */
  function link(params) {
    const m = match;
    if (!m) return;
    params.set("game", m.spec);
    params.set("position", m.trail[m.trail.length - 1].position);
    if (m.graph !== null) params.set("graph", m.graph);
    if (m.misere) params.set("misere", "1");
    if (m.mode !== "computer") params.set("mode", m.mode);
  }

  return {
    start,
    undo: () => undo().catch(showError),
    redo: () => redo().catch(showError),
    pause,
    typedMove,
    clearSelection,
    link,
    redraw: () => match && match.report && render(match),
    started: () => match !== null,
  };
}
