"use strict";
// The hand as the form holds it, drawn as tiles: each concealed tile, the win tile and each
// meld a button that takes it back out of the hand (answers.js draws the answers).

const HandView = (() => {
  const {make, tiles} = Answers;

  /** Draws `state`'s hand, win tile and melds into `box`; a click takes one out of `state`
   * and calls `changed`. `handSize`: how many tiles the room's hand holds. */
  function draw(box, state, handSize, changed) {
    box.replaceChildren();
    const concealed = make("span", "tiles");
    state.hand.forEach((code, i) => {
      const button = make("button", "take");
      button.type = "button";
      button.append(Tiles.tile(code));
      button.setAttribute("aria-label", `take back ${Tiles.describe(code)}`);
      button.addEventListener("click", () => { state.hand.splice(i, 1); changed(); });
      concealed.append(button);
    });
    box.append(concealed);
    if (state.win) {
      const win = make("button", "take win-tile");
      win.type = "button";
      win.append(Tiles.tile(state.win));
      win.setAttribute("aria-label", `take back the win tile ${Tiles.describe(state.win)}`);
      win.addEventListener("click", () => { state.win = null; changed(); });
      box.append(win);
    }
    state.melds.forEach((meld, i) => {
      const button = make("button", "take meld");
      button.type = "button";
      button.append(tiles(meld.tiles),
                    make("small", "", meld.concealed ? "concealed kong" : meld.type));
      button.setAttribute("aria-label", `remove the ${meld.type} ${Tiles.notation(meld.tiles)}`);
      button.addEventListener("click", () => { state.melds.splice(i, 1); changed(); });
      box.append(button);
    });
    const count = state.hand.length + 3 * state.melds.length;
    box.append(make("span", "count", `${count}/${handSize}${state.win ? " + win tile" : ""}`));
  }

  return {draw};
})();
