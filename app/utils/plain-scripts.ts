/**
 * The only scripts a content page runs: a few lines each, inline, allowed by
 * their hash in the page's CSP (app/web/csp.server.ts). Each is the same text
 * on every page, so its hash is a constant. Written for any browser of the
 * last few years, with no framework. Pages that run React do this with React
 * (review-feed.tsx, banner-carousel.tsx, site-header.tsx).
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
 * click elsewhere closes it. Placed inside the header.
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
})();`;

/** Every inline script a content page may carry. */
export const PLAIN_SCRIPTS = [ROTATOR_SCRIPT, MENU_SCRIPT] as const;
