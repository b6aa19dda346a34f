// The Explore tab: a game's nim-sequence with its certified period, read point by
// point (hover, tap, or the arrow keys), zoomed into a range (drag across it, or
// the fields), and a heap played from it; and Wythoff's P-positions.

import { $, drawAxes, fraction, labelRoom, pixelCanvas, svgNode } from "./dom.js";

/** Why a plot failed, as a clause after a colon: the request's words, lowercased. */
function reason(error) {
  const words = error.words || String(error.message);
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** The points [n, value] of `values` from `from` to `to` to draw on a plot `columns`
 * pixels wide: every value when there are few, else each distinct value once per
 * column (at most 64), so that a million values draw as fast as a thousand and look
 * the same. */
function plotted(values, from, to, columns) {
  const count = to - from + 1;
  if (count <= 2 * columns) {
    const points = [];
    for (let n = from; n <= to; n += 1) points.push([n, values[n]]);
    return points;
  }
  const points = [];
  const perColumn = count / columns;
  for (let column = 0; column < columns; column += 1) {
    const first = from + Math.floor(column * perColumn);
    const end = Math.min(to + 1, from + Math.floor((column + 1) * perColumn));
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

/** The least width, in pixels, of the band that marks one period, so that it shows
 * however many values are plotted. */
const BAND_PIXELS = 6;
/** What the line under the plot says until a value is read. */
const READ_HINT = "Point at a dot, or tap it, to read n and g(n); drag across the plot to zoom into a range.";
const HEIGHT = 300;

/** The Explore tab's behaviour; `changed()` is called when the address should be
 * updated, `playHeap(spec, n)` plays a heap of the game plotted. */
export function createExplorer(api, { changed, playHeap }) {
  let shown = null; // {spec, sequence, values, period, from, to, read}
  let asked = 0; // counts plots asked for: an earlier answer is dropped

  function clearResult() {
    shown = null;
    $("sequence-result").hidden = true;
    $("sequence-plot").replaceChildren();
    $("sequence-caption").textContent = "";
    $("sequence-legend").textContent = "";
  }

  async function plotSequence(event, zoom = {}) {
    if (event) event.preventDefault();
    const mine = ++asked;
    $("explore-error").textContent = "";
    const spec = $("sequence-game").value.trim();
    try {
      const sequence = await api.call("/api/grundy", { game: spec, upto: $("sequence-upto").value.trim() });
      let period = null;
      try {
        period = await api.call("/api/period", { game: spec });
      } catch (error) {
        if (!["no-known-value", "too-large", "undefined"].includes(error.kind)) throw error;
        period = null; // no certified period: plot the values alone
      }
      if (mine !== asked) return;
      const values = sequence.values.map(Number);
      const last = values.length - 1;
      const clamp = (text, fallback) => {
        const n = Number(text);
        return text !== null && text !== undefined && text !== "" && Number.isInteger(n) ? Math.min(Math.max(n, 0), last) : fallback;
      };
      shown = { spec, sequence, values, period, from: clamp(zoom.from, 0), to: clamp(zoom.to, last), read: null };
      $("sequence-point").textContent = READ_HINT;
      if (shown.from >= shown.to) [shown.from, shown.to] = [0, last];
      $("sequence-result").hidden = false;
      draw();
      changed();
    } catch (error) {
      if (mine !== asked) return;
      // The old plot goes: what is on screen is never the answer to another question.
      clearResult();
      $("explore-error").textContent = `No plot: ${reason(error)}`;
      changed();
    }
  }

  function draw() {
    if (!shown) return;
    const plot = $("sequence-plot");
    const width = pixelCanvas(plot, HEIGHT);
    const { values, period, from, to, sequence } = shown;
    let top = 0;
    for (let n = from; n <= to; n += 1) if (values[n] > top) top = values[n];
    top = Math.max(top, 1);
    const left = labelRoom(BigInt(top));
    const right = width - 14;
    const [plotTop, plotBottom] = [30, HEIGHT - 44];
    const span = Math.max(1, to - from);
    const xOf = (n) => left + ((n - from) * (right - left)) / span;
    const yOf = (v) => plotBottom - (v * (plotBottom - plotTop)) / top;
    shown.layout = { xOf, left, right, span };
    if (period) {
      // One period, at least BAND_PIXELS wide, cut at the edges of the range shown;
      // a period that starts beyond the range is a strip at the right edge.
      const start = period.preperiod;
      const end = start + period.period;
      let bandLeft;
      let bandRight;
      if (start > to) {
        [bandLeft, bandRight] = [right - BAND_PIXELS, right];
      } else if (end >= from) {
        bandLeft = xOf(Math.max(start, from));
        bandRight = Math.max(xOf(Math.min(end, to)), bandLeft + BAND_PIXELS);
      }
      if (bandLeft !== undefined) {
        svgNode("rect", {
          x: bandLeft,
          y: plotTop,
          width: bandRight - bandLeft,
          height: plotBottom - plotTop,
          class: "period",
        }, plot);
      }
    }
    const radius = to - from > 400 ? 1.5 : 2.5;
    for (const [n, v] of plotted(values, from, to, Math.round(right - left))) {
      svgNode("circle", { cx: xOf(n), cy: yOf(v), r: radius, class: "dot" }, plot);
    }
    drawAxes(plot, {
      x: (n) => xOf(Number(n)),
      y: (v) => plotBottom - fraction(v, BigInt(top)) * (plotBottom - plotTop),
      xfrom: BigInt(from),
      xmax: BigInt(to),
      ymax: BigInt(top),
      xname: "heap n",
      yname: "g(n)",
    });
    if (shown.read !== null) {
      const n = shown.read;
      svgNode("line", { x1: xOf(n), y1: plotTop, x2: xOf(n), y2: plotBottom, class: "read-line" }, plot);
      svgNode("circle", { cx: xOf(n), cy: yOf(values[n]), r: 5, class: "read-dot" }, plot);
    }
    plot.setAttribute("role", "slider");
    plot.setAttribute("tabindex", "0");
    plot.setAttribute("aria-label", `The nim-sequence of ${sequence.game}: read g(n) with the arrow keys`);
    plot.setAttribute("aria-valuemin", String(from));
    plot.setAttribute("aria-valuemax", String(to));
    const n = shown.read ?? from;
    plot.setAttribute("aria-valuenow", String(n));
    plot.setAttribute("aria-valuetext", `n = ${n}, g(n) = ${values[n]}`);
    const legend = ["Dots: g(n)."];
    if (period) {
      legend.push(period.preperiod > to
        ? `Shaded strip at the right: the period starts at n = ${period.preperiod}, beyond this plot.`
        : `Shaded: one period (${period.period} values from n = ${period.preperiod}).`);
    }
    if (from > 0 || to < values.length - 1) legend.push(`Showing n = ${from} to ${to} of 0 to ${values.length - 1}.`);
    $("sequence-legend").textContent = legend.join(" ");
    $("sequence-caption").textContent = period
      ? `${sequence.game}: g(0) … g(${sequence.upto}); period ${period.period} from n = ${period.preperiod} (shaded: one period), certified: ${period.certificate}`
      : `${sequence.game}: g(0) … g(${sequence.upto}); no certified period`;
    $("zoom-from").value = String(from);
    $("zoom-to").value = String(to);
  }

  /** Read the value at heap `n`. */
  function read(n) {
    if (!shown) return;
    const at = Math.min(Math.max(Math.round(n), shown.from), shown.to);
    shown.read = at;
    $("sequence-point").textContent = `n = ${at}: g(n) = ${shown.values[at]}`;
    $("play-heap").value = String(at);
    draw();
  }

  /** The heap under a pointer event's x. */
  function heapAt(event) {
    const plot = $("sequence-plot");
    const box = plot.getBoundingClientRect();
    const scale = Number(plot.getAttribute("viewBox").split(" ")[2]) / box.width;
    const { left, right, span } = shown.layout;
    const x = (event.clientX - box.left) * scale;
    return shown.from + ((Math.min(Math.max(x, left), right) - left) * span) / (right - left);
  }

  function zoomTo(from, to) {
    if (!shown) return;
    const last = shown.values.length - 1;
    const [a, b] = [Math.max(0, Math.min(from, to)), Math.min(last, Math.max(from, to))];
    if (b <= a) return;
    shown.from = a;
    shown.to = b;
    shown.read = null;
    $("sequence-point").textContent = READ_HINT;
    draw();
    changed();
  }

  let dragFrom = null;
  const plot = $("sequence-plot");
  plot.addEventListener("pointerdown", (event) => {
    if (!shown) return;
    dragFrom = { n: heapAt(event), x: event.clientX };
  });
  plot.addEventListener("pointermove", (event) => {
    if (!shown) return;
    if (dragFrom && Math.abs(event.clientX - dragFrom.x) > 8) {
      const { xOf } = shown.layout;
      const [a, b] = [dragFrom.n, heapAt(event)].sort((p, q) => p - q);
      plot.querySelectorAll(".zoom-band").forEach((node) => node.remove());
      svgNode("rect", { x: xOf(a), y: 30, width: Math.max(1, xOf(b) - xOf(a)), height: HEIGHT - 74, class: "zoom-band" }, plot);
      return;
    }
    if (!dragFrom) read(heapAt(event));
  });
  plot.addEventListener("pointerup", (event) => {
    if (!shown || !dragFrom) return;
    const moved = Math.abs(event.clientX - dragFrom.x) > 8;
    const from = dragFrom.n;
    dragFrom = null;
    if (moved) zoomTo(Math.round(from), Math.round(heapAt(event)));
    else read(heapAt(event));
  });
  plot.addEventListener("keydown", (event) => {
    if (!shown) return;
    const n = shown.read ?? shown.from;
    const step = Math.max(1, Math.round((shown.to - shown.from) / 50));
    const to = { ArrowRight: n + 1, ArrowLeft: n - 1, PageUp: n + step, PageDown: n - step, Home: shown.from, End: shown.to }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    read(to);
  });
  $("zoom-form").addEventListener("submit", (event) => {
    event.preventDefault();
    zoomTo(Number($("zoom-from").value), Number($("zoom-to").value));
  });
  $("zoom-all").addEventListener("click", () => shown && zoomTo(0, shown.values.length - 1));
  $("play-heap-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const heap = $("play-heap").value.trim() || String(shown ? shown.read ?? shown.to : "");
    if (shown && heap) playHeap(shown.spec, heap);
  });
  $("sequence-form").addEventListener("submit", (event) => plotSequence(event));

  async function drawWythoff() {
    const pairs = await api.call("/api/wythoff-pairs?count=12");
    const plot = $("wythoff-plot");
    const box = plot.getBoundingClientRect().width || 320;
    const size = Math.min(360, Math.round(box));
    pixelCanvas(plot, size, 320);
    plot.setAttribute("viewBox", `0 0 ${size} ${size}`);
    const range = 30;
    const at = (v) => 40 + (Number(v) * (size - 56)) / range;
    const up = (v) => size - 40 - (Number(v) * (size - 56)) / range;
    drawAxes(plot, { x: at, y: up, xmax: BigInt(range), ymax: BigInt(range), xname: "x", yname: "y" });
    for (const [a, b] of pairs) {
      for (const [px, py] of [[a, b], [b, a]]) {
        if (Number(px) > range || Number(py) > range) continue;
        svgNode("circle", { cx: at(px), cy: up(py), r: 4, class: "p-position" }, plot);
      }
    }
  }

  function explored() {
    drawWythoff().catch((error) => {
      $("explore-error").textContent = `No plot of Wythoff's P-positions: ${reason(error)}`;
    });
  }

  return {
    plotSequence,
    shown: explored,
    redraw: () => {
      if (!$("explore-section").hidden) {
        draw();
        explored();
      }
    },
    state: () => ({
      game: $("sequence-game").value.trim(),
      upto: $("sequence-upto").value.trim(),
      from: shown && shown.from > 0 ? String(shown.from) : null,
      to: shown && shown.to < shown.values.length - 1 ? String(shown.to) : null,
    }),
  };
}
