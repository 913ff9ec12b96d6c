/* greedbot's fair-dice verifier: the same checks as `greedbot verify`, in plain JavaScript.
 *
 * One file for the browser page and for Node (cli.mjs): a classic script, because a page
 * opened from a saved copy (file://) may not load JavaScript modules, and Node loads it with
 * require(). It touches no DOM and sends nothing anywhere; SHA-256 and HMAC come from
 * WebCrypto (crypto.subtle), which browsers and Node 20 both have.
 *
 * What it checks is docs/fair-dice.md: the seed against its commitment, every throw or draw
 * against the seed (Greed §2, Ducks §7, Gleek §8, Regidice §9), and the throw or draw
 * numbers. Its verdicts are greedbot verify's, case by case: a record reads the way Python
 * reads it (`int()`, `str()`, `list()` of whatever the file holds), so a hostile file gets
 * the same answer from both.
 */
(function (root, factory) {
  "use strict";
  const api = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.GreedbotVerifier = api;
  }
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  // ---------------------------------------------------------------------------------------
  // Reading a record: strict JSON as bot/fairness/document.py reads it.

  const MAX_DIGITS = 100; // no id or count of a record is longer (document.py)
  const MAX_DEPTH = 500; // a record nests 5 deep; Python gives up near 1,000
  const MAX_BYTES = 300 * 1024 * 1024; // a million throws take about 200 MB

  /** A record that cannot be read: `reason` names why, `facts` fill the sentence. */
  class UnreadableError extends Error {
    constructor(reason, facts, message) {
      super(message);
      this.reason = reason;
      this.facts = facts || {};
    }
  }

  /** A JSON number with a fraction or an exponent: Python reads it as a float, not an int. */
  class PyFloat {
    constructor(value) {
      this.value = value;
    }
  }

  const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
  const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
  const PLAIN = /[^"\\\u0000-\u001f]*/y;
  const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

  /** The JSON object in `text`, its integers exact (a Number when safe, else a BigInt), its
   * other numbers PyFloat. Iterative, so no nesting overflows the stack. */
  function parseJson(text) {
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (!text.trim()) throw new UnreadableError("empty", {}, "the file is empty");
    let i = 0;
    const n = text.length;
    const stack = []; // containers being filled: {value, key (objects), isArray}
    const shortStrings = new Map(); // "Eg", "R1": a million copies of a face share one string
    let result;
    let done = false;

    const fail = (what) => {
      throw new UnreadableError("json", { error: what, offset: i }, `not JSON (${what} at character ${i})`);
    };
    const skip = () => {
      while (i < n && WHITESPACE.has(text.charCodeAt(i))) i++;
    };
    const readString = () => {
      i++; // the opening quote
      let out = "";
      for (;;) {
        PLAIN.lastIndex = i;
        PLAIN.test(text);
        const end = PLAIN.lastIndex;
        if (end > i) out += text.slice(i, end);
        i = end;
        if (i >= n) fail("an unterminated string");
        const c = text[i];
        if (c === '"') {
          i++;
          break;
        }
        if (c !== "\\") fail("a control character in a string");
        const e = text[i + 1];
        if (e === "u") {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("a bad \\u escape");
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
          out += ESCAPES[e];
          i += 2;
        } else {
          fail("a bad escape");
        }
      }
      if (out.length <= 4) {
        const known = shortStrings.get(out);
        if (known !== undefined) return known;
        if (shortStrings.size < 4096) shortStrings.set(out, out);
      }
      return out;
    };
    const readNumber = () => {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) fail("an unexpected character");
      const digits = m[0];
      i = NUMBER.lastIndex;
      if (m[1] === undefined && m[2] === undefined) {
        const length = digits.replace("-", "").length;
        if (length > MAX_DIGITS) {
          throw new UnreadableError("digits", { digits: length }, `a number of ${length} digits is in no record`);
        }
        if (length <= 15) return Number(digits);
        const big = BigInt(digits);
        return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
      }
      const value = Number(digits);
      if (!Number.isFinite(value)) {
        const shown = digits.length > 20 ? digits.slice(0, 20) + "…" : digits;
        throw new UnreadableError("too_large", { number: shown }, `the number ${shown} is too large`);
      }
      return new PyFloat(value);
    };
    const checkString = (s) => {
      // A lone half of a surrogate pair is no character: Python refuses to write it back.
      for (let k = 0; k < s.length; k++) {
        const c = s.charCodeAt(k);
        if (c >= 0xd800 && c <= 0xdbff) {
          const d = s.charCodeAt(k + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            k++;
            continue;
          }
        } else if (c < 0xdc00 || c > 0xdfff) {
          continue;
        }
        const code = "\\u" + c.toString(16).padStart(4, "0");
        throw new UnreadableError("surrogate", { code }, `a string holds ${code}, half of a surrogate pair, which is no character`);
      }
      return s;
    };
    const put = (value) => {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        result = value;
        done = true;
      } else if (top.isArray) {
        top.value.push(value);
      } else if (top.key === "__proto__") {
        Object.defineProperty(top.value, "__proto__", { value, enumerable: true, writable: true, configurable: true });
      } else {
        top.value[top.key] = value;
      }
    };

    skip();
    while (!done) {
      skip();
      if (i >= n) fail("the end of the file");
      const top = stack[stack.length - 1];
      const c = text[i];
      // After a value inside a container: a comma or its end.
      if (top !== undefined && top.filled) {
        if (c === ",") {
          i++;
          top.filled = false;
          if (!top.isArray) {
            skip();
            if (text[i] !== '"') fail("a missing key");
            top.key = checkString(readString());
            skip();
            if (text[i] !== ":") fail("a missing colon");
            i++;
          }
          continue;
        }
        if ((top.isArray && c === "]") || (!top.isArray && c === "}")) {
          i++;
          stack.pop();
          put(top.value);
          const parent = stack[stack.length - 1];
          if (parent !== undefined) parent.filled = true;
          continue;
        }
        fail("a missing comma");
      }
      let value;
      let scalar = true;
      if (c === "{" || c === "[") {
        if (stack.length >= MAX_DEPTH) {
          throw new UnreadableError("deep", { depth: MAX_DEPTH }, "its JSON is nested too deeply");
        }
        i++;
        const isArray = c === "[";
        const frame = { value: isArray ? [] : {}, isArray, key: null, filled: false };
        skip();
        if (text[i] === (isArray ? "]" : "}")) {
          i++;
          value = frame.value;
        } else {
          if (!isArray) {
            if (text[i] !== '"') fail("a missing key");
            frame.key = checkString(readString());
            skip();
            if (text[i] !== ":") fail("a missing colon");
            i++;
          }
          stack.push(frame);
          scalar = false;
        }
      } else if (c === '"') {
        value = checkString(readString());
      } else if (c === "t" && text.startsWith("true", i)) {
        value = true;
        i += 4;
      } else if (c === "f" && text.startsWith("false", i)) {
        value = false;
        i += 5;
      } else if (c === "n" && text.startsWith("null", i)) {
        value = null;
        i += 4;
      } else if (text.startsWith("NaN", i) || text.startsWith("Infinity", i) || text.startsWith("-Infinity", i)) {
        const name = text.startsWith("NaN", i) ? "NaN" : text[i] === "-" ? "-Infinity" : "Infinity";
        throw new UnreadableError("constant", { name }, `${name} is not a number in JSON`);
      } else {
        value = readNumber();
      }
      if (scalar) {
        put(value);
        if (top !== undefined) top.filled = true;
      }
    }
    skip();
    if (i < n) fail("extra data");
    if (result === null || typeof result !== "object" || result instanceof PyFloat || Array.isArray(result)) {
      const kind = Array.isArray(result) ? "an array" : "a single value";
      throw new UnreadableError("not_object", { kind }, `a record is a JSON object, and this is ${kind}`);
    }
    return result;
  }

  /** The text of a file's bytes, as greedbot verify reads them: UTF-8, a byte-order mark
   * allowed, UTF-16 refused with a word on how to fix it. */
  function decodeBytes(bytes, maxBytes) {
    const limit = maxBytes || MAX_BYTES;
    if (bytes.length > limit) {
      const facts = { megabytes: Math.ceil(bytes.length / 1048576), limit: Math.floor(limit / 1048576) };
      throw new UnreadableError("huge", facts, `the file is ${facts.megabytes} MB; a record is at most ${facts.limit} MB`);
    }
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      throw new UnreadableError("utf16", {}, "it is UTF-16 text; save it as UTF-8");
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (_) {
      let offset = 0;
      const decoder = new TextDecoder("utf-8", { fatal: true });
      // Find the first bad byte, as Python names it: halve the prefix that still decodes.
      let lo = 0;
      let hi = bytes.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        try {
          decoder.decode(bytes.subarray(0, mid));
          lo = mid;
        } catch (e) {
          hi = mid - 1;
        }
      }
      offset = lo;
      while (offset > 0 && (bytes[offset] & 0xc0) === 0x80) offset--;
      const byte = bytes[offset] === undefined ? 0 : bytes[offset];
      const hex = byte.toString(16).padStart(2, "0");
      throw new UnreadableError("not_utf8", { byte: hex, offset }, `not UTF-8 text (byte 0x${hex} at offset ${offset})`);
    }
  }

  // ---------------------------------------------------------------------------------------
  // Python's own readings of a value: what `int()`, `str()`, `list()` and `bool()` make of it.

  /** Python raised this while reading the record: TypeError, ValueError, KeyError… */
  class PyError extends Error {
    constructor(type, message) {
      super(message);
      this.type = type;
    }
  }

  const isDict = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof PyFloat);
  const isPyInt = (v) => typeof v === "number" || typeof v === "bigint"; // bools excluded
  const INT_TEXT = /^[+-]?[0-9](?:_?[0-9])*$/;

  function small(v) {
    return typeof v === "bigint" && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  }

  function pyInt(v) {
    if (typeof v === "number" || typeof v === "bigint") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (v instanceof PyFloat) {
      const t = Math.trunc(v.value);
      return Number.isSafeInteger(t) ? t : small(BigInt(t));
    }
    if (typeof v === "string") {
      const s = v.trim();
      if (!INT_TEXT.test(s) || s.length > 4300) throw new PyError("ValueError", `invalid literal for int(): '${v}'`);
      return small(BigInt(s.replace(/_/g, "")));
    }
    throw new PyError("TypeError", `int() argument must be a string or a number, not '${pyType(v)}'`);
  }

  function pyType(v) {
    if (v === null) return "NoneType";
    if (typeof v === "boolean") return "bool";
    if (isPyInt(v)) return "int";
    if (v instanceof PyFloat) return "float";
    if (typeof v === "string") return "str";
    return Array.isArray(v) ? "list" : "dict";
  }

  function pyRepr(v) {
    if (typeof v === "string") return "'" + v.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
    return pyStr(v);
  }

  function pyStr(v) {
    if (typeof v === "string") return v;
    if (v === null) return "None";
    if (typeof v === "boolean") return v ? "True" : "False";
    if (isPyInt(v)) return v.toString();
    if (v instanceof PyFloat) {
      const x = v.value;
      if (Number.isInteger(x) && Math.abs(x) < 1e16) return x.toFixed(1);
      return String(x).replace(/e\+?(-?)(\d)$/, "e$1" + "0$2").replace("e", "e+").replace("e+-", "e-");
    }
    if (Array.isArray(v)) return "[" + v.map(pyRepr).join(", ") + "]";
    return "{" + Object.keys(v).map((k) => pyRepr(k) + ": " + pyRepr(v[k])).join(", ") + "}";
  }

  function pyList(v) {
    if (Array.isArray(v)) return v;
    if (typeof v === "string") return Array.from(v);
    if (isDict(v)) return Object.keys(v);
    throw new PyError("TypeError", `'${pyType(v)}' object is not iterable`);
  }

  function truthy(v) {
    if (v === null || v === false || v === 0 || v === 0n || v === "") return false;
    if (v instanceof PyFloat) return v.value !== 0;
    if (Array.isArray(v)) return v.length > 0;
    if (isDict(v)) return Object.keys(v).length > 0;
    return true;
  }

  /** `mapping[key]` as Python reads it: a KeyError for a missing key, a TypeError when
   * the value is no mapping at all. */
  function item(v, key) {
    if (!isDict(v)) throw new PyError("TypeError", `'${pyType(v)}' object is not subscriptable by '${key}'`);
    if (!Object.prototype.hasOwnProperty.call(v, key)) throw new PyError("KeyError", `'${key}'`);
    return v[key];
  }

  function get(v, key, fallback) {
    return Object.prototype.hasOwnProperty.call(v, key) ? v[key] : fallback;
  }

  const ASCII_SPACE = /^(?:[ \t\n\v\f\r]*[0-9a-fA-F]{2})*[ \t\n\v\f\r]*$/;

  /** `bytes.fromhex(text)`, or null where Python raises ValueError. */
  function fromHex(text) {
    if (!ASCII_SPACE.test(text)) return null;
    const digits = text.replace(/[ \t\n\v\f\r]/g, "");
    const out = new Uint8Array(digits.length / 2);
    for (let k = 0; k < out.length; k++) out[k] = parseInt(digits.substr(2 * k, 2), 16);
    return out;
  }

  const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  function compareInts(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
  }

  // ---------------------------------------------------------------------------------------
  // The stream of a label (bot/fairness/derive.py), with WebCrypto doing the hashing.

  const subtle = () => {
    const c = globalThis.crypto;
    if (!c || !c.subtle) {
      throw new Error("this browser has no WebCrypto here (open the page from https:// or a saved file)");
    }
    return c.subtle;
  };
  const encoder = new TextEncoder();

  async function sha256Hex(bytes) {
    return toHex(new Uint8Array(await subtle().digest("SHA-256", bytes)));
  }

  /** The seed as an HMAC key. HMAC pads its key with zero bytes, so the empty seed (which
   * WebCrypto refuses) is the key of one zero byte. */
  async function hmacKey(seed) {
    const raw = seed.length ? seed : new Uint8Array(1);
    return subtle().importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }

  function blockMessage(label, index) {
    if (index === 0) return label;
    const tail = encoder.encode("|" + index);
    const out = new Uint8Array(label.length + tail.length);
    out.set(label);
    out.set(tail, label.length);
    return out;
  }

  const NEED_MORE = { reason: "the blocks computed so far ran out" };

  /** The bytes of the blocks computed so far; asking past them throws NEED_MORE, and the
   * driver computes the next block and reads again from the start. */
  class Bytes {
    constructor(blocks) {
      this.blocks = blocks;
      this.pos = 0;
    }
    next() {
      const block = this.blocks[this.pos >> 5];
      if (block === undefined) throw NEED_MORE;
      return block[this.pos++ & 31];
    }
  }

  /** `count` values below `sides`, one byte each, rejecting the bytes that would bias them. */
  function smallInts(bytes, sides, count) {
    const limit = 256 - (256 % sides);
    const out = [];
    while (out.length < count) {
      const b = bytes.next();
      if (b < limit) out.push(b % sides);
    }
    return out;
  }

  const WORD = 4294967296; // 2 ** 32

  /** One integer below m from 4-byte big-endian words, rejecting the biased top. */
  function uniformBelow(bytes, m) {
    const limit = WORD - (WORD % m);
    for (;;) {
      let x = 0;
      for (let k = 0; k < 4; k++) x = x * 256 + bytes.next();
      if (x < limit) return x % m;
    }
  }

  /** Fisher–Yates from the identity: entry k is the index of the card at position k. */
  function shuffle(bytes, size) {
    const order = Array.from({ length: size }, (_, k) => k);
    for (let k = size - 1; k > 0; k--) {
      const j = uniformBelow(bytes, k + 1);
      const t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
    return order;
  }

  /** `game/v1|part|part…` (derive.label): ints in decimal, no `|` in a part, no bools. */
  function label(game, parts) {
    const texts = [game + "/v1"];
    for (const part of parts) {
      if (typeof part === "boolean" || !(isPyInt(part) || typeof part === "string")) {
        throw new PyError("TypeError", `a label part is an int or a str, not ${pyRepr(part)}`);
      }
      const text = part.toString();
      if (text.includes("|")) throw new PyError("ValueError", `a label part may not contain '|': ${pyRepr(part)}`);
      texts.push(text);
    }
    return texts.join("|");
  }

  /** A derivation to run: the stream of `text`, read by `read`; `blocks` is how many blocks
   * it will most likely need, all computed at once. */
  function task(text, read, blocks) {
    return { label: encoder.encode(text), read, hint: blocks || 1, blocks: [], value: undefined };
  }

  const BATCH = 1024;

  /** Run the tasks: every block they need, a batch at a time in parallel, then each reading. */
  async function runTasks(key, tasks) {
    let pending = tasks;
    while (pending.length) {
      const signs = [];
      for (const t of pending) {
        const want = Math.max(t.hint, t.blocks.length + 1);
        for (let b = t.blocks.length; b < want; b++) {
          signs.push(
            subtle()
              .sign("HMAC", key, blockMessage(t.label, b))
              .then((digest) => {
                t.blocks[b] = new Uint8Array(digest);
              })
          );
        }
      }
      await Promise.all(signs);
      const again = [];
      for (const t of pending) {
        try {
          t.value = t.read(new Bytes(t.blocks));
          t.blocks = null;
        } catch (e) {
          if (e !== NEED_MORE) throw e;
          t.hint = t.blocks.length + Math.max(1, t.blocks.length);
          again.push(t);
        }
      }
      pending = again;
    }
  }

  // ---------------------------------------------------------------------------------------
  // The games: how each draws (the `fair` of bot/games/<game>/), and how players see it.

  const FACES = ["$", "G", "R", "Eg", "Eb", "D"];
  const SUITS = ["♠", "♥", "♦", "♣"];
  const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"];
  const DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));
  const MAX_DICE = 6; // a Greed throw
  const MAX_DRAW = 1000; // village/table_record.py: no game draws more in one go

  const byteHint = (bytesNeeded) => Math.ceil((bytesNeeded * 1.1 + 4) / 32);

  /** The derivation of one table draw as the game's `fair` does it: a list of tasks whose
   * values, put together, are the outcome; null where the game draws no such thing (Python's
   * ValueError: no seed gives what is recorded). */
  const TABLE_GAMES = {
    ducks(ctx, request) {
      const draw = request.draw;
      if (draw.kind !== "dice" || draw.sides !== 6) return null;
      const text = label("ducks", [ctx.village, ctx.table, ctx.player, ctx.seq, ctx.message]);
      return [task(text, (b) => smallInts(b, 6, draw.count), byteHint(draw.count))];
    },
    gleek(ctx, request) {
      const draw = request.draw;
      if (draw.kind === "dice" && draw.sides === 3 && draw.count === 1) {
        return [task(label("gleek", [ctx.table, "first-dealer"]), (b) => [uniformBelow(b, 3)], 1)];
      }
      if (draw.kind === "shuffle" && draw.size === 44 && request.label.length) {
        const deal = request.label[0];
        if (isPyInt(deal) || typeof deal === "boolean") {
          return [task(label("gleek", [ctx.table, deal]), (b) => shuffle(b, 44), 6)];
        }
      }
      return null;
    },
    regidice(ctx, request) {
      const draw = request.draw;
      if (draw.kind === "dice" && draw.sides === 6 && request.label.length) {
        const [round, ...dice] = request.label;
        if ((isPyInt(round) || typeof round === "boolean") && dice.length === draw.count) {
          return dice.map((d) => task(label("regidice", [ctx.table, round, pyStr(d)]), (b) => smallInts(b, 6, 1), 1));
        }
      }
      return null;
    },
    greed(ctx, request) {
      if (request.draw.kind !== "dice") {
        throw new PyError("AssertionError", "Greed draws dice only");
      }
      const text = `greed/v1|${ctx.village}|${ctx.day}|${ctx.player}|${ctx.seq}|${ctx.message}`;
      return [task(text, (b) => smallInts(b, 6, request.draw.count), byteHint(request.draw.count))];
    },
  };

  // ---------------------------------------------------------------------------------------
  // Chi-square (bot/fairness/stats.py, line for line; lgamma is CPython's own).

  const LANCZOS_G = 6.024680040776729583740234375;
  const LANCZOS_NUM = [
    23531376880.410759688572007674451636754734846804940, 42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843, 17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708, 1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801, 31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768, 186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024, 210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
  ];
  const LANCZOS_DEN = [0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0, 13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0];

  function lanczosSum(x) {
    let num = 0.0;
    let den = 0.0;
    if (x < 5.0) {
      for (let k = LANCZOS_NUM.length - 1; k >= 0; k--) {
        num = num * x + LANCZOS_NUM[k];
        den = den * x + LANCZOS_DEN[k];
      }
    } else {
      for (let k = 0; k < LANCZOS_NUM.length; k++) {
        num = num / x + LANCZOS_NUM[k];
        den = den / x + LANCZOS_DEN[k];
      }
    }
    return num / den;
  }

  /** log Γ(x) for x > 0, as CPython's math.lgamma computes it. */
  function lgamma(x) {
    if (!Number.isFinite(x)) return Infinity;
    if (x === Math.floor(x) && x <= 2.0) return x <= 0 ? Infinity : 0.0;
    if (x < 1e-20) return -Math.log(x);
    let r = Math.log(lanczosSum(x)) - LANCZOS_G;
    r += (x - 0.5) * (Math.log(x + LANCZOS_G - 0.5) - 1);
    return r;
  }

  const EPS = 1e-16;
  const TINY = 1e-300;
  const MAX_ITERATIONS = 10000;
  const prefactor = (s, x) => Math.exp(s * Math.log(x) - x - lgamma(s));

  function lowerSeries(s, x) {
    let term = 1.0 / s;
    let total = term;
    let a = s;
    for (let k = 0; k < MAX_ITERATIONS; k++) {
      a += 1.0;
      term *= x / a;
      total += term;
      if (Math.abs(term) < Math.abs(total) * EPS) return total * prefactor(s, x);
    }
    throw new Error(`the series for P(${s}, ${x}) did not converge`);
  }

  function upperFraction(s, x) {
    let b = x + 1.0 - s;
    let c = 1.0 / TINY;
    let d = 1.0 / b;
    let h = d;
    for (let k = 1; k < MAX_ITERATIONS; k++) {
      const an = -k * (k - s);
      b += 2.0;
      d = an * d + b;
      if (Math.abs(d) < TINY) d = TINY;
      c = b + an / c;
      if (Math.abs(c) < TINY) c = TINY;
      d = 1.0 / d;
      const delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1.0) < EPS) return h * prefactor(s, x);
    }
    throw new Error(`the continued fraction for Q(${s}, ${x}) did not converge`);
  }

  function gammaQ(s, x) {
    if (x === 0) return 1.0;
    if (x === Infinity) return 0.0;
    if (x < s + 1.0) return 1.0 - lowerSeries(s, x);
    return upperFraction(s, x);
  }

  function chiSquarePValue(chiSquare, df) {
    if (chiSquare <= 0) return 1.0;
    return gammaQ(df / 2.0, chiSquare / 2.0);
  }

  /** Pearson's test of counts against equally likely categories (stats.uniformity). */
  function uniformity(counts) {
    const k = counts.length;
    const total = counts.reduce((a, b) => a + b, 0);
    const df = k - 1;
    if (total === 0) return { counts, total, chi_square: 0.0, p_value: 1.0, degrees_of_freedom: df };
    let numerator = 0n;
    for (const c of counts) numerator += BigInt(k * c - total) ** 2n;
    const chiSquare = Number(numerator) / (k * total);
    return { counts, total, chi_square: chiSquare, p_value: chiSquarePValue(chiSquare, df), degrees_of_freedom: df };
  }

  // ---------------------------------------------------------------------------------------
  // Checking a record.

  /** One thing about a record that does not check out (bot/fairness/seed.py's Mismatch). */
  function mismatch(what, facts, detail) {
    return Object.assign({ what, detail }, facts);
  }

  /** missing_numbers: the first 20 numbers from 1 to the largest used that are not used,
   * and how many are missing in all, without walking a range a hostile record inflates. */
  function missingNumbers(used, shown) {
    shown = shown || 20;
    const present = [...new Set(used.filter((n) => n >= 1).map((n) => BigInt(n)))].sort(compareInts);
    if (!present.length) return { listed: [], count: 0 };
    const listed = [];
    let expected = 1n;
    for (const n of present) {
      while (expected < n && listed.length < shown) {
        listed.push(small(expected));
        expected += 1n;
      }
      expected = n + 1n;
      if (listed.length >= shown) break;
    }
    return { listed, count: small(present[present.length - 1] - BigInt(present.length)) };
  }

  function formatError(e) {
    if (e instanceof PyError) return e.message;
    throw e;
  }

  /** A face token as parse_face reads it: canonical, else in any case and width. */
  function parseFace(token) {
    if (typeof token !== "string") throw new PyError("TypeError", `a face is a token, not ${pyRepr(token)}`);
    if (FACES.includes(token)) return token;
    const folded = token.normalize("NFKC").trim().toLowerCase();
    const face = FACES.find((f) => f.toLowerCase() === folded);
    if (face === undefined) throw new PyError("ValueError", `unknown face ${pyRepr(token)}: use one of $ G R Eg Eb D`);
    return face;
  }

  function sameValues(a, b) {
    if (a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (a[k] != b[k]) return false; // 1 == 1n
    return true;
  }

  async function pause(options) {
    if (options && options.pause) await options.pause();
  }

  function progress(options, done, total) {
    if (options && options.progress) options.progress(done, total);
  }

  // ---------------------------------------------------------------------------------------
  // How many draws a record holds and their digest (bot/fairness/digest.py): what the bot
  // posts with the seed, so that a record missing a draw no longer matches what was posted.

  async function digestOf(lines) {
    const bytes = new TextEncoder().encode(lines.map((line) => line + "\n").join(""));
    return { count: lines.length, sha256: await sha256Hex(bytes) };
  }

  /** digest.day_rows_digest: the day's throws as the record writes them; null when a throw
   * cannot be read. */
  async function dayDigest(rows) {
    let lines;
    try {
      lines = rows.map((row) => {
        // Faces read as the check reads them (any case or width), written as their tokens.
        const faces = pyList(item(row, "faces")).map(parseFace).join(" ");
        const mark = truthy(get(row, "voided", false)) ? "voided" : "kept";
        return `throw|${pyInt(item(row, "player_id"))}|${pyInt(item(row, "throw_seq"))}|${pyInt(item(row, "message_id"))}|${faces}|${mark}`;
      });
    } catch (e) {
      if (e instanceof PyError) return null;
      throw e;
    }
    return digestOf(lines);
  }

  /** table_record.draws_digest: a table's draws as the record writes them; null when a draw
   * cannot be read or its outcome is hidden. */
  async function tableDigest(rows) {
    let lines;
    try {
      lines = rows.map((row) => {
        const request = requestOf(row);
        const draw = request.draw;
        const kind = draw.kind === "dice" ? `dice ${draw.sides}x${draw.count}` : `shuffle ${draw.size}`;
        const messageValue = item(row, "message_id");
        const message = messageValue === null ? "-" : pyInt(messageValue).toString();
        const label = request.label.map(pyStr).join(",");
        const outcome = pyList(item(row, "outcome")).map((v) => pyInt(v).toString()).join(" ");
        const mark = truthy(get(row, "voided", false)) ? "voided" : "kept";
        return `draw|${pyInt(item(row, "seq"))}|${message}|${pyInt(item(row, "player_id"))}|${kind}|${label}|${outcome}|${mark}`;
      });
    } catch (e) {
      if (e instanceof PyError) return null;
      throw e;
    }
    return digestOf(lines);
  }

  /** The players' names a record carries (public in the village), by id; names are shown,
   * never checked: a record without them is checked all the same. */
  function namesOf(doc) {
    const names = get(doc, "names", null);
    const found = {};
    if (!isDict(names)) return found;
    for (const [id, name] of Object.entries(names)) if (typeof name === "string") found[id] = name;
    return found;
  }

  /** digest.digest_problems: the count and digest a record states against its draws. */
  function digestProblems(doc, computed) {
    const statedCount = get(doc, "draw_count", null);
    const statedDigest = get(doc, "draw_digest", null);
    if (computed === null || (statedCount === null && statedDigest === null)) return [];
    const isCount = isPyInt(statedCount) && typeof statedCount !== "boolean";
    const countHolds = isCount && statedCount == computed.count;
    if (countHolds && pyStr(statedDigest).trim().toLowerCase() === computed.sha256) return [];
    const facts = {
      draws: computed.count,
      digest: computed.sha256,
      stated_draws: isCount ? statedCount : null,
      stated_digest: statedDigest === null ? null : pyStr(statedDigest),
    };
    return [
      mismatch(
        "digest",
        facts,
        `the record says it holds ${pyStr(statedCount)} draws of digest ${pyStr(statedDigest)}, but its draws are ${computed.count} of digest ${computed.sha256}: a draw was taken out, cut short or changed`
      ),
    ];
  }

  /** A day of Greed: fair.verify_record, step for step. */
  async function verifyDay(doc, options) {
    const report = { kind: "day", game: "greed", checked: 0, mismatches: [], items: [], stats: null };
    let villageId, day, posted, seedHex, scripted, rows;
    try {
      villageId = pyInt(item(doc, "village_id"));
      day = pyInt(item(doc, "day"));
      posted = pyStr(item(doc, "commitment"));
      seedHex = item(doc, "seed");
      scripted = truthy(get(doc, "scripted", false));
      rows = pyList(item(doc, "throws"));
    } catch (e) {
      const error = formatError(e);
      report.mismatches.push(mismatch("format", { error }, `not a day record: ${error} is missing or wrong`));
      return report;
    }
    Object.assign(report, { village_id: villageId, day, commitment: posted, seed: seedHex === null ? null : pyStr(seedHex), scripted, names: namesOf(doc) });
    const problems = report.mismatches;
    if (scripted) problems.push(mismatch("scripted", {}, "some faces were scripted, not drawn from the seed"));
    let seed = null;
    if (seedHex !== null) {
      seed = fromHex(pyStr(seedHex));
      if (seed === null) problems.push(mismatch("seed", { reason: "not_hex" }, `the seed ${pyRepr(seedHex)} is not hex`));
    }
    const throws = [];
    rows.forEach((row, index) => {
      try {
        const t = {
          index,
          player_id: pyInt(item(row, "player_id")),
          throw_seq: pyInt(item(row, "throw_seq")),
          message_id: pyInt(item(row, "message_id")),
          faces: pyList(item(row, "faces")).map(parseFace),
          voided: truthy(get(row, "voided", false)),
        };
        throws.push(t);
        report.items.push(t);
      } catch (e) {
        const error = formatError(e);
        problems.push(mismatch("format", { throw: index + 1, error }, `throw #${index + 1} cannot be read: ${error}`));
        report.items.push({ index, unreadable: error });
      }
    });
    report.checked = throws.length;
    report.digest = throws.length === rows.length ? await dayDigest(rows) : null;
    // Last (fair.verify_record): a record whose draws each hold may still not be whole.
    const digested = digestProblems(doc, report.digest);
    if (seed === null && seedHex !== null) {
      problems.push(...digested);
      return report;
    }
    // verify_day
    if (seed === null) {
      problems.push(mismatch("seed", { reason: "not_revealed" }, "seed not revealed"));
    } else {
      const actual = await sha256Hex(seed);
      report.commitment_holds = actual === posted.trim().toLowerCase();
      if (!report.commitment_holds) {
        problems.push(mismatch("commitment", { actual, posted }, `sha256 of the revealed seed is ${actual}, but the commitment posted was ${posted}`));
      }
    }
    const key = seed === null ? null : await hmacKey(seed);
    const seqs = new Map(); // player → throw numbers
    const toDerive = [];
    const throwProblem = new Map();
    for (const t of throws) {
      const where = `player ${t.player_id} throw ${t.throw_seq} (message ${t.message_id})`;
      const facts = { player_id: t.player_id, throw_seq: t.throw_seq, message_id: t.message_id };
      const player = t.player_id.toString();
      if (!seqs.has(player)) seqs.set(player, { id: t.player_id, seqs: [] });
      seqs.get(player).seqs.push(t.throw_seq);
      if (t.throw_seq < 1) {
        throwProblem.set(t, mismatch("throw_seq", facts, `${where}: throw_seq starts at 1`));
        t.ok = false;
        continue;
      }
      if (!(t.faces.length >= 1 && t.faces.length <= MAX_DICE)) {
        throwProblem.set(t, mismatch("faces", { ...facts, count: t.faces.length }, `${where}: ${t.faces.length} faces recorded, 1 to 6 allowed`));
        t.ok = false;
        continue;
      }
      if (seed === null) continue;
      toDerive.push(t);
    }
    for (let start = 0; start < toDerive.length; start += BATCH) {
      const batch = toDerive.slice(start, start + BATCH);
      const tasks = batch.map((t) => {
        const text = `greed/v1|${villageId}|${day}|${t.player_id}|${t.throw_seq}|${t.message_id}`;
        const dice = t.faces.length;
        return task(text, (b) => smallInts(b, 6, dice).map((v) => FACES[v]), 1);
      });
      await runTasks(key, tasks);
      batch.forEach((t, k) => {
        const expected = tasks[k].value;
        t.ok = sameValues(expected, t.faces);
        if (!t.ok) {
          t.expected = expected;
          throwProblem.set(t, mismatch("faces", { player_id: t.player_id, throw_seq: t.throw_seq, message_id: t.message_id, expected, recorded: t.faces }, `player ${t.player_id} throw ${t.throw_seq} (message ${t.message_id}): the seed gives ${expected.join(" ")}, recorded ${t.faces.join(" ")}`));
        }
      });
      progress(options, Math.min(start + BATCH, toDerive.length), toDerive.length);
      await pause(options);
    }
    for (const t of throws) if (throwProblem.has(t)) problems.push(throwProblem.get(t));
    report.sequences = [];
    const players = [...seqs.values()].sort((a, b) => compareInts(a.id, b.id));
    for (const { id, seqs: numbers } of players) {
      const uses = new Map();
      for (const n of numbers) uses.set(n.toString(), { n, count: (uses.get(n.toString()) || { count: 0 }).count + 1 });
      const sorted = [...uses.values()].sort((a, b) => compareInts(a.n, b.n));
      let holds = true;
      for (const { n, count } of sorted) {
        if (count > 1) {
          holds = false;
          problems.push(mismatch("duplicate", { player_id: id, throw_seq: n, uses: count }, `player ${id} throw ${n} is recorded ${count} times; a throw number is never reused`));
        }
      }
      const last = sorted[sorted.length - 1].n;
      const { listed, count } = missingNumbers(numbers);
      if (listed.length) {
        holds = false;
        const shown = listed.join(", ") + (count > listed.length ? " …" : "");
        problems.push(mismatch("gap", { player_id: id, missing: listed, last, count }, `player ${id} has no record of throw ${shown} (numbers run to ${last})`));
      }
      report.sequences.push({ player_id: id, throws: numbers.length, last, holds });
    }
    problems.push(...digested);
    report.stats = scripted ? null : greedStats(throws);
    return report;
  }

  /** Face counts and chi-square for the day and each player (record.day_record's `stats`):
   * every throw counts, voided ones too; a scripted day has none to give. */
  function greedStats(throws) {
    const day = [0, 0, 0, 0, 0, 0];
    const players = new Map();
    for (const t of throws) {
      const key = t.player_id.toString();
      if (!players.has(key)) players.set(key, { id: t.player_id, counts: [0, 0, 0, 0, 0, 0] });
      const mine = players.get(key).counts;
      for (const f of t.faces) {
        const k = FACES.indexOf(f);
        day[k]++;
        mine[k]++;
      }
    }
    return {
      categories: FACES,
      all: uniformity(day),
      players: [...players.values()].sort((a, b) => compareInts(a.id, b.id)).map((p) => ({ player_id: p.id, ...uniformity(p.counts) })),
    };
  }

  function whole(v) {
    if (typeof v === "boolean" || !isPyInt(v)) throw new PyError("ValueError", `not a whole number: ${pyRepr(v)}`);
    return v;
  }

  /** moves.request_of: the chance a draw's stamp records. */
  function requestOf(row) {
    const kind = get(row, "draw", undefined);
    if (!isDict(kind)) throw new PyError("ValueError", "no draw");
    const dice = get(kind, "dice", null);
    let draw;
    if (Array.isArray(dice) && dice.length === 2) {
      draw = { kind: "dice", sides: whole(dice[0]), count: whole(dice[1]) };
    } else {
      draw = { kind: "shuffle", size: whole(get(kind, "shuffle", null)) };
    }
    const seat = get(row, "seat", null);
    if (seat !== null) whole(seat);
    const seen = get(row, "seen_by", null);
    if (Array.isArray(seen)) seen.forEach(whole);
    const lab = get(row, "label", null);
    const labels = Array.isArray(lab) ? lab.filter((x) => isPyInt(x) || typeof x === "string" || typeof x === "boolean") : [];
    // table_record._plausible: a roll of no dice is a draw some game asks for (Regidice).
    const sizes = draw.kind === "dice" ? [draw.sides, draw.count] : [draw.size];
    const fits =
      draw.kind === "dice"
        ? draw.sides >= 1 && draw.sides <= MAX_DRAW && draw.count >= 0 && draw.count <= MAX_DRAW
        : draw.size >= 1 && draw.size <= MAX_DRAW;
    if (!fits) {
      throw new PyError("ValueError", `no game asks for a draw of (${sizes.join(", ")}${sizes.length === 1 ? "," : ""})`);
    }
    return { draw, label: labels };
  }

  function outcomeFits(request, outcome) {
    const draw = request.draw;
    if (draw.kind === "dice") return outcome.length === draw.count && outcome.every((v) => v >= 0 && v < draw.sides);
    const sorted = [...outcome].sort(compareInts);
    return sorted.length === draw.size && sorted.every((v, k) => v == k);
  }

  /** A table: village/table_record.verify_table, step for step. */
  async function verifyTable(doc, options) {
    const report = { kind: "table", game: null, checked: 0, mismatches: [], items: [], stats: null };
    let game, villageId, tableId, day, posted, seedHex, rows;
    try {
      const name = pyStr(item(doc, "game"));
      if (!Object.prototype.hasOwnProperty.call(TABLE_GAMES, name)) throw new PyError("KeyError", pyRepr(name));
      game = name;
      villageId = pyInt(item(doc, "village_id"));
      tableId = pyInt(item(doc, "table_id"));
      day = pyInt(item(doc, "day"));
      posted = pyStr(item(doc, "commitment"));
      seedHex = item(doc, "seed");
      rows = pyList(item(doc, "draws"));
    } catch (e) {
      const error = formatError(e);
      report.mismatches.push(mismatch("format", { error }, `not a table record: ${error}`));
      return report;
    }
    Object.assign(report, { game, village_id: villageId, table_id: tableId, day, commitment: posted, seed: seedHex === null ? null : pyStr(seedHex), scripted: truthy(get(doc, "scripted", null)), names: namesOf(doc) });
    const problems = report.mismatches;
    if (report.scripted) problems.push(mismatch("scripted", {}, "some draws were scripted, not from the seed"));
    if (seedHex === null) {
      problems.push(mismatch("seed", { reason: "not_revealed" }, "seed not revealed"));
      return report;
    }
    const seed = fromHex(pyStr(seedHex));
    if (seed === null) {
      problems.push(mismatch("seed", { reason: "not_hex" }, "the seed is not hex"));
      return report;
    }
    const actual = await sha256Hex(seed);
    report.commitment_holds = actual === posted.trim().toLowerCase();
    if (!report.commitment_holds) {
      problems.push(mismatch("commitment", { actual, posted }, `sha256 of the revealed seed is ${actual}, but the commitment posted was ${posted}`));
    }
    const key = await hmacKey(seed);
    const draws = [];
    rows.forEach((row, index) => {
      try {
        if (!isDict(row)) throw new PyError("TypeError", "a draw is a JSON object");
        const request = requestOf(row);
        const seq = pyInt(item(row, "seq"));
        const messageValue = item(row, "message_id");
        const message = pyInt(truthy(messageValue) ? messageValue : 0);
        const player = pyInt(item(row, "player_id"));
        const recorded = pyList(item(row, "outcome")).map((v) => small(pyInt(v)));
        const d = { index, request, seq, message_id: message, player_id: player, recorded, voided: truthy(get(row, "voided", false)) };
        draws.push(d);
        report.items.push(d);
      } catch (e) {
        const error = formatError(e);
        problems.push(mismatch("format", { throw: index + 1, error }, `draw #${index + 1} cannot be read: ${error}`));
        report.items.push({ index, unreadable: error });
      }
    });
    report.checked = draws.length;
    for (let start = 0; start < draws.length; start += BATCH) {
      const batch = draws.slice(start, start + BATCH);
      const plans = [];
      const tasks = [];
      for (const d of batch) {
        const ctx = { village: villageId, day, table: tableId, player: d.player_id, message: d.message_id, seq: d.seq };
        let plan;
        try {
          plan = TABLE_GAMES[game](ctx, d.request);
        } catch (e) {
          if (!(e instanceof PyError) || e.type !== "ValueError") throw e;
          plan = null;
        }
        plans.push(plan);
        if (plan) tasks.push(...plan);
      }
      await runTasks(key, tasks);
      batch.forEach((d, k) => {
        const expected = plans[k] ? plans[k].flatMap((t) => t.value) : [];
        d.expected = expected;
        d.ok = outcomeFits(d.request, d.recorded) && sameValues(expected, d.recorded);
        if (!d.ok) {
          problems.push(mismatch("faces", { throw_seq: d.seq, message_id: d.message_id, player_id: d.player_id, expected, recorded: d.recorded, game }, `draw ${d.seq}${d.message_id != 0 ? ` (message ${d.message_id})` : ""}: the seed gives [${expected.join(", ")}], recorded [${d.recorded.join(", ")}]`));
        }
      });
      progress(options, Math.min(start + BATCH, draws.length), draws.length);
      await pause(options);
    }
    report.digest = draws.length === rows.length ? await tableDigest(rows) : null;
    const uses = new Map();
    for (const d of draws) uses.set(d.seq.toString(), { n: d.seq, count: (uses.get(d.seq.toString()) || { count: 0 }).count + 1 });
    const sorted = [...uses.values()].sort((a, b) => compareInts(a.n, b.n));
    let holds = true;
    for (const { n, count } of sorted) {
      if (count > 1) {
        holds = false;
        problems.push(mismatch("duplicate", { throw_seq: n, uses: count, player_id: 0 }, `draw ${n} is recorded ${count} times; a draw number is never reused`));
      }
    }
    if (sorted.length) {
      const { listed, count } = missingNumbers(draws.map((d) => d.seq));
      if (listed.length) {
        holds = false;
        const shown = listed.join(", ") + (count > listed.length ? " …" : "");
        problems.push(mismatch("gap", { missing: listed, last: sorted[sorted.length - 1].n, player_id: 0, count }, `no record of draw ${shown}`));
      }
      report.sequences = [{ player_id: 0, throws: draws.length, last: sorted[sorted.length - 1].n, holds }];
    }
    // Last (table_record.verify_table): a record whose draws each hold may still not be whole.
    problems.push(...digestProblems(doc, report.digest));
    if (game === "ducks" || game === "regidice") report.stats = tableStats(draws);
    return report;
  }

  /** The pips of every die a dice table rolled, voided rolls too, and their chi-square. */
  function tableStats(draws) {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const d of draws) {
      if (d.request.draw.kind !== "dice" || d.request.draw.sides !== 6 || !d.ok) continue;
      for (const v of d.recorded) counts[Number(v)]++;
    }
    return { categories: ["1", "2", "3", "4", "5", "6"], all: uniformity(counts), players: [] };
  }

  /** Why a record cannot be checked at all: greedbot verify's exit 2. */
  class UncheckableError extends UnreadableError {}

  /** Check a parsed record, as greedbot verify does: a table when it has a table_id, else a
   * day of Greed (the only day game). */
  async function verifyDocument(doc, options) {
    let report;
    try {
      if (Object.prototype.hasOwnProperty.call(doc, "table_id")) {
        report = await verifyTable(doc, options);
      } else {
        const game = pyStr(get(doc, "game", "greed"));
        if (game !== "greed") {
          if (Object.prototype.hasOwnProperty.call(TABLE_GAMES, game)) {
            throw new UncheckableError("table_game", { game }, `it names ${game}, a table game, but has no table_id: a table's record has one`);
          }
          throw new UncheckableError("unknown_game", { game }, "it is a day record of a game this bot does not know");
        }
        report = await verifyDay(doc, options);
      }
    } catch (e) {
      if (e instanceof PyError) {
        throw new UncheckableError("shape", { error: `${e.type}: ${e.message}` }, `a value is not what a record holds (${e.type}: ${e.message})`);
      }
      throw e;
    }
    report.verdict = verdictOf(report);
    return report;
  }

  /** ok, not_revealed (the seed is still secret: no failure), scripted, or failed. */
  function verdictOf(report) {
    const kinds = report.mismatches.map((m) => m.what);
    if (!kinds.length) return "ok";
    if (kinds.includes("scripted")) return "scripted";
    if (report.mismatches.some((m) => m.what === "seed" && m.reason === "not_revealed")) {
      const others = report.mismatches.filter((m) => !(m.what === "seed" && m.reason === "not_revealed"));
      if (!others.length) return "not_revealed";
    }
    return "failed";
  }

  /** Read and check a file's bytes: the report, or {verdict: "unreadable", reason, facts}. */
  async function verifyBytes(bytes, options) {
    try {
      const started = Date.now();
      const doc = parseJson(decodeBytes(bytes, options && options.maxBytes));
      const parsedMs = Date.now() - started;
      const report = await verifyDocument(doc, options);
      report.parse_ms = parsedMs;
      return report;
    } catch (e) {
      if (e instanceof UnreadableError) return { verdict: "unreadable", reason: e.reason, facts: e.facts, detail: e.message };
      throw e;
    }
  }

  const EXIT = { ok: 0, not_revealed: 1, scripted: 1, failed: 1, unreadable: 2 };

  /** The players' view of a value: faces for Greed, 1–6 for Ducks (the Boss first) and
   * Regidice (each die by its id), cards for Gleek's shuffle, seats for its first dealer. */
  function shown(game, request, values) {
    if (game === "greed" || game === undefined) return values.map((v) => (typeof v === "string" ? v : FACES[Number(v)] || String(v)));
    if (game === "gleek") {
      if (request && request.draw.kind === "shuffle") return values.map((v) => DECK[Number(v)] || String(v));
      return values.map((v) => String(Number(v) + 1));
    }
    return values.map((v) => (isPyInt(v) ? (BigInt(v) + 1n).toString() : String(v)));
  }

  /** The first position where two outcomes differ (a card, a die), or -1. */
  function firstDifference(expected, recorded) {
    const n = Math.max(expected.length, recorded.length);
    for (let k = 0; k < n; k++) if (expected[k] != recorded[k]) return k;
    return -1;
  }

  /** One line for a terminal: the verdict and, when it fails, the first problem. */
  function verdictLine(report, source) {
    const what = source ? source + ": " : "";
    if (report.verdict === "unreadable") return `${what}UNREADABLE: ${report.detail}`;
    const name = report.kind === "day" ? `village ${report.village_id} day ${report.day}` : `village ${report.village_id} table ${report.table_id} (${report.game})`;
    const things = report.kind === "day" ? "throws" : "draws";
    if (report.verdict === "ok") {
      return `${what}OK: ${name}: the seed matches its commitment and all ${report.checked} ${things} match the seed`;
    }
    if (report.verdict === "not_revealed") return `${what}NOT YET: ${name}: the seed is not revealed yet; check again when it has ended`;
    const problems = `${report.mismatches.length} problem${report.mismatches.length === 1 ? "" : "s"}`;
    if (report.verdict === "scripted") return `${what}SCRIPTED: ${name ? name + ": " : ""}typed-in dice never verify as fair (${problems})`;
    const first = report.mismatches[0];
    return `${what}FAILED: ${report.village_id === undefined ? "the record" : name}: ${problems}; first: ${first.what}: ${first.detail}`;
  }

  /** What the reader holds against what was posted in the village (greedbot verify's last
   * lines): a record that checks out is whole only if these are what was posted. */
  function compareLines(report) {
    // Nothing was posted to compare with before the seed is revealed.
    if (report.verdict === "unreadable" || report.commitment === undefined || report.seed === null) return [];
    const lines = [`commitment (the seal posted at the start): ${report.commitment}`];
    if (report.digest) {
      lines.push(`draws: ${report.digest.count}; digest sha256: ${report.digest.sha256}`);
      lines.push("compare these with the seal posted at the start and the digest posted at the end");
    }
    return lines;
  }

  return {
    MAX_BYTES,
    MAX_DEPTH,
    MAX_DIGITS,
    DECK,
    FACES,
    EXIT,
    PyFloat,
    UnreadableError,
    chiSquarePValue,
    compareLines,
    dayDigest,
    decodeBytes,
    digestOf,
    tableDigest,
    firstDifference,
    fromHex,
    gammaQ,
    label,
    lgamma,
    parseJson,
    sha256Hex,
    shown,
    uniformity,
    verdictLine,
    verifyBytes,
    verifyDocument,
    // the readers, for the published vectors
    async streamBytes(seedHex, text, count) {
      const t = task(text, (b) => Array.from({ length: count }, () => b.next()), Math.ceil(count / 32));
      await runTasks(await hmacKey(fromHex(seedHex)), [t]);
      return t.value;
    },
    async derive(seedHex, text, read) {
      const readers = {
        dice: (count) => (b) => smallInts(b, 6, count),
        below: (m) => (b) => [uniformBelow(b, m)],
        shuffle: (size) => (b) => shuffle(b, size),
      };
      const t = task(text, readers[read.kind](read.n), 1);
      await runTasks(await hmacKey(fromHex(seedHex)), [t]);
      return t.value;
    },
  };
});
