"use strict";
// What every page of the hub shares: reading the page's meta values, talking to the API with the device's
// CSRF token, making elements, and showing money and times. Loaded before the page's own script.
const $ = (selector) => document.querySelector(selector);
const meta = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content || "";
const csrf = meta("csrf-token"), deviceName = meta("device-name");

// --- talking to the hub -------------------------------------------------------------------------------------
// A new id for one change (a scan, a kept entry, an Idempotency-Key): the hub does a change once per id.
function newRequestID() {
  if (crypto.randomUUID) return crypto.randomUUID();  // only in a secure context
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
// Each change carries its own Idempotency-Key (`options.key`, else a new one): sent again, it is done once.
async function api(path, options = {}) {
  const init = {method: options.method || "GET", credentials: "same-origin", headers: {Accept: "application/json"}};
  if (init.method !== "GET") {
    init.headers["X-CSRF-Token"] = csrf;
    init.headers["Idempotency-Key"] = options.key || newRequestID();
  }
  if (options.staff) { init.headers["X-Staff-Name"] = options.staff.name; init.headers["X-Staff-PIN"] = options.staff.pin; }
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  const response = await fetch(path, init);
  const answer = await response.json().catch(() => null);
  if (response.status === 401) { window.location.assign("/pair"); throw new Error("This device is not paired."); }
  // Only a manager may: ask for a manager's name and PIN (again after a wrong one), then send it again under
  // the same key. The PIN is not kept.
  if (response.status === 403 && answer && answer.needs === "manager") {
    if (typeof askStaff !== "function") await panels(); // staff.js comes with the counter page's panels
    const staff = await askStaff(answer.error);
    if (staff) return api(path, {...options, key: init.headers["Idempotency-Key"], staff});
  }
  if (!response.ok) throw new Error((answer && answer.error) || `The hub answered ${response.status}.`);
  // What the hub says about an answer (why a search found nothing), kept with it.
  const note = response.headers.get("Catalog-Note");
  if (note && answer && typeof answer === "object") answer.note = decodeURIComponent(note);
  return answer;
}

// --- showing values ---------------------------------------------------------------------------------------
// Money and times as the counter's location writes them (its Square language, currency and time zone, in the
// page's meta locale, currency and time-zone), whatever the browser is set to: £4.49 and 14:05 in en-GB.
const shopLocale = meta("locale") || undefined, shopZone = meta("time-zone") || undefined;
const moneyFormats = {};
function moneyFormat(currency) {
  if (!(currency in moneyFormats)) {
    try { moneyFormats[currency] = new Intl.NumberFormat(shopLocale, {style: "currency", currency}); }
    catch { moneyFormats[currency] = new Intl.NumberFormat("en", {style: "currency", currency: "XXX"}); }
  }
  return moneyFormats[currency];
}
function fractionDigits(currency) { return moneyFormat(currency).resolvedOptions().maximumFractionDigits; }
function money(value) {
  if (!value) return "variable price";
  return moneyFormat(value.currency).format(value.amount / Math.pow(10, fractionDigits(value.currency)));
}
// The amount alone, as a person types it back (4.49): for a field holding a price.
function amount(value) {
  if (!value) return "";
  const digits = fractionDigits(value.currency);
  return (value.amount / Math.pow(10, digits)).toFixed(digits);
}
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
// Staff read the time at a glance: 24-hour, no seconds (14:05). One formatter for the page: toLocaleTimeString
// with options builds a new one each time, which was half a millisecond of every scan's answer.
let clockFormat = null;
function clock(iso) {
  const date = iso ? new Date(iso) : new Date();
  if (isNaN(date)) return "";
  if (!clockFormat) {
    try { clockFormat = new Intl.DateTimeFormat(shopLocale, {hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: shopZone}); }
    catch { clockFormat = new Intl.DateTimeFormat([], {hour: "2-digit", minute: "2-digit", hourCycle: "h23"}); }
  }
  return clockFormat.format(date);
}

// --- the hub's events: one stream per browser, shared by its tabs -------------------------------------------
// A browser opens at most six connections to a host, so a stream per tab would leave a seventh tab blank. One
// tab, the leader, holds the only EventSource and passes each event (and whether the stream is open) to the
// others over a BroadcastChannel. The leader holds the Web Lock "catalog-events", which the browser hands to a
// waiting tab the moment the leader's tab closes; where there are no Web Locks (plain HTTP to another computer
// is not a secure context) the leader says so every second, and another tab takes over after 3 s of silence,
// or at once when the leader's tab says goodbye; of two leaders the later stays (the other may be a background
// tab whose timers the browser slowed). A new leader asks the hub for what came after the last event its tab
// saw (Last-Event-ID), and an event seen already (ids are <run>-<n>, n counting up) is dropped. hubEvents()
// answers like an EventSource: addEventListener(type, handler), handler({data, lastEventId}); "open" and
// "error" say the stream is open or lost. Other tabs hear only the events in HUB_EVENTS (and those the
// leader's own page listens for): an event the hub adds belongs in it.
const HUB_EVENTS = ["scan", "sync", "print", "mode", "edit", "reorder", "outbox", "stock", "device", "plans", "counts"];
function hubEvents() {
  if (hubEvents.shared) return hubEvents.shared;
  const target = new EventTarget(), types = new Set(HUB_EVENTS), me = Math.random();
  const channel = window.BroadcastChannel && new BroadcastChannel("catalog-events");
  let source, online, lastId = "", lastRun, lastN, since, leader, heard = Date.now() - 2500;
  const post = (message) => channel && channel.postMessage(message);
  function deliver(type, data, id) {
    if (id) {
      const [run, n] = id.split("-");
      if (run === lastRun && +n <= lastN) return;
      [lastRun, lastN, lastId] = [run, +n, id];
    }
    target.dispatchEvent(new MessageEvent(type, {data, lastEventId: lastId}));
  }
  function state(open) {
    if (source) post({open});
    if (open !== online) deliver((online = open) ? "open" : "error");
  }
  const relay = (type) => source.addEventListener(type, ({data, lastEventId: id}) => {
    post({type, data, id});
    deliver(type, data, id);
  });
  function lead() {
    [since, leader] = [Date.now(), me];
    source = new EventSource("/api/v1/events" + (lastId ? "?last=" + encodeURIComponent(lastId) : ""));
    types.forEach(relay);
    source.onopen = () => state(true);
    source.onerror = () => {
      state(false);
      // An answer that was not a stream (a proxy's error page) ends it for good: opened again in 2 s.
      const closed = () => source && source.readyState === EventSource.CLOSED;
      if (closed()) setTimeout(() => closed() && lead(), 2000);
    };
    tick();
  }
  function tick() {
    if (source) post({leader: me, since});
    else if (Date.now() - heard > 3000) lead();
  }
  if (channel) channel.onmessage = ({data: message}) => {
    if (message.type) deliver(message.type, message.data, message.id);
    else if ("open" in message) state(message.open);
    else if (message.hello && source) { post({open: online}); tick(); }
    else if (message.bye && message.bye === leader) { heard = 0; setTimeout(tick, Math.random() * 300); }
    else if (message.leader && !(source && (message.since < since || (message.since === since && message.leader < me)))) {
      if (source) { source.close(); source = null; }
      [leader, heard] = [message.leader, Date.now()];
    }
  };
  if (!channel) lead();
  // The lock is held while the tab lives: the promise never settles.
  else if (navigator.locks) navigator.locks.request("catalog-events", () => new Promise(lead)).catch(lead);
  else {
    setInterval(tick, 1000);
    addEventListener("pagehide", () => source && post({bye: me}));
  }
  post({hello: 1});
  return hubEvents.shared = {
    addEventListener(type, handler) {
      target.addEventListener(type, handler);
      if (type === "open" || type === "error" || types.has(type)) return;
      types.add(type);
      if (source) relay(type);
    },
  };
}
