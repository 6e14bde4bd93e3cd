/* The replay viewer: plain JavaScript, no build step.
 *
 * The chosen view (everything, the spectator's or a seat's) is what that onlooker
 * knew: events come from /api/matches/ID/events/?view=V (paged, and polled with
 * ?after= while the match runs), a seat's list redacted as its bot saw it, and are
 * fetched again when the view changes; each frame (the board after an event in
 * that view) is the SVG the game draws server side, from
 * /api/matches/ID/state/?at=SEQ&view=V, fetched once and cached. The URL fragment
 * #eSEQ names an event.
 *
 * board.js draws a frame (the picture, and the words beside it in HTML).
 *
 * Each event is listed as the game's sentence (`text`, served with it); its JSON
 * sits behind the "JSON" toggle. Playback runs on a clock: at N× the shown event
 * advances N × PACE events a second whatever the frames cost, and a frame that
 * arrives after its event has passed is skipped, so the speed labels stay true.
 * PACE and the turns come from the game (cfg.pacing, engine.game.Pacing): 1×
 * plays a typical match in one to two minutes; a step by turn stops at the
 * game's turn events. A finished match opens on its last event (the result);
 * its first board is asked for first, and the events load behind it.
 * The owner of an uploaded bot gets its stderr beside the events (bot_log.js).
 */
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("viewer-config").textContent);
  function $(id) { return document.getElementById(id); }
  var board = $("board"), slider = $("slider"), list = $("events"), playBtn = $("play"),
      speed = $("speed"), perspective = $("perspective"), position = $("position"),
      detail = $("event-detail"), permalink = $("permalink"), follow = $("follow"),
      sentence = $("sentence"), showJson = $("show-json"), panelBox = $("board-panel");
  var PACE = cfg.pacing.pace;           // events a second at 1×
  var TURNS = new Set(cfg.pacing.turns);  // event types a step by turn stops at

  var events = [];          // the events served to us, in seq order
  var index = -1;           // the shown event's place in `events`
  var over = cfg.over;      // once over, everything is visible
  var playing = false, timer = null, showToken = 0, pollTimer = null;
  var frames = new Map();   // "seq|seat" -> Promise of a frame
  var clock = null;         // {start: ms, from: index, rate: events/s} while playing
  var logParts = ScrimmageBotLog.build($("bot-logs"), cfg.logs);  // [{seq, el}] a part a decision

  // -- perspective ------------------------------------------------------------------
  function buildPerspectives() {
    var keep = perspective.value;
    perspective.innerHTML = "";
    function add(value, label, enabled) {
      var o = document.createElement("option");
      o.value = value; o.textContent = label; o.disabled = !enabled;
      perspective.appendChild(o);
    }
    add("all", "everything" + (over ? "" : " (after the match)"), over);
    add("spectator", "spectator", true);
    cfg.seats.forEach(function (s) {
      add(String(s.index), "seat " + s.index + ": " + s.bot + (over ? "" : " (after the match)"), over);
    });
    var wanted = keep && perspective.querySelector('option[value="' + keep + '"]:not([disabled])');
    perspective.value = wanted ? keep : (over ? "all" : "spectator");
  }

  // -- frames -----------------------------------------------------------------------
  function fetchFrame(seq) {
    var key = seq + "|" + perspective.value;
    if (!frames.has(key)) {
      var url = cfg.stateUrl + "?at=" + seq + "&view=" + encodeURIComponent(perspective.value);
      frames.set(key, fetch(url, {headers: {Accept: "application/json"}}).then(function (r) {
        return r.json().then(function (body) {
          if (!r.ok) { throw new Error(JSON.stringify(body)); }
          return body;
        });
      }).catch(function (err) { frames.delete(key); throw err; }));
    }
    return frames.get(key);
  }

  // the game's sentence, or (a game without words) the type and the data
  function describe(e) {
    return e.text || (e.type + ": " + JSON.stringify(e.data));
  }

  function show(i) {
    if (!events.length) { return Promise.resolve(); }
    index = Math.max(0, Math.min(i, events.length - 1));
    var e = events[index];
    slider.value = index;
    position.textContent = "event " + e.seq + " of " + (events[events.length - 1].seq) +
      " · " + e.type + turnLabel(index);
    sentence.textContent = describe(e);
    permalink.href = "#e" + e.seq;
    ScrimmageBotLog.show(logParts, e.seq);
    detail.textContent = JSON.stringify(e, null, 1);
    var old = list.querySelector("li.current");
    if (old) { old.classList.remove("current"); }
    var li = itemAt(index);
    if (li) {
      li.classList.add("current");
      var top = li.offsetTop - list.offsetTop, h = list.clientHeight;
      if (top < list.scrollTop || top > list.scrollTop + h - li.offsetHeight) {
        list.scrollTop = top - h / 2;
      }
    }
    if (history.replaceState) { history.replaceState(null, "", "#e" + e.seq); }
    return draw(e.seq);
  }

  // the board (and its panel) after event `seq`, in the chosen view
  function draw(seq) {
    var token = ++showToken;
    return fetchFrame(seq).then(function (f) {
      if (token !== showToken) { return; }
      ScrimmageBoard.drawFrame(board, panelBox, f);
      if (!board.dataset.firstBoardMs) {  // time to first board, for the benchmark
        board.dataset.firstBoardMs = String(Math.round(performance.now()));
      }
      if (f.render_error) {
        var note = document.createElement("p");
        note.className = "render-error";
        note.textContent = f.render_error;
        board.appendChild(note);
      }
      board.dataset.seq = String(seq);
      board.dataset.view = perspective.value;
      board.classList.remove("error");
      var ahead = clock ? Math.min(12, Math.ceil(clock.rate / 2)) : 3;
      for (var k = 1; k <= ahead && index + k < events.length; k++) {
        fetchFrame(events[index + k].seq).catch(function () {});
      }
    }, function (err) {
      if (token !== showToken) { return; }
      board.classList.add("error");
      board.textContent = "could not draw event " + seq + ": " + err.message;
    });
  }

  // the list item of events[i] (the list may hold items that are no event)
  function itemAt(i) { return list.querySelector('li[data-index="' + i + '"]'); }

  // -- playback ---------------------------------------------------------------------
  function setPlaying(on) {
    playing = on;
    playBtn.textContent = on ? "❚❚ pause" : "▶ play";
    playBtn.setAttribute("aria-pressed", on ? "true" : "false");
    clearTimeout(timer);
    clock = null;
    if (on) {
      if (index >= events.length - 1 && over) { show(0); }
      startClock();
      tick();
    }
  }

  function startClock() {
    clock = {start: performance.now(), from: index, rate: Number(speed.value) * PACE};
  }

  // the event the clock has reached is shown; frames that come late are skipped
  function tick() {
    if (!playing) { return; }
    var due = clock.from + Math.floor((performance.now() - clock.start) * clock.rate / 1000);
    var target = Math.min(due, events.length - 1);
    if (target > index) { show(target); }
    if (index >= events.length - 1 && over) { setPlaying(false); return; }
    if (due > events.length - 1) { startClock(); }  // live: wait for more, then go on
    timer = setTimeout(tick, Math.max(10, Math.min(250, 1000 / clock.rate)));
  }

  // -- turns ------------------------------------------------------------------------
  // a step by turn stops at the game's turn events, and at the first and last event
  function isStop(i) {
    return i === 0 || i === events.length - 1 || TURNS.has(events[i].type);
  }

  function stepTurn(direction) {
    setPlaying(false);
    var i = index + direction;
    while (i > 0 && i < events.length - 1 && !isStop(i)) { i += direction; }
    show(i);
  }

  // " · turn T of N", T counting the turn events up to event i (none: no label)
  function turnLabel(i) {
    if (!TURNS.size) { return ""; }
    var at = 0, all = 0;
    for (var k = 0; k < events.length; k++) {
      if (TURNS.has(events[k].type)) { all++; if (k <= i) { at = all; } }
    }
    return all ? " · turn " + at + " of " + all : "";
  }

  // "1× · 4 events/s", or for slow games "1× · an event every 3 s"
  function labelSpeeds() {
    Array.prototype.forEach.call(speed.options, function (o) {
      var rate = Number(o.value) * PACE;
      o.textContent = o.value + "× · " + (rate >= 1 ? +rate.toFixed(1) + " events/s"
        : "an event every " + +(1 / rate).toFixed(1) + " s");
    });
  }

  function playFromStart() {
    setPlaying(false);
    show(0);
    setPlaying(true);
  }

  // -- events -----------------------------------------------------------------------
  function appendEvents(batch) {
    var frag = document.createDocumentFragment();
    batch.forEach(function (e) {
      var li = document.createElement("li");
      li.id = "e" + e.seq;
      li.value = e.seq;
      li.dataset.index = String(events.length);
      li.dataset.seq = String(e.seq);
      li.dataset.type = e.type;
      var a = document.createElement("a");
      a.href = "#e" + e.seq;
      a.textContent = describe(e);
      var code = document.createElement("code");
      code.className = "json";
      code.textContent = e.type + " " + JSON.stringify(e.data);
      li.appendChild(a);
      li.appendChild(code);
      if (logParts.some(function (p) { return p.seq === e.seq; })) {
        li.classList.add("has-log");
        li.title = "your bot wrote to its log at this decision";
      }
      if (e.redacted || (e.to !== "all")) { li.classList.add("private"); }
      frag.appendChild(li);
      events.push(e);
    });
    list.appendChild(frag);
    slider.max = Math.max(0, events.length - 1);
  }

  function fetchEvents(after) {
    var url = cfg.eventsUrl + "?limit=1000&after=" + after + "&view=" +
      encodeURIComponent(perspective.value);
    return fetch(url, {headers: {Accept: "application/json"}})
      .then(function (r) { if (!r.ok) { throw new Error("events: HTTP " + r.status); } return r.json(); });
  }

  function loadAll() {
    var after = events.length ? events[events.length - 1].seq : -1, view = perspective.value;
    return fetchEvents(after).then(function (page) {
      if (view !== perspective.value) { return page; }  // another view's list is loading
      appendEvents(page.results);
      setStatus(page.status);
      if (page.next) { return loadAll(); }
      return page;
    });
  }

  function setStatus(status) {
    if (status === cfg.status) { return; }
    cfg.status = status;
    var el = $("match-status");
    if (el) { el.textContent = status; el.className = "status " + status; }
    // before the end, the result line just says how far the match got
    if (status !== "finished" && $("result-text")) { $("result-text").textContent = status; }
  }

  function isEnded(status) { return status === "finished" || status === "failed"; }

  function endLive() {
    var marker = $("live-marker");
    if (marker) { marker.remove(); }
    $("live-label").hidden = true;
  }

  function seekToFragment() {
    var m = /^#e(\d+)$/.exec(location.hash);
    if (!m || !events.length) { return false; }
    var seq = Number(m[1]), i = 0;
    while (i + 1 < events.length && events[i + 1].seq <= seq) { i++; }
    show(i);
    return true;
  }

  function poll() {
    var atEnd = index >= events.length - 1;
    var after = events.length ? events[events.length - 1].seq : -1;
    fetchEvents(after).then(function (page) {
      if (isEnded(page.status)) {
        // the match ended: everything (seats' views, results) is visible now, so
        // reload the page; the live marker goes at once, not after the reload
        // (a page that was following the latest event drops its #e fragment, so it
        // opens on the end, as finished ones do; one sent to an event keeps it)
        endLive();
        position.textContent = "the match has ended: loading the result…";
        if (atEnd && events.length && history.replaceState) {
          history.replaceState(null, "", location.pathname + location.search);
        }
        location.reload();
        return;
      }
      setStatus(page.status);
      appendEvents(page.results);
      if (page.results.length && follow.checked && atEnd && !playing) { show(events.length - 1); }
      pollTimer = setTimeout(poll, 1000);
    }, function () { pollTimer = setTimeout(poll, 3000); });
  }

  // -- wiring ---------------------------------------------------------------------------
  playBtn.addEventListener("click", function () { setPlaying(!playing); });
  $("back").addEventListener("click", function () { setPlaying(false); show(index - 1); });
  $("forward").addEventListener("click", function () { setPlaying(false); show(index + 1); });
  $("first").addEventListener("click", function () { setPlaying(false); show(0); });
  $("last").addEventListener("click", function () { setPlaying(false); show(events.length - 1); });
  $("turn-back").addEventListener("click", function () { stepTurn(-1); });
  $("turn-forward").addEventListener("click", function () { stepTurn(1); });
  $("from-start").addEventListener("click", playFromStart);
  slider.addEventListener("input", function () {
    show(Number(slider.value));
    if (playing) { startClock(); }  // play on from where the slider was dropped
  });
  speed.addEventListener("change", function () { if (playing) { startClock(); } });
  showJson.addEventListener("change", function () {
    $("viewer").classList.toggle("show-json", showJson.checked);
  });
  // another view lists other events: load its list, stay at the same moment
  var switchSeq = 0;  // the moment to stay at, kept while a view's list loads
  perspective.addEventListener("change", function () {
    if (events.length) { switchSeq = events[index].seq; }  // else: a switch is loading
    var seq = switchSeq, view = perspective.value;
    fetchFrame(seq).catch(function () {});  // the board loads while the list does
    events = [];
    list.textContent = "";
    loadAll().then(function () {
      if (view !== perspective.value) { return; }  // switched again: that switch shows
      var i = 0;
      while (i + 1 < events.length && events[i + 1].seq <= seq) { i++; }
      show(i);
    });
  });
  list.addEventListener("click", function (ev) {
    var li = ev.target.closest("li");
    if (!li || li.dataset.index === undefined) { return; }  // an entry that is no event
    ev.preventDefault();
    setPlaying(false);
    show(Number(li.dataset.index));
  });
  window.addEventListener("hashchange", seekToFragment);
  document.addEventListener("keydown", function (ev) {
    if (ev.target.closest("input, select, textarea")) { return; }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }  // the browser's (Ctrl+S saves)
    if (ev.key === "PageUp" || (ev.key === "ArrowLeft" && ev.shiftKey)) {
      ev.preventDefault(); stepTurn(-1);
    } else if (ev.key === "PageDown" || (ev.key === "ArrowRight" && ev.shiftKey)) {
      ev.preventDefault(); stepTurn(1);
    }
    else if (ev.key === "ArrowLeft") { setPlaying(false); show(index - 1); }
    else if (ev.key === "ArrowRight") { setPlaying(false); show(index + 1); }
    else if (ev.key === "s" || ev.key === "S") { playFromStart(); }
    else if (ev.key === " ") { ev.preventDefault(); setPlaying(!playing); }
    else if (ev.key === "Home") { setPlaying(false); show(0); }
    else if (ev.key === "End") { setPlaying(false); show(events.length - 1); }
  });

  var verifyBtn = $("verify");
  if (verifyBtn) {
    verifyBtn.addEventListener("click", function () {
      var csrf = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
      $("verify-result").textContent = "verifying…";
      fetch(cfg.matchUrl + "verify/", {method: "POST", credentials: "same-origin",
        headers: {"X-CSRFToken": decodeURIComponent(csrf), Accept: "application/json"}})
        .then(function (r) { return r.json(); })
        .then(function (rep) {
          $("verify-result").textContent = rep.ok ? "✔ verified: digest " + rep.digest.slice(0, 12) + "…"
            : "✘ " + (rep.problems || [rep.detail]).join("; ");
        });
    });
  }

  buildPerspectives();
  labelSpeeds();
  // the first board (the event linked to, else the last: a finished match's result,
  // a running one's latest position) is drawn first, and the events load behind it:
  // asked for together, the list (every event's sentence) slows the frame down
  var wanted = /^#e(\d+)$/.exec(location.hash);
  var first = wanted && Number(wanted[1]) < cfg.eventCount ? Number(wanted[1]) : cfg.eventCount - 1;
  var drawn = first >= 0 ? draw(first) : Promise.resolve();
  drawn.then(loadAll).then(function () {
    board.dataset.loaded = "true";
    if (!seekToFragment()) { show(events.length - 1); }
    if (!over && !isEnded(cfg.status)) {
      $("live-label").hidden = false;
      pollTimer = setTimeout(poll, 1000);
    } else {
      endLive();
    }
  }, function (err) { position.textContent = "could not load the events: " + err.message; });
}());
