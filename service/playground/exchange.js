"use strict";
// What the page asked and what it was answered, for a developer to take away: beside every
// answer the request as a curl command line (with a copy button) and the request and answer
// JSON, folded; and the page's address, `#/{variant}/{operation}?body=<the URL-encoded request
// JSON>`, so that copying the address shares the hand (opening it fills the form again).

const Exchange = (() => {
  const make = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /** A string as one shell word: single-quoted, each ' written '\''. */
  function quoted(text) {
    return `'${text.replaceAll("'", "'\\''")}'`;
  }

  /** The request as a curl command line. With a key in use it names the environment variable
   * HUPAI_API_KEY, never the key typed into this page. */
  function curl(path, request, withKey) {
    const url = new URL(path, document.baseURI).href;
    const words = ["curl", "-sS", quoted(url), "-H", quoted("Content-Type: application/json")];
    if (withKey) words.push("-H", '"Authorization: Bearer $HUPAI_API_KEY"');
    if (request !== undefined) words.push("-d", quoted(JSON.stringify(request)));
    return words.join(" ");
  }

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch (error) { // no clipboard (a page not served over https or from localhost)
      button.textContent = "Select the line to copy it";
    }
  }

  /** Draws one exchange into `node` (a <details class="exchange">): the curl line and both
   * JSON texts; `request` undefined for a GET. */
  function show(node, {path, request, status, answer, withKey}) {
    node.hidden = false;
    const line = curl(path, request, withKey);
    const button = make("button", "copy", "Copy");
    button.type = "button";
    button.addEventListener("click", () => copy(line, button));
    const json = (title, className, value) => {
      const box = make("details", "json");
      box.append(make("summary", "", title), make("pre", className,
                                                   JSON.stringify(value, null, 2)));
      return box;
    };
    const curlBox = make("div", "curl");
    curlBox.append(make("code", "curl-line", line), button);
    node.replaceChildren(make("summary", "", `curl and JSON (HTTP ${status})`), curlBox,
                         json("Request JSON", "request-json", request ?? null),
                         json("Answer JSON", "answer-json", answer));
  }

  function clear(node) {
    node.hidden = true;
    node.replaceChildren();
  }

  /** The page's address for a request. */
  function fragment(variant, op, request) {
    return `#/${variant}/${op}?body=${encodeURIComponent(JSON.stringify(request))}`;
  }

  /** {variant, op, body} of an address made by `fragment`, {error} for one that is not, and
   * null for an address without a request. */
  function read(hash) {
    if (!hash || hash === "#" || hash === "#/") return null;
    const match = /^#\/([a-z]+)\/([a-z-]+)\?body=(.*)$/.exec(hash);
    if (!match) return {error: "the address is not #/{variant}/{operation}?body=…"};
    try {
      const body = JSON.parse(decodeURIComponent(match[3]));
      if (!body || typeof body !== "object" || Array.isArray(body)) {
        return {error: "the address's body is not a JSON object"};
      }
      return {variant: match[1], op: match[2], body};
    } catch (error) {
      return {error: `the address's body is not JSON: ${error.message}`};
    }
  }

  return {curl, show, clear, fragment, read};
})();
