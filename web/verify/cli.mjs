#!/usr/bin/env node
// Check an export from the command line with the page's own verifier (verifier.js):
//
//   node web/verify/cli.mjs EXPORT.json [MORE.json …] [--json]
//
// One line of verdict per file. Exit 0 when every check of every file holds, 1 when one
// fails (a changed face, a wrong seed, a missing number, a scripted or still secret record),
// 2 when a file cannot be read or checked at all. --json prints the whole report instead.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const verifier = require("./verifier.js");

const USAGE = "usage: node cli.mjs EXPORT.json [MORE.json …] [--json]";

/** The report as JSON: exact integers (ids above 2**53 as their digits), no per-row items. */
function asJson(report) {
  const { items, ...rest } = report;
  return JSON.stringify(rest, (_, value) => {
    if (typeof value === "bigint") return value.toString();
    if (value instanceof verifier.PyFloat) return value.value;
    return value;
  });
}

async function main(argv) {
  const json = argv.includes("--json");
  const files = argv.filter((a) => a !== "--json");
  if (!files.length || files.some((f) => f.startsWith("-"))) {
    console.error(USAGE);
    return 2;
  }
  let worst = 0;
  for (const file of files) {
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      const why = error.code === "ENOENT" ? "no such file" : error.code === "EISDIR" ? "it is a folder" : error.message;
      console.log(`${file}: UNREADABLE: cannot read it: ${why}`);
      worst = 2;
      continue;
    }
    const report = await verifier.verifyBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    if (json) {
      console.log(asJson(report));
    } else {
      console.log(verifier.verdictLine(report, files.length > 1 ? file : ""));
      for (const line of verifier.compareLines(report)) console.log(`  ${line}`);
    }
    worst = Math.max(worst, verifier.EXIT[report.verdict]);
  }
  return worst;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // Never a stack trace for a reader: say what went wrong in one line.
    console.log(`UNREADABLE: the check stopped: ${error && error.message ? error.message : error}`);
    process.exitCode = 2;
  }
);
