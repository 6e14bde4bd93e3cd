/* "What if…" forks on the match page (web/fork_panel.html), apart from the viewer:
 *
 * - the form's event follows the event the viewer shows (#board's data-seq), and
 *   keys pressed in the form are not the viewer's shortcuts;
 * - in the events list, a fork's shared prefix and its split point are marked, and
 *   on a parent each event where a fork splits off (the viewer fills the list
 *   later, so new items are marked as they arrive); a fork's change of seats is an
 *   entry of its own between its parent's last event and its own first;
 * - on a fork's timeline (the seek slider), the split is marked: a bar under the
 *   slider, grey for the parent's events and purple for the fork's own;
 * - a line by the board says whether the shown event is shared with the parent
 *   (linked to the same event there) or the fork's own, and links the forks that
 *   split off after it.
 */
(function () {
  "use strict";
  var node = document.getElementById("fork-config");
  if (!node) { return; }
  var cfg = JSON.parse(node.textContent);
  var board = document.getElementById("board"), list = document.getElementById("events");
  var at = document.getElementById("fork-at");

  var splits = {};  // seq -> forks that split after it
  (cfg.splits || []).forEach(function (s) { (splits[s.at] = splits[s.at] || []).push(s.id); });

  function mark(li) {
    if (li.dataset.seq === undefined) { return; }  // not an event (the seat change)
    var seq = Number(li.dataset.seq);
    if (cfg.forkAt !== null && seq <= cfg.forkAt) {
      li.classList.add("fork-shared");
      li.title = "shared with match #" + cfg.parent;
      if (seq === cfg.forkAt) {
        li.classList.add("fork-split");
        li.title = "the split: events after this one are this fork's own";
      }
    }
    if (splits[seq]) {
      li.classList.add("fork-origin");
      li.title = "match " + splits[seq].map(function (id) { return "#" + id; }).join(", ") +
        " splits off after this event";
    }
  }

  // the fork's change of seats: its own entry before the fork's first own event
  function placeChange() {
    var own = null;
    Array.prototype.some.call(list.children, function (li) {
      if (li.dataset.seq !== undefined && Number(li.dataset.seq) > cfg.forkAt) { own = li; }
      return own !== null;
    });
    var entry = document.getElementById("fork-change");
    if (!own) { if (entry) { entry.remove(); } return; }
    if (!entry) {
      entry = document.createElement("li");
      entry.id = "fork-change";
      entry.className = "fork-change";
      entry.textContent = "The fork: " + cfg.changes + ". From here on the events are this " +
        "fork's own; before, match #" + cfg.parent + "'s.";
    }
    if (entry.nextSibling !== own) { list.insertBefore(entry, own); }
    timeline(own);
  }

  // the split on the timeline: the slider's share before the fork's first own event
  var slider = document.getElementById("slider"), bar = null;
  function timeline(own) {
    if (!slider) { return; }
    if (!bar) {
      bar = document.createElement("div");
      bar.id = "fork-timeline";
      bar.className = "fork-timeline";
      bar.title = "grey: match #" + cfg.parent + "'s events; purple: this fork's own";
      bar.appendChild(document.createElement("span"));
      slider.insertAdjacentElement("afterend", bar);
    }
    var split = Number(own.dataset.index) - 0.5, max = Math.max(1, Number(slider.max));
    var share = Math.max(0, Math.min(100, split * 100 / max));
    bar.firstChild.style.width = share + "%";
    bar.dataset.split = own.dataset.index;
  }

  if (list) {
    Array.prototype.forEach.call(list.children, mark);
    new MutationObserver(function (changes) {
      changes.forEach(function (c) {
        Array.prototype.forEach.call(c.addedNodes, function (n) { if (n.dataset) { mark(n); } });
      });
      if (cfg.forkAt !== null) { placeChange(); }
    }).observe(list, {childList: true});
  }

  // keys pressed in the panel are the panel's (space opens it), not the viewer's shortcuts
  var panel = document.getElementById("what-if");
  if (panel) { panel.addEventListener("keydown", function (ev) { ev.stopPropagation(); }); }

  // a line by the board: is the shown event shared with the parent, or where forks split off
  var here = document.getElementById("fork-here");
  function pageOf(id, seq) { return cfg.pageUrl.replace("{id}", id) + "#e" + seq; }
  function link(text, href) {
    var a = document.createElement("a");
    a.href = href; a.textContent = text;
    return a;
  }
  function tell(seq) {
    if (!here) { return; }
    here.textContent = "";
    if (cfg.forkAt !== null) {
      if (seq <= cfg.forkAt) {
        here.append("Event " + seq + " is shared with the parent, ",
                    link("match #" + cfg.parent, pageOf(cfg.parent, seq)), ".");
      } else {
        here.append("Event " + seq + " is this fork's own: it split from ",
                    link("match #" + cfg.parent, pageOf(cfg.parent, cfg.forkAt)),
                    " after event " + cfg.forkAt + ".");
      }
    }
    (splits[seq] || []).forEach(function (id) {
      here.append(" What if… ", link("match #" + id, pageOf(id, seq)), " splits off after this event.");
    });
    here.hidden = !here.textContent;
  }

  function follow() {
    if (!board || board.dataset.seq === "") { return; }
    if (at) { at.value = board.dataset.seq; }
    tell(Number(board.dataset.seq));
  }
  if (board) {
    follow();
    new MutationObserver(follow).observe(board, {attributes: true, attributeFilter: ["data-seq"]});
  }
}());
