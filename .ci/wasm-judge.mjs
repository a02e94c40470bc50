// The judge compiled to wasm32 (crates/web), run by node as a browser would run it: the module's
// own exports, no generated glue. Used by .ci/e2e-wasm.
//
//     node .ci/wasm-judge.mjs MODULE.wasm LEXICON.fst SHA256 WORDS ALPHABET PLAYS.txt
//
// Verifies the lexicon, then judges each line of PLAYS.txt (a play: its words separated by
// spaces) and prints, a line each, ACCEPTABLE, UNACCEPTABLE or "REFUSED: why". Prints
// "REFUSED: why" alone and exits 1 if the lexicon does not verify.
import { readFileSync } from "node:fs";

const [wasm, fst, sha, words, alphabet, plays] = process.argv.slice(2);
const module = new WebAssembly.Module(readFileSync(wasm));
// The page's two imports (unused by the bare judge), and the JavaScript glue that crates linked
// in (getrandom's wasm_js) but nothing calls: each throws if it ever were.
const imports = { env: { wj_now_ms: () => Date.now(), wj_keep: () => 1 } };
for (const i of WebAssembly.Module.imports(module)) {
  imports[i.module] ??= {};
  imports[i.module][i.name] ??= () => {
    throw new Error(`${i.module}.${i.name} is not available`);
  };
}
const instance = await WebAssembly.instantiate(module, imports);
const m = instance.exports;
const utf8 = new TextEncoder();

// Bytes into the module's memory, at room the module gave.
function put(bytes) {
  const ptr = m.wj_alloc(bytes.length);
  new Uint8Array(m.memory.buffer, ptr, bytes.length).set(bytes);
  return [ptr, bytes.length];
}

function message() {
  const bytes = new Uint8Array(m.memory.buffer, m.wj_message(), m.wj_message_len());
  return new TextDecoder().decode(bytes);
}

const [f, fl] = put(readFileSync(fst));
const [s, sl] = put(utf8.encode(sha));
const [a, al] = put(utf8.encode(alphabet));
const loaded = m.wj_load(f, fl, s, sl, BigInt(words), a, al);
m.wj_free(s, sl);
m.wj_free(a, al);
if (loaded !== 0) {
  console.log(`REFUSED: ${message()}`);
  process.exit(1);
}

const out = [];
for (const play of readFileSync(plays, "utf8").split("\n")) {
  if (play === "") continue;
  const [p, pl] = put(utf8.encode(play));
  const verdict = m.wj_judge(p, pl);
  m.wj_free(p, pl);
  out.push(verdict === 1 ? "ACCEPTABLE" : verdict === 0 ? "UNACCEPTABLE" : `REFUSED: ${message()}`);
}
console.log(out.join("\n"));
