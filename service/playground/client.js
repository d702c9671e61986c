"use strict";
// The API as the page calls it: relative URLs (so a proxy's path prefix is kept), JSON in
// and out, and the API key asked for on a 401 and kept in this closure only — in page memory,
// never in web storage or a cookie, so a key typed on a shared machine is gone with the tab.

const Client = (() => {
  const $ = (id) => document.getElementById(id);
  let apiKey = null;
  let keyWaiters = [];

  function askForKey(why) {
    $("key-why").textContent = why || "This service needs an API key.";
    $("key-form").hidden = false;
    $("api-key").focus();
    return new Promise((resolve) => keyWaiters.push(resolve));
  }

  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    apiKey = $("api-key").value.trim();
    $("api-key").value = "";
    $("key-form").hidden = true;
    const waiting = keyWaiters;
    keyWaiters = [];
    waiting.forEach((resolve) => resolve());
  });

  /** {status, body} of a call; on a 401 it asks for a key and tries again with it. */
  async function api(path, body) {
    for (;;) {
      const headers = {Accept: "application/json"};
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
      const response = await fetch(path, body === undefined ? {headers}
        : {method: "POST", headers, body: JSON.stringify(body)});
      const answer = await response.json().catch(() => (
        {title: `HTTP ${response.status}`, detail: "the answer was not JSON (a proxy's page?)"}));
      if (response.status !== 401) return {status: response.status, body: answer};
      await askForKey(apiKey ? "That key was refused: enter another." : answer.detail);
    }
  }

  /** Whether a key is being sent (the curl line shows where it goes). */
  const hasKey = () => Boolean(apiKey);

  return {api, hasKey};
})();
