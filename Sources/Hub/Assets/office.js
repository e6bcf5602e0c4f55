"use strict";
// The back office: each page is a shell the hub renders; this fills it from the API and keeps it current from
// the hub's events. hub.js (loaded first) brings api(), element(), money() and clock().
const page = document.getElementById("office").dataset.page;
const statusLine = $("#status");

function say(text, kind = "") {
  statusLine.className = "status" + (kind ? " " + kind : "");
  statusLine.textContent = text;
}
// Runs `work` (an async function) with `button` disabled, saying what went wrong if it fails.
async function busy(button, work) {
  if (button) button.disabled = true;
  try { await work(); } catch (error) { say(error.message, "bad"); }
  if (button) button.disabled = false;
}
function cell(label, ...children) { return element("td", {"data-label": label}, ...children); }
function day(iso) { return iso ? String(iso).slice(0, 10) : ""; }
function when(iso) { return iso ? `${day(iso)} ${clock(iso)}` : ""; }
// A field's value as a person reads it: money, text, yes/no, or "(none)".
function shown(value) {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "object" && "amount" in value && "currency" in value) return money(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
// The hub's events, one stream shared by every tab of this browser (hub.js).
const events = hubEvents();
events.addEventListener("open", () => document.body.classList.remove("offline"));
events.addEventListener("error", () => document.body.classList.add("offline"));

// --- the reorder list ---------------------------------------------------------------------------------------
async function loadReorder() {
  const all = $("#show-closed").checked;
  const lines = await api("/api/v1/reorder" + (all ? "?all=1" : ""));
  const list = $("#reorder-list");
  if (!lines.length) {
    list.replaceChildren(element("p", {class: "note"}, "The reorder list is empty. Add items at the counter, or ask " +
      "for suggestions from Square's stock."));
    return;
  }
  const vendors = [];
  for (const line of lines) {
    if (!vendors.length || vendors[vendors.length - 1].name !== line.vendor) vendors.push({name: line.vendor, lines: []});
    vendors[vendors.length - 1].lines.push(line);
  }
  list.replaceChildren(...vendors.map(vendorSection));
}
function vendorSection(vendor) {
  const wanted = vendor.lines.filter((line) => line.status === "wanted");
  const query = "?vendor=" + encodeURIComponent(vendor.name);
  const tools = element("div", {class: "vendor-tools"});
  if (wanted.length) {
    const order = element("button", {type: "button", class: "order"}, `Order from ${vendor.name}`);
    order.addEventListener("click", () => orderVendor(vendor.name, wanted.length, order));
    tools.append(order,
      element("a", {href: "/api/v1/reorder/export.pdf" + query, download: "", class: "download"}, "Order PDF"),
      element("a", {href: "/api/v1/reorder/export.csv" + query, download: "", class: "download"}, "Order CSV"));
  }
  const rows = vendor.lines.map(lineRow);
  return element("section", {class: "vendor", "aria-label": vendor.name},
    element("div", {class: "vendor-head"}, element("h2", {}, vendor.name), tools),
    element("table", {class: "stack"},
      element("thead", {}, element("tr", {}, ...["Item", "Status", "Quantity", "On hand", "Cost", ""].map(
        (name) => element("th", {}, name)))),
      element("tbody", {}, ...rows)));
}
function lineRow(line) {
  const name = [line.item || line.variation_id, line.variation].filter(Boolean).join(" — ");
  const codes = [line.sku && `SKU ${line.sku}`, line.vendor_code && `vendor code ${line.vendor_code}`]
    .filter(Boolean).join(" · ");
  const item = cell("Item", element("span", {class: "name"}, name), codes ? element("span", {class: "meta"}, codes) : null,
    line.note ? element("span", {class: "meta"}, `“${line.note}”`) : null);
  const status = line.status === "ordered" ? `ordered ${line.order_reference || ""}`.trim() : line.status;
  let quantity = cell("Quantity", line.status === "ordered" ? `${line.quantity - line.received} of ${line.quantity}`
    : String(line.quantity));
  const actions = cell("", null);
  if (line.status === "wanted") {
    const input = element("input", {type: "number", min: "0", max: "1000000", value: String(line.quantity),
      id: `qty-${line.id}`, "aria-label": `Quantity of ${name}`});
    const save = element("button", {type: "button", class: "secondary", id: `save-${line.id}`}, "Save");
    const saveQuantity = () => busy(save, async () => {
      const changed = await api(`/api/v1/reorder/${line.id}/quantity`, {method: "POST",
        body: {quantity: Number(input.value)}});
      say(changed.status === "removed" ? `Took ${name} off the list.` : `${name}: ${changed.quantity} wanted.`, "ok");
      await loadReorder();
    });
    save.addEventListener("click", saveQuantity);
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") saveQuantity(); });
    quantity = cell("Quantity", element("span", {class: "inline"}, input, save));
    const remove = element("button", {type: "button", class: "secondary", id: `remove-${line.id}`},
      "Remove");
    remove.setAttribute("aria-label", `Remove ${name} from the list`);
    remove.addEventListener("click", () => busy(remove, async () => {
      await api(`/api/v1/reorder/${line.id}`, {method: "DELETE"});
      say(`Took ${name} off the list.`, "ok");
      await loadReorder();
    }));
    actions.append(remove);
  }
  if (line.status === "wanted" || line.status === "ordered") {
    const count = element("input", {type: "number", min: "1", max: "1000000",
      value: String(line.quantity - line.received), id: `receive-qty-${line.id}`, "aria-label": `How many of ${name} arrived`});
    const receive = element("button", {type: "button", id: `receive-${line.id}`}, "Receive");
    receive.addEventListener("click", () => busy(receive, async () => {
      const receipt = await api(`/api/v1/reorder/${line.id}/receive`, {method: "POST",
        body: {quantity: Number(count.value)}});
      say(receipt.status === "queued"
        ? `Received ${receipt.quantity} of ${name}; Square gets it with the next sync (${receipt.reason}).`
        : `Received ${receipt.quantity} of ${name} at ${receipt.location}; Square now counts ${receipt.in_stock}.`, "ok");
      await loadReorder();
    }));
    actions.append(element("span", {class: "inline"}, count, receive));
  }
  const cash = (amount) => line.currency ? moneyFormat(line.currency).format(Number(amount)) : amount;
  const cost = line.line_cost ? `${cash(line.unit_cost)} each = ${cash(line.line_cost)}` : "";
  const onHand = line.on_hand === null ? "" : line.on_hand + (line.threshold !== null ? ` (low at ${line.threshold})` : "");
  return element("tr", {class: line.status}, item, cell("Status", status), quantity, cell("On hand", onHand),
    cell("Cost", cost), actions);
}
async function orderVendor(vendor, count, button) {
  if (!window.confirm(`Mark ${count} line${count === 1 ? "" : "s"} from ${vendor} as ordered?`)) return;
  await busy(button, async () => {
    const order = await api("/api/v1/reorder/order", {method: "POST", body: {vendor}});
    say(`Order ${order.order_reference}: ${order.lines.length} lines from ${vendor} marked ordered.`, "ok");
    await loadReorder();
  });
}
function startReorder() {
  const suggest = $("#suggest");
  suggest.addEventListener("click", () => busy(suggest, async () => {
    say("Reading stock counts from Square…");
    const found = await api("/api/v1/reorder/suggest", {method: "POST", body: {apply: true}});
    say(found.summary, "ok");
    await loadReorder();
  }));
  const reload = () => loadReorder().catch((error) => say(error.message, "bad"));
  $("#show-closed").addEventListener("change", reload);
  events.addEventListener("reorder", reload);
  // A scan in reorder mode adds to the list too; it comes as a scan.
  events.addEventListener("scan", (event) => { if (/^reorder/.test(JSON.parse(event.data).action || "")) reload(); });
  return loadReorder();
}

// --- stale tags -------------------------------------------------------------------------------------------
let printJob = null;
async function loadTags() {
  const [tags, templates, printers] = await Promise.all([api("/api/v1/labels/stale"),
    api("/api/v1/labels/templates"), api("/api/v1/printers")]);
  const template = $("#tag-template"), printer = $("#tag-printer");
  template.replaceChildren(...templates.filter((t) => !t.error).map((t) =>
    element("option", {value: t.name}, `${t.name} (${t.width_mm} × ${t.height_mm} mm)`)));
  template.value = localStorage.getItem("catalog.template") || "shelf-2x1";
  if (!template.value && template.options.length) template.selectedIndex = 0;
  printer.replaceChildren(...printers.map((p) => element("option", {value: p.name},
    `${p.name}${p.default ? " (default)" : ""}${p.accepting_jobs ? "" : " — not taking jobs"}`)));
  const saved = localStorage.getItem("catalog.printer");
  printer.value = printers.some((p) => p.name === saved) ? saved : ((printers.find((p) => p.default) || printers[0] || {}).name || "");
  const body = $("#tags-body");
  if (!tags.length) {
    body.replaceChildren(element("tr", {}, element("td", {colspan: "5", class: "note"},
      "No stale tags here: every printed price is still the catalog's.")));
    return;
  }
  body.replaceChildren(...tags.map((tag) => {
    const current = tag.current || {};
    const name = current.item_name ? [current.item_name, current.variation_name].filter(Boolean).join(" — ")
      : `${tag.variation_id} (no longer in the catalog)`;
    const box = element("input", {type: "checkbox", name: "tag", value: tag.variation_id, "aria-label": `Reprint ${name}`});
    box.checked = !!tag.current;
    box.disabled = !tag.current;
    return element("tr", {}, cell("Reprint", box), cell("Item", name), cell("Printed price", money(tag.price)),
      cell("Price now", tag.current ? money(tag.current_price) : "gone"), cell("Printed on", day(tag.at)));
  }));
}
function showJob(job) {
  job = latestJob(job);
  if (!printJob || job.id !== printJob.id) return;
  say(`${job.tags} tag${job.tags === 1 ? "" : "s"} on ${job.printer || "the default printer"}: ${jobWords(job)}`,
    jobKind(job));
  if (job.state === "completed") loadTags().catch((error) => say(error.message, "bad"));
}
function startTags() {
  events.addEventListener("print", (event) => showJob(JSON.parse(event.data)));
  $("#select-all").addEventListener("change", (event) => {
    document.querySelectorAll("input[name=tag]:not(:disabled)").forEach((box) => { box.checked = event.target.checked; });
  });
  $("#tag-template").addEventListener("change", (event) => localStorage.setItem("catalog.template", event.target.value));
  $("#tag-printer").addEventListener("change", (event) => localStorage.setItem("catalog.printer", event.target.value));
  $("#tags-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = [...document.querySelectorAll("input[name=tag]:checked")].map((box) => box.value);
    if (!chosen.length) { say("Choose at least one tag to print.", "bad"); return; }
    busy($("#print-stale"), async () => {
      say("Sending…");
      const job = await api("/api/v1/labels/print-stale", {method: "POST",
        body: {variation_ids: chosen, template: $("#tag-template").value, printer: $("#tag-printer").value}});
      printJob = job;
      showJob(job);
    });
  });
  return loadTags();
}

