// Small helpers to build HTML and SVG, numbers of any size for axes, and keyboard
// movement inside groups of buttons.

export const SVG = "http://www.w3.org/2000/svg";

export const $ = (id) => document.getElementById(id);

/** An HTML element with `attributes` and, if given, text. */
export function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SVG element with `attributes`, appended to `parent` if given. */
export function svgNode(tag, attributes = {}, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.append(node);
  return node;
}

/** Text on an SVG drawn at its pixel size (see `pixelCanvas`): 12 px by CSS. */
export function svgText(svg, x, y, text, attributes = {}) {
  const node = svgNode("text", { x, y, ...attributes }, svg);
  node.textContent = text;
  return node;
}

export function svgLine(svg, x1, y1, x2, y2, cls = "axis") {
  return svgNode("line", { x1, y1, x2, y2, class: cls }, svg);
}

/** Clear `svg` and give it a coordinate system of its drawn width in CSS pixels
 * (and `height`), so that text of 12 px is 12 px at every width; its width. */
export function pixelCanvas(svg, height, fallback = 640) {
  svg.replaceChildren();
  const width = Math.max(280, Math.round(svg.getBoundingClientRect().width) || fallback);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("height", height);
  return width;
}

// ---- numbers of any size --------------------------------------------------------

/** A whole number from the JSON the server writes (a number, or a decimal string
 * beyond 2^53) as a BigInt; null for null. */
export function big(value) {
  if (value === null || value === undefined) return null;
  return BigInt(value);
}

const SUPERSCRIPT = { 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };

/** A number written for an axis, exactly: in digits up to 7 of them, else as
 * m·10ⁿ when it has that form (as every tick has), else in digits. */
export function numberLabel(value) {
  const digits = value.toString();
  if (digits.length <= 7) return digits;
  const mantissa = digits.replace(/0+$/, "");
  const power = digits.length - mantissa.length;
  if (mantissa.length > 3) return digits;
  const exponent = [...String(power)].map((d) => SUPERSCRIPT[d]).join("");
  return mantissa === "1" ? `10${exponent}` : `${mantissa}·10${exponent}`;
}

/** A value for a legend or a label: exactly, or its number of digits when it has
 * more than 40. */
export function exactly(value) {
  const digits = value.toString();
  return digits.length <= 40 ? digits : `a number of ${digits.length} digits`;
}

/** Round tick values from 0 to `max` (a BigInt): steps of 1, 2 or 5 times a power of
 * ten, about five of them. */
export function ticks(max) {
  const top = max > 1n ? max : 1n;
  let power = 1n;
  while (power * 10n <= top / 5n) power *= 10n;
  const step = [1n, 2n, 5n, 10n].map((m) => m * power).find((s) => s * 5n >= top) || power * 10n;
  const values = [];
  for (let v = 0n; v <= top; v += step) values.push(v);
  return values;
}

/** Where `value` lies between 0 and `top` (BigInts), as a fraction. */
export function fraction(value, top) {
  if (top <= 0n) return 0;
  return Number((value * 1000000n) / top) / 1000000;
}

/** Axes with numbered ticks on `svg`: `x` and `y` map BigInt values to coordinates,
 * the axes run from 0 to `xmax` and `ymax` (BigInts), and each is named. */
export function drawAxes(svg, { x, y, xmax, ymax, xname, yname, xfrom = 0n }) {
  const right = x(xmax > xfrom ? xmax : xfrom + 1n);
  svgLine(svg, x(xfrom), y(0n), right, y(0n));
  svgLine(svg, x(xfrom), y(0n), x(xfrom), y(ymax > 0n ? ymax : 1n));
  const span = xmax - xfrom;
  const edge = svg.viewBox.baseVal.width - 2;
  for (const offset of ticks(span)) {
    const v = xfrom + offset;
    svgLine(svg, x(v), y(0n), x(v), y(0n) + 4);
    // A label centred on its tick, or ending at the plot's edge if it would cross it.
    const label = numberLabel(v);
    const half = label.length * 3.75;
    const crosses = x(v) + half > edge;
    svgText(svg, crosses ? edge : x(v), y(0n) + 19, label, { "text-anchor": crosses ? "end" : "middle", class: "tick" });
  }
  if (ymax > 0n) {
    for (const v of ticks(ymax)) {
      svgLine(svg, x(xfrom) - 4, y(v), x(xfrom), y(v));
      svgText(svg, x(xfrom) - 6, y(v) + 4, numberLabel(v), { "text-anchor": "end", class: "tick" });
    }
  }
  svgText(svg, right, y(0n) + 34, xname, { "text-anchor": "end", class: "axis-name" });
  if (yname) svgText(svg, x(xfrom) + 6, y(ymax > 0n ? ymax : 1n) - 6, yname, { class: "axis-name" });
}

/** The room an axis's tick labels need on the left, in pixels. */
export function labelRoom(ymax) {
  const widest = ticks(ymax).map((v) => numberLabel(v).length).reduce((a, b) => Math.max(a, b), 1);
  return 14 + widest * 7.5;
}

// ---- keyboard ---------------------------------------------------------------------

/** Make the focusable things in `container` that match `selector` one tab stop per
 * group (the closest ancestor with `data-group`, or the container), moved between
 * with the arrow keys: Left and Right go to the previous and next in the group, Up
 * and Down to the nearest one above or below (in any group), Home and End to the
 * group's first and last. The stop of each group is the one marked `current` (a
 * CSS selector), else its first; `remember(node)` hears where the focus went. */
export function roving(container, selector, { current = ".chosen", remember = () => {} } = {}) {
  const items = [...container.querySelectorAll(selector)];
  const groupOf = (node) => node.closest("[data-group]") || container;
  const groups = new Map();
  for (const item of items) {
    const group = groupOf(item);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(item);
  }
  for (const members of groups.values()) {
    const stop = members.find((m) => m.matches(current)) || members[0];
    for (const member of members) member.setAttribute("tabindex", member === stop ? "0" : "-1");
  }
  const moveTo = (from, to) => {
    if (!to || to === from) return;
    for (const member of groups.get(groupOf(to))) member.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus();
    remember(to);
  };
  const nearest = (from, below) => {
    const a = from.getBoundingClientRect();
    const [ax, ay] = [a.left + a.width / 2, a.top + a.height / 2];
    let best = null;
    let bestScore = Infinity;
    for (const item of items) {
      const b = item.getBoundingClientRect();
      const [bx, by] = [b.left + b.width / 2, b.top + b.height / 2];
      const dy = below ? by - ay : ay - by;
      if (dy < Math.min(a.height, b.height) / 2) continue;
      const score = dy * 2 + Math.abs(bx - ax);
      if (score < bestScore) {
        bestScore = score;
        best = item;
      }
    }
    return best;
  };
  container.onkeydown = (event) => {
    const from = event.target.closest ? event.target.closest(selector) : null;
    if (!from || !items.includes(from)) return;
    const members = groups.get(groupOf(from));
    const at = members.indexOf(from);
    const to = {
      ArrowRight: members[at + 1],
      ArrowLeft: members[at - 1],
      Home: members[0],
      End: members[members.length - 1],
      ArrowDown: event.key === "ArrowDown" ? nearest(from, true) : null,
      ArrowUp: event.key === "ArrowUp" ? nearest(from, false) : null,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveTo(from, to);
  };
}
