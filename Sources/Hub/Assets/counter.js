"use strict";
// The counter screen: find as you type, the item card, scans as they happen. Keys reach the page as typed; a
// keyboard-wedge scanner's burst is told from typing after the fact (the keyboard section). What cannot reach
// the hub (scans, price changes) waits on this screen in IndexedDB and is sent in order when it answers.
const search = $("#search"), results = $("#results"), note = $("#search-note"), card = $("#card");
const scans = $("#scans");
let hits = [], selected = -1, searchController = null, searchSerial = 0, shown = null;

// --- showing values ---------------------------------------------------------------------------------------
// A GTIN-14 as it is printed: UPC-A (12 digits) or EAN-13 when its leading zeros say so.
function printedBarcode(gtin) {
  if (!gtin) return null;
  if (/^00\d{12}$/.test(gtin)) return gtin.slice(2);
  if (/^0\d{13}$/.test(gtin)) return gtin.slice(1);
  return gtin;
}

// --- search -----------------------------------------------------------------------------------------------
async function runSearch() {
  const text = search.value.trim();
  const serial = ++searchSerial;
  if (searchController) searchController.abort();
  if (!text) { hits = []; renderResults(); note.textContent = ""; return; }
  searchController = new AbortController();
  try {
    const found = await api(`/api/v1/search?limit=20&q=${encodeURIComponent(text)}`, {signal: searchController.signal});
    if (serial !== searchSerial) return;
    hits = found;
    selected = hits.length ? 0 : -1;
    renderResults();
    note.textContent = hits.length ? "" : found.note || `Nothing matches “${text}”. Try fewer or shorter words.`;
  } catch (error) {
    if (error.name === "AbortError") return;
    if (error instanceof TypeError) unreachable();
    note.textContent = error instanceof TypeError ? "The hub cannot be reached: no search until it answers." : error.message;
  }
}
function renderResults() {
  results.replaceChildren(...hits.map((hit, index) => {
    const v = hit.variation || hit;
    const price = shownPrice(hit);
    const details = [v.variation_name, v.sku && `SKU ${v.sku}`, v.category,
      hit.stock_here != null && `stock ${hit.stock_here}`].filter(Boolean).join(" · ");
    const row = element("li", {role: "option", id: `hit-${index}`, "aria-selected": String(index === selected),
      class: v.available === false ? "unsold" : ""},
      element("span", {class: "name"}, v.item_name), element("span", {class: "price"}, price),
      element("span", {class: "meta"}, details));
    row.addEventListener("click", () => { selected = index; renderResults(); openHit(index); });
    return row;
  }));
  search.setAttribute("aria-expanded", String(hits.length > 0));
  if (selected >= 0 && selected < hits.length) search.setAttribute("aria-activedescendant", `hit-${selected}`);
  else search.removeAttribute("aria-activedescendant");
  const current = document.getElementById(`hit-${selected}`);
  if (current) current.scrollIntoView({block: "nearest"});
}
// A result row's price: the hub's choice (not sold here, a sale's price, the price, variable), in the shop's money.
function shownPrice(hit) {
  const shown = hit.shown;
  if (!shown) return hit.price_shown;
  const text = shown.state === "not_sold" ? "not sold here" : shown.state === "variable" ? "variable"
    : shown.state === "sale" ? `${shown.price && shown.price.amount <= 0 ? "free" : money(shown.price)} sale` : money(shown.price);
  return shown.sold_out ? `${text} sold out` : text;
}
function openHit(index) {
  const hit = hits[index];
  if (hit) showVariation((hit.variation || hit).variation_id);
}

