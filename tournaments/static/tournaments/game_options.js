// The season and tournament admin: show the options of the chosen game only (every
// game's are on the page, so the form works without this script too).
(function () {
  function update() {
    const select = document.querySelector('select[name="game"]');
    const chosen = select ? select.value : null;
    document.querySelectorAll(".game-options-of").forEach(function (block) {
      // a locked game (no select): its block is the one the page was drawn with
      block.hidden = chosen !== null && block.dataset.game !== chosen;
    });
    document.querySelectorAll("[data-no-game]").forEach(function (hint) {
      hint.hidden = chosen !== "";
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    const select = document.querySelector('select[name="game"]');
    if (select) select.addEventListener("change", update);
    update();
  });
})();
