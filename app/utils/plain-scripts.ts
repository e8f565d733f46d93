/**
 * The only scripts a public page runs (every public page is a document,
 * decision 0052): a few lines each, inline, allowed by their hash in the
 * page's CSP (app/web/csp.server.ts). Each is the same text on every page, so
 * its hash is a constant. Written for any browser of the last few years, with
 * no framework; each only adds to what the page already does without it.
 */

/**
 * Turns the element just before the script into a rotator: its `[data-slide]`
 * children show one at a time, moving on every `data-rotate` milliseconds (to
 * a random other one with `data-random`), never for visitors who prefer
 * reduced motion; with `data-hold`, not while pointed at or focused. Buttons
 * inside: `data-pause` (shows its `[data-playing]` or `[data-paused]` child),
 * `data-next`, `data-prev`, `data-go="N"`. `[data-controls]` appear once the
 * script runs; the `[aria-live]` element speaks only while still.
 */
export const ROTATOR_SCRIPT = `(function () {
  var root = document.currentScript.previousElementSibling;
  var slides = root.querySelectorAll("[data-slide]");
  var n = slides.length;
  if (n < 2) return;
  var i = 0;
  var held = false;
  var paused = matchMedia("(prefers-reduced-motion: reduce)").matches;
  var each = function (selector, f) { Array.prototype.forEach.call(root.querySelectorAll(selector), f); };
  var show = function (k) {
    slides[i].hidden = true;
    i = (k + n) % n;
    slides[i].hidden = false;
    each("[data-go]", function (b, j) { if (j === i) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current"); });
  };
  var next = function () { show(root.hasAttribute("data-random") ? i + 1 + Math.floor(Math.random() * (n - 1)) : i + 1); };
  var state = function () {
    var live = root.querySelector("[aria-live]");
    if (live) live.setAttribute("aria-live", paused || held ? "polite" : "off");
    each("[data-playing]", function (e) { e.hidden = paused; });
    each("[data-paused]", function (e) { e.hidden = !paused; });
  };
  root.addEventListener("click", function (event) {
    var b = event.target.closest("button");
    if (!b) return;
    if (b.hasAttribute("data-pause")) paused = !paused;
    else if (b.hasAttribute("data-next")) next();
    else if (b.hasAttribute("data-prev")) show(i - 1);
    else if (b.hasAttribute("data-go")) show(Number(b.getAttribute("data-go")));
    state();
  });
  if (root.hasAttribute("data-hold")) {
    var hold = function (on) { return function () { held = on; state(); }; };
    root.addEventListener("mouseenter", hold(true));
    root.addEventListener("mouseleave", hold(false));
    root.addEventListener("focusin", hold(true));
    root.addEventListener("focusout", hold(false));
  }
  setInterval(function () { if (!paused && !held) next(); }, Number(root.getAttribute("data-rotate")));
  each("[data-controls]", function (c) { c.hidden = false; });
  state();
})();`;

/**
 * The navigation's menus (<details>, which open and close by themselves):
 * Escape closes the open one and puts the focus back on its button, and a
 * click elsewhere closes it; a page shown again by Back (from the browser's
 * page cache) comes back with its menus closed. Placed inside the header.
 */
export const MENU_SCRIPT = `(function () {
  var header = document.currentScript.parentElement;
  var open = function () { return header.querySelectorAll("details[open]"); };
  document.addEventListener("click", function (event) {
    Array.prototype.forEach.call(open(), function (d) { if (!d.contains(event.target)) d.removeAttribute("open"); });
  });
  document.addEventListener("keydown", function (event) {
    var d = event.key === "Escape" && open()[0];
    if (!d) return;
    d.removeAttribute("open");
    d.querySelector("summary").focus();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) Array.prototype.forEach.call(open(), function (d) { d.removeAttribute("open"); });
  });
})();`;

/**
 * "Back" (the link just before the script): to the page the visitor came from
 * when that is a page of this site in this tab's history, otherwise the link's
 * own address. A new tab or window keeps its own history: the link does that.
 */
export const BACK_SCRIPT = `(function () {
  var link = document.currentScript.previousElementSibling;
  link.addEventListener("click", function (event) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (history.length < 2 || !document.referrer || new URL(document.referrer).origin !== location.origin) return;
    event.preventDefault();
    history.back();
  });
})();`;

/**
 * A form (the element just before the script) is sent once: a second click or
 * Enter while its post is on its way is ignored, so a double click does not
 * send an application twice. Shown again by Back, it can be sent again.
 */
export const SEND_ONCE_SCRIPT = `(function () {
  var form = document.currentScript.previousElementSibling;
  var sending = false;
  form.addEventListener("submit", function (event) {
    if (sending) event.preventDefault();
    sending = true;
  });
  window.addEventListener("pageshow", function () { sending = false; });
})();`;

/**
 * What no speculation may fetch: visits counted on the way out, the staff's, the API, files, personal pages, and
 * the page after a quote is saved (it reads a short-lived cookie).
 */
const NEVER_SPECULATED = ["/go/*", "/staff", "/staff/*", "/applicant*", "/api/*", "/quote/*", "/prices/finish/*", "/images/*", "/photos/*", "/*.xml", "/*.txt"];
const ordinaryLink = { and: [{ not: { href_matches: NEVER_SPECULATED } }, { not: { selector_matches: "[rel~=nofollow], [download]" } }] };
/** One rule: the site's ordinary links to `href`, on hover or touch. */
const onHover = (href: string) => [{ where: { and: [{ href_matches: href }, ordinaryLink] }, eagerness: "moderate" }];

/**
 * The browser's speculation rules (a `<script type="speculationrules">` on
 * every public page): on hover or touch (`moderate`), the calculator's next
 * step is prerendered and any other page of the site is fetched ahead, so
 * the next document is there when the link is followed. Only links: a form's
 * post is never speculated, and nothing with a side effect is named.
 */
export const SPECULATION_RULES = JSON.stringify({ prerender: onHover("/prices*"), prefetch: onHover("/*") });

/** Every inline script a public page may carry. */
export const PLAIN_SCRIPTS = [ROTATOR_SCRIPT, MENU_SCRIPT, BACK_SCRIPT, SEND_ONCE_SCRIPT, SPECULATION_RULES] as const;