// --- the item card ----------------------------------------------------------------------------------------
// Cards are asked for in order and may arrive out of it: only the latest asked for is shown.
let cardSerial = 0;
async function showVariation(code, scan) {
  const serial = ++cardSerial;
  try {
    const found = await api(`/api/v1/variations/${encodeURIComponent(code)}`);
    if (serial === cardSerial) renderCard(found[0], scan);
  } catch (error) {
    if (serial !== cardSerial) return;
    // The hub away: the card on show stays, marked with when it was read.
    if (error instanceof TypeError) { unreachable(); note.textContent = "The hub cannot be reached: the card could not be read."; }
    else renderUnknown(code, error.message, serial);
  }
}
function renderUnknown(code, message, serial = ++cardSerial, heading = "Unknown code") {
  if (serial !== cardSerial) return;
  shown = null;
  card.className = "card";
  delete card.dataset.kept;
  card.replaceChildren(element("h2", {}, heading), element("p", {class: "variation"}, code),
    element("p", {class: "status bad"}, message));
  // What can be done about a code nothing has (counter-panels.js): sync, give it to an item, create the item.
  if (heading !== "Unknown code") return;
  const actions = element("div", {id: "unknown-actions"});
  card.append(actions);
  panels().then(() => { if (actions.isConnected) unknownActions(code, actions); },
    (error) => actions.replaceChildren(element("p", {class: "status bad"}, error.message)));
}
function renderCard(v, scan) {
  shown = v;
  // An item found another way (a search, a barcode given to it) after an unknown scan: that outcome is over.
  if (!scan && ["unknown", "held_back", "refused", "kept"].includes(outcomeBox.dataset.kind)) clearOutcome();
  card.dataset.readAt = new Date().toISOString();
  delete card.dataset.kept;
  const here = v.location;
  const flags = [];
  if (v.available === false) flags.push(`NOT SOLD AT ${here ? here.name.toUpperCase() : "THIS LOCATION"}`);
  if (v.held_back) flags.push(`HELD BACK: Square's newer copy could not be stored (${v.held_back.reason}). `
    + "This is the last good copy; fix it in Square and sync.");
  else if (v.sold_out) flags.push(`SOLD OUT AT ${here ? here.name.toUpperCase() : "THIS LOCATION"}`);
  // Square's stock, this location's first: as of when Square counted it, low against its alert level.
  const figures = v.stock || [], mine = here && figures.find((f) => f.location_id === here.id);
  if (mine && mine.low) flags.push(`LOW STOCK: ${mine.quantity} left (alert at ${mine.threshold})`);
  const price = v.sale
    ? element("p", {class: "price sale"}, v.sale.free ? "Free" : money(v.sale.price),
      element("span", {class: "was"}, money(v.price)))
    : element("p", {class: "price"}, money(v.price));
  const facts = [];
  const add = (label, value) => { if (value) facts.push(element("dt", {}, label), element("dd", {}, value)); };
  if (v.sale) add("On sale", `${v.sale.terms} (${v.sale.name})${v.sale.ends_at ? " until " + v.sale.ends_at : ""}`);
  if (v.unit_price) add("Unit price", `${money(v.unit_price)} per ${v.unit_price.per}`);
  (v.multi_buy || []).forEach((deal) => add("Deal", deal));
  (v.left_off || []).forEach((note) => add("Not in this price", note));
  add("Stock here", mine ? `${mine.quantity}` + (mine.as_of ? ` (as of ${clock(mine.as_of)})` : "")
    : here ? "not counted in Square" : null);
  add("Elsewhere", figures.filter((f) => f !== mine).map((f) => `${f.name || "other location"} ${f.quantity}`).join(" · "));
  add("Shelf", v.shelf);
  add("Price at", here ? here.name : "base price (no location set)");
  if (v.base_price && v.price && v.base_price.amount !== v.price.amount) add("Base price", money(v.base_price));
  add("SKU", v.sku);
  add("Barcode", printedBarcode(v.gtin));
  add("Category", v.category);
  if (v.taxes && v.taxes.length) add("Taxes", v.taxes.map((t) => `${t.name} ${t.percentage}% ${t.inclusion.toLowerCase()}`).join("; "));
  if (scan) add("Scanned", `${clock(scan.time)} at ${scan.counter}`);
  const quantity = element("input", {type: "number", min: "1", max: "1000000", value: "1", id: "reorder-qty",
    "aria-label": "Quantity to reorder"});
  const reorder = element("button", {type: "button", id: "reorder"}, "Add to reorder list");
  const openTag = element("button", {type: "button", id: "open-tag", class: "secondary", "aria-expanded": "false"},
    "Print tag…");
  const openPrice = element("button", {type: "button", id: "open-price", class: "secondary", "aria-expanded": "false"},
    "Change price…");
  const status = element("p", {class: "status", id: "card-status", role: "status"});
  const panel = element("div", {id: "panel"});
  reorder.addEventListener("click", () => panels().then(() => addToReorder(v, quantity, status), (error) => {
    status.className = "status bad"; status.textContent = error.message; }));
  openTag.addEventListener("click", () => togglePanel(openTag, openPrice, () => tagPanel(v, panel)));
  openPrice.addEventListener("click", () => togglePanel(openPrice, openTag, () => pricePanel(v, panel)));
  card.className = "card";
  card.replaceChildren(element("h2", {}, v.item_name), element("p", {class: "variation"}, v.variation_name || ""),
    ...flags.map((flag) => element("p", {class: "flag"}, flag)), price, element("dl", {}, ...facts),
    element("div", {class: "actions"}, quantity, reorder, openTag, openPrice), status, panel);
}
function togglePanel(button, other, open) {
  const opening = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", String(opening));
  other.setAttribute("aria-expanded", "false");
  if (!opening) { $("#panel").replaceChildren(); return; }
  panels().then(() => { if (button.isConnected && button.getAttribute("aria-expanded") === "true") open(); },
    (error) => { if (button.isConnected) $("#panel").replaceChildren(element("p", {class: "status bad"}, error.message)); });
}
// The panels (a tag, a price, a reorder add, an unknown code's actions) are counter-panels.js: not needed for the
// first paint, so loaded the first time one opens, and fetched ahead once the browser is idle so one opens at once.
let panelsLoading = null;
function panels() {
  if (!panelsLoading) panelsLoading = new Promise((resolve, reject) => {
    const script = element("script", {src: meta("counter-panels")});
    script.addEventListener("load", resolve);
    script.addEventListener("error", () => {
      panelsLoading = null;
      script.remove();
      reject(new TypeError("The hub cannot be reached: this part of the screen could not be loaded. Try again when it answers."));
    });
    document.head.append(script);
  });
  return panelsLoading;
}
(window.requestIdleCallback || ((then) => setTimeout(then, 2000)))(() =>
  document.head.append(element("link", {rel: "preload", as: "script", href: meta("counter-panels")})));

