// A Vitest reporter for `npm run bench`: every test's annotations (Vitest's `annotate`), as JSON, in
// the file `--outputFile` names. Vitest's JSON reporter leaves annotations out; its JUnit reporter
// keeps them only as XML properties. The bench reads this file (statements.mjs).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export default class AnnotationsReporter {
  onInit(vitest) {
    const { outputFile } = vitest.config;
    this.outputFile = typeof outputFile === "string" ? outputFile : outputFile?.annotations;
    if (!this.outputFile) throw new Error("annotations-reporter.mjs needs --outputFile=<path>");
  }

  onTestRunEnd(testModules) {
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        file: module.moduleId,
        name: test.fullName,
        state: test.result().state,
        annotations: test.annotations().map(({ type, message }) => ({ type, message })),
      })),
    );
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(tests, null, 2)}\n`);
  }
}