// --- the outbox -------------------------------------------------------------------------------------------
const outboxWords = {pending: "Waiting for Square", conflict: "To decide", failed: "Failed", applied: "Reached Square",
  resolved: "Decided"};
async function loadOutbox() {
  const entries = await api("/api/v1/outbox");
  const list = $("#outbox-list");
  if (!entries.length) {
    list.replaceChildren(element("p", {class: "note"}, "The outbox is empty: every change has reached Square."));
    return;
  }
  list.replaceChildren(...entries.slice().reverse().map(outboxEntry));
}
function outboxEntry(entry) {
  const head = element("div", {class: "entry-head"}, element("strong", {}, entry.label),
    element("span", {class: `badge ${entry.status}`}, outboxWords[entry.status] || entry.status),
    element("span", {class: "meta"}, `#${entry.id} · ${entry.counter} · ${when(entry.created_at)}`));
  const box = element("article", {class: `entry ${entry.status}`, id: `entry-${entry.id}`}, head);
  if (entry.status === "conflict") {
    box.append(element("p", {}, "Someone changed this in Square after the counter's change was made. Which value should stay?"));
    for (const change of entry.changes) {
      box.append(element("div", {class: "sides"},
        element("div", {class: "side mine"}, element("span", {class: "meta"}, `${change.field}: the counter wanted`),
          element("span", {class: "value"}, shown(change.new))),
        element("div", {class: "side square"}, element("span", {class: "meta"}, `${change.field}: Square has`),
          element("span", {class: "value"}, shown("remote" in change ? change.remote : null)))));
    }
    const mine = element("button", {type: "button", class: "keep-mine"}, "Keep the counter's value");
    const square = element("button", {type: "button", class: "secondary keep-square"}, "Keep Square's value");
    for (const [button, keep] of [[mine, "mine"], [square, "square"]]) {
      button.addEventListener("click", () => busy(button, async () => {
        const done = await api(`/api/v1/outbox/${entry.id}/resolve`, {method: "POST", body: {keep}});
        say(`${entry.label}: ${keep === "mine" ? "the counter's value is now in Square" : "Square's value stays"}` +
          ` (${outboxWords[done.status] || done.status}).`, "ok");
        await loadOutbox();
      }));
    }
    box.append(element("div", {class: "actions"}, mine, square));
  } else {
    box.append(element("ul", {class: "changes"}, ...entry.changes.map((change) =>
      element("li", {}, `${change.field}: ${shown(change.old)} → ${shown(change.new)}`))));
  }
  // A conflict's reason names the command-line way to decide; the buttons above are this page's way.
  if (entry.reason && entry.status !== "conflict") box.append(element("p", {class: "meta"}, entry.reason));
  return box;
}
function startOutbox() {
  const reload = () => loadOutbox().catch((error) => say(error.message, "bad"));
  events.addEventListener("edit", reload);
  events.addEventListener("outbox", reload);
  events.addEventListener("sync", (event) => { if (!JSON.parse(event.data).running) reload(); });
  return loadOutbox();
}