async function refreshCard(code, message) {
  await showVariation(code);
  const status = $("#card-status");
  if (status && message) { status.className = "status ok"; status.textContent = message; }
}
// --- scans ------------------------------------------------------------------------------------------------
// A scan is kept on this screen (IndexedDB, with its id, mode and time) until the hub has answered it: sent at
// once when nothing waits, else after what waits, in order. When this screen cannot keep it (storage
// unavailable or full) it is only sent, and refused on the card if that fails.
async function postScan(code) {
  const body = {id: newRequestID(), code, counter: deviceName, device: "keyboard", mode: counterMode,
    scanned_at: new Date().toISOString(), card: true};
  const entry = {kind: "scan", path: "/api/v1/scans", id: body.id, mode: body.mode, at: body.scanned_at, what: code, body};
  if (!reachable || draining || sending || !queueEmpty) {
    if (await keep(entry)) { if (!reachable) renderKept(entry); drain(); return; }
  }
  // Nothing waits: sent at once, and kept meanwhile, so that a reload or a lost answer cannot lose it.
  let done;
  sending = new Promise((resolve) => { done = resolve; });
  const keeping = keep(entry);
  try {
    const outcome = await sendEntry(entry);
    settle(entry, outcome);
    const seq = await keeping;
    if (seq) await kept("readwrite", (store) => store.delete(seq)).catch(() => {});
  } catch (error) {
    if (error instanceof TypeError) unreachable();
    if (error instanceof TypeError && await keeping) { queueEmpty = false; renderKept(entry); showWaiting(); }
    else renderRefused(code, error);
  } finally { sending = null; done(); }
}
// What the hub answered to something sent from this screen: a scan's row and card; a price change's or a
// reorder add's outcome.
function settle(entry, {status, answer}) {
  const ok = status >= 200 && status < 300 && answer, what = entry.what;
  const why = (answer && answer.error) || `the hub answered ${status}`;
  if (entry.kind === "scan") {
    if (!ok) {
      const refused = {id: entry.id, code: what, counter: deviceName, time: entry.at, failed: true,
        result: {kind: "refused", headline: "Scan not taken", detail: why}};
      addScanRow(refused);
      showOutcome(refused, true);
      return;
    }
    putFieldBack();  // its "Scanned" note first, then taken off
    if (note.textContent === `Scanned ${what}`) note.textContent = "";
    if (answer.mode_reset) note.textContent = answer.mode_reset;
    showCountWarning(answer);
    // A scan kept while the hub was away goes in the list; it does not take over the card now.
    if (Date.now() - Date.parse(entry.at) > 2000) addScanRow(answer); else showScan(answer);
  } else {
    // A kept price change or reorder add (counter-panels.js, loaded since: its panel made it).
    panels().then(() => settleChange(entry, {status, answer, ok, why}), () => {});
  }
}
// The list of scans: one row per scan id (an event, an answer and the scan log may each bring the same one).
const shownScans = new Set();
let scanLogSeen = 0;
function addScanRow(answer, older) {
  if (answer.id && shownScans.has(answer.id)) return false;
  if (answer.id) shownScans.add(answer.id);
  const result = resultOf(answer), match = answer.match;
  const what = match ? match.item_name + (match.variation_name ? ` — ${match.variation_name}` : "")
    : result.kind === "command" ? result.headline : answer.code;
  // The badge says what kind; beside the item only what the badge does not: how many, or why not.
  const said = answer.undone ? answer.undone.headline : ["reordered", "received", "counted"].includes(result.kind)
    ? (result.quantity ? `+${result.quantity}` : "") : ["refused", "held_back"].includes(result.kind) ? result.headline : "";
  const row = element("li", {class: `kind-${result.kind}`, "data-scan": answer.id || ""},
    element("time", {}, clock(answer.scanned_at || answer.time)),
    element("span", {class: "who"}, answer.counter || ""),
    element("span", {class: "badge"}, OUTCOME_WORDS[result.kind] || result.kind),
    element("span", {class: "what"}, what || ""), said ? element("span", {class: "said"}, said) : null);
  row.title = [result.headline, result.detail].filter(Boolean).join(": ");
  if (older) scans.append(row); else scans.prepend(row);
  while (scans.children.length > 50) scans.lastChild.remove();
  noteCounter(answer.counter);
  return true;
}
// The scan log as the hub keeps it (GET /api/v1/scans): at load (below any scan heard of meanwhile), and after
// the hub was away, what came since (on top).
async function loadScanLog() {
  const since = scanLogSeen, rows = await api(`/api/v1/scans?limit=50${since ? `&since=${since}` : ""}`);
  for (const row of since ? rows.slice().reverse() : rows) {
    scanLogSeen = Math.max(scanLogSeen, row.id || 0);
    const logged = row.answer && typeof row.answer === "object" ? row.answer : {};
    addScanRow(Object.assign({action: row.action, result: row.result}, logged,
      {id: row.scan_id || logged.id, code: row.code, counter: row.counter, scanned_at: row.scanned_at}), !since);
  }
}
function showScan(answer) {
  putFieldBack();  // drawn with the card
  if (!addScanRow(answer)) return;
  if (answer.counter === deviceName && (answer.mode && answer.mode !== counterMode || resultOf(answer).kind === "command")) loadCounterState();
  if (!following(answer.counter)) return;
  showOutcome(answer, answer.counter === deviceName);
  // A person typing in the card (a price, a quantity) keeps it: the scan is in the list and the outcome line.
  if (cardBusy()) { note.textContent = "The card stays while you type in it; the scan is in the list."; return; }
  const result = resultOf(answer);
  // The hub sends the item's card with the scan: drawn at once, not asked for again.
  if (answer.card) { ++cardSerial; renderCard(answer.card, answer); }
  else if (answer.match) showVariation(answer.match.variation_id, answer);
  else if (result.kind === "unknown" || result.kind === "held_back") {
    renderUnknown(answer.code, result.detail || "", undefined,
      result.kind === "unknown" && result.headline === "Unknown code" ? "Unknown code" : result.headline);
  }
}

