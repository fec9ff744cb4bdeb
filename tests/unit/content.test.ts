import { describe, expect, it } from "vitest";
import { findPost, findTutorial, listPosts, listTutorials, rfc822Date, tutorialNeighbours } from "~/lib/content.server";
import { formatCalendarDay as formatDate } from "~/lib/dates";
import { htmlToText, parseFrontMatter, readingMinutes, renderMarkdown, TUTORIAL_SLUGS, WORDS_PER_MINUTE } from "../../scripts/content.mjs";
import { blogPostFrontMatter, tutorialFrontMatter, validateFrontMatter } from "../../scripts/lib/front-matter.mjs";
import { SPEC_TUTORIAL_SLUGS } from "../support/public-pages";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("front matter", () => {
  it("reads plain, quoted and numeric values and one level of nesting", () => {
    const { data, body } = parseFrontMatter(
      [
        "---",
        'title: "Plain text: with a colon"',
        'description: "Double \\"quoted\\" text"',
        "summary: 'It''s single-quoted'",
        "order: 3",
        "datePublished: 2025-03-04",
        "# a comment",
        "author:",
        "  name: Ada",
        "  url: https://example.com/ada",
        "---",
        "Body **text**",
      ].join("\n"),
    );
    expect(data).toEqual({
      title: "Plain text: with a colon",
      description: 'Double "quoted" text',
      summary: "It's single-quoted",
      order: 3,
      // YAML's core schema: a date stays the string it was written as.
      datePublished: "2025-03-04",
      author: { name: "Ada", url: "https://example.com/ada" },
    });
    expect(body).toBe("Body **text**");
  });

  it("accepts Windows line endings and a byte-order mark", () => {
    expect(parseFrontMatter("\uFEFF---\r\ntitle: A\r\n---\r\nB").data).toEqual({ title: "A" });
  });

  it("refuses what is not YAML key: value lines, naming the file and line", () => {
    expect(() => parseFrontMatter("no front matter", "a.md")).toThrow(/a\.md: missing front matter/);
    expect(() => parseFrontMatter("---\ntitle: A\ntitle: B\n---\n", "a.md")).toThrow(/a\.md:3: duplicate key "title"/);
    expect(() => parseFrontMatter("---\n- item\n---\n", "a.md")).toThrow(/a\.md:2: expected "key: value"/);
    expect(() => parseFrontMatter('---\ntitle: "open\n---\n', "a.md")).toThrow(/a\.md:2: invalid YAML/);
    // A plain value may not hold ": " in YAML (quote it).
    expect(() => parseFrontMatter("---\ntitle: Plain text: with a colon\n---\n", "a.md")).toThrow(/a\.md:2: invalid YAML.*title: Plain text/);
  });

  const post = { title: "A post", description: "What it is about", datePublished: "2025-03-04" };
  const tutorial = { title: "A tutorial", description: "What it teaches", datePublished: "2025-03-04", order: 1, level: "Beginner", duration: "5 minutes" };

  it("checks each kind against its schema and returns what it read", () => {
    const author = { name: "Ada", url: "https://example.com/ada" };
    expect(validateFrontMatter(blogPostFrontMatter, { ...post, author, dateModified: "2025-03-05" }, "a.md")).toEqual({ ...post, author, dateModified: "2025-03-05" });
    expect(validateFrontMatter(tutorialFrontMatter, tutorial, "t.md")).toEqual(tutorial);
  });

  it("refuses a wrong or missing field, naming the file and the field", () => {
    const blog = (data: Record<string, unknown>) => () => validateFrontMatter(blogPostFrontMatter, data, "a.md");
    const tut = (data: Record<string, unknown>) => () => validateFrontMatter(tutorialFrontMatter, data, "t.md");
    expect(blog({ ...post, tags: ["a", "b"] })).toThrow(/a\.md: unknown front matter key "tags"/);
    expect(blog({ ...post, title: undefined })).toThrow(/a\.md: front matter "title": required/);
    expect(blog({ ...post, description: " " })).toThrow(/a\.md: front matter "description": required/);
    expect(blog({ ...post, datePublished: "4 March 2025" })).toThrow(/a\.md: front matter "datePublished": a date as YYYY-MM-DD/);
    expect(blog({ ...post, datePublished: "2025-02-30" })).toThrow(/a\.md: front matter "datePublished": not a real date/);
    expect(blog({ ...post, dateModified: "2025-03-03" })).toThrow(/a\.md: front matter "dateModified": is before datePublished/);
    expect(blog({ ...post, author: "Ada" })).toThrow(/a\.md: front matter "author"/);
    expect(blog({ ...post, author: { name: "Ada", url: "http://example.com" } })).toThrow(/a\.md: front matter "author\.url"/);
    expect(blog({ ...post, author: { name: "Ada", mail: "a@example.com" } })).toThrow(/a\.md: unknown front matter key "author\.mail"/);
    expect(blog({ ...post, image: "x.png" })).toThrow(/a\.md: front matter "image"/);
    expect(tut({ ...tutorial, order: 1.5 })).toThrow(/t\.md: front matter "order": a positive integer/);
    expect(tut({ ...tutorial, order: 0 })).toThrow(/t\.md: front matter "order": a positive integer/);
    expect(tut({ ...tutorial, level: "Expert" })).toThrow(/t\.md: front matter "level": one of Beginner, Intermediate, Advanced/);
    expect(tut({ ...tutorial, duration: undefined })).toThrow(/t\.md: front matter "duration": required/);
  });
});

