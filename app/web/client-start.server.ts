/**
 * A page that runs React paints first and fetches its script after (issue 21,
 * decision 0049).
 *
 * React Router's `<Scripts>` sends a `modulepreload` for each of the page's
 * 25–40 modules (React hoists them into the head) and a module script that
 * imports them. On a slow phone line those 125–170 KB start downloading
 * beside the stylesheet and fonts the first paint waits for, and on HTTP/1.1
 * they take most of the browser's six connections: the calculator and the
 * application form painted at 2.7–3.2 s in Lighthouse's mobile run, content
 * pages (no script) at 1.7 s. Their forms work without JavaScript, so the
 * page need not wait for it.
 *
 * So the rendered page keeps React Router's module script as it is, but inert
 * (`type="text/plain"`), drops the preloads, and adds a few lines that start
 * it after the first paint: a new module script with the same text and the
 * response's nonce. The classic scripts (the route data React Router streams
 * in, scroll restoration) run as before; the client reads the data when it
 * starts.
 */

/** React Router's module script: the page's one inline module, with this response's nonce. */
const MODULE_SCRIPT = /<script nonce="([^"]+)" type="module" async="">/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;

/**
 * Once the page has painted (the frame after the first one is drawn): the
 * preloads again, so that the modules arrive side by side rather than one
 * import after another, then the module script.
 */
const starter = (preloads: string[]) =>
  "requestAnimationFrame(function(){setTimeout(function(){" +
  `${JSON.stringify(preloads)}.forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.appendChild(l)});` +
  "var held=document.getElementById('client-start'),s=document.createElement('script');" +
  "s.type='module';s.nonce=held.nonce;s.textContent=held.textContent;document.body.appendChild(s)})})";

/**
 * The page with its client started after the first paint. A page without
 * React Router's module script is returned as it is; one with more than one
 * is an output this code does not know, and throws rather than guess.
 */
export function startClientAfterPaint(html: string): string {
  const found = [...html.matchAll(MODULE_SCRIPT)];
  if (found.length === 0) return html;
  if (found.length > 1) throw new Error(`expected one module script in a page, found ${found.length}`);
  const nonce = found[0]![1]!;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => /href="(\/assets\/[\w.-]+\.js)"/.exec(m[0])?.[1]).filter((href) => href !== undefined);
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(MODULE_SCRIPT, `<script nonce="${nonce}" type="text/plain" id="client-start">`)
    .replace(/<\/body>/, `<script nonce="${nonce}">${starter(preloads)}</script></body>`);
}
