"use strict";
// The counter screen's panels, loaded the first time one opens (counter.js's panels()) and fetched ahead when the
// browser is idle: printing a tag, changing the price, adding to the reorder list, and what to do with an unknown
// code. They run beside counter.js and use its helpers and state (the card, showVariation, keep, unreachable).

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
  const copies = element("input", {type: "number", id: "tag-copies", min: "1", max: "100", value: "1", "aria-label": "Copies"});
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
// Tags for what a receipt brought: one per unit, or one per case when Square has the item's case size; printed
// like the tag panel's print, on this counter's printer (its route), and followed here.
let receiveJob = null;
function offerTags(answer) {
  const offer = answer.result && answer.result.labels;
  if (!offer || !answer.match) return;
  const choices = [];
  const plural = (n) => n === 1 ? "" : "s";
  if (offer.unit > 0 && offer.unit <= 100) choices.push([offer.unit, `Print ${offer.unit} tag${plural(offer.unit)}`]);
  if (offer.case_size && offer.case !== offer.unit) {
    choices.push([offer.case, `Print ${offer.case} case tag${plural(offer.case)} (${offer.case_size} a case)`]);
  }
  const said = element("span", {class: "status", id: "receive-tags", role: "status"});
  for (const [copies, words] of choices) {
    const button = element("button", {type: "button", class: "secondary"}, words);
    button.addEventListener("click", async () => {
      outcomeActions.querySelectorAll("button.secondary").forEach((b) => { b.disabled = true; });
      said.textContent = "Sending…";
      try {
        receiveJob = await api("/api/v1/labels/print", {method: "POST", body: {code: answer.match.variation_id, copies}});
        showJob(receiveJob);
      } catch (error) { said.className = "status bad"; said.textContent = error.message; }
    });
    outcomeActions.append(button);
  }
  if (choices.length) outcomeActions.append(said);
}
function showJob(job) {
  job = latestJob(job);
  const tags = $("#receive-tags");
  if (tags && receiveJob && job.id === receiveJob.id) {
    const kind = jobKind(job);
    tags.className = "status" + (kind ? " " + kind : "");
    const count = job.tags * job.copies;
    tags.textContent = `${count} tag${count === 1 ? "" : "s"} on ${job.printer || "the default printer"}: ${jobWords(job)}`;
  }
  const status = $("#tag-status");
  if (!status || !printJob || job.id !== printJob.id) return;
  const kind = jobKind(job);
  status.className = "status" + (kind ? " " + kind : "");
  status.textContent = `${job.tags === 1 ? "Tag" : job.tags + " tags"} on ${job.printer || "the default printer"}: ${jobWords(job)}`;
}

