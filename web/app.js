// wordjudge's table-side judge. This page decides nothing: the module (the station's own
// protocol, alphabets, lexicon checks and slip log, compiled to wasm: crates/web) says which
// screen shows and every word on it; the page draws that, forwards touches and keys, and keeps
// the device's slip log in the browser's storage, each record before its verdict shows.
"use strict";

(async () => {
  const $ = (id) => document.getElementById(id);
  const now = () => performance.now() / 1000;
  // What the browser test reads: when the files were in, the module ready, and the first screen
  // and the first verdict drawn (ms since the page was asked for); how long opening the event
  // took in the module (the bundle's checks); how long each input took to reach the screen.
  const timings = (window.wjTimings = { filesIn: null, moduleReady: null, openMs: null, firstView: null, firstVerdict: null, handled: [], keyToFrame: [] });
  // The screen drawn last (the protocol's view, as JSON and read), and what was last announced.
  let last = "";
  let view = null;
  let spoken = "";
  // What the phone's keyboard is composing and has not committed yet.
  let composing = "";
  // The hint drawn last (a new one is scrolled into view).
  let shownHint = "";
  // The round and table last typed on the menu were refused (out of range).
  let gameRefused = false;

  // The page's words before its module runs, in the browser's language, from the catalogues:
  // `words.json` (crates/web page.rs `early_words`, written by `web build`), asked for at once
  // and fetched from the server once (the service worker keeps it). Until it is read, and if it
  // cannot be, English.
  let early = {
    out_of_service: "OUT OF SERVICE",
    cannot_read: "this site's files cannot be read ({error}): open it again with the network on",
  };
  const earlyWords = fetch("words.json")
    .then((response) => (response.ok ? response.json() : {}))
    .then((words) => {
      for (const locale of [...(navigator.languages ?? []), navigator.language, "en"]) {
        const code = String(locale).split(/[-_]/)[0].toLowerCase();
        if (!words[code]) continue;
        early = words[code];
        if (!view) {
          document.documentElement.lang = code;
          if ($("app").dataset.screen === "loading") $("detail").textContent = early.loading;
        }
        break;
      }
    })
    .catch(() => {});

  // Drawn by the page alone only when the module cannot say it (it did not load): `cause`, one
  // of the early words, with `fill` put in its places.
  async function outOfService(cause, fill = {}) {
    await Promise.race([earlyWords, new Promise((resolve) => setTimeout(resolve, 2000))]);
    const why = (early[cause] ?? "{error}").replace(/\{(\w+)\}/g, (all, name) => fill[name] ?? all);
    $("app").dataset.screen = "out-of-service";
    $("title").textContent = early.out_of_service;
    $("detail").textContent = why;
    window.wjView = { screen: "out-of-service", detail: why };
  }

  // Offline after the first visit (sw.js). Each visit online asks for the site's service
  // worker again: a site rebuilt for the next event has a new one, which caches the new files
  // whole and takes over; the page then loads again, between challenges, as the new event.
  let nextEvent = false;
  // Set once the network's site names another event than this page's files: nothing is judged
  // from then on (issue 51, finding 4), and the page loads again as soon as the new files are in.
  let waitingForNext = false;
  if ("serviceWorker" in navigator) {
    const controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      nextEvent = controlled;
      if (nextEvent && (waitingForNext || view?.screen === "choose-division")) location.reload();
    });
    navigator.serviceWorker
      .register("sw.js")
      .then((registration) => registration.update())
      .catch(() => {});
  }

  // On the first visit the service worker fetches every file of the site to keep it; the page
  // waits for it to take over, then reads the files from its cache, so that each is fetched from
  // the server once (issue 51, finding 7: the module and the bundle were fetched twice). Without
  // a service worker (a plain http:// address), or if it fails, the page fetches them itself.
  async function workerInCharge() {
    if (!("serviceWorker" in navigator)) return false;
    if (navigator.serviceWorker.controller) return true;
    try {
      const registration = await navigator.serviceWorker.register("sw.js");
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      return await new Promise((resolve) => {
        if (navigator.serviceWorker.controller) return resolve(true);
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
        worker?.addEventListener("statechange", () => worker.state === "redundant" && resolve(false));
        setTimeout(() => resolve(!!navigator.serviceWorker.controller), 60000);
      });
    } catch (e) {
      return false;
    }
  }
  await workerInCharge();

  async function fetched(path, how) {
    // Through the service worker's cache when it controls the page; else from the server,
    // asking it whether the browser's copy is current (a site rebuilt in place).
    const controlled = !!navigator.serviceWorker?.controller;
    const response = await fetch(path, controlled ? {} : { cache: "no-cache" });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
    return how === "text" ? response.text() : new Uint8Array(await response.arrayBuffer());
  }

  let site, wasm, bundle, trust;
  try {
    site = JSON.parse(await fetched("site.json", "text"));
    [wasm, bundle, trust] = await Promise.all([
      fetched(site.module),
      fetched(site.bundle),
      fetched(site.trust, "text"),
    ]);
    timings.filesIn = performance.now();
  } catch (e) {
    return outOfService("cannot_read", { error: e.message });
  }

  // The site as the server has it now (past the service worker's cache: sw.js lets "no-store"
  // through), to learn of a newer event before judging with these files: the event's site.json,
  // or null when the network did not answer within 3 s (offline: `checked` stays false).
  let checked = false;
  async function serverSite() {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 3000);
    try {
      const response = await fetch("site.json", { cache: "no-store", signal: abort.signal });
      if (!response.ok) return null;
      const fresh = await response.json();
      checked = true;
      return fresh;
    } catch (e) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
  const checking = serverSite();

  // Every slip is kept before its verdict shows: a browser that keeps nothing for the site (a
  // private window that refuses storage, storage turned off) cannot judge.
  let store;
  try {
    store = window.localStorage;
    store.getItem("wordjudge.device-seed");
  } catch (e) {
    return outOfService("no_storage", { error: e.message });
  }
  // The device's log must outlive the browser's clean-ups: ask for storage it keeps (granted at
  // the browser's discretion: an installed app, a bookmarked site).
  navigator.storage?.persist?.().catch(() => {});
  const logKey = `wordjudge.log.${site.fingerprint}`;
  const headKey = `wordjudge.head.${site.fingerprint}`;
  const utf8 = new TextEncoder();
  const fromUtf8 = new TextDecoder();
  let m;
  // The numbers of the module's inputs and of wj_keep's answers, by name (crates/web page.rs
  // INPUTS and KEEP: their one definition), read from the module once it runs.
  let I, KEPT;
  // The log as this page last read or wrote it: a log another tab wrote since is not continued.
  let known = null;

  const bytesAt = (ptr, len) => new Uint8Array(m.memory.buffer, ptr, len);
  const textAt = (ptr, len) => fromUtf8.decode(bytesAt(ptr, len).slice());
  const answer = (len) => textAt(m.wj_message(), len);
  function put(bytes) {
    const ptr = m.wj_alloc(bytes.length);
    bytesAt(ptr, bytes.length).set(bytes);
    return [ptr, bytes.length];
  }

  // Keeps a new slip record and the log's head; KEPT.kept when both are kept, else nothing
  // changed and the answer says why.
  function keep(linePtr, lineLen, headPtr, headLen) {
    const line = textAt(linePtr, lineLen);
    const head = textAt(headPtr, headLen);
    const before = store.getItem(logKey) ?? "";
    if (before !== known) return KEPT.moved_on;
    try {
      store.setItem(logKey, before + line);
      try {
        store.setItem(headKey, head);
      } catch (e) {
        store.setItem(logKey, before);
        return KEPT.refused;
      }
    } catch (e) {
      return KEPT.refused;
    }
    known = before + line;
    return KEPT.kept;
  }

  const imports = { env: { wj_now_ms: () => Date.now(), wj_keep: keep } };
  try {
    const module = await WebAssembly.compile(wasm);
    // Glue a crate linked in but nothing calls (getrandom's): it throws if it ever were.
    for (const i of WebAssembly.Module.imports(module)) {
      imports[i.module] ??= {};
      imports[i.module][i.name] ??= () => {
        throw new Error(`${i.module}.${i.name} is not available`);
      };
    }
    m = (await WebAssembly.instantiate(module, imports)).exports;
    timings.moduleReady = performance.now();
    ({ input: I, keep: KEPT } = JSON.parse(answer(m.wj_codes())));
  } catch (e) {
    return outOfService("cannot_run", { error: e.message });
  }

  // One judging tab: this site open in two tabs (or a tab and the installed app) would write
  // one log from two places. The first holds the lock for as long as it is open; another says
  // why it waits, in the phone's language, and takes over when the first closes.
  if (navigator.locks) {
    const held = await new Promise((resolve) => {
      navigator.locks.request("wordjudge.judging", { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock === null ? undefined : new Promise(() => {});
      });
    });
    if (!held) {
      const [lp, ll] = put(utf8.encode(navigator.language || "en"));
      const words = JSON.parse(answer(m.wj_page_words(lp, ll)));
      document.documentElement.lang = words.language;
      $("app").dataset.screen = "other-tab";
      $("title").textContent = words.other_tab_title;
      $("detail").textContent = words.other_tab;
      $("announce").textContent = `${words.other_tab_title}. ${words.other_tab}`;
      window.wjView = { screen: "other-tab", detail: words.other_tab };
      navigator.locks.request("wordjudge.judging", () => {
        location.reload();
        return new Promise(() => {});
      });
      return;
    }
  }
  known = store.getItem(logKey) ?? "";

  // The device's own key: drawn once, kept; its fingerprint is the device's id on every slip.
  let seedHex = store.getItem("wordjudge.device-seed");
  if (!/^[0-9a-f]{64}$/.test(seedHex ?? "")) {
    const seed = crypto.getRandomValues(new Uint8Array(32));
    seedHex = Array.from(seed, (b) => b.toString(16).padStart(2, "0")).join("");
    store.setItem("wordjudge.device-seed", seedHex);
  }
  const seed = Uint8Array.from(seedHex.match(/../g), (h) => parseInt(h, 16));
  const [b, bl] = put(bundle);
  const [k, kl] = put(utf8.encode(trust));
  const [s] = put(seed);
  const [l, ll] = put(utf8.encode(known));
  const [h, hl] = put(utf8.encode(store.getItem(headKey) ?? ""));
  // The newest event this device judged: an older one is refused, as a station refuses it.
  const [n, nl] = put(utf8.encode(store.getItem("wordjudge.newest-event") ?? ""));
  const openAt = performance.now();
  const opened = m.wj_open(b, bl, k, kl, s, l, ll, h, hl, -new Date().getTimezoneOffset(), n, nl);
  timings.openMs = performance.now() - openAt;
  if (opened === 0) {
    try {
      store.setItem("wordjudge.newest-event", answer(m.wj_newest()));
    } catch (e) {
      // Storage full: the slips' own keep says so at the first verdict.
    }
  }
  const [device, keyId, fingerprint] = answer(m.wj_device()).split(" ");
  // Times on the event's clock (`[event] time_zone`): the browser knows the zone's offset now.
  const zone = opened === 0 ? JSON.parse(answer(m.wj_view())).event?.time_zone : null;
  const offset = zone ? offsetOf(zone) : null;
  if (offset !== null) m.wj_set_zone(offset);
  // Files of two events (the site was rebuilt for the next event while this page loaded, and
  // the new service worker took over part-way): never judged with; loaded again once, whole.
  if (fingerprint && fingerprint !== site.fingerprint) {
    if (!sessionStorage.getItem("wordjudge.reloaded")) {
      sessionStorage.setItem("wordjudge.reloaded", "1");
      return location.reload();
    }
    return outOfService("two_events", { site: site.fingerprint, bundle: fingerprint });
  }
  sessionStorage.removeItem("wordjudge.reloaded");
  window.wjDevice = { device, keyId, fingerprint };

  // The offset east of UTC, in minutes, of time zone `zone` (an IANA name) now; null if the
  // browser does not know it.
  function offsetOf(zone) {
    try {
      const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date());
      const name = parts.find((p) => p.type === "timeZoneName")?.value ?? "";
      const found = /^GMT(?:([+-])(\d{1,2}):?(\d{2})?)?$/.exec(name);
      if (!found) return null;
      if (!found[1]) return 0;
      return (found[1] === "-" ? -1 : 1) * (Number(found[2]) * 60 + Number(found[3] ?? 0));
    } catch (e) {
      return null;
    }
  }

  // ---- drawing (the words and the controls: screen.js)

  const drawWords = (v) => wjScreen.drawWords(v, composing);
  const drawControls = (v) => wjScreen.drawControls(v, I);

  function draw(v) {
    const app = $("app");
    app.dataset.screen = v.screen;
    if (v.screen === "verdict" && v.verdict) app.dataset.verdict = v.verdict;
    else delete app.dataset.verdict;
    document.documentElement.lang = v.language;
    $("division").textContent = v.division;
    $("lexicon").textContent = v.header;
    $("event").textContent = v.event_line;
    // Which event, on every screen and in the title: what the players compare with the poster.
    $("event-name").textContent = v.event?.line ?? "";
    document.title = v.event?.name ? `${v.event.name} · ${v.event.fingerprint} — wordjudge` : "wordjudge";
    $("stale").textContent = v.event?.old && !checked ? v.event.old_line : "";
    $("banner").textContent = v.banner;
    $("title").textContent = v.title;
    // The title in several languages (before a division is chosen) is set smaller; the verdict
    // is as large as its longest word allows on one line.
    $("title").classList.toggle("long", v.title.length > 70);
    const longest = Math.max(...v.title.split(/\s+/).map((w) => [...w].length));
    $("title").style.setProperty("--len", Math.max(longest, 6));
    $("detail").textContent = v.detail;
    $("hint").textContent = v.hint;
    $("slip").textContent = v.slip_line;
    drawWords(v);
    drawControls(v);
    $("words").querySelector(".current")?.scrollIntoView({ block: "nearest" });
    // A refusal is read where it is: on a small screen, scrolled into view when it appears.
    if (v.hint && v.hint !== shownHint) $("hint").scrollIntoView({ block: "nearest" });
    shownHint = v.hint;
    const typing = ["entry", "table", "slip-number"].includes(v.screen);
    // Between challenges only: saving the log, and which device this is.
    $("foot").hidden = v.screen !== "choose-division" || !device;
    $("save").textContent = v.page.save_log;
    $("game-round").textContent = v.page.round;
    $("game-table").textContent = v.page.table;
    $("game-set").setAttribute("aria-label", v.labels.ok);
    $("game-set").title = v.page.game_note;
    $("game-note").textContent = gameRefused ? v.page.game_refused : v.page.game_note;
    $("game-note").classList.toggle("refused", gameRefused);
    $("other-logs").replaceChildren(
      ...(v.screen === "choose-division" ? otherLogs() : []).map((event) => {
        const el = Object.assign(document.createElement("button"), { type: "button", textContent: v.page.save_log_of.replace("{fingerprint}", event) });
        el.dataset.event = event;
        el.addEventListener("click", () => save(event));
        return el;
      }),
    );
    // The device's id and its key's, as the director's roster lists a station (`ID KEY-ID`).
    $("device").textContent = `${v.page.device} · ${keyId}`;
    if (v.spoken && v.spoken !== spoken) $("announce").textContent = v.spoken;
    spoken = v.spoken;
    if (!typing && document.activeElement === $("typing")) $("typing").blur();
  }

  function render() {
    const json = answer(m.wj_view());
    if (json === last) return;
    last = json;
    view = JSON.parse(json);
    if (nextEvent && view.screen === "choose-division") return location.reload();
    window.wjView = view;
    draw(view);
    // Milliseconds since the page was asked for (performance.now's origin).
    timings.firstView ??= performance.now();
    if (view.screen === "verdict") timings.firstVerdict ??= performance.now();
  }

  // One input to the protocol, then the screen; how long until the frame that shows it.
  function send(kind, arg = 0) {
    if (waitingForNext) return;
    const at = performance.now();
    m.wj_event(kind, arg, now());
    render();
    if (kind === I.tick) return;
    // Handled (the protocol, the view, the page redrawn), and the frame that shows it.
    timings.handled.push(performance.now() - at);
    requestAnimationFrame(() => timings.keyToFrame.push(performance.now() - at));
  }

  // ---- input

  $("controls").addEventListener("click", (e) => {
    const el = e.target.closest("button");
    if (el && el.dataset.kind) send(Number(el.dataset.kind), Number(el.dataset.arg));
  });
  $("main").addEventListener("click", () => {
    if (view && ["verdict", "verdicts-differ"].includes(view.screen)) send(I.tap);
  });
  $("save").addEventListener("click", () => save());

  const keys = { Enter: I.enter, Backspace: I.backspace, Tab: I.tab, Escape: I.escape, F2: I.second_opinion };
  function typedKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return false;
    if (e.key in keys) {
      send(keys[e.key]);
      return true;
    }
    if (e.key === " ") {
      send(I.space);
      return true;
    }
    return false;
  }
  document.addEventListener("keydown", (e) => {
    if (e.target === $("typing") || e.target.closest?.("#foot")) return;
    // A held key is one press (the protocol's rule, as at the station): its repeats do nothing.
    if (e.repeat) return e.preventDefault();
    if (typedKey(e)) return e.preventDefault();
    if (!e.ctrlKey && !e.metaKey && !e.altKey && [...e.key].length === 1) {
      e.preventDefault();
      send(I.char, e.key.codePointAt(0));
    }
  });

  // The phone's own keyboard types into a hidden field; what it inserts is sent as keys, and
  // the field is emptied again (a composing IME — Polish, Catalan letters — is left to finish).
  const typing = $("typing");
  const sendText = (text) => {
    for (const ch of text) send(ch === " " ? I.space : I.char, ch.codePointAt(0));
  };
  typing.addEventListener("keydown", (e) => {
    if (e.repeat) return e.preventDefault();
    if (["Enter", "Tab", "Escape", "F2"].includes(e.key) || (e.key === "Backspace" && typing.value === "")) {
      if (typedKey(e)) e.preventDefault();
    }
  });
  typing.addEventListener("beforeinput", (e) => {
    if (e.isComposing || e.inputType === "insertCompositionText") return;
    if (e.inputType === "insertText" && e.data) sendText(e.data);
    else if (e.inputType === "deleteContentBackward") send(I.backspace);
    else if (e.inputType === "insertLineBreak" || e.inputType === "insertParagraph") send(I.enter);
    else return;
    e.preventDefault();
  });
  // What a keyboard composes (a whole word, as Gboard does, or an accented letter) shows in the
  // word being typed, greyed, until it is committed.
  typing.addEventListener("compositionupdate", (e) => {
    composing = e.data ?? "";
    if (view) drawWords(view);
  });
  typing.addEventListener("compositionend", (e) => {
    composing = "";
    if (e.data) sendText(e.data);
    typing.value = "";
    if (view) drawWords(view);
  });

  // ---- the players' game: its round and table, given on the menu (both optional), on every
  // slip from now on; kept for this event across reloads. The module checks them.

  const gameKey = `wordjudge.game.${site.fingerprint}`;
  function setGame() {
    const number = (id) => {
      const typed = $(id).value.trim();
      return typed === "" ? 0 : /^[0-9]+$/.test(typed) ? Number(typed) : -1;
    };
    const [round, table] = [number("round"), number("table")];
    gameRefused = !(round >= 0 && table >= 0 && m.wj_set_game(round, table) === 1);
    for (const id of ["round", "table"]) $(id).setAttribute("aria-invalid", String(gameRefused));
    if (!gameRefused) {
      try {
        store.setItem(gameKey, `${round} ${table}`);
      } catch (e) {
        // Storage full: the game holds until the page is opened again.
      }
    }
    last = "";
    render();
  }
  $("game").addEventListener("change", setGame);
  $("game").addEventListener("submit", (e) => {
    e.preventDefault();
    setGame();
  });
  {
    const [round, table] = (store.getItem(gameKey) ?? "").split(" ").map((n) => Number(n) || 0);
    if (m.wj_set_game(round ?? 0, table ?? 0) === 1) {
      $("round").value = round || "";
      $("table").value = table || "";
    }
  }

  // ---- the log, for the director: the station's format, and its head, in one file

  function download(name, text) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/octet-stream" }));
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  // One file (crates/sliplog device_file.rs, docs/formats.md): the log and its head as kept,
  // `format` first, so that the command line tells it from a log by its first bytes.
  function save(event = site.fingerprint) {
    const file = {
      format: "wordjudge-device-log",
      version: 1,
      device,
      event,
      log: store.getItem(`wordjudge.log.${event}`) ?? "",
      head: store.getItem(`wordjudge.head.${event}`) ?? "",
    };
    download(`wordjudge-${device}-${event}.wjlog`, JSON.stringify(file));
    $("hint").textContent = view?.page.saved ?? "";
  }

  // The logs this device kept of other events (the last event's, after the switch to the
  // next): each can still be saved from the menu.
  function otherLogs() {
    const found = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith("wordjudge.log.") && key !== logKey && store.getItem(key)) found.push(key.slice("wordjudge.log.".length));
    }
    return found.sort();
  }

  // A newer event on the server: never judged with these files.
  const isNewer = (fresh) => fresh && fresh.fingerprint && fresh.fingerprint !== site.fingerprint;
  function awaitNextEvent(fresh) {
    waitingForNext = true;
    const [lp, ll] = put(utf8.encode(view?.language ?? navigator.language ?? "en"));
    const words = JSON.parse(answer(m.wj_page_words(lp, ll)));
    $("app").dataset.screen = "next-event";
    $("title").textContent = words.next_event_title;
    $("detail").textContent = words.next_event.replace("{fingerprint}", fresh.fingerprint);
    $("controls").replaceChildren();
    $("words").replaceChildren();
    $("hint").textContent = "";
    $("announce").textContent = `${words.next_event_title}. ${$("detail").textContent}`;
    window.wjView = { screen: "next-event", detail: $("detail").textContent, event_line: "" };
    navigator.serviceWorker?.getRegistration().then((r) => r?.update()).catch(() => {});
    // Without a service worker (a plain http:// address), the server's files are the new ones.
    if (!navigator.serviceWorker?.controller) location.reload();
  }
  const fresh = await checking;
  if (isNewer(fresh)) return awaitNextEvent(fresh);
  render();
  const ticking = setInterval(() => {
    if (waitingForNext) return clearInterval(ticking);
    send(I.tick);
  }, 100);
  // Between challenges, ask the server again now and then.
  setInterval(async () => {
    if (waitingForNext || view?.screen !== "choose-division") return;
    const again = await serverSite();
    if (isNewer(again)) awaitNextEvent(again);
    else if (again) draw(view);
  }, 60000);
})();