// --- a scan's outcome: what happened, in colour, with a sound -------------------------------------------------
// The line above the card (#outcome, the page's one live region) says what the scan did, large, in the colour
// of its kind; a receipt can be undone there for 30 seconds. Each kind has its own short sound at the counter
// that scanned (Web Audio); the Sound switch mutes it on this screen.
const OUTCOME_WORDS = {found: "Found", reordered: "Reorder", received: "Received", counted: "Counted", shelved: "Shelf",
  printed: "Tag", tag_ok: "Tag OK", tag_wrong: "Tag wrong", command: "Counter", unknown: "Unknown", held_back: "Held back", refused: "Not done", undone: "Undone"};
// The hub's result for a scan (for a log row kept without one, the hub reads it from the row's action).
function resultOf(answer) { return answer.result || {kind: "refused", headline: OUTCOME_WORDS.refused}; }
const outcomeLine = $("#outcome"), outcomeBox = outcomeLine.parentElement;
const outcomeActions = element("div", {class: "outcome-actions", id: "outcome-actions"});
outcomeLine.after(outcomeActions);
let undoTimer = null;
function clearOutcome() {
  clearInterval(undoTimer);
  outcomeActions.replaceChildren();
  outcomeLine.replaceChildren();
  delete outcomeBox.dataset.kind;
}
function showOutcome(answer, mine) {
  const result = answer.undone ? Object.assign({}, answer.undone, {kind: "undone"}) : resultOf(answer);
  clearInterval(undoTimer);
  outcomeActions.replaceChildren();
  outcomeBox.dataset.kind = result.kind;
  const stock = result.stock && result.stock.after != null
    ? element("span", {class: "stock-change"}, `stock ${result.stock.before != null ? result.stock.before : "?"} → ${result.stock.after}`) : null;
  const what = answer.match ? answer.match.item_name : answer.code;
  outcomeLine.replaceChildren(...[element("strong", {class: "headline"}, result.headline), stock ? " " : null, stock,
    element("span", {class: "detail"}, [result.kind === "found" ? null : what, result.detail].filter(Boolean).join(" · "))]
    .filter(Boolean));
  if (mine) beep(result.kind);
  if (mine && result.kind === "received" && result.undo_until && !answer.undone) {
    panels().then(() => { if (outcomeBox.dataset.kind === "received") offerUndo(answer); }, () => {});
  }
}
// Sounds: a bright blip when it worked, a falling pair for an unknown code, a low buzz when nothing was done.
const soundButton = $("#sound");
function soundOn() { return localStorage.getItem("catalog.sound") !== "off"; }
function showSoundSwitch() {
  if (!soundButton) return;
  soundButton.setAttribute("aria-pressed", String(soundOn()));
  soundButton.textContent = soundOn() ? "Sound on" : "Sound off";
}
if (soundButton) soundButton.addEventListener("click", () => {
  localStorage.setItem("catalog.sound", soundOn() ? "off" : "on");
  showSoundSwitch();
});
showSoundSwitch();
function beep(kind) {
  document.body.dataset.sound = soundOn() ? kind : "muted";
  if (soundOn()) panels().then(() => playSound(kind), () => {});
}

