// Files that are no record, or a record of the wrong shape, or far too large: a clear
// answer in one line, never a stack trace, and the exit code greedbot verify gives.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const v = require("../verifier.js");
const cli = fileURLToPath(new URL("../cli.mjs", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "verify-hostile-"));
const encode = (text) => new TextEncoder().encode(text);

function runCli(name, content) {
  const path = join(folder, name);
  writeFileSync(path, content);
  const run = spawnSync(process.execPath, [cli, path], { encoding: "utf8", maxBuffer: 1 << 26 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

const SEED = "00".repeat(32);
const day = (extra) => ({ village_id: 1, day: 1, commitment: "x", seed: null, scripted: false, throws: [], ...extra });

test("what is not a record cannot be read: exit 2 and why", async () => {
  const cases = [
    ["empty", "", "empty"],
    ["not JSON", "{\"village_id\": 1,", "json"],
    ["an array", "[1, 2]", "not_object"],
    ["NaN", "{\"day\": NaN}", "constant"],
    ["a 200-digit id", `{"village_id": ${"9".repeat(200)}}`, "digits"],
    ["an infinite float", "{\"day\": 1e999}", "too_large"],
    ["half a surrogate pair", "{\"commitment\": \"\\ud800\"}", "surrogate"],
    ["100,000 brackets deep", "[".repeat(100000) + "]".repeat(100000), "deep"],
    ["an object 100,000 deep", "{\"a\":".repeat(100000) + "1" + "}".repeat(100000), "deep"],
  ];
  for (const [what, text, reason] of cases) {
    const report = await v.verifyBytes(encode(text));
    assert.equal(report.verdict, "unreadable", what);
    assert.equal(report.reason, reason, what);
    const run = runCli("case.json", text);
    assert.equal(run.code, 2, what);
    assert.match(run.out, /^UNREADABLE: .+\n$/, what);
    assert.equal(run.err, "", what);
  }
});

test("bytes that are not UTF-8, UTF-16, a file over the size limit", async () => {
  let report = await v.verifyBytes(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]));
  assert.deepEqual([report.reason, report.facts.byte, report.facts.offset], ["not_utf8", "ff", 2]);
  report = await v.verifyBytes(new Uint8Array([0xff, 0xfe, 0x7b, 0x00]));
  assert.equal(report.reason, "utf16");
  report = await v.verifyBytes(encode(JSON.stringify(day({ pad: "x".repeat(3 << 20) }))), { maxBytes: 2 << 20 });
  assert.deepEqual([report.reason, report.facts.megabytes, report.facts.limit], ["huge", 4, 2]);
  const missing = spawnSync(process.execPath, [cli, join(folder, "none.json")], { encoding: "utf8" });
  assert.equal(missing.status, 2);
  assert.match(missing.stdout, /UNREADABLE: cannot read it: no such file/);
});

test("a record of the wrong shape: format problems, as greedbot verify lists them", async () => {
  let report = await v.verifyBytes(encode(JSON.stringify(day({ throws: 5 }))));
  assert.deepEqual(report.mismatches.map((m) => m.what), ["format"]);
  assert.equal(v.EXIT[report.verdict], 1);

  const rows = [7, null, { player_id: "x", throw_seq: 1, message_id: 1, faces: ["D"] }, { player_id: 1, throw_seq: 1, message_id: 1, faces: ["Z"] }];
  report = await v.verifyBytes(encode(JSON.stringify(day({ seed: SEED, throws: rows }))));
  assert.deepEqual(report.mismatches.map((m) => [m.what, m.throw]), [["format", 1], ["format", 2], ["format", 3], ["format", 4], ["commitment", undefined]]);

  const table = { game: "ducks", village_id: 1, table_id: 1, day: 1, commitment: "x", seed: SEED, draws: [{ seq: 1, message_id: 1, player_id: 1, draw: { dice: [6, 1e9] }, outcome: [] }] };
  report = await v.verifyBytes(encode(JSON.stringify(table)));
  assert.deepEqual(report.mismatches.map((m) => m.what), ["commitment", "format"]);
  assert.match(report.mismatches[1].error, /no game asks for a draw/);

  report = await v.verifyBytes(encode(JSON.stringify({ ...table, game: "chess" })));
  assert.deepEqual(report.mismatches.map((m) => m.what), ["format"]);
});

test("what greedbot verify cannot check at all: a day game it does not know, a label of true", async () => {
  let report = await v.verifyBytes(encode(JSON.stringify(day({ game: "chess" }))));
  assert.deepEqual([report.verdict, report.reason], ["unreadable", "unknown_game"]);
  const gleek = { game: "gleek", village_id: 1, table_id: 1, day: 1, commitment: "x", seed: SEED, draws: [{ seq: 1, message_id: 1, player_id: 0, draw: { shuffle: 44 }, label: [true], outcome: [] }] };
  report = await v.verifyBytes(encode(JSON.stringify(gleek)));
  assert.deepEqual([report.verdict, report.reason], ["unreadable", "shape"]);
});

test("a million throws are read and counted; one line and exit 1 while the seed is secret", () => {
  const throws = [];
  for (let k = 0; k < 1000000; k++) {
    throws.push(`{"player_id": ${(k % 10) + 1}, "throw_seq": ${Math.floor(k / 10) + 1}, "message_id": ${k + 1000}, "faces": ["D", "R", "Eg"], "voided": false}`);
  }
  const text = `{"village_id": 1, "day": 1, "commitment": "x", "seed": null, "scripted": false, "throws": [${throws.join(",\n")}]}`;
  const run = runCli("million.json", text);
  assert.equal(run.code, 1, run.out);
  assert.equal(run.out, "NOT YET: village 1 day 1: the seed is not revealed yet; check again when it has ended\n");
});
