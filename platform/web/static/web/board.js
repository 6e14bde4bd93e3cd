/* One frame of the replay viewer on the page: the game's SVG in the board and the
 * words beside it (the frame's `panel`, engine/panel.py) as HTML in the panel box.
 *
 * Words live in the panel, not the picture, because text inside an SVG shrinks
 * with it: a phone draws a 900-unit picture 360 px wide. What text the picture
 * keeps (marks, labels on the board) is held legible another way: the board gets
 * a minimum size at which its smallest label is LEGIBLE CSS px, and scrolls
 * sideways inside itself when its column is narrower. Panel lines are set as
 * text, never as markup; a colour is used only if it is a plain #rgb/#rrggbb.
 */
(function () {
  "use strict";
  var LEGIBLE = 11;  // CSS px: no label of a board is drawn smaller
  var INK = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

  // the smallest font size (user units) of the drawing's text
  function smallestFont(svg) {
    var least = Infinity;
    svg.querySelectorAll("text").forEach(function (t) {
      var holder = t.closest("[font-size]");
      var size = holder ? parseFloat(holder.getAttribute("font-size")) : 16;
      if (size > 0 && size < least && t.textContent.trim()) { least = size; }
    });
    return least;
  }

  function keepLegible(svg) {
    var box = svg.viewBox && svg.viewBox.baseVal;
    var least = smallestFont(svg);
    if (!box || !box.width || least === Infinity) { return; }
    // the drawing's scale at which that text is legible (half a px spare: sizes round)
    var scale = (LEGIBLE + 0.5) / least;
    svg.style.minWidth = Math.ceil(box.width * scale) + "px";
    svg.style.minHeight = Math.ceil(box.height * scale) + "px";
  }

  function drawPanel(box, sections) {
    box.textContent = "";
    (sections || []).forEach(function (section) {
      var el = document.createElement("section");
      if (section.title) {
        var h = document.createElement("h3");
        h.textContent = section.title;
        el.appendChild(h);
      }
      var ul = document.createElement("ul");
      section.lines.forEach(function (line) {
        var li = document.createElement("li");
        li.textContent = line.text;
        if (line.colour && INK.test(line.colour)) { li.style.color = line.colour; }
        if (line.strong) { li.className = "strong"; }
        if (line.indent) { li.style.paddingLeft = (1.2 * line.indent) + "em"; }
        if (line.mark) { li.dataset.mark = line.mark; }
        ul.appendChild(li);
      });
      el.appendChild(ul);
      box.appendChild(el);
    });
    box.hidden = !box.firstChild;
  }

  // draw frame `f` (from /state/) into `board`, its words into `panelBox`
  function drawFrame(board, panelBox, f) {
    board.innerHTML = f.svg;
    var svg = board.querySelector("svg");
    if (svg) { keepLegible(svg); }
    drawPanel(panelBox, f.panel);
  }

  window.ScrimmageBoard = {drawFrame: drawFrame, LEGIBLE: LEGIBLE};
}());
