"use strict";
// Pairs this browser with the hub: the code and a name go to POST /api/v1/pair, which sets the device cookie.
document.getElementById("pair-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const problem = document.getElementById("pair-problem");
  const form = new FormData(event.target);
  problem.textContent = "Pairing…";
  try {
    const response = await fetch("/api/v1/pair", {
      method: "POST", headers: {"Content-Type": "application/json"}, credentials: "same-origin",
      body: JSON.stringify({code: form.get("code"), device_name: form.get("device_name")}),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      problem.textContent = answer.error || "The hub refused (" + response.status + ").";
      const code = document.getElementById("code");
      code.setAttribute("aria-invalid", "true");
      code.focus();
      return;
    }
    problem.textContent = "";
    window.location.replace("/");
  } catch (error) {
    problem.textContent = "Cannot reach the hub: " + error.message + ". Check the network and try again.";
  }
});
