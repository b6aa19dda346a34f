// "How to play": the goal, what a click does and a worked example in plain words,
// with the theory behind a "Why?" disclosure. All the text comes from the server.

import { $, element } from "./dom.js";

/** Show the guide for `game` (a request body: game, misere, graph), if it is still
 * `wanted()` when it comes. */
export async function showGuide(api, game, wanted = () => true) {
  const guide = await api.call("/api/guide", game);
  if (!wanted()) return;
  const box = $("guide");
  box.replaceChildren();
  const misere = game.misere ? ", misère" : "";
  box.append(element("h2", { id: "guide-title" }, `How to play ${guide.game}${misere}`));
  box.append(element("p", { class: "goal" }, [guide.rules, guide.goal].filter(Boolean).join(" ")));
  if (guide.clicks) box.append(element("p", {}, guide.clicks));
  if (guide.plain_rule) box.append(element("p", { class: "plain-rule" }, guide.plain_rule));
  if (guide.example) box.append(element("p", { class: "example" }, `Example: ${guide.example.text}`));
  if (guide.why) {
    const why = element("details", { class: "why" });
    why.append(element("summary", {}, "Why?"), element("p", {}, guide.why));
    box.append(why);
  }
  box.hidden = false;
}
