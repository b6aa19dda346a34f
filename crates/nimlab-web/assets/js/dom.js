// Small helpers to build HTML and SVG.

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

export function svgText(svg, x, y, text, attributes = {}) {
  const node = svgNode("text", { x, y, "font-size": 9, ...attributes }, svg);
  node.textContent = text;
  return node;
}

export function svgLine(svg, x1, y1, x2, y2) {
  return svgNode("line", { x1, y1, x2, y2, stroke: "#555", "stroke-width": 1 }, svg);
}

/** Round tick values from 0 to `max`: steps of 1, 2 or 5 times a power of ten,
 * about five of them. */
export function ticks(max) {
  const rough = Math.max(1, max) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Values are whole numbers: no step below 1.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough));
  const values = [];
  for (let v = 0; v <= max; v += step) values.push(v);
  return values;
}

/** Axes with numbered ticks on `svg`: `x` and `y` map values to coordinates, the
 * axes run from 0 to `xmax` and `ymax`, and each is named. */
export function drawAxes(svg, { x, y, xmax, ymax, xname, yname }) {
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
export function largest(values) {
  return values.reduce((a, b) => Math.max(a, b), 1);
}
