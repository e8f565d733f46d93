import { render } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { renderEmail } from "./render.server";

describe("renderEmail", () => {
  it("makes the same plain text as rendering the template a second time for it", async () => {
    const element = (
      <html lang="en">
        <body>
          <h1>Your quote</h1>
          <p>
            Hi Priya, here is <a href="https://example.com/quote/abc">your quote</a>.
          </p>
          <table>
            <tbody>
              <tr>
                <td>Cut</td>
                <td>£40</td>
              </tr>
            </tbody>
          </table>
        </body>
      </html>
    );
    const rendered = await renderEmail("Subject", element);
    expect(rendered.text).toBe(await render(element, { plainText: true }));
    // The same HTML, with what React cannot write: the subject as <title> and the colour-scheme meta.
    expect(rendered.html.replace('<title>Subject</title><meta name="color-scheme" content="light"/><meta name="supported-color-schemes" content="light"/>', "")).toBe(
      await render(element),
    );
  });
});