// --- an open count's lines getting old (count mode): the hub's count_warning, said after the note ---------------
function showCountWarning(state) {
  const warning = state && state.count_warning;
  if (warning && warning.message) note.textContent = `${note.textContent} ${warning.message}`.trim();
}

// --- which counters' scans open the card here, and this counter's scanner mode -------------------------------
const follow = $("#follow"), modeSelect = $("#mode-select");
const counters = new Set([deviceName]);
function following(counter) {
  const wanted = follow.value;
  return wanted === "*" || wanted === counter || (wanted === "" && counter === deviceName);
}
function noteCounter(counter) {
  if (!counter || counters.has(counter)) return;
  counters.add(counter);
  follow.append(element("option", {value: counter}, `scans at ${counter}`));
  const saved = localStorage.getItem("catalog.follow");
  if (saved === counter) follow.value = saved;
}
follow.addEventListener("change", () => localStorage.setItem("catalog.follow", follow.value));
if (localStorage.getItem("catalog.follow") === "*") follow.value = "*";
// The counter's mode is the hub's: read at load, after a reconnect and when it says it changed; shown as the
// banner (its word and colour, from body[data-mode]) and in the select, whose modes that cannot work now are
// offered disabled with the reason.
const MODE_WORDS = {lookup: "Scans show the item.", reorder: "Scans add to the reorder list.",
  label: "Scans print the item's tag.", receive: "Scans add stock in Square.", count: "Scans count stock into the open count.",
  shelf: "Scan a shelf's label, then the items on it."};
MODE_WORDS.audit = MODE_WORDS.shelf;
let counterMode = "lookup", lookupTimer = null;
function applyCounterState(state) {
  counterMode = state.mode || "lookup";
  document.body.dataset.mode = counterMode;
  $("#mode-word").textContent = counterMode.toUpperCase();
  $("#mode-detail").textContent = MODE_WORDS[counterMode] === MODE_WORDS.shelf && state.shelf
    ? `Shelf ${state.shelf}: scan the items on it.` : MODE_WORDS[counterMode] || "";
  clearTimeout(lookupTimer);
  $("#mode-timer").textContent = state.lookup_at ? `Back to lookup at ${clock(state.lookup_at)} if nothing is scanned.` : "";
  if (state.lookup_at) {
    lookupTimer = setTimeout(loadCounterState, Math.max(1000, Date.parse(state.lookup_at) - Date.now() + 1000));
  }
  for (const option of modeSelect.options) {
    const offered = (state.modes || []).find((mode) => mode.mode === option.value);
    option.disabled = !!offered && !offered.available && option.value !== counterMode;
    option.title = offered && offered.reason ? offered.reason : "";
    option.textContent = option.dataset.label + (option.disabled ? ` (off: ${offered.reason})` : "");
  }
  modeSelect.value = modeSelect.dataset.current = counterMode;
}
async function loadCounterState() {
  try { applyCounterState(await api(`/api/v1/counters/${encodeURIComponent(deviceName)}`)); } catch { /* offline: kept */ }
}
for (const option of modeSelect.options) option.dataset.label = option.textContent;
modeSelect.addEventListener("change", async () => {
  // A scanner's burst into the focused select picks options as it types: once the burst is over, a scan puts
  // the select back (scanBurst) and nothing is switched.
  while (burst && burst.target === modeSelect) await new Promise((done) => setTimeout(done, SCAN.endMs));
  putFieldBack();  // the scan's putting back, if still to come, before the select is read
  const wanted = modeSelect.value;
  if (wanted === modeSelect.dataset.current) return;
  try {
    const state = await api(`/api/v1/counters/${encodeURIComponent(deviceName)}/mode`, {method: "POST", body: {mode: wanted}});
    applyCounterState(state);
    note.textContent = "";
    showCountWarning(state);
  } catch (error) {
    note.textContent = error.message;
    modeSelect.value = modeSelect.dataset.current || "lookup";
  }
});