// --- changing the price: the same edit as catalog edit, and a conflict shown with both values ----------------
function pricePanel(v, panel) {
  const here = v.location;
  const override = here && v.base_price && v.price && v.base_price.amount !== v.price.amount;
  const form = element("form", {id: "price-form"});
  const value = element("input", {type: "text", id: "price-value", inputmode: "decimal", autocomplete: "off",
    value: v.price ? amount(v.price) : "", "aria-label": "New price"});
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
  // One id for this change, sent again with it if it is kept: a change the hub made but whose answer was lost
  // is answered again, not made twice.
  const key = newRequestID();
  const response = await fetch(`/api/v1/variations/${encodeURIComponent(v.variation_id)}/price`, {method: "POST",
    credentials: "same-origin", headers: {"Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf, "Idempotency-Key": key},
    body: JSON.stringify({price, where, seen})}).catch(() => null);
  const answer = response ? await response.json().catch(() => null) : null;
  if (!response) {
    // Not sent, or sent and its answer lost: kept, and sent again when the hub answers (with the price seen, so
    // a second arrival meets its own value and writes nothing).
    unreachable();
    const entry = {kind: "price", path: `/api/v1/variations/${encodeURIComponent(v.variation_id)}/price`, id: key,
      mode: counterMode, at: new Date().toISOString(), variation: v.variation_id, what: `${v.item_name}${v.variation_name ? " — " + v.variation_name : ""}`,
      body: {price, where, seen}};
    status.className = "status bad";
    status.textContent = await keep(entry)
      ? `The hub cannot be reached: ${price} is kept on this screen and sent when it answers.`
      : "The hub cannot be reached and this screen cannot keep the change: nothing was changed.";
    return;
  }
  if (!answer) { status.className = "status bad"; status.textContent = `The hub answered ${response.status}; nothing was changed.`; return; }
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
  // What changed, each price in the shop's money: "price at High Street £7.79 → £8.49".
  const value = (x) => x && typeof x === "object" && "amount" in x ? money(x) : x == null ? "none" : String(x);
  const field = (name) => { const [kind, at] = name.split("@"); return kind.replace(/_/g, " ") + (at ? ` at ${v.location ? v.location.name : "this location"}` : ""); };
  const changed = (answer.changes || []).map((c) => `${field(c.field)} ${value(c.old)} → ${value(c.new)}`).join("; ");
  status.textContent = answer.status === "queued"
    ? `Not sent yet: ${answer.reason}. It goes to Square with the next sync.`
    : answer.status === "unchanged" ? "Square already has this price." : `Changed in Square: ${changed}`;
  if (answer.status === "applied") setTimeout(() => { if (shown && shown.variation_id === v.variation_id) refreshCard(v.variation_id, status.textContent); }, 300);
}

// --- adding the card's item to the reorder list -------------------------------------------------------------
async function addToReorder(v, input, status) {
  const quantity = Number(input.value);
  if (!Number.isInteger(quantity) || quantity < 1) { status.className = "status bad"; status.textContent = "Give a whole number of 1 or more."; return; }
  // One add per press: the button waits for the hub's answer; the request's id makes a replay add once.
  const button = $("#reorder");
  if (button) button.disabled = true;
  const body = {code: v.variation_id, quantity, request_id: newRequestID()};
  try {
    const line = await api("/api/v1/reorder", {method: "POST", body});
    status.className = "status ok";
    status.textContent = `Added ${quantity}: ${line.quantity} now on the reorder list.`;
  } catch (error) {
    status.className = "status bad";
    if (!(error instanceof TypeError)) status.textContent = error.message;
    else {
      unreachable();
      const entry = {kind: "reorder", path: "/api/v1/reorder", id: body.request_id, mode: counterMode,
        at: new Date().toISOString(), what: `${v.item_name}${v.variation_name ? " — " + v.variation_name : ""}`, body};
      status.textContent = await keep(entry)
        ? `The hub cannot be reached: adding ${quantity} is kept on this screen and sent when it answers.`
        : "The hub cannot be reached and this screen cannot keep the add: nothing was added.";
    }
  }
  if (button) button.disabled = false;
}

// --- an unknown code: sync now, give its barcode to an item, or create the item ------------------------------
// Each action needs the hub: while it cannot be reached the buttons are off and say so. What the hub refuses is
// shown in its words (it names fields as this page does: "Price: ..."), beside the field when it names one.
const isBarcode = (code) => /^(\d{8}|\d{12,14})$/.test(code);
function unknownActions(code, into) {
  const status = element("p", {class: "status", id: "unknown-status", role: "status"});
  const panel = element("div", {id: "unknown-panel"});
  const button = (id, text, action) => {
    const made = element("button", {type: "button", id, class: "secondary"}, text);
    made.addEventListener("click", () => { if (!made.disabled) action(); });
    return made;
  };
  const sync = button("unknown-sync", "Sync now", () => syncAndLookAgain(code, sync, status));
  const attach = button("unknown-attach", "Add this barcode to an item", () => attachPanel(code, panel, status));
  const create = button("unknown-create", "Create an item", () => createPanel(code, panel, status));
  const why = element("p", {class: "note", id: "unknown-why"});
  // Why a button is off: the hub away (all three), no sync set up, or a code that is no barcode.
  const off = {sync: null, attach: null};
  const show = () => {
    const away = document.body.classList.contains("hub-unreachable") || document.body.classList.contains("offline");
    const reasons = [];
    for (const [name, node] of [["sync", sync], ["attach", attach], ["create", create]]) {
      const reason = away ? "needs the hub, which cannot be reached now" : off[name];
      node.disabled = !!reason;
      node.title = reason ? `${node.textContent}: ${reason}` : "";
      if (reason && !away) reasons.push(reason);
    }
    why.textContent = away ? "These need the hub, which cannot be reached now." : reasons.join(" ");
  };
  // A barcode's check digit is the hub's to judge: a scan with a wrong one is a misread, not an unknown code.
  if (!isBarcode(code)) off.attach = `“${code}” is not a barcode (8, 12, 13 or 14 digits), so it cannot be added to an item.`;
  api("/api/v1/sync").then((state) => {
    if (!state.available) off.sync = `Sync is not set up: ${state.unavailable_reason || "no Square account"}.`;
    show();
  }, () => {});
  new MutationObserver(() => { if (into.isConnected) show(); }).observe(document.body, {attributes: true, attributeFilter: ["class"]});
  show();
  into.replaceChildren(element("div", {class: "actions"}, sync, attach, create), why, panel, status);
}
// Asks the hub for a sync, says how it goes (the hub's sync events), and when it has ended looks the code up
// again: the item's card when Square had it, else says it is still unknown.
let syncWaiter = null;  // the "Sync now" waiting for its sync, told each sync event
hubEvents().addEventListener("sync", (event) => { if (syncWaiter) syncWaiter(JSON.parse(event.data)); });
async function syncAndLookAgain(code, button, status) {
  button.disabled = true;
  status.className = "status";
  status.textContent = "Asking the hub to sync with Square…";
  let before, poll, finished = false;
  const ended = (state) => (state.syncs || 0) + (state.failures || 0);
  const done = async (state) => {
    // Ended: none running, and one more ended (well or not) than before this one was asked for.
    if (finished || !state || state.running || ended(state) <= before) return;
    finished = true;
    if (syncWaiter === heard) syncWaiter = null;
    clearInterval(poll);
    if (!status.isConnected) return;
    if (state.last_error) { status.className = "status bad"; status.textContent = `The sync failed: ${state.last_error}`; button.disabled = false; return; }
    status.textContent = "Synced. Looking the code up again…";
    const response = await fetch(`/api/v1/variations/${encodeURIComponent(code)}`,
      {credentials: "same-origin", headers: {Accept: "application/json"}}).catch(() => null);
    if (!status.isConnected) return;
    if (response && response.ok) { showVariation(code); return; }
    status.className = "status bad";
    status.textContent = response ? `Still unknown after the sync: Square has no item with “${code}” either.`
      : "The hub cannot be reached: the code could not be looked up again.";
    button.disabled = false;
  };
  const heard = (state) => {
    if (status.isConnected && state.running && !finished) status.textContent = `Syncing with Square… ${state.last_line || ""}`.trim();
    done(state);
  };
  try {
    before = ended(await api("/api/v1/sync"));
    syncWaiter = heard;
    // The events say how it goes; asking every 2 s as well covers an event missed while the stream reconnects.
    poll = setInterval(() => api("/api/v1/sync").then(done, () => {}), 2000);
    const state = await api("/api/v1/sync", {method: "POST"});
    if (!finished) status.textContent = "Syncing with Square…";
    done(state);
  } catch (error) {
    finished = true;
    clearInterval(poll);
    if (syncWaiter === heard) syncWaiter = null;
    if (error instanceof TypeError) unreachable();
    status.className = "status bad";
    status.textContent = error instanceof TypeError ? "The hub cannot be reached: no sync until it answers." : error.message;
    button.disabled = false;
  }
}
// Give the code to an item: search as on the counter, pick the item, and the hub writes it as that variation's
// barcode in Square (reading Square's copy first; refused when another variation has it).
function attachPanel(code, panel, status) {
  const box = element("input", {type: "search", id: "attach-search", autocomplete: "off", spellcheck: "false",
    placeholder: "Name or SKU", "aria-label": "Find the item this barcode belongs to"});
  const list = element("ul", {id: "attach-results", class: "picks"});
  let serial = 0;
  box.addEventListener("input", async () => {
    const text = box.value.trim(), mine = ++serial;
    if (!text) { list.replaceChildren(); return; }
    try {
      const found = await api(`/api/v1/search?limit=8&q=${encodeURIComponent(text)}`);
      if (mine !== serial) return;
      list.replaceChildren(...found.map((hit) => {
        const v = hit.variation || hit;
        const pick = element("button", {type: "button", class: "secondary pick", "data-variation": v.variation_id},
          `${v.item_name}${v.variation_name ? " — " + v.variation_name : ""}`, v.sku ? ` (SKU ${v.sku})` : "");
        pick.addEventListener("click", () => attach(code, v, status, list));
        return element("li", {}, pick);
      }));
      if (!found.length) list.replaceChildren(element("li", {class: "note"}, `Nothing matches “${text}”.`));
    } catch (error) {
      if (mine === serial) list.replaceChildren(element("li", {class: "status bad"}, error instanceof TypeError
        ? "The hub cannot be reached: no search until it answers." : error.message));
    }
  });
  panel.replaceChildren(element("h3", {}, `Add ${code} to an item`), element("label", {}, "Item ", box), list);
  box.focus();
}
async function attach(code, v, status, list) {
  const what = `${v.item_name}${v.variation_name ? " — " + v.variation_name : ""}`;
  list.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  status.className = "status";
  status.textContent = `Giving ${what} the barcode ${code} in Square…`;
  try {
    const answer = await api(`/api/v1/variations/${encodeURIComponent(v.variation_id)}/barcode`, {method: "POST", body: {gtin: code}});
    if (answer.status === "queued") {
      status.textContent = `Not sent yet: ${answer.reason}. It waits in the outbox and goes with the next sync.`;
      return;
    }
    await showVariation(v.variation_id);
    const after = $("#card-status");
    if (after) { after.className = "status ok"; after.textContent = `${code} is now the barcode of ${what}.`; }
  } catch (error) {
    if (error instanceof TypeError) unreachable();
    status.className = "status bad";
    status.textContent = error instanceof TypeError ? "The hub cannot be reached: nothing was changed."
      : `Not added: ${error.message}`;
    list.querySelectorAll("button").forEach((b) => { b.disabled = false; });
  }
}
// Create the item, as catalog item create does: a name and a price, and optionally a SKU and a category; the
// code goes in as its barcode (or as its SKU when it is no barcode). The request's id makes a second press, or
// a retry after a lost answer, create it once.
function createPanel(code, panel, status) {
  const barcode = isBarcode(code);
  const form = element("form", {id: "create-form", novalidate: ""});
  const fields = {};
  const field = (name, label, attributes) => {
    const input = element("input", Object.assign({type: "text", id: `new-${name}`, autocomplete: "off",
      "aria-describedby": `new-${name}-error`}, attributes));
    fields[label] = input;
    return element("label", {}, `${label} `, input, element("span", {class: "field-error", id: `new-${name}-error`}));
  };
  form.append(element("h3", {}, "Create an item"), element("div", {class: "fields"},
    field("name", "Name", {}), field("price", "Price", {inputmode: "decimal"}),
    field("sku", "SKU", barcode ? {} : {value: code}), field("category", "Category", {})),
    element("p", {class: "note"}, barcode ? `Its barcode will be ${code}.` : `“${code}” is no barcode: it is the SKU.`),
    element("div", {class: "actions"}, element("button", {type: "submit", id: "create-item"}, "Create in Square")));
  let sent = null;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = (label) => fields[label].value.trim() || undefined;
    const body = {name: value("Name") || "", price: value("Price"), sku: value("SKU"), category: value("Category"),
      gtin: barcode ? code : undefined};
    // The same request again (a second press) keeps its id; a changed one is a new request.
    const same = sent && JSON.stringify(sent.body) === JSON.stringify(body);
    sent = {body, request_id: same ? sent.request_id : newRequestID()};
    form.querySelectorAll(".field-error").forEach((node) => { node.textContent = ""; });
    const submit = $("#create-item");
    submit.disabled = true;
    status.className = "status";
    status.textContent = "Creating it in Square…";
    try {
      const answer = await api("/api/v1/items", {method: "POST", body: Object.assign({request_id: sent.request_id}, body)});
      const variation = (answer.variations || [])[0];
      if (answer.status === "queued" || !variation) {
        status.textContent = `Not sent yet: ${answer.reason || "Square cannot be reached"}. It waits in the outbox and goes with the next sync.`;
        return;
      }
      await showVariation(variation.id);
      const after = $("#card-status");
      if (after) { after.className = "status ok"; after.textContent = `Created in Square: ${answer.name}.`; }
    } catch (error) {
      if (error instanceof TypeError) unreachable();
      const named = !(error instanceof TypeError) && /^([A-Za-z ]+): (.*)$/s.exec(error.message);
      const beside = named && fields[named[1]] && $(`#${fields[named[1]].id}-error`);
      status.className = "status bad";
      if (beside) { beside.textContent = named[2]; status.textContent = "Not created: see the field marked."; fields[named[1]].focus(); }
      else status.textContent = error instanceof TypeError ? "The hub cannot be reached: nothing was created." : `Not created: ${error.message}`;
    } finally { submit.disabled = false; }
  });
  panel.replaceChildren(form);
  fields.Name.focus();
}

