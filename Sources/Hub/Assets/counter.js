"use strict";
// The counter screen: find as you type, the item card, scans as they happen. A keyboard-wedge scanner types
// into the page like a very fast typist; the burst rule of the hub's own scanner reader tells the two apart
// (at least 4 characters, each within 50 ms of the last), so a scan never lands in the search box as text.
const MIN_LENGTH = 4, MAX_GAP = 50, BURST_END = MAX_GAP + 10;
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
    if (error.name !== "AbortError") note.textContent = error.message;
  }
}
function renderResults() {
  results.replaceChildren(...hits.map((hit, index) => {
    const v = hit.variation || hit;
    const price = hit.price_shown;
    const details = [v.variation_name, v.sku && `SKU ${v.sku}`, v.category].filter(Boolean).join(" · ");
    const row = element("li", {role: "option", id: `hit-${index}`, "aria-selected": String(index === selected),
      class: v.available === false ? "unsold" : ""},
      element("span", {class: "name"}, v.item_name), element("span", {class: "price"}, price),
      element("span", {class: "meta"}, details));
    row.addEventListener("click", () => { selected = index; renderResults(); openHit(index); });
    return row;
  }));
  if (selected >= 0) search.setAttribute("aria-activedescendant", `hit-${selected}`);
  else search.removeAttribute("aria-activedescendant");
  const current = document.getElementById(`hit-${selected}`);
  if (current) current.scrollIntoView({block: "nearest"});
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
    if (serial === cardSerial) renderUnknown(code, error.message, serial);
  }
}
function renderUnknown(code, message, serial = ++cardSerial, heading = "Unknown code") {
  if (serial !== cardSerial) return;
  shown = null;
  card.className = "card";
  card.replaceChildren(element("h2", {}, heading), element("p", {class: "variation"}, code),
    element("p", {class: "status bad"}, message));
}
function renderCard(v, scan) {
  shown = v;
  const here = v.location;
  const flags = [];
  if (v.available === false) flags.push(`NOT SOLD AT ${here ? here.name.toUpperCase() : "THIS LOCATION"}`);
  if (v.held_back) flags.push(`HELD BACK: Square's newer copy could not be stored (${v.held_back.reason}). `
    + "This is the last good copy; fix it in Square and sync.");
  else if (v.sold_out) flags.push(`SOLD OUT AT ${here ? here.name.toUpperCase() : "THIS LOCATION"}`);
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
  const stock = v.in_stock && here ? v.in_stock[here.id] : undefined;
  add("Stock here", stock !== undefined ? `${stock} (as last read from Square)` : here ? "not counted" : null);
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
  reorder.addEventListener("click", () => addToReorder(v, quantity, status));
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
  if (opening) open(); else $("#panel").replaceChildren();
}

