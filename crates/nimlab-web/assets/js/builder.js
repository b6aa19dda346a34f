// The move builder, for boards too large to draw and positions with more moves than
// are listed: choose the heap (row, step, game, token, coin or direction), then the
// amount, and the move is sent as a person would type it, for the server to check
// against the rules. The words of each field come from the board the server sent.

import { element } from "./dom.js";

/** The part a move is made in: its noun and how many there are, with the sizes to
 * show beside the choice; null for a board of one part. */
function partsOf(board) {
  const parts = partList(board);
  return parts && (parts.sizes || parts.names).length > 1 ? parts : null;
}

function partList(board) {
  switch (board.kind) {
    case "heaps":
      return { noun: board.heap, sizes: board.heaps, unit: board.token };
    case "pins":
      return { noun: "row", sizes: board.rows, unit: "pin" };
    case "stairs":
      return { noun: "step", sizes: board.steps, unit: "coin" };
    case "sum":
      return { noun: "game", names: board.parts.map((part) => part.game) };
    case "graph":
      return { noun: "token", names: board.tokens.map((t) => `on vertex ${t.vertex}`) };
    default:
      return null;
  }
}

const plural = (n, noun) => `${n} ${noun}${String(n) === "1" ? "" : "s"}`;

/** Draw the builder for `report` into `container`; `play(text)` makes the move. */
export function drawBuilder(container, report, play) {
  container.replaceChildren();
  const board = report.board;
  const form = element("form", { class: "builder", "aria-labelledby": "builder-title" });
  form.append(element("h3", { id: "builder-title" }, "Build a move"));
  const fields = element("div", { class: "builder-fields" });
  form.append(fields);
  const field = (label, input) => {
    const wrap = element("label", {}, label);
    wrap.append(input);
    fields.append(wrap);
    return input;
  };
  let compose;
  if (board.kind === "plane") {
    const direction = element("select", { id: "builder-direction" });
    for (const [value, words] of [["h", "left (x goes down)"], ["v", "down (y goes down)"], ["d", "diagonally (both go down)"]]) {
      direction.append(element("option", { value }, words));
    }
    field("Direction", direction);
    const amount = field("By how much", element("input", { id: "builder-amount", inputmode: "numeric", autocomplete: "off", required: "" }));
    let flip = null;
    if (board.flip && board.flip.available) {
      const wrap = element("label", { class: "check" });
      flip = element("input", { type: "checkbox", id: "builder-flip" });
      wrap.append(flip, " and flip the goal");
      fields.append(wrap);
    }
    compose = () => `${direction.value} ${amount.value.trim()}${flip && flip.checked ? " flip" : ""}`;
  } else if (board.kind === "coins") {
    const count = board.coins.length;
    const head = field(`Head to turn (coin 1 to ${count})`, element("input", { id: "builder-part", inputmode: "numeric", autocomplete: "off", required: "" }));
    const left = field("and a coin to its left (optional)", element("input", { id: "builder-amount", inputmode: "numeric", autocomplete: "off" }));
    compose = () => (left.value.trim() ? `${left.value.trim()} ${head.value.trim()}` : head.value.trim());
  } else {
    const parts = partsOf(board);
    let part = null;
    if (parts) {
      const count = (parts.sizes || parts.names).length;
      part = field(`${parts.noun.charAt(0).toUpperCase()}${parts.noun.slice(1)} (1 to ${count})`,
        element("input", { id: "builder-part", inputmode: "numeric", autocomplete: "off", required: "", "aria-describedby": "builder-part-note" }));
      const note = element("p", { id: "builder-part-note", class: "builder-note", "aria-live": "polite" });
      const describe = () => {
        const i = Number(part.value.trim());
        if (!Number.isInteger(i) || i < 1 || i > count) {
          note.textContent = "";
        } else if (parts.sizes) {
          note.textContent = `${parts.noun} ${i}: ${plural(parts.sizes[i - 1], parts.unit)}`;
        } else {
          note.textContent = `${parts.noun} ${i}: ${parts.names[i - 1]}`;
        }
      };
      part.addEventListener("input", describe);
      fields.append(note);
    }
    const label = parts ? `The move in that ${parts.noun}`
      : { graph: "Vertex to move to", pot: "How many to take", pile: "How many to take" }[board.kind] || "The move";
    const amount = field(label, element("input", { id: "builder-amount", autocomplete: "off", required: "" }));
    compose = () => (part ? `${part.value.trim()} ${amount.value.trim()}` : amount.value.trim());
  }
  form.append(element("p", { class: "builder-note" }, `How: ${report.move_syntax}.`));
  form.append(element("button", { type: "submit" }, "Play this move"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    play(compose(), form);
  });
  container.append(form);
}
