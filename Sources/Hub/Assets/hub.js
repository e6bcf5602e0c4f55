"use strict";
// What every page of the hub shares: reading the page's meta values, talking to the API with the device's
// CSRF token, making elements, and showing money and times. Loaded before the page's own script.
const $ = (selector) => document.querySelector(selector);
const meta = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content || "";
const csrf = meta("csrf-token"), deviceName = meta("device-name");

// --- talking to the hub -------------------------------------------------------------------------------------
async function api(path, options = {}) {
  const init = {method: options.method || "GET", credentials: "same-origin", headers: {Accept: "application/json"}};
  if (init.method !== "GET") init.headers["X-CSRF-Token"] = csrf;
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  const response = await fetch(path, init);
  const answer = await response.json().catch(() => null);
  if (response.status === 401) { window.location.assign("/pair"); throw new Error("This device is not paired."); }
  if (!response.ok) throw new Error((answer && answer.error) || `The hub answered ${response.status}.`);
  // What the hub says about an answer (why a search found nothing), kept with it.
  const note = response.headers.get("Catalog-Note");
  if (note && answer && typeof answer === "object") answer.note = decodeURIComponent(note);
  return answer;
}

// --- showing values ---------------------------------------------------------------------------------------
const digitsCache = {};
function fractionDigits(currency) {
  if (!(currency in digitsCache)) {
    try {
      digitsCache[currency] = new Intl.NumberFormat("en", {style: "currency", currency}).resolvedOptions()
        .maximumFractionDigits;
    } catch (error) { digitsCache[currency] = 2; }
  }
  return digitsCache[currency];
}
function money(value) {
  if (!value) return "variable price";
  const digits = fractionDigits(value.currency);
  return (value.amount / Math.pow(10, digits)).toFixed(digits) + " " + value.currency;
}
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
function clock(iso) {
  const date = iso ? new Date(iso) : new Date();
  // Staff read the time at a glance: 24-hour, no seconds (14:05).
  return isNaN(date) ? "" : date.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", hourCycle: "h23"});
}

