/* The replay viewer: plain JavaScript, no build step.
 *
 * Events come from /api/matches/ID/events/ (paged, and polled with ?after= while the
 * match runs); each frame (the board after an event, as the chosen seat sees it) is
 * the SVG the game draws server side, from /api/matches/ID/state/?at=SEQ&seat=S,
 * fetched once and cached. The URL fragment #eSEQ names an event.
 */
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("viewer-config").textContent);
  function $(id) { return document.getElementById(id); }
  var board = $("board"), slider = $("slider"), list = $("events"), playBtn = $("play"),
      speed = $("speed"), perspective = $("perspective"), position = $("position"),
      detail = $("event-detail"), permalink = $("permalink"), follow = $("follow");

  var events = [];          // the events served to us, in seq order
  var index = -1;           // the shown event's place in `events`
  var over = cfg.over;      // once over, everything is visible
  var playing = false, timer = null, showToken = 0, pollTimer = null;
  var frames = new Map();   // "seq|seat" -> Promise of a frame

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
      var url = cfg.stateUrl + "?at=" + seq + "&seat=" + encodeURIComponent(perspective.value);
      frames.set(key, fetch(url, {headers: {Accept: "application/json"}}).then(function (r) {
        return r.json().then(function (body) {
          if (!r.ok) { throw new Error(JSON.stringify(body)); }
          return body;
        });
      }).catch(function (err) { frames.delete(key); throw err; }));
    }
    return frames.get(key);
  }

  function describe(e) {
    var data = JSON.stringify(e.data);
    if (data.length > 80) { data = data.slice(0, 77) + "..."; }
    return data;
  }

  function show(i) {
    if (!events.length) { return Promise.resolve(); }
    index = Math.max(0, Math.min(i, events.length - 1));
    var e = events[index];
    slider.value = index;
    position.textContent = "event " + e.seq + " of " + (events[events.length - 1].seq) +
      " · " + e.type;
    permalink.href = "#e" + e.seq;
    detail.textContent = JSON.stringify(e, null, 1);
    var old = list.querySelector("li.current");
    if (old) { old.classList.remove("current"); }
    var li = list.children[index];
    if (li) {
      li.classList.add("current");
      var top = li.offsetTop - list.offsetTop, h = list.clientHeight;
      if (top < list.scrollTop || top > list.scrollTop + h - li.offsetHeight) {
        list.scrollTop = top - h / 2;
      }
    }
    if (history.replaceState) { history.replaceState(null, "", "#e" + e.seq); }
    var token = ++showToken;
    return fetchFrame(e.seq).then(function (f) {
      if (token !== showToken) { return; }
      board.innerHTML = f.svg;
      if (f.render_error) {
        var note = document.createElement("p");
        note.className = "render-error";
        note.textContent = f.render_error;
        board.appendChild(note);
      }
      board.dataset.seq = String(e.seq);
      board.dataset.view = perspective.value;
      board.classList.remove("error");
      for (var k = 1; k <= 3 && index + k < events.length; k++) {
        fetchFrame(events[index + k].seq).catch(function () {});
      }
    }, function (err) {
      if (token !== showToken) { return; }
      board.classList.add("error");
      board.textContent = "could not draw event " + e.seq + ": " + err.message;
    });
  }

  // -- playback ---------------------------------------------------------------------
  function setPlaying(on) {
    playing = on;
    playBtn.textContent = on ? "❚❚ pause" : "▶ play";
    playBtn.setAttribute("aria-pressed", on ? "true" : "false");
    clearTimeout(timer);
    if (on) {
      if (index >= events.length - 1 && over) { show(0).then(tick); } else { tick(); }
    }
  }

  function tick() {
    if (!playing) { return; }
    var delay = 1000 / Number(speed.value);
    timer = setTimeout(function () {
      if (!playing) { return; }
      if (index < events.length - 1) {
        show(index + 1).then(tick);
      } else if (over) {
        setPlaying(false);
      } else {
        tick();  // a live match: wait for more events
      }
    }, delay);
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
      var a = document.createElement("a");
      a.href = "#e" + e.seq;
      a.textContent = e.type;
      var code = document.createElement("code");
      code.textContent = describe(e);
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(code);
      if (e.redacted || (e.to !== "all")) { li.classList.add("private"); }
      frag.appendChild(li);
      events.push(e);
    });
    list.appendChild(frag);
    slider.max = Math.max(0, events.length - 1);
  }

  function fetchEvents(after) {
    return fetch(cfg.eventsUrl + "?limit=1000&after=" + after, {headers: {Accept: "application/json"}})
      .then(function (r) { if (!r.ok) { throw new Error("events: HTTP " + r.status); } return r.json(); });
  }

  function loadAll() {
    var after = events.length ? events[events.length - 1].seq : -1;
    return fetchEvents(after).then(function (page) {
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
      setStatus(page.status);
      if (page.status === "finished" || page.status === "failed") {
        // the match ended: everything is visible now, so reload the whole log
        location.reload();
        return;
      }
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
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  speed.addEventListener("change", function () { if (playing) { clearTimeout(timer); tick(); } });
  perspective.addEventListener("change", function () { show(index); });
  list.addEventListener("click", function (ev) {
    var li = ev.target.closest("li");
    if (!li) { return; }
    ev.preventDefault();
    setPlaying(false);
    show(Number(li.dataset.index));
  });
  window.addEventListener("hashchange", seekToFragment);
  document.addEventListener("keydown", function (ev) {
    if (ev.target.closest("input, select, textarea")) { return; }
    if (ev.key === "ArrowLeft") { setPlaying(false); show(index - 1); }
    else if (ev.key === "ArrowRight") { setPlaying(false); show(index + 1); }
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
  loadAll().then(function () {
    board.dataset.loaded = "true";
    if (!seekToFragment()) { show(over ? 0 : events.length - 1); }
    if (!over) { $("live-label").hidden = false; pollTimer = setTimeout(poll, 1000); }
  }, function (err) { position.textContent = "could not load the events: " + err.message; });
}());
