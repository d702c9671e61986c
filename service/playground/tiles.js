"use strict";
// Tile faces, drawn as SVG by the page itself (no image files, no fonts to ship): the rank as a
// numeral over a suit mark in the suit's colour — 万 a red brush sign, 筒 a blue coin, 条 a green
// bamboo stick — and the honors as their character (中 and 白 drawn) with a Latin letter in the
// corner, so that a face stays readable on a machine without Chinese fonts. Every tile is an
// element carrying data-tile="<code>", the hook tests and scripts use.

const Tiles = (() => {
  const SVG = "http://www.w3.org/2000/svg"; // the SVG namespace name, not a resource to fetch
  const SUITS = {
    m: {name: "characters", zh: "万", colour: "#b3261e"},
    p: {name: "dots", zh: "筒", colour: "#1d5fa8"},
    s: {name: "bamboo", zh: "条", colour: "#1e7b3c"},
  };
  const HONORS = {
    1: {zh: "东", name: "East", letter: "E", colour: "#1b2a49"},
    2: {zh: "南", name: "South", letter: "S", colour: "#1b2a49"},
    3: {zh: "西", name: "West", letter: "W", colour: "#1b2a49"},
    4: {zh: "北", name: "North", letter: "N", colour: "#1b2a49"},
    5: {zh: "白", name: "White dragon", letter: "Wh", colour: "#1d5fa8"},
    6: {zh: "发", name: "Green dragon", letter: "G", colour: "#1e7b3c"},
    7: {zh: "中", name: "Red dragon", letter: "R", colour: "#b3261e"},
  };
  const NUMERALS = "一二三四五六七八九";

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A person's name for a tile code: "5 dots 五筒", "Red dragon 中". */
  function describe(code) {
    const rank = Number(code[0]);
    const suit = code[1];
    if (suit === "z") return `${HONORS[rank].name} ${HONORS[rank].zh}`;
    return `${rank} ${SUITS[suit].name} ${NUMERALS[rank - 1]}${SUITS[suit].zh}`;
  }

  function suitMark(suit, colour) {
    if (suit === "p") {
      const coin = el("g", {});
      coin.append(el("circle", {cx: 20, cy: 37, r: 8.5, fill: "none", stroke: colour,
                                "stroke-width": 2.5}),
                  el("circle", {cx: 20, cy: 37, r: 3.2, fill: colour}));
      return coin;
    }
    if (suit === "s") {
      const stick = el("g", {});
      stick.append(el("rect", {x: 16.5, y: 27, width: 7, height: 20, rx: 3.5, fill: colour}),
                   el("path", {d: "M16.5 33.5h7M16.5 40.5h7", stroke: "#e8f3e8",
                               "stroke-width": 1.4}));
      return stick;
    }
    // 万, as three brush strokes: the top bar, the falling stroke, the hook
    return el("path", {d: "M10 30h20M19 30q-1 9-8 16M17.5 36.5h9q0 8-4.5 9.5",
                       fill: "none", stroke: colour, "stroke-width": 2.6,
                       "stroke-linecap": "round", "stroke-linejoin": "round"});
  }

  function face(code) {
    const rank = Number(code[0]);
    const suit = code[1];
    const svg = el("svg", {viewBox: "0 0 40 54", "aria-hidden": "true", focusable: "false"});
    svg.append(el("rect", {x: 1, y: 3, width: 38, height: 50, rx: 5, fill: "#2e8b75"}),
               el("rect", {x: 1, y: 1, width: 38, height: 48, rx: 5, fill: "#fbf8ef",
                           stroke: "#b7ae94", "stroke-width": 1}));
    if (suit === "z") {
      const honor = HONORS[rank];
      if (rank === 5) {
        svg.append(el("rect", {x: 9, y: 10, width: 22, height: 30, rx: 2, fill: "none",
                               stroke: honor.colour, "stroke-width": 3}));
      } else if (rank === 7) { // 中 drawn, not typed: the wildcard of 红中 must read anywhere
        svg.append(el("path", {d: "M11 17h18v13h-18zM20 8v34", fill: "none",
                               stroke: honor.colour, "stroke-width": 3.2,
                               "stroke-linejoin": "round", "stroke-linecap": "round"}));
      } else {
        svg.append(el("text", {x: 20, y: 34, "text-anchor": "middle", "font-size": 24,
                               "font-weight": "bold", fill: honor.colour}, honor.zh));
      }
      svg.append(el("text", {x: 35, y: 45, "text-anchor": "end", "font-size": 8,
                             fill: "#6b6656"}, honor.letter));
    } else {
      const {colour} = SUITS[suit];
      svg.append(el("text", {x: 20, y: 22, "text-anchor": "middle", "font-size": 19,
                             "font-weight": "bold", "font-family": "sans-serif", fill: colour},
                            String(rank)),
                 suitMark(suit, colour));
    }
    return svg;
  }

  /** A drawn tile: <span class="tile" data-tile="5m">; `as` marks a wildcard standing in. */
  function tile(code, as) {
    const node = document.createElement("span");
    node.className = "tile";
    node.dataset.tile = code;
    node.setAttribute("role", "img");
    node.title = describe(code);
    node.setAttribute("aria-label", node.title);
    node.append(face(code));
    if (as && as !== code) {
      node.classList.add("wild");
      node.dataset.as = as;
      const label = document.createElement("span");
      label.className = "as";
      label.textContent = `→ ${as}`;
      node.title = `${describe(code)}, standing in for ${describe(as)}`;
      node.setAttribute("aria-label", node.title);
      node.append(label);
    }
    return node;
  }

  /** Tile codes from the API's notation ("123m 55p" or an array); null when it is not that. */
  function parse(text) {
    if (Array.isArray(text)) return text.slice();
    const tiles = [];
    let ranks = [];
    for (const ch of String(text).replace(/\s+/g, "")) {
      if (/[1-9]/.test(ch)) ranks.push(ch);
      else if (/[mpsz]/.test(ch) && ranks.length) {
        for (const rank of ranks) tiles.push(rank + ch);
        ranks = [];
      } else return null;
    }
    return ranks.length ? null : tiles;
  }

  const ORDER = "mpsz";
  function compare(a, b) {
    return ORDER.indexOf(a[1]) - ORDER.indexOf(b[1]) || a[0] - b[0];
  }

  /** The compact notation of tile codes, in the order given: ["1m","2m","5p"] → "12m5p". */
  function notation(tiles) {
    let out = "";
    tiles.forEach((code, i) => {
      out += code[0];
      if (i === tiles.length - 1 || tiles[i + 1][1] !== code[1]) out += code[1];
    });
    return out;
  }

  return {tile, describe, parse, notation, compare};
})();