// --- what could not reach the hub waits on this screen (IndexedDB) and goes in order when it answers -----------
// Each entry keeps its id, mode and time (a scan's own; a reorder add's request_id), so a replay is answered
// once: a repeated scan id or request_id is answered again and never counted twice, and a price change
// replayed after it was written meets its own value (409 with Square's price equal to it).
const waiting = $("#waiting");
let reachable = true, probeTimer = null, draining = false, drainAgain = false, storeProblem = null;
// Whether nothing waits here (known once the first drain has looked), and the scan being sent at once, if any.
let queueEmpty = false, sending = null;
const storeReady = new Promise((resolve) => {
  const fail = (why) => { storeProblem = why; resolve(null); };
  try {
    const opening = indexedDB.open("catalog-counter", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("waiting", {keyPath: "seq", autoIncrement: true});
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => fail((opening.error && opening.error.message) || "the browser refused");
    opening.onblocked = () => fail("another tab holds an old version open");
  } catch (error) { fail(error.message || "this browser has none"); }
});
async function kept(mode, work) {
  const db = await storeReady;
  if (!db) throw new Error(storeProblem);
  return new Promise((resolve, reject) => {
    const transaction = db.transaction("waiting", mode);
    const request = work(transaction.objectStore("waiting"));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = transaction.onabort = () => reject(transaction.error || new Error("the browser refused"));
  });
}
// Keeps an entry: its number here, or false (and said on the banner) when this screen cannot keep it.
async function keep(entry) {
  try {
    const seq = await kept("readwrite", (store) => store.add(entry));
    if (storeProblem) { storeProblem = null; showWaiting(); }  // room again
    if (!reachable) showWaiting();
    return seq;
  } catch (error) {
    storeProblem = error && error.name === "QuotaExceededError" ? "its storage is full" : (error && error.message) || "unknown";
    showWaiting();
    return false;
  }
}
async function showWaiting(count) {
  if (count === undefined) count = await kept("readonly", (store) => store.count()).catch(() => 0);
  const problem = storeProblem ? `This screen cannot keep scans (${storeProblem}): while the hub cannot be `
    + "reached a scan is refused, not kept." : "";
  waiting.hidden = !count && !problem;
  waiting.className = problem ? "waiting bad" : "waiting";
  waiting.textContent = [count ? `${count} waiting` : "", problem].filter(Boolean).join(" · ");
}
// One sender at a time: the oldest entry first; one the hub cannot be reached for stays, with the rest.
async function drain() {
  if (draining) { drainAgain = true; return; }
  draining = true;
  try {
    do { drainAgain = false; await drainOnce(); } while (drainAgain && reachable);
  } finally { draining = false; }
}
async function drainOnce() {
  if (sending) await sending;  // a scan sent at once goes first
  for (;;) {
    const entries = await kept("readonly", (store) => store.getAll()).catch(() => []);
    queueEmpty = !entries.length;
    if (!entries.length) { showWaiting(0); return; }
    const entry = entries[0];
    let outcome;
    try { outcome = await sendEntry(entry); } catch { unreachable(); showWaiting(entries.length); return; }
    await kept("readwrite", (store) => store.delete(entry.seq)).catch(() => {});
    settle(entry, outcome);
  }
}
async function sendEntry(entry) {
  const response = await fetch(entry.path, {method: "POST", credentials: "same-origin", body: JSON.stringify(entry.body),
    headers: {"Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf, "Idempotency-Key": entry.id}});
  if (response.status === 401) { window.location.assign("/pair"); throw new Error("This device is not paired."); }
  // A proxy in front of a hub that is down answers for it: the same as no answer.
  if (response.status === 502 || response.status === 504) throw new TypeError(`The hub answered ${response.status}.`);
  return {status: response.status, answer: await response.json().catch(() => null)};
}
// The hub cannot be reached: the card says its price is as of when it was read, the banner says what waits,
// and the hub is asked every second whether it answers again.
function unreachable() {
  if (reachable) {
    reachable = false;
    document.body.classList.add("hub-unreachable");
    markCardOld();
    showWaiting();
  }
  clearTimeout(probeTimer);
  probeTimer = setTimeout(probe, 1000);
}
async function probe() {
  clearTimeout(probeTimer);
  const ok = await fetch("/api/v1/health", {cache: "no-store", credentials: "same-origin"}).then((r) => r.ok, () => false);
  if (ok) reachableAgain(); else unreachable();
}
// The hub answers again: what waits goes first, in order; then the page catches up with what it missed.
async function reachableAgain() {
  const was = reachable;
  reachable = true;
  document.body.classList.remove("hub-unreachable");
  await drain();
  if (was) return;
  loadScanLog().catch(() => {});
  api("/api/v1/sync").then(showSync).catch(() => {});
  loadCounterState();
  if (shown && !cardBusy()) showVariation(shown.variation_id);
  else if (shown && $("#card-old")) $("#card-old").textContent = `The hub answers again; this card was read at ${clock(card.dataset.readAt)}.`;
  else if (card.dataset.kept) card.querySelector(".status").textContent = "Sent: the hub has it.";
}
// The event stream's own view of the connection (body.offline, set by listen()): lost, or back.
let streamOffline = false;
new MutationObserver(() => {
  const offline = document.body.classList.contains("offline");
  if (offline === streamOffline) return;
  streamOffline = offline;
  if (offline) unreachable(); else probe();
}).observe(document.body, {attributes: true, attributeFilter: ["class"]});
function markCardOld() {
  const price = card.querySelector(".price");
  if (!shown || !price || card.querySelector("#card-old")) return;
  const at = clock(card.dataset.readAt);
  price.append(element("span", {class: "as-of"}, ` as of ${at}`));
  card.insertBefore(element("p", {class: "flag", id: "card-old"},
    `The hub cannot be reached: this is the price as of ${at}, not necessarily now.`), price);
}
function renderKept(entry) {
  putFieldBack();  // drawn with the card
  ++cardSerial;
  shown = null;
  card.className = "card kept";
  card.dataset.kept = "1";
  clearInterval(undoTimer);
  outcomeActions.replaceChildren();
  outcomeBox.dataset.kind = "kept";
  outcomeLine.replaceChildren(element("strong", {class: "headline"}, "Kept on this screen"),
    element("span", {class: "detail"}, "The hub cannot be reached"));
  card.replaceChildren(element("h2", {}, "Kept, not sent yet"), element("p", {class: "variation"}, entry.what),
    element("p", {class: "status"}, `This scan (${entry.mode} mode, ${clock(entry.at)}) goes to the hub, once, `
      + "when it answers."));
}
function renderRefused(code, error) {
  putFieldBack();
  showOutcome({code, result: {kind: "refused", headline: "Scan not taken", detail: error instanceof TypeError
    ? "Not sent and not kept: scan it again when the hub answers." : error.message}}, true);
  renderUnknown(code, error instanceof TypeError
    ? `The hub cannot be reached and this screen cannot keep scans (${storeProblem || "no storage"}): this scan is `
      + "not kept. Scan it again when the hub answers." : error.message, undefined,
  "Scan refused: not sent, not kept");
}

// --- the keyboard: typing is typing, a scanner's burst is a scan ------------------------------------------
// Every key goes where it would go, at once: to the field that has the focus, and Space and Enter press the
// button that has it. A keyboard-wedge scanner types like a very fast typist, so its burst is recognised
// after the fact: at least SCAN.minLength characters into one place, each within SCAN.maxGapMs of the one
// before, ended by Enter or Tab (within SCAN.endMs of the last) or by SCAN.endMs of silence. Its characters
// are then taken back out (the field gets back its value from before the burst) and it goes to the hub as a
// scan. A person typing (40 ms a key is slow for a scanner) and a held key's auto-repeat never make one.
// The page's meta values scan-min-length, scan-max-gap-ms and scan-end-ms, when the hub sends them, win.
const SCAN = {minLength: 6, maxGapMs: 25, endMs: 50};
for (const [key, name] of [["minLength", "scan-min-length"], ["maxGapMs", "scan-max-gap-ms"], ["endMs", "scan-end-ms"]]) {
  const value = Number(meta(name));
  if (meta(name) && Number.isInteger(value) && value > 0) SCAN[key] = value;
}
SCAN.endMs = Math.max(SCAN.endMs, SCAN.maxGapMs);  // silence shorter than a gap would cut every burst
const NOT_TEXT = ["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"];
let burst = null, burstTimer = null, lastScanKey = -Infinity;
function isTextField(node) {
  return !!node && (node.tagName === "TEXTAREA" || (node.tagName === "INPUT" && !NOT_TEXT.includes(node.type)));
}
function cardBusy() {
  const active = document.activeElement;
  return isTextField(active) && card.contains(active);
}
// A field's value and selection (a select's choice), to put back when a burst into it turns out to be a scan.
function fieldState(node) {
  if (node && node.tagName === "SELECT") return {value: node.value, start: null, end: null};
  if (!isTextField(node)) return null;
  let start = null, end = null;
  try { start = node.selectionStart; end = node.selectionEnd; } catch { /* number fields have none */ }
  return {value: node.value, start, end};
}
// After a scan from a key (its Enter), the field is put back as it was when the card shows the scan (its
// answer, kept or refused), 40 ms on, or before the person's next key or pointer press, whichever is first:
// never in the key's own task. A key whose handling leaves a frame to draw (it changes the page, or comes
// while a change waits to be drawn) makes the browser hold every other task of the page, the scan's answer
// too, until that frame is drawn; the card then waits for the frame after it.
let putBack = null, putBackTimer = null;
function putFieldBack() {
  const restore = putBack;
  putBack = null;
  clearTimeout(putBackTimer);
  if (restore) restore();
}
document.addEventListener("pointerdown", putFieldBack, true);
function scanBurst(taken, fromKey) {
  clearTimeout(burstTimer);
  burst = null;
  lastScanKey = taken.last;
  const code = taken.keys.join("");
  const field = taken.target, before = taken.before;
  if (field === search) clearTimeout(searchTimer);  // the burst's own search, due after its keys, is not made
  postScan(code);
  putFieldBack();
  putBack = () => {
    if (before && field.isConnected) {
      field.value = before.value;
      if (before.start !== null) try { field.setSelectionRange(before.start, before.end); } catch { /* gone */ }
      if (field === search) { clearTimeout(searchTimer); runSearch(); }
    }
    note.textContent = `Scanned ${code}`;
  };
  if (fromKey) putBackTimer = setTimeout(putFieldBack, 40); else putFieldBack();
}
function endBurstBySilence() {
  const taken = burst;
  burst = null;
  if (taken && taken.keys.length >= SCAN.minLength) scanBurst(taken);
}
document.addEventListener("keydown", (event) => {
  putFieldBack();
  if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["Shift", "CapsLock", "Unidentified"].includes(event.key)) return;  // a scanner's Shift for capitals
  const now = event.timeStamp;
  if (event.key.length === 1) {
    if (event.repeat) { burst = null; clearTimeout(burstTimer); return; }  // a held key: typing, never a scan
    // Typing with nothing focused goes to the search box (focused before the key lands).
    if (!document.activeElement || document.activeElement === document.body) search.focus();
    const target = document.activeElement;
    if (burst && (now - burst.last > SCAN.maxGapMs || burst.target !== target)) burst = null;
    if (!burst) burst = {keys: [], target, before: fieldState(target), last: now};
    burst.keys.push(event.key);
    burst.last = now;
    clearTimeout(burstTimer);
    burstTimer = setTimeout(endBurstBySilence, SCAN.endMs);
    return;
  }
  if (event.key === "Enter" || event.key === "Tab") {
    // The end of a scanner's burst is the scan's, not the field's or the button's.
    if (burst && burst.keys.length >= SCAN.minLength && now - burst.last <= SCAN.endMs) {
      event.preventDefault();
      scanBurst(burst, true);
      return;
    }
    // A scanner's Enter that came after the silence already ended its scan.
    if (now - lastScanKey <= 2 * SCAN.endMs) { event.preventDefault(); return; }
  }
  burst = null;
  clearTimeout(burstTimer);
  if (document.activeElement !== search) return;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    if (!hits.length) return;
    selected = (selected + (event.key === "ArrowDown" ? 1 : hits.length - 1)) % hits.length;
    renderResults();
  } else if (event.key === "Enter") {
    event.preventDefault();
    openHit(selected >= 0 ? selected : 0);
  } else if (event.key === "Escape") {
    search.value = "";
    runSearch();
  }
}, true);
// A number field that gets the focus is replaced by what is typed next (Tab to the quantity, type 6: 6).
document.addEventListener("focusin", (event) => {
  if (event.target.tagName === "INPUT" && event.target.type === "number") event.target.select();
});
// Each key typed searches at once; a key that came hard on the one before (a scanner's burst, most likely)
// searches once the keys pause, so a burst does not ask the hub for a dozen searches it takes back.
let searchTimer = null;
search.addEventListener("input", () => {
  clearTimeout(searchTimer);
  if (burst && burst.target === search && burst.keys.length > 1) searchTimer = setTimeout(runSearch, SCAN.maxGapMs + 5);
  else runSearch();
});

// --- events from the hub and the sync status ------------------------------------------------------------
function showSync(status) {
  const badge = $("#sync");
  badge.classList.toggle("bad", !status.available || !!status.last_error);
  if (!status.available) badge.textContent = "no sync: " + (status.unavailable_reason || "not set up");
  else if (status.running) badge.textContent = "syncing…";
  else if (status.last_error) badge.textContent = "sync failed";
  else badge.textContent = status.finished_at ? `synced ${clock(status.finished_at)}` : "not synced yet";
  badge.title = status.last_error || status.last_line || "";
}
function listen() {
  // One stream for every tab of this browser (hub.js).
  const events = hubEvents();
  events.addEventListener("scan", (event) => showScan(JSON.parse(event.data)));
  events.addEventListener("sync", (event) => showSync(JSON.parse(event.data)));
  // A print job's progress matters only to a tag panel, which loads counter-panels.js (showJob) first.
  events.addEventListener("print", (event) => { if (typeof showJob === "function") showJob(JSON.parse(event.data)); });
  events.addEventListener("mode", (event) => {
    const state = JSON.parse(event.data);
    noteCounter(state.counter);
    if (state.counter !== deviceName) return;
    applyCounterState(state);
    if (state.mode_reset) note.textContent = state.mode_reset;
  });
  events.addEventListener("edit", (event) => {
    const edit = JSON.parse(event.data);
    if (shown && shown.variation_id === edit.variation_id && edit.counter !== deviceName) {
      refreshCard(edit.variation_id, `${edit.counter} changed this item just now.`);
    }
  });
  events.addEventListener("stock", (event) => {
    const counts = JSON.parse(event.data).counts;
    if (shown && (!counts || counts.some((c) => c.variation_id === shown.variation_id))) refreshCard(shown.variation_id);
  });
  // Each time the stream opens, the scans logged before it did are read too: one made between the page's
  // first read of the log and its stream opening reaches no stream, and would be missing from the list.
  events.addEventListener("open", () => {
    document.body.classList.remove("offline");
    loadCounterState();
    loadScanLog().catch(() => {});
  });
  events.addEventListener("error", () => document.body.classList.add("offline"));
}
api("/api/v1/sync").then(showSync).catch(() => {});
loadCounterState();
listen();
search.focus();
// The scans the hub has logged, then whatever this screen kept from before (a reload while the hub was away).
loadScanLog().catch(() => {}).then(() => drain());
