// The published vectors (../vectors.json) against the page's derivation; greedbot's Python
// tests read the same file (tests/fairness/test_vectors.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";

const require = createRequire(import.meta.url);
const v = require("../verifier.js");
const vectors = v.parseJson(readFileSync(new URL("../vectors.json", import.meta.url), "utf8"));

test("commitments", async () => {
  for (const c of vectors.commitments) {
    assert.equal(await v.sha256Hex(v.fromHex(c.seed)), c.commitment);
  }
});

test("streams run on into block_1 and beyond", async () => {
  for (const s of vectors.streams) {
    const want = v.fromHex(s.bytes);
    assert.ok(want.length > 64);
    assert.deepEqual(await v.streamBytes(s.seed, s.label, want.length), Array.from(want));
  }
});

test("dice read past the skipped bytes of block_0", async () => {
  for (const d of vectors.dice) {
    const block0 = await v.streamBytes(d.seed, d.label, 32);
    assert.equal(block0.filter((b) => b < 252).length, d.block_0_gives);
    assert.ok(d.count > d.block_0_gives);
    assert.deepEqual(await v.derive(d.seed, d.label, { kind: "dice", n: d.count }), d.values);
  }
});

test("greed, ids above 2**53 included", async () => {
  let big = 0;
  for (const g of vectors.greed) {
    const label = v.label("greed", [g.village_id, g.day, g.player_id, g.throw_seq, g.message_id]);
    assert.equal(label, g.message);
    if (typeof g.village_id === "bigint") big++;
    const values = await v.derive(g.seed, label, { kind: "dice", n: g.faces.length });
    assert.deepEqual(values.map((x) => v.FACES[x]), g.faces);
  }
  assert.ok(big >= 1, "a vector with a 64-bit id");
});

test("ducks", async () => {
  for (const d of vectors.ducks) {
    const label = v.label("ducks", [d.village_id, d.table_id, d.player_id, d.roll_seq, d.message_id]);
    assert.equal(label, d.message);
    assert.deepEqual(await v.derive(d.seed, label, { kind: "dice", n: d.dice }), d.values);
  }
});

test("gleek: the first dealer and whole shuffles, as cards", async () => {
  for (const g of vectors.gleek_first_dealer) {
    assert.equal(v.label("gleek", [g.table_id, "first-dealer"]), g.label);
    assert.deepEqual(await v.derive(g.seed, g.label, { kind: "below", n: 3 }), [g.value]);
  }
  for (const g of vectors.gleek_shuffle) {
    assert.equal(v.label("gleek", [g.table_id, g.deal]), g.label);
    const order = await v.derive(g.seed, g.label, { kind: "shuffle", n: 44 });
    assert.deepEqual(order, g.order);
    assert.deepEqual(order.map((i) => v.DECK[i]), g.cards);
  }
});

test("regidice", async () => {
  for (const r of vectors.regidice) {
    assert.equal(v.label("regidice", [r.table_id, r.round, r.die]), r.label);
    const [value] = await v.derive(r.seed, r.label, { kind: "dice", n: 1 });
    assert.equal(value + 1, r.pips);
  }
});

test("chi-square: the statistic exactly, the p-value to the last digits /village stats shows", () => {
  for (const c of vectors.chi_square) {
    const got = v.uniformity(c.counts);
    const want = c.p_value instanceof v.PyFloat ? c.p_value.value : c.p_value;
    const chi = c.chi_square instanceof v.PyFloat ? c.chi_square.value : c.chi_square;
    assert.equal(got.chi_square, chi, `chi-square of ${c.counts}`);
    const tolerance = Math.max(1e-300, Math.abs(want) * 1e-12);
    assert.ok(Math.abs(got.p_value - want) <= tolerance, `p of ${c.counts}: ${got.p_value} vs ${want}`);
    assert.equal(got.p_value.toFixed(6), want.toFixed(6));
  }
});

test("digests: a record's draws give the published text, count and sha256", async () => {
  for (const d of vectors.digests) {
    const computed = d.kind === "day" ? await v.dayDigest(d.rows) : await v.tableDigest(d.rows);
    assert.deepEqual(computed, { count: d.count, sha256: d.sha256 });
    assert.deepEqual(await v.digestOf(d.lines), { count: d.count, sha256: d.sha256 });
  }
});

test("lgamma is CPython's", () => {
  // math.lgamma's values, printed by Python 3.11 (repr, so every digit counts).
  const python = [
    [0.5, 0.5723649429247004], [1.5, -0.12078223763524543], [2.5, 0.2846828704729196],
    [3.5, 1.2009736023470738], [5.5, 3.9578139676187165], [10.5, 13.940625219403763],
    [100.5, 361.4355404677776], [0.1, 2.2527126517342055], [7.3, 7.147892523022248],
  ];
  for (const [x, want] of python) {
    assert.ok(Math.abs(v.lgamma(x) - want) <= Math.abs(want) * 4e-16 + 1e-300, `lgamma(${x})`);
  }
});
