/* "What if…" forks on the match page (web/fork_panel.html), apart from the viewer:
 *
 * - the form's event follows the event the viewer shows (#board's data-seq), and
 *   keys pressed in the form are not the viewer's shortcuts;
 * - in the events list, a fork's shared prefix and its split point are marked, and
 *   on a parent each event where a fork splits off (the viewer fills the list
 *   later, so new items are marked as they arrive);
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

  if (list) {
    Array.prototype.forEach.call(list.children, mark);
    new MutationObserver(function (changes) {
      changes.forEach(function (c) {
        Array.prototype.forEach.call(c.addedNodes, function (n) { if (n.dataset) { mark(n); } });
      });
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
