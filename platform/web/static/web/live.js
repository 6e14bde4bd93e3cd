/* Live pages: a season's standings and a competition's admin progress update by
 * themselves while their competition runs.
 *
 * A live page carries a marker element [data-live-page="MS"] (the "● live" badge)
 * and marks its changing parts [data-live="NAME"]. Every MS milliseconds the page
 * is fetched again and each part replaced by its fresh copy; when the fresh page
 * has no marker (the competition finished or paused) the badge goes and polling
 * stops. Nothing else on the page is touched while it is live, so a half-filled
 * form is kept. When it ends, everything else on the page (status, buttons,
 * ratings) is out of date: the page reloads, unless the reader has typed into it,
 * who is told instead ([data-live-ended] shows).
 */
(function () {
  "use strict";
  var marker = document.querySelector("[data-live-page]");
  if (!marker || !window.fetch || !window.DOMParser) { return; }
  var every = Number(marker.dataset.livePage) || 3000;
  var edited = false;
  document.addEventListener("input", function () { edited = true; }, true);

  function ended() {
    marker.remove();
    document.body.dataset.liveEnded = "true";
    if (!edited) { location.reload(); return; }
    document.querySelectorAll("[data-live-ended]").forEach(function (el) { el.hidden = false; });
  }

  function swap(doc) {
    document.querySelectorAll("[data-live]").forEach(function (el) {
      var fresh = doc.querySelector('[data-live="' + el.dataset.live + '"]');
      if (fresh && fresh.innerHTML !== el.innerHTML) { el.innerHTML = fresh.innerHTML; }
    });
  }

  function poll() {
    fetch(location.href, {credentials: "same-origin", headers: {Accept: "text/html"}})
      .then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        swap(doc);
        if (!doc.querySelector("[data-live-page]")) { ended(); return; }
        setTimeout(poll, every);
      }, function () { setTimeout(poll, every * 2); });
  }
  setTimeout(poll, every);
}());
