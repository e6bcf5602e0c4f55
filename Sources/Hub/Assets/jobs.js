"use strict";
// Label jobs of the print queue as staff read them, for the pages that print: the counter's panels and the back
// office (served with each, so the counter page's first load goes without it).
// A label job of the print queue, its state in staff words, and whether it went well, is under way or went wrong.
const JOB_WORDS = {queued: "waiting to be sent", sending: "being sent", printing: "sent, waiting for the printer",
  completed: "printed", failed: "did not print", cancelled: "cancelled"};
function jobWords(job) { return (JOB_WORDS[job.state] || job.state) + (job.reason ? " — " + job.reason : ""); }
function jobKind(job) {
  return job.state === "completed" ? "ok" : job.state === "failed" || (job.state === "printing" && job.reason) ? "bad" : "";
}
// The latest of a job's answer and its events: its end can come (as an event) before the answer does.
const jobsSeen = {};
function latestJob(job) {
  const seen = jobsSeen[job.id];
  if (seen && seen.updated_at > job.updated_at) return seen;
  jobsSeen[job.id] = job;
  return job;
}