describe("reading time", () => {
  it("is words / 220, rounded up, at least one minute", () => {
    expect(WORDS_PER_MINUTE).toBe(220);
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(5))).toBe(1);
    expect(readingMinutes(words(220))).toBe(1);
    expect(readingMinutes(words(221))).toBe(2);
    expect(readingMinutes(words(440))).toBe(2);
    expect(readingMinutes(words(441))).toBe(3);
  });

  it("does not count punctuation on its own as words", () => {
    expect(readingMinutes(`${words(220)} — · -`)).toBe(1);
  });
});

describe("Markdown rendering", () => {
  const render = (markdown: string) => renderMarkdown(markdown, { siteUrl: "https://linkvault.app" });

  it("escapes raw HTML blocks and inline tags instead of passing them through", () => {
    const { html } = render('<script>alert("x")</script>\n\nText with <img src=x onerror="alert(1)"> and <b>bold</b>.\n\n<div onclick="steal()">block</div>\n');
    expect(html).not.toMatch(/<script|<img|<b>|<div/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;div onclick=&quot;steal()&quot;&gt;block&lt;/div&gt;");
  });

  it("escapes code blocks and code spans", () => {
    const { html } = render("Use `<a href>` here.\n\n```html\n<p class=\"x\">a && b</p>\n```\n");
    expect(html).toContain("<code>&lt;a href&gt;</code>");
    expect(html).toContain('<pre tabindex="0"><code class="language-html">&lt;p class=&quot;x&quot;&gt;a &amp;&amp; b&lt;/p&gt;\n</code></pre>');
  });

  it("gives headings unique ids and lists them", () => {
    const { html, headings } = render("## What you need\n\n### Step *one*\n\n## What you need\n");
    expect(html).toContain('<h2 id="what-you-need">What you need</h2>');
    expect(html).toContain('<h3 id="step-one">Step <em>one</em></h3>');
    expect(html).toContain('<h2 id="what-you-need-2">What you need</h2>');
    expect(headings).toEqual([
      { depth: 2, text: "What you need", id: "what-you-need" },
      { depth: 3, text: "Step one", id: "step-one" },
      { depth: 2, text: "What you need", id: "what-you-need-2" },
    ]);
  });

  it("opens external links in a new tab with noopener noreferrer, and keeps internal links as they are", () => {
    const { html } = render("[out](https://example.com/a?b=1&c=2) [in](/blog) [self](https://linkvault.app/tutorials) [mail](mailto:hi@example.com)");
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/blog">in</a>');
    expect(html).toContain('<a href="https://linkvault.app/tutorials">self</a>');
    expect(html).toContain('<a href="mailto:hi@example.com">mail</a>');
  });

  it("refuses a level-one heading (the page title is the only h1) and unsafe link targets", () => {
    expect(() => render("# Title")).toThrow(/only h1/);
    expect(() => render("[x](javascript:alert(1))")).toThrow(/unsafe/);
    expect(() => render("[x](//evil.example)")).toThrow(/unsafe/);
  });
});

describe("blog posts", () => {
  const posts = listPosts();

  it("has at least five posts, newest first", () => {
    expect(posts.length).toBeGreaterThanOrEqual(5);
    const dates = posts.map((post) => post.datePublished);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(posts.map((post) => [post.slug, post] as const))("%s has every required field", (_slug, post) => {
    expect(post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(post.title.length).toBeGreaterThan(10);
    expect(post.description.length).toBeGreaterThan(40);
    expect(post.datePublished).toMatch(/^2025-\d{2}-\d{2}$/);
    if (post.dateModified) expect(post.dateModified >= post.datePublished).toBe(true);
    expect(post.author.name).toMatch(/\S/);
    expect(post.html).not.toMatch(/\{\{|<h1|<script/i);
    expect(post.headings.length).toBeGreaterThan(2);
    const wordCount = htmlToText(post.html).split(/\s+/).length;
    expect(wordCount).toBeGreaterThanOrEqual(600);
    expect(wordCount).toBeLessThanOrEqual(1200);
    expect(post.readingMinutes).toBe(readingMinutes(htmlToText(post.html)));
    expect(findPost(post.slug)).toBe(post);
  });

  it("finds nothing for an unknown slug", () => {
    expect(findPost("nope")).toBeUndefined();
  });
});

describe("tutorials", () => {
  const tutorials = listTutorials();

  it("are the spec's eight, in the spec's order", () => {
    expect(tutorials.map((t) => t.slug)).toEqual(SPEC_TUTORIAL_SLUGS);
    expect(TUTORIAL_SLUGS).toEqual(tutorials.map((t) => t.slug));
    expect(tutorials.map((t) => t.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("link each to the previous and next one", () => {
    tutorials.forEach((tutorial, index) => {
      const { previous, next } = tutorialNeighbours(tutorial.slug);
      expect(previous?.slug ?? null).toBe(tutorials[index - 1]?.slug ?? null);
      expect(next?.slug ?? null).toBe(tutorials[index + 1]?.slug ?? null);
    });
    expect(tutorialNeighbours("getting-started").previous).toBeNull();
    expect(tutorialNeighbours("advanced-sync").next).toBeNull();
    expect(tutorialNeighbours("nope")).toEqual({ previous: null, next: null });
    expect(findTutorial("nope")).toBeUndefined();
  });

  it.each(tutorials.map((t) => [t.slug, t] as const))("%s is a step-by-step guide", (_slug, tutorial) => {
    const sections = tutorial.headings.filter((h) => h.depth === 2).map((h) => h.text);
    expect(sections).toContain("What you need");
    expect(sections).toContain("Steps");
    expect(sections).toContain("Troubleshooting");
    expect(tutorial.html).toMatch(/<ol( start="\d+")?>/);
    expect(tutorial.description.length).toBeGreaterThan(40);
    expect(tutorial.html).not.toMatch(/\{\{|<h1|<script/i);
  });
});

describe("dates", () => {
  it("formats for people and for RSS", () => {
    expect(formatDate("2025-03-04")).toBe("4 March 2025");
    expect(rfc822Date("2025-03-04")).toBe("Tue, 04 Mar 2025 00:00:00 GMT");
    expect(rfc822Date("2025-10-21")).toBe(new Date("2025-10-21T00:00:00Z").toUTCString());
  });
});
