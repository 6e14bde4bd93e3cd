/* A bracket's lines: from each match ([data-next]) to the match its winner plays
 * next, drawn in the section's SVG layer; again when the page's width changes. Lines
 * reach across sections (the winners' final to the grand final) as a short stub. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function draw(section) {
    var svg = section.querySelector(".bracket-lines");
    var box = section.querySelector(".bracket");
    if (!svg || !box) { return; }
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    svg.setAttribute("width", box.scrollWidth);
    svg.setAttribute("height", box.scrollHeight);
    var origin = box.getBoundingClientRect();
    section.querySelectorAll(".bracket-match[data-next]").forEach(function (from) {
      var to = section.querySelector('.bracket-match[data-fixture="' + from.dataset.next + '"]');
      var a = from.getBoundingClientRect();
      var x1 = a.right - origin.left + box.scrollLeft;
      var y1 = a.top + a.height / 2 - origin.top + box.scrollTop;
      var points;
      if (to) {
        var b = to.getBoundingClientRect();
        var x2 = b.left - origin.left + box.scrollLeft;
        var y2 = b.top + b.height / 2 - origin.top + box.scrollTop;
        var mid = (x1 + x2) / 2;
        points = [x1, y1, mid, y1, mid, y2, x2, y2];
      } else {
        points = [x1, y1, x1 + 12, y1];  // on to another section
      }
      var line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", points.join(" "));
      line.setAttribute("data-from", from.dataset.fixture);
      line.setAttribute("data-to", from.dataset.next);
      svg.appendChild(line);
    });
  }

  function drawAll() { document.querySelectorAll(".bracket-section").forEach(draw); }
  drawAll();
  window.addEventListener("resize", drawAll);
}());