// --- a scan's outcome (counter.js showOutcome): Undo for a receipt, and the sounds --------------------------
// A receipt can be undone for 30 seconds from this screen: the hub takes the units back out of Square's stock
// (the same write path, once however often it is asked).
function offerUndo(answer) {
  const ends = Date.now() + Math.min(30000, Math.max(0, Date.parse(answer.result.undo_until) - Date.parse(answer.time || answer.scanned_at) || 30000));
  const button = element("button", {type: "button", id: "undo"}, "Undo");
  const tick = () => {
    const left = Math.ceil((ends - Date.now()) / 1000);
    if (left <= 0) { clearInterval(undoTimer); button.remove(); return; }
    button.textContent = `Undo (${left} s)`;
  };
  button.addEventListener("click", async () => {
    clearInterval(undoTimer);
    button.disabled = true;
    button.textContent = "Undoing…";
    try {
      const undone = await api(`/api/v1/scans/${encodeURIComponent(answer.id)}/undo`, {method: "POST", body: {counter: deviceName}});
      showOutcome(undone, true);
      const row = scans.querySelector(`li[data-scan="${CSS.escape(answer.id)}"]`);
      if (row) { shownScans.delete(answer.id); row.remove(); addScanRow(undone); }
      if (shown && answer.match && shown.variation_id === answer.match.variation_id) refreshCard(shown.variation_id);
    } catch (error) {
      button.remove();
      outcomeActions.replaceChildren(element("p", {class: "status bad"}, error instanceof TypeError
        ? "The hub cannot be reached, so the receipt was not undone. Count the item to put its stock right." : error.message));
    }
  });
  outcomeActions.append(button);
  tick();
  undoTimer = setInterval(tick, 1000);
  offerTags(answer);
}
// A bright blip when it worked, a falling pair for an unknown code, a low buzz when nothing was done.
let audio = null;
function playSound(kind) {
  if (!window.AudioContext) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const tones = kind === "unknown" ? [[660, 0, 0.09], [440, 0.12, 0.14]]
      : ["refused", "held_back"].includes(kind) ? [[180, 0, 0.32, "square"]]
        : kind === "tag_wrong" ? [[523, 0, 0.1], [523, 0.14, 0.1]] : [[988, 0, 0.08]];
    const start = audio.currentTime + 0.01;
    for (const [frequency, at, length, type] of tones) {
      const oscillator = audio.createOscillator(), gain = audio.createGain();
      oscillator.type = type || "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.2, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  } catch (error) { /* no sound here: the colour and words say it */ }
}

// --- what the hub answered to a kept price change or reorder add (counter.js settle) --------------------------
function settleChange(entry, {status, answer, ok, why}) {
  const what = entry.what;
  if (entry.kind === "price") {
    const price = entry.body.price, theirs = (answer && answer.remote || {}).price;
    // 409 with Square's price equal to this one: it was written before (its answer lost), not a conflict.
    const text = status === 409 ? (theirs && parseFloat(amount(theirs)) === Number(price) ? `Square has ${price} already.`
      : `not changed to ${price}: Square's price is now ${theirs ? money(theirs) : "none"}; open the item to decide.`)
      : !ok ? `not changed: ${why}.` : answer.status === "queued" ? "it goes to Square with the next sync."
        : `${price} is in Square.`;
    note.textContent = `Kept price change sent. ${what}: ${text}`;
    if (ok && shown && shown.variation_id === entry.variation) refreshCard(entry.variation, text);
  } else {
    note.textContent = ok ? `Kept reorder add sent: ${what}, ${answer.quantity} now on the reorder list.`
      : `Kept reorder add for ${what} not taken: ${why}.`;
  }
}
