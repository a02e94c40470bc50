// The table judge's screen parts, drawn from the module's view (crates/web page.rs) and nothing
// else: the words area and the controls. The page (app.js) forwards what they are touched with.
"use strict";

const wjScreen = (() => {
  const $ = (id) => document.getElementById(id);

  function button(label, kind, arg, classes = "", off = false) {
    const el = document.createElement("button");
    el.type = "button";
    el.textContent = label;
    el.className = classes + (off ? " off" : "") + (label.length > 40 ? " long" : "");
    if (off) el.setAttribute("aria-disabled", "true");
    el.dataset.kind = kind;
    el.dataset.arg = arg;
    return el;
  }

  function tiles(labels, extra) {
    const word = document.createElement("span");
    word.className = "word " + (extra ?? "");
    // A word stays on one line: its tiles are sized by how many it has (style.css).
    word.style.setProperty("--n", Math.max(labels.length + (extra ? 1 : 0), 5));
    for (const label of labels) {
      const t = document.createElement("span");
      t.className = "t";
      t.textContent = label;
      word.append(t);
    }
    return word;
  }

  // The words area as the protocol draws it, the station's rule (`View::word_lines`): each
  // typed word, the word being typed (with what a keyboard is still composing, greyed), and a
  // dot for each announced word not typed yet. A screen reader hears "word 2: COL·LEGI", then
  // the tiles one by one.
  function drawWords(v, composing) {
    $("words").replaceChildren(
      ...v.lines.map((line, i) => {
        if (line.empty) {
          const dot = Object.assign(document.createElement("span"), { className: "word announced", textContent: "·" });
          dot.setAttribute("aria-hidden", "true");
          return dot;
        }
        // An English word is its letters; the word being typed ends with its unfinished tile.
        const typed = line.text.slice(0, line.text.length - line.pending.length);
        const word = tiles(line.tiles.length ? line.tiles : Array.from(typed), line.typing ? "current" : "");
        const greyed = (text, className) => word.append(Object.assign(document.createElement("span"), { className, textContent: text }));
        if (line.pending) greyed(line.pending, "t pending");
        if (line.typing) for (const ch of composing.toUpperCase()) greyed(ch, "t pending composing");
        word.setAttribute("role", "group");
        word.setAttribute("aria-label", `${v.labels.word} ${i + 1}: ${line.text}`);
        word.setAttribute("aria-description", line.spelled);
        return word;
      }),
    );
  }

  // Brings up the phone's own keyboard (its text field takes what it types).
  function keyboardButton(v) {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "keyboard";
    el.textContent = "⌨ " + v.page.keyboard;
    el.addEventListener("click", (e) => {
      e.stopPropagation();
      $("typing").focus();
    });
    return el;
  }

  function drawControls(v, I) {
    const L = v.labels;
    const c = $("controls");
    c.replaceChildren();
    const row = (...buttons) => {
      const r = document.createElement("div");
      r.className = "row";
      r.append(...buttons);
      c.append(r);
    };
    const second = () => button(L.second_opinion, I.second_opinion, 0, "", !v.second_opinion_ready);
    switch (v.screen) {
      case "choose-division":
        v.choices.forEach((choice, i) => c.append(button(choice, I.division, i, "choice", !v.choices_in_service[i])));
        row(second());
        break;
      case "count": {
        const grid = document.createElement("div");
        grid.className = "tiles";
        for (let n = 1; n <= v.count_choices; n++) grid.append(button(String(n), I.count, n));
        c.append(grid);
        row(second());
        break;
      }
      case "entry": {
        // Handed over, the typing keys cannot act: the words the challenged player checks
        // take their room, and only Backspace (give them back) and JUDGE are left.
        if (!v.handed_over) {
          const grid = document.createElement("div");
          grid.className = "tiles";
          v.tile_keys.forEach((key, i) => grid.append(button(key, I.tile, i)));
          c.append(grid);
          row(button(L.backspace, I.backspace, 0), button(L.next_word, I.space, 0), button(L.done, I.done, 0, "", !v.can_hand_over));
          row(keyboardButton(v), button(v.judge_label, I.judge, 0, "primary", !v.ready));
        } else {
          row(button(L.backspace, I.backspace, 0), button(v.judge_label, I.judge, 0, "primary", !v.ready));
        }
        break;
      }
      case "table":
      case "slip-number":
      case "pin": {
        const grid = document.createElement("div");
        grid.className = "tiles";
        for (const d of "1234567890") grid.append(button(d, I.char, d.codePointAt(0)));
        c.append(grid);
        row(button(L.cancel, I.escape, 0), button(L.backspace, I.backspace, 0), button(L.ok, I.enter, 0, "primary"));
        row(keyboardButton(v));
        break;
      }
      case "verdict":
        row(second());
        break;
      case "director":
      case "about":
        row(button(L.back, I.escape, 0));
        break;
    }
  }

  return { drawWords, drawControls };
})();