// --- printing a tag: template and printer chosen, the preview first, then the job followed -------------------
let templates = null, printJob = null;
const choice = (key, fallback) => localStorage.getItem(key) || fallback;
async function tagPanel(v, panel) {
  const status = element("p", {class: "status", id: "tag-status", role: "status"}, "Loading templates and printers…");
  panel.replaceChildren(element("h3", {}, "Print a tag"), status);
  let printers;
  try {
    templates = templates || (await api("/api/v1/labels/templates")).filter((t) => !t.error);
    printers = await api("/api/v1/printers");
  } catch (error) { status.className = "status bad"; status.textContent = error.message; return; }
  const template = element("select", {id: "tag-template", "aria-label": "Template"},
    ...templates.map((t) => element("option", {value: t.name}, `${t.name} (${t.width_mm} × ${t.height_mm} mm)`)));
  template.value = choice("catalog.template", templates.some((t) => t.name === "shelf-2x1") ? "shelf-2x1" : (templates[0] || {}).name);
  const printer = element("select", {id: "tag-printer", "aria-label": "Printer"},
    ...printers.map((p) => element("option", {value: p.name},
      `${p.name}${p.default ? " (default)" : ""}${p.state !== "idle" && p.state !== "processing" ? " — " + p.state : ""}${p.accepting_jobs ? "" : " — not accepting jobs"}`)));
  const defaultPrinter = (printers.find((p) => p.default) || printers[0] || {}).name;
  printer.value = printers.some((p) => p.name === choice("catalog.printer", "")) ? choice("catalog.printer", "") : defaultPrinter;
  const copies = element("input", {type: "number", id: "tag-copies", min: "1", max: "999", value: "1", "aria-label": "Copies"});
  const preview = element("img", {id: "tag-preview", alt: `The tag for ${v.item_name} as it will print`});
  const print = element("button", {type: "button", id: "tag-print"}, "Print");
  const showPreview = () => {
    localStorage.setItem("catalog.template", template.value);
    preview.src = `/api/v1/labels/preview?code=${encodeURIComponent(v.variation_id)}&template=${encodeURIComponent(template.value)}`;
  };
  preview.addEventListener("error", () => { status.className = "status bad"; status.textContent = "The preview could not be drawn with this template."; });
  preview.addEventListener("load", () => { if (!printJob) { status.className = "status"; status.textContent = ""; } });
  template.addEventListener("change", showPreview);
  printer.addEventListener("change", () => localStorage.setItem("catalog.printer", printer.value));
  print.addEventListener("click", async () => {
    if (!printers.length) { status.className = "status bad"; status.textContent = "CUPS has no printers: add one on the hub."; return; }
    print.disabled = true;
    status.className = "status"; status.textContent = "Sending…";
    try {
      const job = await api("/api/v1/labels/print", {method: "POST",
        body: {code: v.variation_id, template: template.value, printer: printer.value, copies: Number(copies.value) || 1}});
      printJob = job;
      showJob(job);
    } catch (error) { status.className = "status bad"; status.textContent = error.message; }
    print.disabled = false;
  });
  panel.replaceChildren(element("h3", {}, "Print a tag"),
    element("div", {class: "fields"}, element("label", {}, "Template ", template), element("label", {}, "Printer ", printer),
      element("label", {}, "Copies ", copies)),
    element("div", {class: "preview"}, preview), element("div", {class: "actions"}, print), status);
  if (!printers.length) { status.className = "status bad"; status.textContent = "CUPS on the hub has no printers yet."; }
  showPreview();
}
const jobStates = {};
function showJob(job) {
  // The job's end can come (as an event) before the answer to the print request does.
  const key = `${job.printer}/${job.job_id}`;
  if (job.state === "submitted" && jobStates[key]) job = jobStates[key]; else jobStates[key] = job;
  const status = $("#tag-status");
  if (!status || !printJob || job.job_id !== printJob.job_id || job.printer !== printJob.printer) return;
  const words = {submitted: "sent, waiting for the printer", completed: "printed", canceled: "canceled",
    aborted: "failed", stopped: "stopped", printerStopped: "waiting: the printer is stopped", timedOut: "still waiting after a minute"};
  const done = job.state === "completed";
  const bad = ["canceled", "aborted", "stopped", "printerStopped", "timedOut", "unknown"].includes(job.state);
  status.className = "status" + (done ? " ok" : bad ? " bad" : "");
  status.textContent = `Job ${job.job_id} on ${job.printer}: ${words[job.state] || job.state}${job.reason ? " — " + job.reason : ""}`;
}

