// Exports of all four games, made by `greedbot replay` during the test run, verify; a tampered
// copy of each fails with the right first mismatch. GREEDBOT_PYTHON names the Python that has
// greedbot (pytest sets it; else the repository's .venv); without one these tests are skipped.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const v = require("../verifier.js");
const root = fileURLToPath(new URL("../../../", import.meta.url));
const python = process.env.GREEDBOT_PYTHON || `${root}.venv/bin/python`;
const canReplay = existsSync(python);
const skip = canReplay ? false : `no Python with greedbot at ${python} (set GREEDBOT_PYTHON)`;

/** The exports a transcript's replay answered with, in order: the first while in play. */
function exportsOf(transcript) {
  const run = spawnSync(python, ["-m", "bot", "replay", "--json", `tests/web/exports/${transcript}.txt`], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((reply) => reply.key === "greed.export" || reply.key === "table.export")
    .map((reply) => reply.params.document);
}

const check = (doc) => v.verifyBytes(new TextEncoder().encode(JSON.stringify(doc)));
const copy = (doc) => JSON.parse(JSON.stringify(doc));
const nextFace = (face) => v.FACES[(v.FACES.indexOf(face) + 1) % 6];

function flipSeed(doc) {
  const bad = copy(doc);
  bad.seed = (bad.seed[0] === "0" ? "1" : "0") + bad.seed.slice(1);
  return bad;
}

const cases = canReplay
  ? {
      greed: exportsOf("greed_day"),
      ducks: exportsOf("ducks_table"),
      gleek: exportsOf("gleek_table"),
      regidice: exportsOf("regidice_table"),
    }
  : {};

test("every game's export verifies once it has ended; in play its seed is not revealed yet", { skip }, async () => {
  for (const [game, docs] of Object.entries(cases)) {
    const [open, ...rest] = docs;
    const ended = rest[rest.length - 1];
    const report = await check(ended);
    assert.equal(report.verdict, "ok", `${game}: ${v.verdictLine(report)}`);
    assert.deepEqual(report.mismatches, []);
    assert.equal(report.checked, (ended.throws || ended.draws).length);
    assert.ok(report.checked >= 3, `${game} has draws to check`);
    const early = await check(open);
    assert.equal(early.verdict, "not_revealed", game);
    assert.deepEqual(early.mismatches.map((m) => [m.what, m.reason]), [["seed", "not_revealed"]]);
    assert.equal(v.EXIT[early.verdict], 1);
  }
});

test("greed: one changed face is named, throw and faces, seed against record", { skip }, async () => {
  const day = cases.greed.at(-1);
  const bad = copy(day);
  const t = bad.throws[2];
  const original = [...t.faces];
  t.faces[1] = nextFace(t.faces[1]);
  const report = await check(bad);
  assert.equal(report.verdict, "failed");
  // The face, then the digest the record says was posted, which it no longer gives.
  const [first, ...others] = report.mismatches;
  assert.deepEqual(others.map((m) => m.what), ["digest"]);
  assert.equal(first.what, "faces");
  assert.deepEqual([first.player_id, first.throw_seq, first.message_id], [t.player_id, t.throw_seq, t.message_id]);
  assert.deepEqual(first.expected, original);
  assert.deepEqual(first.recorded, t.faces);
  assert.equal(v.firstDifference(first.expected, first.recorded), 1);
});

test("a changed seed breaks the commitment first, and the throws after it", { skip }, async () => {
  for (const [game, docs] of Object.entries(cases)) {
    const report = await check(flipSeed(docs.at(-1)));
    assert.equal(report.verdict, "failed", game);
    assert.equal(report.mismatches[0].what, "commitment", game);
    assert.equal(report.mismatches[0].posted, docs.at(-1).commitment);
    assert.ok(report.mismatches.slice(1).every((m) => m.what === "faces"), game); // the digest holds: no draw was changed
  }
});

test("gleek: two cards swapped in a deal name that deal and the first card out of place", { skip }, async () => {
  const table = copy(cases.gleek.at(-1));
  const shuffles = table.draws.filter((d) => d.draw.shuffle === 44);
  const deal = shuffles[1];
  [deal.outcome[5], deal.outcome[9]] = [deal.outcome[9], deal.outcome[5]];
  const report = await check(table);
  const [first, ...others] = report.mismatches;
  assert.deepEqual(others.map((m) => m.what), ["digest"]);
  assert.deepEqual([first.what, first.throw_seq], ["faces", deal.seq]);
  assert.equal(v.firstDifference(first.expected, first.recorded), 5);
  const request = report.items.find((d) => d.seq === deal.seq).request;
  const cards = v.shown("gleek", request, first.expected);
  assert.equal(cards[5], v.DECK[deal.outcome[9]]); // the seed's card where the record has another
});

test("ducks and regidice: one die changed is that roll, shown as the players saw it", { skip }, async () => {
  for (const game of ["ducks", "regidice"]) {
    const table = copy(cases[game].at(-1));
    const roll = table.draws[table.draws.length - 1];
    const was = roll.outcome[0];
    roll.outcome[0] = (was + 1) % 6;
    const report = await check(table);
    const [first, ...others] = report.mismatches;
    assert.deepEqual(others.map((m) => m.what), ["digest"], game);
    assert.deepEqual([first.what, first.throw_seq], ["faces", roll.seq], game);
    assert.equal(v.shown(game, null, first.expected)[0], String(was + 1), game);
  }
});

test("a missing or a repeated throw number, scripted dice", { skip }, async () => {
  const day = cases.greed.at(-1);
  const voided = day.throws.find((t) => t.voided);
  assert.ok(voided, "the day has a voided throw, numbered like the rest");
  const hidden = copy(day);
  hidden.throws = hidden.throws.filter((t) => t !== hidden.throws[day.throws.indexOf(voided)]);
  let report = await check(hidden);
  assert.deepEqual(report.mismatches.map((m) => m.what), ["gap", "digest"]);
  assert.deepEqual([report.mismatches[0].player_id, report.mismatches[0].missing], [voided.player_id, [voided.throw_seq]]);

  const twice = copy(day);
  twice.throws.push(copy(twice.throws[0]));
  report = await check(twice);
  assert.deepEqual(report.mismatches.map((m) => m.what), ["duplicate", "digest"]);

  const table = copy(cases.ducks.at(-1));
  table.draws.splice(1, 1);
  report = await check(table);
  assert.deepEqual(report.mismatches.map((m) => [m.what, m.missing]), [["gap", [2]], ["digest", undefined]]);

  for (const docs of Object.values(cases)) {
    const scripted = copy(docs.at(-1));
    scripted.scripted = true;
    report = await check(scripted);
    assert.equal(report.verdict, "scripted");
    assert.equal(report.mismatches[0].what, "scripted");
  }
});

test("a record cut short checks out draw by draw, and fails by the digest posted with its seed", { skip }, async () => {
  const day = copy(cases.greed.at(-1));
  const player = day.throws[0].player_id;
  const last = day.throws.map((t) => t.player_id).lastIndexOf(player);
  day.throws.splice(last, 1); // a player's last throw taken out: no number is missing
  let report = await check(day);
  assert.deepEqual(report.mismatches.map((m) => m.what), ["digest"]);
  assert.equal(report.mismatches[0].stated_draws, cases.greed.at(-1).throws.length);
  assert.equal(report.digest.count, cases.greed.at(-1).throws.length - 1);

  const cut = copy(cases.greed.at(-1));
  cut.throws.find((t) => t.faces.length === 6).faces.splice(3); // six faces cut to three
  report = await check(cut);
  assert.deepEqual(report.mismatches.map((m) => m.what), ["digest"]);

  // A record that states nothing of its draws (one made before records did) is held to
  // nothing but what was posted: the verifier shows its count and digest to compare.
  const old = copy(cases.greed.at(-1));
  delete old.draw_count;
  delete old.draw_digest;
  report = await check(old);
  assert.equal(report.verdict, "ok");
  assert.deepEqual(report.digest, { count: old.throws.length, sha256: cases.greed.at(-1).draw_digest });
  assert.match(v.compareLines(report).join("\n"), /compare these with the seal posted at the start/);
});
