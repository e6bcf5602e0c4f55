"use strict";
// The counter screen's panels, loaded the first time one opens (counter.js's panels()) and fetched ahead when the
// browser is idle: printing a tag, changing the price, and what to do with an unknown code. They run beside
// counter.js and use its helpers and state (the card, showVariation, keep, unreachable).

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
  if (!response) {
    // Not sent, or sent and its answer lost: kept, and sent again when the hub answers (with the price seen, so
    // a second arrival meets its own value and writes nothing).
    unreachable();
    const entry = {kind: "price", path: `/api/v1/variations/${encodeURIComponent(v.variation_id)}/price`, id: newScanID(),
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
  status.textContent = answer.status === "queued"
    ? `Not sent yet: ${answer.reason}. It waits in the outbox (#${answer.outbox_id}) and goes with the next sync.`
    : answer.status === "unchanged" ? "Square already has this price." : `Changed in Square: ${answer.text.split("\n").slice(1).join("; ").trim()}`;
  if (answer.status === "applied") setTimeout(() => { if (shown && shown.variation_id === v.variation_id) refreshCard(v.variation_id, status.textContent); }, 300);
}
