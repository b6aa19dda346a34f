// Playing a game: one match at a time, against the computer, between two people, or
// the computer against itself, with a history to undo and redo. The server lists the
// moves of each position with the clicks that make them; a click here only matches
// what the person clicked against those lists, and a typed or built move goes to the
// server, which checks it against the rules.
//
// No dead ends: every step is a request that may fail (the server busy, out of time,
// gone). A step changes the match only once its answer has come, so a failure leaves
// the last good state on screen, with one sentence saying what happened and a "Try
// again" button; the computer's move is retried by itself when the server asks to
// wait (Retry-After).

import { $, element, roving } from "./dom.js";
import { wordsOf } from "./api.js";
import { drawBoard, drawnAsText, resultMark } from "./board.js";
import { drawBuilder } from "./builder.js";
import { drawTimeline } from "./chart.js";

/** Who plays, by mode: the first entry moves first. `record` is the name a game
 * record gives the player. */
function playersOf(mode, first) {
  if (mode === "people") {
    return [
      { name: "player 1", record: "player 1", human: true },
      { name: "player 2", record: "player 2", human: true },
    ];
  }
  if (mode === "watch") {
    return [
      { name: "the first computer", record: "computer" },
      { name: "the second computer", record: "computer" },
    ];
  }
  const you = { name: "you", record: "you", human: true };
  const computer = { name: "the computer", record: "computer" };
  return first === "computer" ? [computer, you] : [you, computer];
}

/** The mode and first player of a game whose moves were made by `names` (as a
 * record names players). */
export function modeOfPlayers(names) {
  if (names.some((n) => n === "player 1" || n === "player 2")) return { mode: "people", first: "person" };
  if (names.length > 1 && names.every((n) => n === "computer")) return { mode: "watch", first: "person" };
  return { mode: "computer", first: names[0] === "computer" ? "computer" : "person" };
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);
const clause = (text) => lowerFirst(text).replace(/[.]$/, "");
/** `text` ended as a sentence: with a full stop unless it ends with ? or !. */
const ended = (text) => (/[.?!]$/.test(text) ? text : `${text}.`);

/** " (wins in 3)", " (loses in 4)", " (draws)" or " (wins)": the move's result for
 * the player making it, with the number of moves the game then lasts (this one
 * included) where the server knows it; nothing when the move was not analyzed. */
export function outcomeText(move) {
  if (!move.result) return "";
  if (move.result === "draw") return " (draws)";
  const verb = move.result === "win" ? "wins" : "loses";
  return move.remoteness == null ? ` (${verb})` : ` (${verb} in ${move.remoteness + 1})`;
}

/** Why a position was not analyzed, in words about the game. */
const UNANALYZED = {
  "too-large": "this position is too large for the computer to work out who wins",
  "no-known-value": "this game's values have never been worked out this far, so nobody knows who wins",
  "out-of-time": "the computer could not work out who wins in the time it has",
  undefined: "the computer has no way to work out who wins",
};

/** Failures worth trying again: the server busy, out of time, gone, or failing. */
const TRANSIENT = new Set(["busy", "out-of-time", "timeout", "gone", "bug", "cancelled", "too-big"]);

/** How many times in a row the computer's move is retried by itself. */
const AUTOMATIC_RETRIES = 8;

const RANK = { win: 0, draw: 1, lose: 2 };

/** The values a position's report gives the chart. */
function valuesOf(report) {
  const analysis = report.analysis;
  return {
    grundy: analysis && analysis.grundy != null ? analysis.grundy : null,
    outcome: analysis ? analysis.outcome : null,
    remoteness: report.remoteness ?? null,
  };
}

/** The page's play section. `hooks`: `changed()` when the address should change,
 * `startError(words)` for a start that failed, `analysisShown()`, `chartKind()`,
 * `playing(match)` when a match is shown (for the guide), and `opened(match)` when
 * it came from a record (for the form). */