// --- history, printers, sync ------------------------------------------------------------------------------
// What a history row changed, when the catalog no longer has it: its kind and Square's id are all there is.
function historyObject(entry) {
  return `${entry.object_type.toLowerCase().replace(/_/g, " ")} ${entry.object_id} (no longer in the catalog)`;
}
async function loadHistory() {
  const entries = await api("/api/v1/history?limit=" + $("#history-limit").value);
  $("#history-body").replaceChildren(...(entries.length ? entries.map((entry) => element("tr", {},
    cell("When", when(entry.at)), cell("Counter", entry.counter),
    cell("What", `${entry.action} ${entry.name || historyObject(entry)}`),
    cell("Change", `${entry.field_name}: ${shown(entry.old_value)} → ${shown(entry.new_value)}`)))
    : [element("tr", {}, element("td", {colspan: "4", class: "note"}, "No changes written to Square yet."))]));
}
let printerNames = [];
async function loadPrinters() {
  const [printers, routes] = await Promise.all([api("/api/v1/printers"), api("/api/v1/printers/routes")]);
  printerNames = printers.map((p) => p.name);
  $("#printers-body").replaceChildren(...(printers.length ? printers.map((p) => element("tr", {class: p.state},
    cell("Printer", element("span", {class: "name"}, p.name + (p.default ? " (default)" : "")),
      p.make_and_model ? element("span", {class: "meta"}, p.make_and_model) : null),
    cell("State", p.state), cell("Takes jobs", p.accepting_jobs ? "yes" : "NO"),
    cell("Reports", [p.state_message, ...p.state_reasons.filter((r) => r !== "none")].filter(Boolean).join("; ") || "nothing")))
    : [element("tr", {}, element("td", {colspan: "4", class: "note"},
      "The hub has no printers yet: ask whoever looks after the hub to add one."))]));
  const routeWords = (r) => [r.template && `${r.template} labels`, r.counter && `from ${r.counter}`,
    r.location && `for ${r.location}`].filter(Boolean).join(" ");
  $("#routes-list").replaceChildren(...(routes.length
    ? routes.map((r) => element("li", {}, `${routeWords(r)} print on ${r.printer}`))
    : [element("li", {class: "note"}, "Every label prints on the hub's default printer.")]));
}
const queueWords = {queued: "Waiting", sending: "Being sent", printing: "At the printer", completed: "Printed",
  failed: "Did not print", cancelled: "Cancelled"};
