// nimlab's page: plays any game of the registry through the JSON API, draws the
// board the server describes, and explores nim-sequences. All the game logic is on
// the server; the page draws what it is sent and turns clicks into the moves listed.
// The modules: js/api.js (requests), js/board.js (boards), js/play.js (a match),
// js/guide.js (how to play), js/explore.js (plots), js/dom.js (helpers).

import { $ } from "./js/dom.js";
import { createApi } from "./js/api.js";
import { createExplorer } from "./js/explore.js";
import { showGuide } from "./js/guide.js";
import { createPlayer } from "./js/play.js";

function showError(where, error) {
  $(where).textContent = error ? String(error.message || error) : "";
}

/** The largest graph file the page loads: a request's body is at most 1 MiB. */
const GRAPH_FILE_BYTES = 1 << 20;

/** Whether a spec plays on a graph sent with the request (the graph field). */
const onGraph = (spec) => /(^|\+)\s*(dag|graph)(\s*$|\s*[:+])/.test(spec);

function main(api, families) {
  const familyOf = (spec) => families.find((f) => f.name === spec.split(":")[0].trim());
  const chosenSpec = () => $("game-spec").value.trim() || $("game-menu").value;

  /** The address holds the page's state, so that a copied link reproduces it. */
  function changed() {
    const params = new URLSearchParams();
    if (!$("explore-section").hidden) {
      params.set("tab", "explore");
      params.set("game", $("sequence-game").value.trim());
      params.set("upto", $("sequence-upto").value.trim());
    } else {
      player.link(params);
      if ($("show-analysis").checked && player.started()) params.set("analysis", "1");
    }
    history.replaceState(null, "", `?${params}`);
  }

  const player = createPlayer(api, {
    changed,
    showError: (error) => showError("error", error),
    analysisShown: () => $("show-analysis").checked,
  });
  const explorer = createExplorer(api, changed);

  function gameRequest() {
    const spec = chosenSpec();
    const body = { game: spec, misere: $("misere").checked };
    if (onGraph(spec)) body.graph = $("graph").value.trim();
    return body;
  }

  function guide() {
    showGuide(api, gameRequest()).catch(() => {
      $("guide").hidden = true; // a spec being typed: no guide until it is a game
    });
  }

  function gameChosen() {
    const spec = chosenSpec();
    $("graph-field").hidden = !onGraph(spec);
    $("graph-file-field").hidden = !onGraph(spec);
    $("pace-field").hidden = $("mode").value !== "watch";
    $("first-field").hidden = $("mode").value !== "computer";
    $("level-field").hidden = $("mode").value !== "computer";
    const family = spec.includes("+") ? null : familyOf(spec);
    $("game-menu").value = family ? family.example : "";
    if (family && !$("game-spec").value.trim()) $("start-position").value = family.example_position;
    else if (family && family.example === spec) $("start-position").value = family.example_position;
    guide();
  }

  function start(event) {
    if (event) event.preventDefault();
    const spec = chosenSpec();
    const graph = onGraph(spec) ? $("graph").value.trim() : null;
    guide();
    return player.start({
      spec,
      graph,
      position: $("start-position").value.trim(),
      misere: $("misere").checked,
      mode: $("mode").value,
      first: $("first-player").value,
      level: Number($("level").value),
      pace: Number($("pace").value),
    });
  }

  /** A graph file chosen by the person fills the graph field (no bigger than a
   * request's body may be: MAX_BODY_BYTES on the server). */
  async function graphFileChosen() {
    showError("error");
    const file = $("graph-file").files[0];
    if (!file) return;
    if (file.size > GRAPH_FILE_BYTES) {
      showError("error", `${file.name} has ${file.size} bytes; the server reads a graph of at most ${GRAPH_FILE_BYTES} bytes.`);
      return;
    }
    $("graph").value = (await file.text()).trim();
    guide();
  }

  async function randomStart() {
    showError("error");
    try {
      const answer = await api.call("/api/random-start", gameRequest());
      $("start-position").value = answer.position;
      await start();
    } catch (error) {
      showError("error", error);
    }
  }

  function showTab(name) {
    const play = name === "play";
    $("play-section").hidden = !play;
    $("explore-section").hidden = play;
    $("tab-play").setAttribute("aria-pressed", String(play));
    $("tab-explore").setAttribute("aria-pressed", String(!play));
    if (!play) explorer.shown();
    changed();
  }

  /** Start what the address asks for, if anything. */
  function followLink() {
    const params = new URLSearchParams(location.search);
    const spec = params.get("game");
    if (params.get("tab") === "explore") {
      if (spec) $("sequence-game").value = spec;
      if (params.get("upto")) $("sequence-upto").value = params.get("upto");
      showTab("explore");
      if (spec) explorer.plotSequence();
      return;
    }
    if (!spec) {
      gameChosen();
      return;
    }
    $("game-spec").value = spec;
    if (params.get("graph") !== null) $("graph").value = params.get("graph");
    if (["computer", "people", "watch"].includes(params.get("mode"))) $("mode").value = params.get("mode");
    $("misere").checked = params.get("misere") === "1";
    $("show-analysis").checked = params.get("analysis") === "1";
    gameChosen();
    if (params.get("position") !== null) $("start-position").value = params.get("position");
    start();
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
    const family = familyOf($("game-menu").value);
    if (family && family.example_graph) $("graph").value = family.example_graph;
    gameChosen();
  });
  $("game-spec").addEventListener("change", gameChosen);
  $("mode").addEventListener("change", gameChosen);
  $("misere").addEventListener("change", guide);
  $("setup").addEventListener("submit", start);
  $("random-start").addEventListener("click", randomStart);
  $("graph-file").addEventListener("change", graphFileChosen);
  $("show-analysis").addEventListener("change", () => {
    player.redraw();
    changed();
  });
  $("undo").addEventListener("click", player.undo);
  $("redo").addEventListener("click", player.redo);
  $("pause").addEventListener("click", player.pause);
  $("typed-move").addEventListener("submit", player.typedMove);
  $("cancel").addEventListener("click", api.cancelAll);
  $("sequence-form").addEventListener("submit", explorer.plotSequence);
  $("tab-play").addEventListener("click", () => showTab("play"));
  $("tab-explore").addEventListener("click", () => showTab("explore"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") player.clearSelection();
  });
  followLink();
  // For measurements: the page is ready to use from here.
  performance.mark("nimlab-ready");
}

const api = createApi((shown) => {
  $("working").hidden = !shown;
});
api
  .call("/api/games")
  .then((families) => main(api, families))
  .catch((error) => showError("error", error));
