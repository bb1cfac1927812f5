import { describe, expect, it } from "vitest";
import { embedSnippet, embedUrl, shareUrl } from "./share-urls";

const ID = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const KEY = "k".repeat(43);

describe("share addresses", () => {
  it("puts an encrypted link's key only in the fragment", () => {
    expect(shareUrl("https://v.test", ID)).toBe(`https://v.test/share/${ID}`);
    expect(shareUrl("https://v.test", ID, KEY)).toBe(`https://v.test/share/${ID}#k=${KEY}`);
    expect(embedUrl("https://v.test", ID, KEY)).toBe(`https://v.test/embed?id=${ID}#k=${KEY}`);
  });

  it("makes a responsive 16:9 iframe that allows fullscreen and AR and loads lazily", () => {
    const html = embedSnippet({
      origin: "https://v.test",
      sharelinkUrl: ID,
      size: "responsive",
      title: "Fox",
    });
    expect(html).toContain("aspect-ratio:16/9");
    expect(html).toContain(`src="https://v.test/embed?id=${ID}"`);
    expect(html).toContain('allow="fullscreen; xr-spatial-tracking"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('title="Fox"');
  });

  it("uses the preset or the custom size, kept within 200–4000", () => {
    const fixed = embedSnippet({ origin: "", sharelinkUrl: ID, size: "800x600", title: "t" });
    expect(fixed).toContain('width="800" height="600"');
    const custom = embedSnippet({
      origin: "",
      sharelinkUrl: ID,
      size: "custom",
      width: 50,
      height: 99999,
      title: "t",
    });
    expect(custom).toContain('width="200" height="4000"');
  });

  it("escapes a title that would break out of the attribute", () => {
    const html = embedSnippet({
      origin: "",
      sharelinkUrl: ID,
      size: "640x480",
      title: 'Chair "Deluxe" <script>',
    });
    expect(html).toContain('title="Chair &quot;Deluxe&quot; &lt;script&gt;"');
    expect(html).not.toContain("<script>");
  });

  it("fixes the embed's language only when asked, before the key's fragment", () => {
    expect(embedUrl("https://v.test", ID, null, "ko")).toBe(`https://v.test/embed?id=${ID}&lang=ko`);
    expect(embedUrl("https://v.test", ID, KEY, "en")).toBe(`https://v.test/embed?id=${ID}&lang=en#k=${KEY}`);
    const auto = embedSnippet({ origin: "", sharelinkUrl: ID, size: "640x480", title: "t", lang: null });
    expect(auto).not.toContain("lang=");
    const ko = embedSnippet({ origin: "", sharelinkUrl: ID, size: "640x480", title: "t", lang: "ko" });
    expect(ko).toContain(`src="/embed?id=${ID}&amp;lang=ko"`);
  });
});