export function createPlayer(api, hooks) {
  let match = null; // the match shown; replaced by each start
  let starts = 0; // counts starts: answers for an earlier one are dropped

  const toMove = (m) => m.players[(m.trail.length - 1) % 2];
  const lastMover = (m) => m.players[m.trail.length % 2];
  const humanTurn = (m) => m && m.report && !m.report.over && toMove(m).human && !m.busy;
  const last = (m) => m.trail[m.trail.length - 1];

  /** The positions before trail index `index`, when the game's positions can repeat
   * (they decide a draw by repetition); none otherwise. */
  const historyUpTo = (m, index) => (m.repeats ? m.trail.slice(0, index).map((e) => e.position) : []);

  function gameBody(m, extra = {}) {
    const body = { game: m.spec, misere: m.misere, ...extra };
    if (m.graph !== null) body.graph = m.graph;
    return body;
  }

  /** The report of `position` (after `extra.move`, if given). A position the server
   * cannot analyze (beyond a limit it checks before the work) is asked for again
   * without its analysis, so that two people can still play it. */
  async function fetchReport(m, position, history, extra = {}) {
    const body = gameBody(m, { position, history, ...extra });
    try {
      return await api.call("/api/position", body);
    } catch (error) {
      if (!["too-large", "no-known-value", "undefined"].includes(error.kind)) throw error;
      const plain = await api.call("/api/position", { ...body, analyze: false });
      plain.unanalyzed = error.kind;
      return plain;
    }
  }

  /** The game sent whole (for a replay, a record or a review). */
  function gameSent(m, moves, extra = {}) {
    return gameBody(m, {
      start: m.trail[0].position,
      moves: moves.map((entry) => entry.text),
      players: moves.map((entry) => m.players[entry.by].record),
      ...extra,
    });
  }

  function newMatch(settings) {
    return {
      spec: settings.spec,
      graph: settings.graph ?? null,
      misere: settings.misere,
      mode: settings.mode,
      first: settings.first,
      level: settings.level,
      pace: settings.pace,
      players: playersOf(settings.mode, settings.first),
      trail: [],
      redo: [],
      selection: [],
      report: null,
      repeats: false,
      busy: false,
      paused: settings.mode === "watch" && (settings.moves || []).length > 0,
      focusKey: null,
      said: "",
      failed: null,
      retries: 0,
      timer: null,
      review: null,
    };
  }

  /** Start a match from `settings` (the form's, or a link's with its moves). The
   * match before goes on if the start fails. */
  async function start(settings) {
    const mine = ++starts;
    hooks.startError("");
    const m = newMatch(settings);
    try {
      const moves = settings.moves || [];
      const redo = settings.redo || [];
      if (moves.length || redo.length) {
        const names = [...moves, ...redo].map((_, i) => m.players[i % 2].record);
        const replay = await api.call("/api/replay", gameBody(m, {
          start: settings.position,
          moves: [...moves, ...redo],
          players: names,
          shown: moves.length,
        }));
        if (mine !== starts) return;
        restoreFrom(m, replay, moves.length);
      } else {
        const report = await fetchReport(m, settings.position, []);
        if (mine !== starts) return;
        m.trail = [{ position: report.position, text: null, description: null, by: null, ...valuesOf(report) }];
        m.report = report;
        m.repeats = report.repeats;
      }
      show(m);
    } catch (error) {
      if (mine !== starts) return;
      const words = ended(`The game did not start: ${clause(wordsOf(error))}`);
      hooks.startError(match ? `${words} The game before goes on.` : words);
      if (!match) $("game-area").hidden = true;
    }
  }

  /** Open a game record's text ("Open game"): the game, its moves and who made them. */
  async function open(text) {
    const mine = ++starts;
    hooks.startError("");
    try {
      const replay = await api.call("/api/replay", { record: text });
      if (mine !== starts) return null;
      const names = replay.steps.map((step) => step.by);
      const { mode, first } = modeOfPlayers(names);
      const m = newMatch({ spec: replay.game, graph: replay.graph, misere: replay.misere, mode, first, level: 10, pace: 700 });
      // A game opened is looked at first: the computer moves on Resume.
      m.paused = true;
      restoreFrom(m, replay, replay.steps.length);
      show(m);
      hooks.opened(m);
      await requestReview(m);
      return m;
    } catch (error) {
      if (mine !== starts) return null;
      hooks.startError(ended(`The game did not open: ${clause(wordsOf(error))}`));
      return null;
    }
  }

  /** Fill `m` from a replay whose first `shown` moves are played (the rest taken
   * back, to redo). */
  function restoreFrom(m, replay, shown) {
    const entries = [{ position: replay.start, text: null, description: null, by: null }];
    replay.steps.forEach((step, i) => {
      entries.push({ position: step.position, text: step.text, description: step.description, by: i % 2 });
    });
    entries.forEach((entry, i) => Object.assign(entry, replay.values[i]));
    m.trail = entries.slice(0, shown + 1);
    m.redo = entries.slice(shown + 1).reverse();
    m.report = replay.report;
    m.repeats = replay.report.repeats;
    Object.assign(last(m), valuesOf(replay.report));
  }

  /** Show `m` as the match, and let the computer move if it is its turn. */
  function show(m) {
    const previous = match;
    if (previous && previous.timer) clearTimeout(previous.timer);
    match = m;
    $("move-text").value = "";
    $("typed-error").textContent = "";
    $("game-area").hidden = false;
    render(m);
    // For measurements: a game is shown from here.
    performance.mark("nimlab-shown");
    hooks.playing(m);
    // On a small screen the board starts below the form: bring it into view.
    if ($("status").getBoundingClientRect().top > window.innerHeight * 0.6) {
      $("status").scrollIntoView({ block: "start" });
    }
    advance(m);
  }

  /** Say that a step failed (one sentence) and offer to try it again. */
  function fail(m, words, retry) {
    m.failed = { words, retry };
    render(m);
  }

  function clearFailure(m) {
    m.failed = null;
    if (m.timer) {
      clearTimeout(m.timer);
      m.timer = null;
    }
  }

  /** Let the computer move while it is its turn (and, watching, while not paused). */
  async function advance(m) {
    while (m === match && m.report && !m.report.over && !toMove(m).human && !m.paused && !m.busy) {
      if (!m.report.analysis) {
        render(m); // the status says why the computer cannot play
        return;
      }
      const mover = toMove(m);
      const at = m.trail.length - 1;
      m.busy = true;
      m.failed = null;
      try {
        if (m.mode === "watch") {
          setStatus(m, `${m.said}${capital(mover.name)} is thinking…`);
          render(m);
          await new Promise((resolve) => setTimeout(resolve, m.pace));
          if (m !== match || m.paused) return;
        } else {
          render(m);
        }
        const level = m.mode === "watch" ? 10 : m.level;
        const reply = await api.call("/api/computer-move", gameBody(m, { position: last(m).position, level }));
        if (m !== match) return;
        const report = await fetchReport(m, last(m).position, historyUpTo(m, at), { move: reply.text });
        if (m !== match || m.trail.length - 1 !== at) return;
        m.trail.push({ position: report.position, text: report.played.text, description: report.played.description, by: at % 2, ...valuesOf(report) });
        m.redo = [];
        m.review = null;
        m.report = report;
        m.retries = 0;
        m.said = `${capital(mover.name)} chose to ${reply.description}. `;
      } catch (error) {
        if (m !== match) return;
        m.busy = false;
        const why = clause(wordsOf(error));
        if (error.retryAfter !== null && error.retryAfter !== undefined && m.retries < AUTOMATIC_RETRIES) {
          m.retries += 1;
          const seconds = Math.min(Math.max(error.retryAfter, 1), 30);
          fail(m, `The computer's move did not arrive, as ${why}: it tries again in ${seconds} s.`, null);
          m.timer = setTimeout(() => {
            m.timer = null;
            if (m === match) advance(m);
          }, seconds * 1000);
        } else {
          m.retries = 0;
          fail(m, ended(`The computer's move did not arrive: ${why}`), () => advance(m));
        }
        return;
      } finally {
        m.busy = false;
      }
    }
    if (m === match) render(m);
  }

  /** The person to move makes the move typed as `text` (from the list, the board,
   * the box or the builder); the server checks it. `typed` errors are shown under
   * the box they came from. */
  async function playMove(text, typed = false) {
    const m = match;
    if (!humanTurn(m)) return false;
    const at = m.trail.length - 1;
    const mover = toMove(m);
    clearFailure(m);
    $("typed-error").textContent = "";
    m.busy = true;
    m.selection = [];
    setStatus(m, "Making the move…");
    let report;
    try {
      report = await fetchReport(m, last(m).position, historyUpTo(m, at), { move: text });
    } catch (error) {
      if (m !== match) return false;
      m.busy = false;
      if (typed && error.kind === "input") {
        $("typed-error").textContent = ended(`'${text}' is not a move here: ${clause(wordsOf(error))}`);
        render(m);
      } else {
        const retry = TRANSIENT.has(error.kind) ? () => playMove(text, typed) : null;
        fail(m, ended(`Your move was not made: ${clause(wordsOf(error))}`), retry);
      }
      return false;
    } finally {
      m.busy = false;
    }
    if (m !== match || m.trail.length - 1 !== at) return false;
    m.trail.push({ position: report.position, text: report.played.text, description: report.played.description, by: at % 2, ...valuesOf(report) });
    m.redo = [];
    m.review = null;
    m.report = report;
    if (m.mode === "computer") m.paused = false; // the computer answers a move
    m.said = m.mode === "people" ? `${capital(mover.name)} chose to ${report.played.description}. ` : "";
    render(m);
    await advance(m);
    return true;
  }

  /** Show trail position `index`, the moves after it taken back (to redo). */
  async function goTo(m, index) {
    if (!m || m !== match || m.busy || index < 0 || index >= m.trail.length - 1) return;
    clearFailure(m);
    m.busy = true;
    let report;
    try {
      report = await fetchReport(m, m.trail[index].position, historyUpTo(m, index));
    } catch (error) {
      if (m !== match) return;
      m.busy = false;
      fail(m, ended(`Going back did not work: ${clause(wordsOf(error))}`), () => goTo(m, index));
      return;
    } finally {
      m.busy = false;
    }
    if (m !== match) return;
    m.redo.push(...m.trail.splice(index + 1).reverse());
    m.report = report;
    m.said = "";
    m.selection = [];
    m.retries = 0;
    if (m.mode === "watch") m.paused = true;
    render(m);
    await advance(m);
  }

  /** Where Take back goes: against the computer, the person's last turn before
   * now; otherwise one move back; null when there is nothing to take back. */
  function undoTarget(m) {
    const now = m.trail.length - 1;
    if (m.mode !== "computer") return now >= 1 ? now - 1 : null;
    for (let j = now - 1; j >= 0; j -= 1) if (m.players[j % 2].human) return j;
    return null;
  }

  /** Make again the moves taken back last (against the computer, up to the
   * person's turn). */
  async function redo() {
    const m = match;
    if (!m || m.busy || m.redo.length === 0) return;
    clearFailure(m);
    let count = 1;
    while (m.mode === "computer" && count < m.redo.length && !m.players[(m.trail.length - 1 + count) % 2].human) count += 1;
    const entries = m.redo.slice(-count).reverse();
    const at = m.trail.length - 1 + count;
    const history = m.repeats ? [...m.trail, ...entries].slice(0, at).map((e) => e.position) : [];
    m.busy = true;
    let report;
    try {
      report = await fetchReport(m, entries[entries.length - 1].position, history);
    } catch (error) {
      if (m !== match) return;
      m.busy = false;
      fail(m, ended(`Redo did not work: ${clause(wordsOf(error))}`), () => redo());
      return;
    } finally {
      m.busy = false;
    }
    if (m !== match) return;
    m.redo.splice(-count);
    m.trail.push(...entries);
    m.report = report;
    m.said = "";
    render(m);
    await advance(m);
  }

  /** A point of the chart: go back to that position (against the computer, to the
   * person's turn at or before it). */
  function pick(index) {
    const m = match;
    if (!m) return;
    let target = index;
    if (m.mode === "computer") while (target > 0 && !m.players[target % 2].human) target -= 1;
    if (target < m.trail.length - 1) goTo(m, target);
  }

  function pause() {
    const m = match;
    if (!m || (m.mode !== "watch" && !m.paused)) return;
    m.paused = !m.paused;
    render(m);
    if (!m.paused) advance(m);
  }

  /** Two people go on with a game the computer cannot play. */
  function twoPeople() {
    const m = match;
    if (!m) return;
    m.mode = "people";
    m.players = playersOf("people", "person");
    m.paused = false;
    clearFailure(m);
    render(m);
    hooks.playing(m);
  }

  // ---- records and reviews -----------------------------------------------------

  /** The people's mistakes in the game so far, shown in the list of moves played. */
  async function requestReview(m) {
    if (!m || m.trail.length < 2) return;
    try {
      const mistakes = await api.call("/api/review", gameSent(m, m.trail.slice(1)));
      if (m !== match) return;
      m.review = mistakes;
      $("history-box").open = true;
      render(m);
    } catch (error) {
      if (m === match) fail(m, ended(`The review did not arrive: ${clause(wordsOf(error))}`), () => requestReview(m));
    }
  }

  /** "Save game": the game as a record, downloaded as a file `nimlab review` reads. */
  async function save() {
    const m = match;
    if (!m) return;
    try {
      const record = await api.call("/api/record", gameSent(m, m.trail.slice(1)));
      const text = `${JSON.stringify(record, null, 2)}\n`;
      const link = element("a", {
        href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
        download: `${m.spec.replace(/[^A-Za-z0-9.,-]+/g, "-")}-game.json`,
      });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    } catch (error) {
      if (m === match) fail(m, ended(`The game was not saved: ${clause(wordsOf(error))}`), () => save());
    }
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
    const analysis = hooks.analysisShown();
    const note = (spot, index, completes, chosen, next = true) => {
      const move = m.report.moves[index];
      const info = spots.get(spot) || { result: null, label: "", moves: new Set(), completes: new Set(), chosen: false, next };
      info.moves.add(index);
      if (completes) info.completes.add(index);
      if (move.result && (info.result === null || RANK[move.result] < RANK[info.result])) info.result = move.result;
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
      if (exact >= 0) playMove(m.report.moves[exact].text);
      else render(m);
      return;
    }
    let next = [...sel, spot];
    if (!possible(m, next)) next = [spot];
    if (!possible(m, next)) return;
    const exact = exactMove(m, next);
    if (exact >= 0 && !goesOn(m, next)) {
      m.selection = [];
      playMove(m.report.moves[exact].text);
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

  /** Why the computer cannot play here, when it cannot. */
  function cannotPlay(m) {
    const reason = UNANALYZED[m.report.unanalyzed] || UNANALYZED.undefined;
    return `The computer cannot play from here: ${reason}. Two people can still play it.`;
  }

  function statusOf(m) {
    const report = m.report;
    if (report.over) {
      if (m.trail.length === 1 && report.result !== "draw") {
        return "No move is possible from this start: choose another position.";
      }
      if (report.result === "draw") {
        return `${m.said}Game over: a draw, since ${report.draw_rule}.`;
      }
      const winner = report.result === "mover" ? toMove(m) : lastMover(m);
      const verb = winner.name === "you" ? "you won" : `${winner.name} won`;
      return `${m.said}Game over: ${verb}.`;
    }
    const mover = toMove(m);
    if (m.mode !== "people" && !report.analysis) return `${m.said}${cannotPlay(m)}`;
    if (!mover.human && m.paused) return `${m.said}Paused: ${mover.name} to move; Resume lets ${m.mode === "watch" ? "the game go on" : "it move"}.`;
    if (m.mode === "watch") return `${m.said}${capital(mover.name)} is thinking…`;
    if (!mover.human && m.failed) return `${m.said}${capital(mover.name)} is to move.`;
    if (m.mode === "computer") {
      if (!mover.human) return `${m.said}The computer is thinking…`;
      return `${m.said}Your move.`;
    }
    return `${m.said}${capital(mover.name)} to move.`;
  }

  /** The page's title: the game and whose turn it is. */
  function titleOf(m) {
    const game = `${m.spec}${m.misere ? " (misère)" : ""}`;
    let turn;
    if (m.report.over) turn = "game over";
    else if (toMove(m).name === "you") turn = "your move";
    else turn = `${toMove(m).name} to move`;
    return `${game}: ${turn} — nimlab`;
  }

  function render(m) {
    if (m !== match) return;
    const previousFocus = document.activeElement;
    const hadFocus = previousFocus === document.body || $("game-area").contains(previousFocus);
    const spots = clickableSpots(m);
    const analysis = hooks.analysisShown();
    const live = humanTurn(m);
    drawBoard($("board"), m.report.board, {
      clickable: (spot) => spots.get(spot) || null,
      spots: (prefix) => [...spots.keys()].filter((spot) => spot.startsWith(prefix)),
      click: (spot) => click(spot, document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.spots : null),
      analysis,
    });
    const focused = m.focusKey ? `[data-spots="${CSS.escape(m.focusKey)}"]` : null;
    roving($("board"), "[data-spots]", {
      current: [focused, ".chosen", ".target"].filter(Boolean).join(", "),
      remember: (node) => {
        m.focusKey = node.dataset.spots;
      },
    });
    drawMoves(m, analysis, live);
    drawTyping(m, live);
    drawAnalysis(m, analysis);
    $("status").textContent = statusOf(m);
    document.title = titleOf(m);
    $("play-error").textContent = m.failed ? m.failed.words : "";
    $("retry").hidden = !(m.failed && m.failed.retry);
    $("two-people").hidden = !(m.mode !== "people" && !m.report.analysis && !m.report.over);
    const target = undoTarget(m);
    $("undo").disabled = target === null || m.busy;
    $("redo").disabled = m.redo.length === 0 || m.busy;
    $("pause").hidden = !(m.mode === "watch" || m.paused) || m.report.over;
    $("pause").textContent = m.paused ? "Resume" : "Pause";
    $("review").disabled = m.trail.length < 2;
    drawHistory(m);
    hooks.changed();
    if (hadFocus && live) restoreFocus(m);
  }

  /** Put the keyboard focus back where it was before the board was redrawn: on the
   * same spot if it is still there, else on the board's first place to click. */
  function restoreFocus(m) {
    const same = m.focusKey && [...document.querySelectorAll("#board [data-spots], #move-list [data-spots]")].find((e) => e.dataset.spots === m.focusKey);
    const target = same || document.querySelector("#board .target") || document.querySelector("#move-list button");
    if (target && document.activeElement !== target) target.focus();
  }

  function drawMoves(m, analysis, live) {
    const list = $("move-list");
    list.replaceChildren();
    const over = m.report.over;
    $("moves-box").hidden = over;
    if (over) return;
    // With the analysis hidden the moves are in reading order, so that the first one
    // listed does not give the winning move away.
    const order = m.report.moves.map((move, index) => index);
    if (!analysis) {
      order.sort((a, b) => m.report.moves[a].text.localeCompare(m.report.moves[b].text, undefined, { numeric: true }));
    }
    for (const index of order) {
      const move = m.report.moves[index];
      const button = element("button", { type: "button", "data-spots": `move ${move.text}` }, `${move.text}: ${move.description}`);
      if (analysis && move.result) {
        button.className = move.result;
        button.textContent += outcomeText(move);
        button.prepend(resultMark(move.result), " ");
      }
      button.setAttribute("aria-disabled", String(!live));
      button.addEventListener("click", () => {
        m.focusKey = `move ${move.text}`;
        playMove(move.text);
      });
      const item = element("li");
      item.append(button);
      list.append(item);
    }
    roving(list, "button", {
      current: m.focusKey ? `[data-spots="${CSS.escape(m.focusKey)}"]` : "button",
      remember: (node) => {
        m.focusKey = node.dataset.spots;
      },
    });
    const more = Number(m.report.count) - m.report.moves.length;
    $("more-moves").textContent = more > 0
      ? `… and ${more} more ${more === 1 ? "move" : "moves"}: type one, or build it below.`
      : "";
  }

  /** The box for typed moves, with how to type one, and the builder for boards too
   * large to draw or with more moves than are listed. */
  function drawTyping(m, live) {
    const over = m.report.over;
    $("typed-move").hidden = over;
    $("move-syntax").textContent = over ? "" : `How to type a move: ${m.report.move_syntax}.`;
    const more = Number(m.report.count) > m.report.moves.length;
    const builder = $("builder");
    const wanted = !over && live && (more || drawnAsText(m.report.board));
    builder.hidden = !wanted;
    if (!wanted) {
      builder.replaceChildren();
    } else if (builder.dataset.position !== m.report.position || !builder.firstChild) {
      drawBuilder(builder, m.report, (text) => playMove(text, true));
    }
    builder.dataset.position = wanted ? m.report.position : "";
  }

  function drawHistory(m) {
    const list = $("history");
    list.replaceChildren();
    const mistakes = new Map((m.review || []).map((mistake) => [mistake.index, mistake]));
    m.trail.forEach((entry, i) => {
      if (i === 0) {
        list.append(element("li", {}, `Start: ${entry.position}`));
        return;
      }
      const who = capital(m.players[entry.by].name);
      const item = element("li", {}, `${who}: ${entry.position}`);
      item.title = entry.description;
      const mistake = mistakes.get(i - 1);
      if (mistake) {
        item.classList.add("mistake");
        item.append(element("span", { class: "mistake-note" },
          ` — a mistake: it turned a won position into a lost one. A move that kept the win: ${mistake.better.description} (${mistake.better.text}), which ${mistake.reason}.`));
      }
      list.append(item);
    });
    const summary = $("review-summary");
    if (!m.review) {
      summary.textContent = "";
    } else {
      const count = m.review.length;
      summary.textContent = count === 0
        ? "Review: no mistakes; no one threw away a won position."
        : `Review: ${count} ${count === 1 ? "mistake" : "mistakes"}, marked below.`;
    }
  }

  function drawAnalysis(m, on) {
    $("analysis").hidden = !on;
    if (!on) return;
    const a = m.report.analysis;
    if (!a) {
      $("reason").textContent = `Not analyzed: ${UNANALYZED[m.report.unanalyzed] || UNANALYZED.undefined}.`;
    } else {
      const value = a.grundy == null ? "" : ` Grundy value ${a.grundy}.`;
      const lasts = m.report.remoteness == null || m.report.over ? "" : ` With best play the game lasts ${m.report.remoteness} more ${m.report.remoteness === 1 ? "move" : "moves"}.`;
      $("reason").textContent = `${ended(m.report.verdict)}${value}${lasts} Why: ${a.explanation}.`;
    }
    $("chart-legend").textContent = drawTimeline($("value-chart"), m.trail, {
      kind: hooks.chartKind(),
      now: m.trail.length - 1,
      pick,
    });
  }

  /** The typed move's form. */
  function typedMove(event) {
    event.preventDefault();
    const m = match;
    // Spaces do not matter: "1  2" is the move "1 2".
    const text = $("move-text").value.trim().split(/\s+/).join(" ");
    if (!m || !text) return;
    if (!humanTurn(m)) {
      $("typed-error").textContent = "Wait for your turn to move.";
      return;
    }
    m.focusKey = null;
    playMove(text, true).then((made) => {
      if (made) $("move-text").value = "";
    });
  }

  /** The game shown, for its address (see link.js). */
  function game() {
    const m = match;
    if (!m || !m.trail.length) return null;
    return {
      spec: m.spec,
      graph: m.graph,
      start: m.trail[0].position,
      misere: m.misere,
      mode: m.mode,
      first: m.first,
      level: m.level,
      pace: m.pace,
      moves: m.trail.slice(1).map((e) => e.text),
      redo: [...m.redo].reverse().map((e) => e.text),
    };
  }

  return {
    start,
    open,
    undo: () => match && undoTarget(match) !== null && goTo(match, undoTarget(match)),
    redo,
    pause,
    retry: () => match && match.failed && match.failed.retry && match.failed.retry(),
    twoPeople,
    review: () => requestReview(match),
    save,
    typedMove,
    clearSelection,
    game,
    redraw: () => match && match.report && render(match),
    playing: () => match,
  };
}
