import { describe, expect, it } from "vitest";
import { injectPageMeta, type TPageMeta } from "./web";

const shell = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Vitrine: 3D." /><title>Vitrine</title></head><body><div id="root"></div></body></html>`;

const meta: TPageMeta = {
  title: `Lamp "A" <script>alert(1)</script>`,
  description: "See it in 3D & more",
  image: "https://vitrine.example/blobs/abc.png?x=1&y=<2>",
  url: "https://vitrine.example/share/abc",
  oembedUrl: "https://vitrine.example/api/oembed?url=x&format=json",
};

describe("page meta injection", () => {
  it("replaces the shell's title and description and adds escaped preview tags in the head", () => {
    const html = injectPageMeta(shell, meta);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Lamp &quot;A&quot; &lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("Vitrine: 3D.");
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="See it in 3D &amp; more">');
    expect(head).toContain(
      '<meta property="og:image" content="https://vitrine.example/blobs/abc.png?x=1&amp;y=&lt;2&gt;">',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://vitrine.example/api/oembed?url=x&amp;format=json"',
    );
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it("uses a small card and no image tags without an image", () => {
    const html = injectPageMeta(shell, { ...meta, image: null, oembedUrl: null });
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain("og:image");
    expect(html).not.toContain("json+oembed");
  });

  it("preloads the image of a visitor page (the poster) as a same-site path, and only when asked", () => {
    const own = { ...meta, image: "https://vitrine.example/blobs/abc.jpg?v=2" };
    const head = (html: string) => html.slice(0, html.indexOf("</head>"));
    expect(head(injectPageMeta(shell, own, { preloadImage: true }))).toContain(
      '<link rel="preload" as="image" href="/blobs/abc.jpg?v=2" fetchpriority="high">',
    );
    expect(injectPageMeta(shell, own)).not.toContain('rel="preload"');
    // An image elsewhere (a CDN the page will not use as is) or none: nothing preloaded.
    const elsewhere = { ...meta, image: "https://cdn.example/abc.jpg" };
    expect(injectPageMeta(shell, elsewhere, { preloadImage: true })).not.toContain('rel="preload"');
    expect(injectPageMeta(shell, { ...meta, image: null }, { preloadImage: true })).not.toContain(
      'rel="preload"',
    );
  });
});
