// nimlab's page: plays any game of the registry through the JSON API, draws the
// board the server describes, and explores nim-sequences. All the game logic is on
// the server; the page draws what it is sent and turns clicks into the moves listed.
// The modules: js/api.js (requests and their failures), js/board.js (boards),
// js/builder.js (the move builder), js/play.js (a match), js/chart.js (its
// timeline), js/link.js (the address), js/guide.js (how to play), js/explore.js
// (plots), js/dom.js (helpers).

import { $ } from "./js/dom.js";
import { createApi, wordsOf } from "./js/api.js";
import { createExplorer } from "./js/explore.js";
import { showGuide } from "./js/guide.js";
import { exploreFragment, playFragment, readAddress } from "./js/link.js";
import { createPlayer } from "./js/play.js";

/** The largest request body the server reads, which bounds the graph files and game
 * records the page sends: the server's limit, written into the page it serves. */
const BODY_BYTES = Number(document.querySelector('meta[name="nimlab-body-bytes"]').content);

/** What a game accepts when the server cannot say (a spec being typed): the
 * settings stay as they are until it is a game. */
const UNKNOWN = { family: null, takes_misere: true, on_graph: false };

function main(api, families) {
  // What each spec accepts, as the server says (the page reads no spec): its family
  // (when it is one family's), whether it takes misère play, whether it is played on
  // a graph sent with it. The menu's games are known from the list of games; a spec
  // typed is asked about (an answer that fails is not kept: asked again later).
  const known = new Map(families.map((f) => [f.example, f]));
  const acceptsOf = (spec) =>
    known.has(spec)
      ? Promise.resolve(known.get(spec))
      : api.call("/api/game", { game: spec }).then((accepts) => {
        known.set(spec, accepts);
        return accepts;
      }, () => UNKNOWN);
  const familyNamed = (name) => families.find((f) => f.name === name) || null;
  // What the form's game accepts: its spec and the server's answer.
  let chosen = { spec: null, ...UNKNOWN };
  const choose = (spec, accepts) => {
    chosen = { spec, family: accepts.family, takes_misere: accepts.takes_misere, on_graph: accepts.on_graph };
  };
  /** Learn what the form's game accepts at once, if it is known; whether it was. */
  function learnKnown() {
    const spec = chosenSpec();
    if (known.has(spec)) choose(spec, known.get(spec));
    return known.has(spec);
  }
  /** Learn what the form's game accepts; false if the form names another game by
   * the time the answer comes (its own answer is then on its way). */
  async function learnChosen() {
    if (learnKnown()) return true;
    const spec = chosenSpec();
    const accepts = await acceptsOf(spec);
    if (chosenSpec() !== spec) return false;
    choose(spec, accepts);
    return true;
  }
  const chosenSpec = () => $("game-spec").value.trim() || $("game-menu").value;
  const chosenGraph = () => (chosen.on_graph ? $("graph").value.trim() : null);
  const chosenMisere = () => chosen.takes_misere && $("misere").checked;

  /** The address holds the page's state, so that a copied link reproduces it. */
  function changed() {
    let fragment = "";
    if (!$("explore-section").hidden) {
      fragment = exploreFragment(explorer.state());
      document.title = `Explore: ${explorer.state().game} — nimlab`;
    } else {
      const game = player.game();
      if (game) fragment = playFragment(game, { analysis: $("show-analysis").checked, chart: $("chart-kind").value });
      else document.title = "nimlab";
    }
    history.replaceState(null, "", fragment ? `${location.pathname}#${fragment}` : location.pathname);
    pending();
  }

  /** Say when the form names another game than the one being played: it is
   * pending until Start. */
  function pending() {
    const m = player.playing();
    const note = $("pending");
    if (!m || $("play-section").hidden) {
      note.hidden = true;
      return;
    }
    const spec = chosenSpec();
    const misere = chosenMisere();
    const differs = spec !== m.spec || misere !== m.misere || (chosen.on_graph && chosenGraph() !== m.graph);
    note.hidden = !differs;
    if (differs) {
      const chosen = `${spec}${misere ? ", misère" : ""}`;
      const played = `${m.spec}${m.misere ? ", misère" : ""}`;
      note.textContent = `Not started yet: ${chosen}. Press Start to play it; until then the board and "How to play" are about the game being played, ${played}.`;
    }
  }

  const player = createPlayer(api, {
    changed,
    startError: (words) => {
      $("error").textContent = words;
    },
    analysisShown: () => $("show-analysis").checked,
    chartKind: () => $("chart-kind").value,
    opened: showForm,
    playing: (m) => {
      guide({ game: m.spec, misere: m.misere, ...(m.graph !== null ? { graph: m.graph } : {}) });
      pending();
    },
  });
  const explorer = createExplorer(api, {
    changed,
    playHeap: async (spec, heap) => {
      showTab("play");
      $("game-spec").value = spec;
      await gameChosen();
      $("start-position").value = heap;
      start();
    },
  });

  function gameRequest() {
    const body = { game: chosenSpec(), misere: chosenMisere() };
    if (chosen.on_graph) body.graph = $("graph").value.trim();
    return body;
  }

  let guideShown = 0; // counts guides asked for: an earlier answer is dropped
  /** Show how to play `game` (a request body: game, misere, graph). */
  function guide(game) {
    const mine = ++guideShown;
    showGuide(api, game, () => mine === guideShown).catch(() => {
      if (mine === guideShown) $("guide").hidden = true; // a spec being typed: no guide until it is a game
    });
  }

  /** The form shows the settings of match `m` (a record opened). */
  async function showForm(m) {
    $("game-spec").value = m.spec;
    $("start-position").value = m.trail[0].position;
    $("misere").checked = m.misere;
    if (m.graph !== null) $("graph").value = m.graph;
    $("mode").value = m.mode;
    $("first-player").value = m.first;
    if ([...$("level").options].some((o) => o.value === String(m.level))) $("level").value = String(m.level);
    if (!(await learnChosen())) return;
    showFields();
    showMenu();
  }

  /** The menu shows the family of the game chosen, if it is one family's. */
  function showMenu() {
    const family = familyNamed(chosen.family);
    $("game-menu").value = family ? family.example : "";
    return family;
  }

  /** The fields the game chosen and the mode need, and only those: no misère box
   * for a game that refuses misère play. */
  function showFields() {
    $("graph-field").hidden = !chosen.on_graph;
    $("graph-file-field").hidden = !chosen.on_graph;
    $("misere-field").hidden = !chosen.takes_misere;
    $("pace-field").hidden = $("mode").value !== "watch";
    $("first-field").hidden = $("mode").value !== "computer";
    $("level-field").hidden = $("mode").value !== "computer";
  }

  /** The form names a game: show its fields, its family in the menu, its example
   * start (for a family's example) and its guide. At once when what the game
   * accepts is known (a change of the form's fields is followed before the next
   * key), else once the server says. */
  function gameChosen() {
    if (learnKnown()) {
      showChosen();
      return Promise.resolve();
    }
    return learnChosen().then((learned) => {
      if (learned) showChosen();
    });
  }

  function showChosen() {
    const spec = chosen.spec;
    showFields();
    const family = showMenu();
    if (family && !$("game-spec").value.trim()) $("start-position").value = family.example_position;
    else if (family && family.example === spec) $("start-position").value = family.example_position;
    // Before a game is played the guide previews the one chosen; then it stays with
    // the game being played, and the choice is pending until Start.
    if (!player.playing()) guide(gameRequest());
    pending();
  }

  function settingsOfForm() {
    return {
      spec: chosenSpec(),
      graph: chosenGraph(),
      position: $("start-position").value.trim(),
      misere: chosenMisere(),
      mode: $("mode").value,
      first: $("first-player").value,
      level: Number($("level").value),
      pace: Number($("pace").value),
    };
  }

  function start(event) {
    if (event) event.preventDefault();
    const started = () => player.start(settingsOfForm());
    if (learnKnown()) {
      showFields();
      return started();
    }
    return learnChosen().then((learned) => {
      if (learned) showFields();
      return started();
    });
  }

  /** A graph file chosen by the person fills the graph field (no bigger than a
   * request's body may be: WEB_BODY in the core's limits). */
  async function graphFileChosen() {
    $("error").textContent = "";
    const file = $("graph-file").files[0];
    if (!file) return;
    if (file.size > BODY_BYTES) {
      $("error").textContent = `${file.name} has ${file.size} bytes; the server reads a graph of at most ${BODY_BYTES} bytes.`;
      return;
    }
    $("graph").value = (await file.text()).trim();
    gameChosen();
  }

  /** "Open game": a record saved by the page or by `nimlab play --record`. */
  async function recordChosen() {
    $("error").textContent = "";
    const file = $("open-game").files[0];
    if (!file) return;
    if (file.size > BODY_BYTES) {
      $("error").textContent = `${file.name} has ${file.size} bytes; the server reads a game record of at most ${BODY_BYTES} bytes.`;
      return;
    }
    const text = await file.text();
    $("open-game").value = "";
    await player.open(text);
  }

  async function randomStart() {
    $("error").textContent = "";
    await learnChosen();
    try {
      const answer = await api.call("/api/random-start", gameRequest());
      $("start-position").value = answer.position;
      await start();
    } catch (error) {
      $("error").textContent = `No random start came: ${wordsOf(error).charAt(0).toLowerCase()}${wordsOf(error).slice(1)}`;
    }
  }

  function showTab(name) {
    const play = name === "play";
    $("play-section").hidden = !play;
    $("explore-section").hidden = play;
    $("tab-play").setAttribute("aria-pressed", String(play));
    $("tab-explore").setAttribute("aria-pressed", String(!play));
    if (!play) explorer.shown();
    else player.redraw();
    changed();
  }

  /** Start what the address asks for, if anything. */
  async function followLink() {
    const asked = readAddress(location);
    if (!asked) {
      await gameChosen();
      return;
    }
    if (asked.tab === "explore") {
      if (asked.game) $("sequence-game").value = asked.game;
      if (asked.upto) $("sequence-upto").value = asked.upto;
      showTab("explore");
      if (asked.game) explorer.plotSequence(null, { from: asked.from, to: asked.to });
      return;
    }
    const game = asked.game;
    $("game-spec").value = game.spec;
    $("misere").checked = game.misere;
    $("mode").value = game.mode;
    $("first-player").value = game.first;
    $("show-analysis").checked = asked.analysis;
    $("chart-kind").value = asked.chart;
    if (game.graph !== null) $("graph").value = game.graph;
    $("start-position").value = game.start;
    await learnChosen();
    showFields();
    if (chosen.on_graph && game.graph === null) {
      // The example graph in the field is not the one the link's game was played on.
      $("error").textContent = `This link names ${game.spec}, a game played on a graph, but not the graph: paste the graph into the field below and press Start.`;
      guide(gameRequest());
      return;
    }
    player.start({ ...settingsOfForm(), graph: game.graph, level: game.level, pace: game.pace, moves: game.moves, redo: game.redo });
  }

  for (const family of families) {
    const option = document.createElement("option");
    option.value = family.example;
    option.textContent = `${family.syntax} — ${family.summary}`;
    $("game-menu").append(option);
  }
  $("game-menu").value = "take:3";

  $("game-menu").addEventListener("change", () => {
    $("game-spec").value = "";
    const family = families.find((f) => f.example === $("game-menu").value);
    if (family && family.example_graph) $("graph").value = family.example_graph;
    gameChosen();
  });
  $("game-spec").addEventListener("change", gameChosen);
  $("mode").addEventListener("change", gameChosen);
  $("misere").addEventListener("change", gameChosen);
  $("graph").addEventListener("change", gameChosen);
  $("setup").addEventListener("submit", start);
  $("random-start").addEventListener("click", randomStart);
  $("graph-file").addEventListener("change", graphFileChosen);
  $("open-game").addEventListener("change", recordChosen);
  $("show-analysis").addEventListener("change", () => {
    player.redraw();
    changed();
  });
  $("chart-kind").addEventListener("change", () => {
    player.redraw();
    changed();
  });
  $("undo").addEventListener("click", player.undo);
  $("redo").addEventListener("click", player.redo);
  $("pause").addEventListener("click", player.pause);
  $("retry").addEventListener("click", player.retry);
  $("two-people").addEventListener("click", player.twoPeople);
  $("review").addEventListener("click", player.review);
  $("save-game").addEventListener("click", player.save);
  $("typed-move").addEventListener("submit", player.typedMove);
  $("cancel").addEventListener("click", api.cancelAll);
  $("tab-play").addEventListener("click", () => showTab("play"));
  $("tab-explore").addEventListener("click", () => showTab("explore"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") player.clearSelection();
  });
  // Plots are drawn at their width in pixels: again when it changes.
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    player.redraw();
    explorer.redraw();
  });
  followLink().then(() => {
    // For measurements: the page is ready to use from here.
    performance.mark("nimlab-ready");
  });
}

const api = createApi((shown) => {
  $("working").hidden = !shown;
});
// The list of games (the answer of /api/games) comes with the page, written into it
// by the server.
main(api, JSON.parse($("games").textContent));