// --- changing the price: the same edit as catalog edit, and a conflict shown with both values ----------------
function pricePanel(v, panel) {
  const here = v.location;
  const override = here && v.base_price && v.price && v.base_price.amount !== v.price.amount;
  const form = element("form", {id: "price-form"});
  const value = element("input", {type: "text", id: "price-value", inputmode: "decimal", autocomplete: "off",
    value: v.price ? money(v.price).split(" ")[0] : "", "aria-label": "New price"});
  const radio = (where, text, checked) => {
    const input = element("input", {type: "radio", name: "where", value: where});
    input.checked = checked;
    return element("label", {}, input, " ", text);
  };
  const places = element("div", {class: "fields"}, radio("everywhere", "everywhere (base price)", !override),
    here ? radio("here", `only at ${here.name}`, !!override) : null);
  const status = element("p", {class: "status", id: "price-status", role: "status"});
  form.append(element("h3", {}, "Change the price"), element("div", {class: "fields"},
    element("label", {}, "New price ", value, ` ${(v.price || v.base_price || {}).currency || ""}`)), places,
    element("div", {class: "actions"}, element("button", {type: "submit", id: "price-change"}, "Change price")), status);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const where = (form.querySelector("input[name=where]:checked") || {}).value || "everywhere";
    const seen = where === "here" ? (override ? v.price : null) : v.base_price;
    changePrice(v, value.value.trim(), where, seen, status);
  });
  panel.replaceChildren(form);
  value.focus();
  value.select();
}
async function changePrice(v, price, where, seen, status) {
  if (!price) { status.className = "status bad"; status.textContent = "Type the new price, such as 4.99."; return; }
  status.className = "status"; status.textContent = "Sending to Square…";
  const response = await fetch(`/api/v1/variations/${encodeURIComponent(v.variation_id)}/price`, {method: "POST",
    credentials: "same-origin", headers: {"Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf},
    body: JSON.stringify({price, where, seen})}).catch(() => null);
  const answer = response ? await response.json().catch(() => null) : null;
  if (!response || !answer) { status.className = "status bad"; status.textContent = "The hub cannot be reached; nothing was changed."; return; }
  if (response.status === 409) {
    const field = Object.keys(answer.remote || {})[0];
    const theirs = (answer.remote || {})[field];
    const theirsText = theirs && typeof theirs === "object" ? money(theirs) : theirs ? String(theirs) : "no price of its own here";
    const seenText = seen ? money(seen) : "no price of its own here";
    status.className = "status bad";
    const mine = element("button", {type: "button", id: "price-mine"}, `Write ${price} anyway`);
    const keep = element("button", {type: "button", id: "price-theirs", class: "secondary"}, `Keep ${theirsText}`);
    mine.addEventListener("click", () => changePrice(v, price, where, theirs === undefined ? null : theirs, status));
    keep.addEventListener("click", () => showVariation(v.variation_id));
    status.replaceChildren(element("span", {id: "price-conflict"},
      `Someone changed this price in Square since you looked: it is now ${theirsText} (you saw ${seenText}). Nothing was written.`),
      element("span", {class: "choice"}, mine, keep));
    return;
  }
  if (!response.ok) { status.className = "status bad"; status.textContent = answer.error || `The hub answered ${response.status}.`; return; }
  status.className = answer.status === "queued" ? "status bad" : "status ok";
  status.textContent = answer.status === "queued"
    ? `Not sent yet: ${answer.reason}. It waits in the outbox (#${answer.outbox_id}) and goes with the next sync.`
    : answer.status === "unchanged" ? "Square already has this price." : `Changed in Square: ${answer.text.split("\n").slice(1).join("; ").trim()}`;
  if (answer.status === "applied") setTimeout(() => { if (shown && shown.variation_id === v.variation_id) refreshCard(v.variation_id, status.textContent); }, 300);
}
async function refreshCard(code, message) {
  await showVariation(code);
  const status = $("#card-status");
  if (status && message) { status.className = "status ok"; status.textContent = message; }
}
async function addToReorder(v, input, status) {
  const quantity = Number(input.value);
  if (!Number.isInteger(quantity) || quantity < 1) { status.className = "status bad"; status.textContent = "Give a whole number of 1 or more."; return; }
  // One add per press: the button waits for the hub's answer (a double press would add twice).
  const button = $("#reorder");
  if (button) button.disabled = true;
  try {
    const line = await api("/api/v1/reorder", {method: "POST", body: {code: v.variation_id, quantity}});
    status.className = "status ok";
    status.textContent = `Added ${quantity}: ${line.quantity} now on the reorder list.`;
  } catch (error) {
    status.className = "status bad";
    status.textContent = error.message;
  }
  if (button) button.disabled = false;
}

// --- scans ------------------------------------------------------------------------------------------------
function newScanID() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
async function postScan(code) {
  note.textContent = `Scanned ${code}`;
  try {
    const answer = await api("/api/v1/scans", {method: "POST", body: {id: newScanID(), code, counter: deviceName,
      device: "keyboard", mode: counterMode, scanned_at: new Date().toISOString()}});
    if (note.textContent === `Scanned ${code}`) note.textContent = "";
    if (answer.mode_reset) note.textContent = answer.mode_reset;
    showCountWarning(answer);
  } catch (error) {
    note.textContent = `The scan ${code} did not reach the hub: ${error.message}`;
  }
}
function showScan(answer) {
  const row = element("li", {class: answer.failed ? "failed" : ""}, element("time", {}, clock(answer.time)),
    element("span", {class: "who"}, answer.counter || ""), element("span", {}, answer.text || answer.code));
  scans.prepend(row);
  while (scans.children.length > 50) scans.lastChild.remove();
  noteCounter(answer.counter);
  if (answer.counter === deviceName && answer.mode && answer.mode !== counterMode) loadCounterState();
  if (!following(answer.counter)) return;
  if (answer.match) showVariation(answer.match.variation_id, answer);
  else if (answer.held_back) {
    const held = answer.held_back;
    const what = `${held.type} ${held.id}` + (held.name ? ` “${held.name}”` : "");
    renderUnknown(answer.code, `This code is in Square, but ${what} could not be stored by a sync `
      + `(${held.reason}). Fix it in Square; the next sync stores it.`, undefined, "Held back, not stored here yet");
  } else if (answer.action === "unknown") {
    renderUnknown(answer.code, "No item has this code. If it is new in Square, sync and scan it again.");
  } else if (/^(refused|failed)/i.test(String(answer.action || ""))) {
    note.textContent = `${answer.counter}: ${answer.action}`;
  }
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
  label: "Scans print the item's tag.", receive: "Scans add stock in Square.", count: "Scans count stock into the open count."};
let counterMode = "lookup", lookupTimer = null;
function applyCounterState(state) {
  counterMode = state.mode || "lookup";
  document.body.dataset.mode = counterMode;
  $("#mode-word").textContent = counterMode.toUpperCase();
  $("#mode-detail").textContent = MODE_WORDS[counterMode] || "";
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
  try { applyCounterState(await api(`/api/v1/counters/${encodeURIComponent(deviceName)}`)); } catch (error) { /* offline: kept */ }
}
for (const option of modeSelect.options) option.dataset.label = option.textContent;
modeSelect.addEventListener("change", async () => {
  const wanted = modeSelect.value;
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

// --- the keyboard: typing, scanning, moving through results ----------------------------------------------
let pending = "", lastKey = 0, burstTimer = null, typingTarget = null;
function putTyping() {
  clearTimeout(burstTimer);
  if (!pending) return;
  const text = pending;
  pending = "";
  const target = typingTarget && typingTarget.isConnected ? typingTarget : search;
  target.focus();
  const start = target.selectionStart ?? target.value.length, end = target.selectionEnd ?? target.value.length;
  try { target.setRangeText(text, start, end, "end"); } catch (error) { target.value += text; }
  if (target === search) runSearch();
}
function endBurst() {
  if (pending.length >= MIN_LENGTH) { const code = pending; pending = ""; postScan(code); } else putTyping();
}
function isTextField(node) {
  return node && node.tagName === "INPUT" && !["button", "checkbox", "radio", "submit"].includes(node.type);
}
document.addEventListener("keydown", (event) => {
  if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
  const now = performance.now();
  if (event.key.length === 1) {
    event.preventDefault();
    if (pending && now - lastKey > MAX_GAP) putTyping();
    if (!pending) typingTarget = isTextField(document.activeElement) ? document.activeElement : search;
    pending += event.key;
    lastKey = now;
    clearTimeout(burstTimer);
    burstTimer = setTimeout(endBurst, BURST_END);
    return;
  }
  if ((event.key === "Enter" || event.key === "Tab") && pending && now - lastKey <= MAX_GAP && pending.length >= MIN_LENGTH) {
    event.preventDefault();
    clearTimeout(burstTimer);
    const code = pending;
    pending = "";
    postScan(code);
    return;
  }
  putTyping();
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
search.addEventListener("input", runSearch);

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
  const events = new EventSource("/api/v1/events");
  events.addEventListener("scan", (event) => showScan(JSON.parse(event.data)));
  events.addEventListener("sync", (event) => showSync(JSON.parse(event.data)));
  events.addEventListener("print", (event) => showJob(JSON.parse(event.data)));
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
  events.addEventListener("open", () => { document.body.classList.remove("offline"); loadCounterState(); });
  events.addEventListener("error", () => document.body.classList.add("offline"));
}
api("/api/v1/sync").then(showSync).catch(() => {});
loadCounterState();
listen();
search.focus();