function jobRow(job) {
  const actions = [];
  if (job.can_retry && (job.state !== "printing" || job.reason)) {
    const choice = element("select", {"aria-label": `Printer for ${job.title}`},
      ...printerNames.map((name) => element("option", {value: name}, name)));
    if (job.printer && printerNames.includes(job.printer)) choice.value = job.printer;
    const again = element("button", {type: "button"}, "Send again");
    again.addEventListener("click", () => busy(again, async () => {
      printJob = await api(`/api/v1/label-jobs/${job.id}/retry`, {method: "POST", body: {printer: choice.value}});
      const now = latestJob(printJob);
      say(`${now.title} on ${choice.value}: ${jobWords(now)}`, jobKind(now));
      await loadQueue();
    }));
    actions.push(element("span", {class: "inline"}, choice, again));
  }
  if (job.can_cancel) {
    const cancel = element("button", {type: "button", class: "secondary"}, "Cancel");
    cancel.addEventListener("click", () => busy(cancel, async () => {
      await api(`/api/v1/label-jobs/${job.id}/cancel`, {method: "POST", body: {}});
      say(`Cancelled: ${job.title}`);
      await loadQueue();
    }));
    actions.push(cancel);
  }
  const state = element("span", {class: `badge ${job.state}`}, queueWords[job.state] || job.state);
  return element("tr", {class: job.state, "data-job": String(job.id)}, cell("When", when(job.updated_at)),
    cell("Tags", element("span", {class: "name"}, job.title + (job.copies > 1 ? ` ×${job.copies}` : "")),
      element("span", {class: "meta"}, `${job.template}, from ${job.counter}`)),
    cell("Printer", job.printer || "default printer"),
    cell("State", state, job.reason ? element("span", {class: "meta"}, job.reason) : null),
    cell(actions.length ? "What to do" : "", ...actions));
}
async function loadQueue() {
  const jobs = await api("/api/v1/label-jobs" + ($("#queue-all").checked ? "?all=1" : ""));
  $("#queue-body").replaceChildren(...(jobs.length ? jobs.map(jobRow)
    : [element("tr", {}, element("td", {colspan: "5", class: "note"}, "No label jobs today."))]));
}
async function startPrinters() {
  $("#printers-refresh").addEventListener("click", () => loadPrinters().catch((e) => say(e.message, "bad")));
  $("#queue-all").addEventListener("change", () => loadQueue().catch((e) => say(e.message, "bad")));
  let pending = null;
  events.addEventListener("print", (event) => {
    const job = latestJob(JSON.parse(event.data));
    if (printJob && job.id === printJob.id) say(`${job.title} on ${job.printer || "the default printer"}: ${jobWords(job)}`, jobKind(job));
    // A burst of events (a job sent, then printed) reloads the queue once.
    clearTimeout(pending);
    pending = setTimeout(() => loadQueue().catch((e) => say(e.message, "bad")), 150);
  });
  await loadPrinters().catch((e) => say(e.message, "bad"));
  return loadQueue();
}
async function loadSync() {
  const status = await api("/api/v1/sync");
  const facts = [];
  const add = (label, value) => facts.push(element("dt", {}, label), element("dd", {}, value));
  if (!status.available) add("Sync", "not possible: " + status.unavailable_reason);
  add("Now", status.running ? "syncing…" : "idle");
  add("Last sync", status.finished_at ? when(status.finished_at) : "not since the hub started");
  if (status.last_line) add("What it did", status.last_line);
  add("Problems", status.last_error || "none");
  add("Syncs since the hub started", `${status.syncs} (${status.failures} failed)`);
  const catalog = status.catalog;
  add("Catalog here", `${catalog.items} items, ${catalog.variations} variations, ${catalog.categories} categories, ` +
    `${catalog.locations} locations`);
  add("Outbox", `${status.outbox.pending} waiting, ${status.outbox.conflict} to decide, ${status.outbox.failed} failed`);
  if (status.unreadable_pricing_rules.length) {
    add("Pricing rules left off prices", status.unreadable_pricing_rules.join(", ") +
      " (fix each in Square; the next sync brings it back)");
  }
  $("#sync-facts").replaceChildren(...facts);
  $("#sync-now").disabled = !status.available || status.running;
}
function startSync() {
  const button = $("#sync-now");
  button.addEventListener("click", () => busy(button, async () => {
    await api("/api/v1/sync", {method: "POST", body: {}});
    say("Syncing with Square…");
    await loadSync();
  }));
  events.addEventListener("sync", (event) => {
    const status = JSON.parse(event.data);
    if (!status.running) say(status.last_error ? "The sync failed." : "Synced.", status.last_error ? "bad" : "ok");
    loadSync().catch((error) => say(error.message, "bad"));
  });
  return loadSync();
}

