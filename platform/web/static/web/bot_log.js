/* The owner of an uploaded bot sees its stderr beside the replay's events, each
 * part next to the decision that printed it (the match runner marks each decision
 * with a "── decision at event N ──" line); the part of the shown event is lit.
 */
(function () {
  "use strict";
  var DECISION = /^── decision at event (\d+) ──$/;

  // the logs into `box`; the parts that follow a decision marker, [{seq, el}]
  function build(box, logs) {
    var logParts = [];
    if (!box || !logs || !logs.length) { return logParts; }
    box.hidden = false;
    logs.forEach(function (log) {
      var h = document.createElement("h3");
      h.textContent = "Your bot's log: " + log.bot + " (seat " + log.seat + ")";
      box.appendChild(h);
      var pre = document.createElement("div");
      pre.className = "log";
      pre.dataset.seat = String(log.seat);
      var part = null;
      function open(seq) {
        part = document.createElement("pre");
        if (seq !== null) {
          part.dataset.seq = String(seq);
          logParts.push({seq: seq, el: part});
        }
        pre.appendChild(part);
      }
      open(null);
      (log.text || "").split("\n").forEach(function (line) {
        var m = DECISION.exec(line);
        if (m) {
          open(Number(m[1]));
          var a = document.createElement("a");
          a.href = "#e" + m[1];
          a.className = "decision";
          a.textContent = "decision at event " + m[1];
          part.appendChild(a);
          part.appendChild(document.createTextNode("\n"));
        } else {
          part.appendChild(document.createTextNode(line + "\n"));
        }
      });
      if (!log.text) { pre.firstChild.textContent = "(nothing on stderr)"; }
      box.appendChild(pre);
    });
    return logParts;
  }

  // highlight the latest part of the log written at or before event `seq`
  function show(logParts, seq) {
    var best = null;
    logParts.forEach(function (p) {
      p.el.classList.remove("current");
      if (p.seq <= seq && (!best || p.seq >= best.seq)) { best = p; }
    });
    if (!best) { return; }
    best.el.classList.add("current");
    var box = best.el.parentNode;
    var top = best.el.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) {
      box.scrollTop = top - 10;
    }
  }


  window.ScrimmageBotLog = {build: build, show: show};
}());
