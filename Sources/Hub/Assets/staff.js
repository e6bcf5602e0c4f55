"use strict";
// A manager's name and PIN, asked for in a dialog saying `why` when the hub says only a manager may make a change
// (hub.js api() sends it again with them); null when cancelled. Served after counter-panels.js and office.js: not
// part of the counter page's first load.
function askStaff(why) {
  const input = (label, type) => element("input", {"aria-label": label, placeholder: label, type, autocomplete: "off"});
  const name = input("Name", "text"), pin = input("PIN", "password");
  pin.inputMode = "numeric";
  const box = element("dialog", {id: "staff"}, element("form", {method: "dialog"}, element("p", {}, why), name, pin,
    element("button", {value: "ok"}, "OK"), element("button", {value: ""}, "Cancel")));
  document.body.append(box);
  box.showModal();
  return new Promise((done) => box.addEventListener("close", () => {
    box.remove();
    done(box.returnValue ? {name: name.value, pin: pin.value} : null);
  }));
}