// --- price plans ----------------------------------------------------------------------------------------------
const planWords = {staged: "Staged", applied: "Applied", cancelled: "Cancelled"};
async function loadPlans() {
  const plans = await api("/api/v1/plans" + ($("#plans-all").checked ? "?all=1" : ""));
  $("#plans-list").replaceChildren(...(plans.length ? plans.map(planEntry)
    : [element("p", {class: "note"}, "No price changes are staged: whoever looks after the hub stages them from a supplier's price file.")]));
}
function planEntry(plan) {
  // A Square sale's plan holds the tags that change when the sale starts or ends; Square runs the sale itself.
  const sale = plan.kind && plan.kind !== "prices";
  const lines = element("div", {class: "plan-lines"});
  const show = element("button", {type: "button", class: "secondary", "aria-expanded": "false"},
    sale ? "Show the tags" : "Show the prices");
  show.addEventListener("click", () => busy(show, async () => {
    if (show.getAttribute("aria-expanded") === "true") {
      lines.replaceChildren();
      show.setAttribute("aria-expanded", "false");
      return;
    }
    const full = await api(`/api/v1/plans/${plan.id}`);
    lines.replaceChildren(element("table", {class: "stack"}, element("thead", {}, element("tr", {},
      ...(sale ? ["Item", "Price before", "Price after", "Tag shows"] : ["Item", "Price then", "New price", "State"])
        .map((h) => element("th", {}, h)))),
    element("tbody", {}, ...full.prices.map((line) => element("tr", {}, cell("Item", line.label),
      cell("Price then", line.old_price ? money(line.old_price) : "variable"), cell("New price", money(line.new_price)),
      cell("State", [line.status === "staged" ? "" : line.status, line.message].filter(Boolean).join(": ")))))));
    show.setAttribute("aria-expanded", "true");
  }));
  const actions = [show];
  if (plan.status === "staged") {
    const print = element("button", {type: "button"}, "Print its tags");
    print.addEventListener("click", () => busy(print, async () => {
      say("Sending…");
      printJob = await api(`/api/v1/plans/${plan.id}/print`, {method: "POST",
        body: {template: $("#plan-template").value, printer: $("#plan-printer").value}});
      const job = latestJob(printJob);
      say(`${job.title} on ${job.printer || "the default printer"}: ${jobWords(job)}`, jobKind(job));
    }));
    const cancel = element("button", {type: "button", class: "secondary"}, "Cancel the plan");
    cancel.addEventListener("click", () => busy(cancel, async () => {
      if (!confirm(`Cancel “${plan.name}”? None of its prices will change.`)) return;
      await api(`/api/v1/plans/${plan.id}/cancel`, {method: "POST", body: {}});
      say(`“${plan.name}” is cancelled.`, "ok");
      await loadPlans();
    }));
    actions.push(print);
    if (!sale) actions.push(cancel);
  }
  const count = sale ? `${plan.lines} tag${plan.lines === 1 ? "" : "s"}` : `${plan.lines} price${plan.lines === 1 ? "" : "s"}`;
  return element("section", {class: `entry ${plan.status}`},
    element("div", {class: "entry-head"}, element("strong", {}, plan.name),
      element("span", {class: `badge ${plan.status}`}, planWords[plan.status] || plan.status),
      ...(sale ? [element("span", {class: "badge sale"}, "Square sale")] : []),
      element("span", {class: "meta"}, `${when(plan.effective_at)} · ${count} · `
        + (plan.location ? `at ${plan.location}` : "base prices"))),
    element("div", {class: "vendor-tools"}, ...actions), lines);
}
async function startPlans() {
  const [templates, printers] = await Promise.all([api("/api/v1/labels/templates"), api("/api/v1/printers")]);
  $("#plan-template").replaceChildren(...templates.filter((t) => !t.error).map((t) =>
    element("option", {value: t.name}, t.name)));
  $("#plan-template").value = localStorage.getItem("catalog.template") || "shelf-2x1";
  $("#plan-printer").replaceChildren(...printers.map((p) => element("option", {value: p.name},
    p.name + (p.default ? " (default)" : ""))));
  const saved = localStorage.getItem("catalog.printer");
  if (printers.some((p) => p.name === saved)) $("#plan-printer").value = saved;
  $("#plans-all").addEventListener("change", () => loadPlans().catch((e) => say(e.message, "bad")));
  $("#plan-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const file = $("#plan-file").files[0];
    if (!file) { say("Choose the supplier's price file.", "bad"); return; }
    busy($("#plan-stage"), async () => {
      const staged = await api("/api/v1/plans", {method: "POST", body: {csv: await file.text(), file: file.name,
        at: $("#plan-at").value.replace("T", " "), name: $("#plan-name").value || null, where: $("#plan-where").value}});
      say(`Staged “${staged.name}”: ${staged.lines} price${staged.lines === 1 ? "" : "s"} from ${when(staged.effective_at)}.`, "ok");
      $("#plan-form").reset();
      await loadPlans();
    });
  });
  events.addEventListener("plans", () => loadPlans().catch((e) => say(e.message, "bad")));
  events.addEventListener("print", (event) => {
    const job = latestJob(JSON.parse(event.data));
    if (printJob && job.id === printJob.id) say(`${job.title} on ${job.printer || "the default printer"}: ${jobWords(job)}`, jobKind(job));
  });
  return loadPlans();
}

