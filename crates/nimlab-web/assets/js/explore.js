// The Explore tab: a game's nim-sequence with its certified period, and Wythoff's
// P-positions.

import { $, drawAxes, largest, svgNode, svgText } from "./dom.js";

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
  if (period) {
    // One period, cut at the last value plotted; a period that starts beyond it is
    // marked by a strip at the right edge, and the legend says where it starts.
    const last = values.length - 1;
    const beyond = period.preperiod > last;
    const left = beyond ? x(last) - 4 : x(period.preperiod);
    const right = beyond ? x(last) : x(Math.min(period.preperiod + period.period, last));
    svgNode("rect", {
      x: left,
      y: y(top),
      width: Math.max(1, right - left),
      height: y(0) - y(top),
      fill: "#dff3e5",
      class: "period",
    }, plot);
  }
  const radius = values.length > 400 ? 1 : 2;
  for (const [n, v] of plotted(values, 600)) {
    svgNode("circle", { cx: x(n), cy: y(v), r: radius, fill: "#2b59c3" }, plot);
  }
  drawAxes(plot, { x, y, xmax: values.length - 1, ymax: top, xname: "heap n", yname: "g(n)" });
  svgText(plot, 620, 12, period ? "dots: g(n); shaded: one period" : "dots: g(n)", {
    "text-anchor": "end",
    class: "legend",
  });
  if (period && period.preperiod > values.length - 1) {
    svgText(plot, 616, 30, `the period starts at n = ${period.preperiod} →`, {
      "text-anchor": "end",
      class: "legend beyond",
    });
  }
  $("sequence-caption").textContent = period
    ? `${sequence.game}: g(0) … g(${sequence.upto}); period ${period.period} from n = ${period.preperiod} (shaded: one period), certified: ${period.certificate}`
    : `${sequence.game}: g(0) … g(${sequence.upto}); no certified period`;
}

async function drawWythoff(api) {
  const pairs = await api.call("/api/wythoff-pairs?count=12");
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
      svgNode("circle", { cx: at(px), cy: up(py), r: 4, fill: "#a3261b" }, plot);
    }
  }
}

/** The Explore tab's behaviour; `changed()` is called when the address should be
 * updated. */
export function createExplorer(api, changed) {
  async function plotSequence(event) {
    if (event) event.preventDefault();
    $("explore-error").textContent = "";
    const spec = $("sequence-game").value.trim();
    try {
      const sequence = await api.call("/api/grundy", { game: spec, upto: $("sequence-upto").value.trim() });
      let period = null;
      try {
        period = await api.call("/api/period", { game: spec });
      } catch (_) {
        period = null; // no certified period: plot the values alone
      }
      drawSequence(sequence, period);
      changed();
    } catch (error) {
      $("explore-error").textContent = error.message;
    }
  }

  function shown() {
    drawWythoff(api).catch((error) => {
      $("explore-error").textContent = error.message;
    });
  }

  return { plotSequence, shown };
}