// --- stock counts ------------------------------------------------------------------------------------------
const AREA_WORDS = {open: "Being counted", counted: "Counted", recount: "Sent back to count again", done: "Done"};
const COUNT_WORDS = {open: "Open", posting: "Going to Square", posted: "Posted", cancelled: "Cancelled"};
function listOf(text) { return text.split(",").map((part) => part.trim()).filter(Boolean); }
function itemName(line) { return line.variation_name ? `${line.item_name} — ${line.variation_name}` : line.item_name; }
function plural(count, word) { return `${count} ${word}${count === 1 ? "" : "s"}`; }
// The counts whose differences are shown: the list is drawn again as counters scan, and they stay open.
const reviewsShown = new Set();
async function loadCounts() {
  const counts = await api("/api/v1/counts" + ($("#counts-all").checked ? "?all=1" : ""));
  $("#counts-list").replaceChildren(...(counts.length ? counts.map(countEntry)
    : [element("p", {class: "note"}, "No count is open. Start one above; the counters then scan in count mode.")]));
}
function countEntry(count) {
  const open = count.status === "open";
  // A button that asks the hub for a change to this count, says what it did, and shows the count again.
  const act = (label, path, done, kind = "secondary", body = {}) => {
    const button = element("button", {type: "button", class: kind}, label);
    button.addEventListener("click", () => busy(button, async () => {
      say(done(await api(`/api/v1/counts/${count.id}/${path}`, {method: "POST", body: typeof body === "function" ? body() : body})), "ok");
      await loadCounts();
    }));
    return button;
  };
  const rows = count.areas.map((area) => {
    const actions = [];
    if (open && ["open", "recount"].includes(area.status))
      actions.push(act("Counted", `areas/${area.id}/counted`, () => `${area.name} is counted.`));
    if (open && ["open", "counted"].includes(area.status))
      actions.push(act("Accept", `areas/${area.id}/done`, (done) => done.proposed_zeros.length
        ? `${area.name} is done. Nobody counted ${plural(done.proposed_zeros.length, "item")} in it (`
          + done.proposed_zeros.slice(0, 5).map(itemName).join("; ") + (done.proposed_zeros.length > 5 ? "; …" : "")
          + "): posting with zeros sets them to 0 in Square."
        : `${area.name} is done: everything in it was counted.`));
    if (open && ["counted", "done"].includes(area.status))
      actions.push(act("Count again", `areas/${area.id}/recount`, () => `${area.name} is sent back to be counted again.`));
    return element("tr", {}, cell("Area", area.name),
      cell("State", AREA_WORDS[area.status] + (area.round > 1 ? ` (round ${area.round})` : "")),
      cell("Counted", `${area.counted} of ${area.size}`), cell("Units", String(area.units)), cell("What to do", ...actions));
  });
  const review = element("div", {class: "count-review"});
  const show = element("button", {type: "button", class: "secondary", "aria-expanded": "false"}, "Show the differences");
  const fill = async () => {
    const found = await api(`/api/v1/counts/${count.id}/review`);
    const total = found.totals;
    review.replaceChildren(element("table", {class: "stack"}, element("thead", {}, element("tr", {},
      ...["Item", "Area", "Counted", "Square expected", "Difference", "At cost"].map((h) => element("th", {}, h)))),
    element("tbody", {}, ...found.lines.map((line) => element("tr", {class: line.variance ? "differs" : ""},
      cell("Item", itemName(line)), cell("Area", line.area || ""),
      cell("Counted", String(line.counted) + (line.earlier_counts.length ? ` (before: ${line.earlier_counts.join(", ")})` : "")
        + (line.counted_by.length > 1 ? ` (${line.counted_by.map((c) => `${c.counter} ${c.quantity}`).join(", ")})` : "")),
      cell("Square expected", line.expected === null ? "?" : String(line.expected)),
      cell("Difference", line.variance === null ? "?" : (line.variance > 0 ? "+" : "") + line.variance),
      cell("At cost", line.variance_cost ? money(line.variance_cost) : ""))))),
    element("p", {class: "meta"}, `${plural(total.lines, "line")}: ${total.counted} counted against ${total.expected} expected, `
      + `difference ${total.variance > 0 ? "+" : ""}${total.variance}` + total.variance_cost.map((m) => `, ${money(m)} at cost`).join("")
      + (found.not_counted.length ? `. ${plural(found.not_counted.length, "item")} not counted yet.` : ".")));
    show.setAttribute("aria-expanded", "true");
  };
  show.addEventListener("click", () => busy(show, async () => {
    if (show.getAttribute("aria-expanded") === "true") {
      review.replaceChildren();
      show.setAttribute("aria-expanded", "false");
      reviewsShown.delete(count.id);
      return;
    }
    reviewsShown.add(count.id);
    await fill();
  }));
  if (reviewsShown.has(count.id)) fill().catch((e) => say(e.message, "bad"));
  const tools = [show,
    element("a", {href: `/api/v1/counts/${count.id}/export.pdf`, download: "", class: "download"}, "Report PDF"),
    element("a", {href: `/api/v1/counts/${count.id}/export.csv`, download: "", class: "download"}, "Lines CSV")];
  if (open) {
    const over = element("input", {type: "number", min: "0", value: "5", class: "units", "aria-label": "Units out either way"});
    const zero = element("input", {type: "checkbox"});
    tools.push(
      element("label", {}, "Lines more than ", over, " units out: "),
      act("Send back to count again", "recount", (sent) => sent.area
        ? `${plural(sent.area.ids.length, "line")} sent back as ${sent.area.name}: count them again.` : "No line is that far out.",
        "secondary", () => ({over: Number(over.value)})),
      element("label", {class: "check"}, zero, " Post 0 for what nobody counted in done areas"));
    const post = act("Post to Square", "post", (posted) => posted.complete
      ? `Posted: Square has ${plural(posted.posted, "count")}.`
      : `Posted in part: ${posted.posted} in Square, ${posted.refused} refused, ${posted.untracked} not tracked, ${posted.waiting} waiting.`,
      "", () => ({zero_uncounted: zero.checked}));
    post.addEventListener("click", (event) => {
      if (!confirm(`Post “${count.name}” to Square? Square's stock becomes what was counted.`)) event.stopImmediatePropagation();
    }, {capture: true});
    const cancel = act("Cancel the count", "cancel", () => `“${count.name}” is cancelled; nothing went to Square.`);
    cancel.addEventListener("click", (event) => {
      if (!confirm(`Cancel “${count.name}”? Nothing of it goes to Square.`)) event.stopImmediatePropagation();
    }, {capture: true});
    tools.push(post, cancel);
  }
  return element("section", {class: `entry ${count.status}`},
    element("div", {class: "entry-head"}, element("strong", {}, count.name),
      element("span", {class: `badge ${count.status}`}, COUNT_WORDS[count.status] || count.status),
      ...(count.blind ? [element("span", {class: "badge"}, "Blind")] : []),
      element("span", {class: "meta"}, `${plural(count.lines, "line")}, ${count.units} units · started ${when(count.started_at)} by ${count.counter}`)),
    ...(rows.length ? [element("table", {class: "stack"}, element("thead", {}, element("tr", {},
      ...["Area", "State", "Counted", "Units", "What to do"].map((h) => element("th", {}, h)))), element("tbody", {}, ...rows))] : []),
    element("div", {class: "vendor-tools"}, ...tools), review);
}
function startCounts() {
  $("#counts-all").addEventListener("change", () => loadCounts().catch((e) => say(e.message, "bad")));
  $("#count-form").addEventListener("submit", (event) => {
    event.preventDefault();
    busy($("#count-start"), async () => {
      const due = $("#count-due").value;
      const count = await api("/api/v1/counts", {method: "POST", body: {name: $("#count-name").value || null,
        shelves: listOf($("#count-shelves").value), categories: listOf($("#count-categories").value),
        vendors: listOf($("#count-vendors").value), due: due ? Number(due) : null,
        everything: $("#count-everything").checked, blind: $("#count-blind").checked}});
      say(`“${count.name}” is open: the counters can scan in count mode.`, "ok");
      $("#count-form").reset();
      await loadCounts();
    });
  });
  // Counters' scans move the areas on: shown again at most once a second.
  let pending = null;
  const later = () => { if (!pending) pending = setTimeout(() => { pending = null; loadCounts().catch((e) => say(e.message, "bad")); }, 1000); };
  events.addEventListener("counts", later);
  events.addEventListener("scan", later);
  return loadCounts();
}

const starts = {
  reorder: startReorder, tags: startTags, outbox: startOutbox,
  history: () => { $("#history-limit").addEventListener("change", () => loadHistory().catch((e) => say(e.message, "bad")));
    return loadHistory(); },
  printers: startPrinters, plans: startPlans, counts: startCounts,
  sync: startSync,
};
if (starts[page]) Promise.resolve().then(starts[page]).catch((error) => say(error.message, "bad"));
