// The page "Judge a game": the form sent to the library (compiled to
// WebAssembly, crates/web), the judged game shown ply by ply.
import init, { explain_game, dead_position } from "./pkg/drawrules_web.js";

const $ = (id) => document.getElementById(id);
const state = { judged: null, ply: 0 };

const CLAIM_ARTICLES = {
  "threefold-repetition": ["9.2.2", "9.2.1"],
  "fifty-moves": ["9.3.2", "9.3.1"],
};
const ENDING_ARTICLES = {
  "checkmate": "5.1.1",
  "stalemate": "5.2.1",
  "dead-position": "5.2.2",
  "fivefold-repetition": "9.6.1",
  "seventy-five-moves": "9.6.2",
};

function text(element, value) {
  element.textContent = value;
  return element;
}

function item(term, ...values) {
  const dt = document.createElement("dt");
  text(dt, term);
  const dd = document.createElement("dd");
  for (const value of values) {
    if (typeof value === "string") {
      dd.appendChild(document.createTextNode(value));
    } else {
      dd.appendChild(value);
    }
  }
  $("judge-record").append(dt, dd);
  return dd;
}

function request() {
  const input = $("judge-moves").value;
  const pgn = /[\[{($]/.test(input);
  return JSON.stringify({
    fen: $("judge-fen").value.trim() || null,
    chess960: $("judge-chess960").checked,
    moves: pgn ? "" : input,
    pgn: pgn ? input : "",
    edition: document.querySelector("input[name=edition]:checked").value,
    exact: $("judge-exact").checked,
  });
}

function run(event) {
  if (event) event.preventDefault();
  const judged = JSON.parse(explain_game(request()));
  state.judged = judged;
  const error = $("judge-error");
  if (judged.error) {
    error.hidden = false;
    text(error, judged.error.message);
    error.dataset.ply = judged.error.ply ?? "";
  } else {
    error.hidden = true;
    text(error, "");
    delete error.dataset.ply;
  }
  text($("judge-notes"), judged.notes.join(" "));
  $("judge-view").hidden = judged.plies.length === 0;
  const body = $("judge-table").tBodies[0];
  body.replaceChildren();
  judged.plies.forEach((ply, index) => {
    const row = body.insertRow();
    row.dataset.ply = index;
    for (const cell of ply.cells) text(row.insertCell(), cell);
    row.addEventListener("click", () => show(index));
  });
  show(judged.plies.length - 1);
}

function show(index) {
  const judged = state.judged;
  if (!judged || judged.plies.length === 0) return;
  index = Math.max(0, Math.min(index, judged.plies.length - 1));
  state.ply = index;
  const ply = judged.plies[index];
  const status = ply.status;
  $("judge-board").innerHTML = ply.svg;
  text($("judge-where"), `ply ${index} of ${judged.plies.length - 1}`);
  $("judge-record").replaceChildren();
  // The move in the notation the game was given in, the other beside it.
  const [first, second] = judged.uci ? [ply.uci, ply.san] : [ply.san, ply.uci];
  item("Move", ply.san ? `${first} (${second})` : "none: the start position");
  item("Position", status.fen);
  item("Clock", `${status.clock} plies since the last pawn move or capture (a claim at 100, 9.3; the game ends at 150, 9.6.2)`);
  const times = status.repetition === 1 ? "once" : `${status.repetition} times`;
  const earlier = ply.earlier.length
    ? `, before at ${ply.earlier.length === 1 ? "ply" : "plies"} ${ply.earlier.join(", ")}`
    : "";
  item("Repetition", `this position has stood ${times}${earlier} (9.2.3)`);
  const now = status.claims.map((claim) => `${claim} (${CLAIM_ARTICLES[claim][0]})`);
  item("Claims now", now.length ? now.join(", ") : "none");
  const written = [];
  for (const [claim, moves] of Object.entries(ply.written)) {
    if (moves.length) written.push(`${claim} (${CLAIM_ARTICLES[claim][1]}) on ${moves.join(" ")}`);
  }
  item("Claims on a written move", written.length ? written.join("; ") : "none");
  const ended = status.ended.map((ending) => `${ending} (${ENDING_ARTICLES[ending]})`);
  item("Endings", ended.length ? ended.join(", ") : "none: the game goes on");
  if (status.undetermined && status.undetermined.length) {
    item("Undetermined", status.undetermined.map((ending) => `${ending} (${ENDING_ARTICLES[ending]}): decided neither way within the budget; the game goes on`).join(", "));
  }
  item("Result", status.result);
  text($("judge-json"), JSON.stringify(status));
  text($("judge-dead"), "");
  // The verdict of the ply shown, naming how 5.2.2 was decided; none when
  // the input stopped being playable (the error says why).
  const last = judged.plies.length - 1;
  const verdict = index === last ? ply.verdict : `At ply ${index} (the game goes on to ply ${last}): ${ply.verdict}`;
  text($("judge-verdict"), judged.error ? "" : verdict);
  for (const row of $("judge-table").tBodies[0].rows) {
    row.classList.toggle("shown", Number(row.dataset.ply) === index);
  }
}

// What the status record says of 5.2.2: "dead", "undetermined" or "alive".
function recorded(status) {
  if (status.ended.includes("dead-position")) return "dead";
  if ((status.undetermined ?? []).includes("dead-position")) return "undetermined";
  return "alive";
}

function decide() {
  let judged = state.judged;
  if (!judged || judged.plies.length === 0) return;
  let index = state.ply;
  // One answer on the page: the evidence belongs to the same judgement as
  // the record and the verdict. A game judged by material is first judged
  // again with 5.2.2 decided exactly, at the same ply.
  if (!judged.exact) {
    $("judge-exact").checked = true;
    run();
    judged = state.judged;
    if (judged.plies.length === 0) return;
    show(index);
    index = state.ply;
  }
  const status = judged.plies[index].status;
  const evidence = JSON.parse(dead_position(status.fen, judged.chess960));
  const out = $("judge-dead");
  out.replaceChildren();
  if (evidence.error) {
    text(out, evidence.error);
    return;
  }
  const verdict = document.createElement("p");
  const record = recorded(status);
  // "alive (white)": the side that can mate, beside the answer.
  text(verdict, record === evidence.verdict.split(" ")[0]
    ? `5.2.2, decided exactly at ply ${index}: ${evidence.verdict}, as the record and the verdict say`
    : `5.2.2, decided exactly at ply ${index}: ${evidence.verdict}, but the record says ${record}: a bug, please report it`);
  verdict.className = "judge-dead-verdict";
  out.appendChild(verdict);
  const list = document.createElement("ul");
  for (const [side, answer] of [["White", evidence.white], ["Black", evidence.black]]) {
    const li = document.createElement("li");
    let said = `${side}: ${answer.answer}`;
    if (answer.reason === "exhausted") said += ` (every reachable position seen, ${answer.positions}, none a mate)`;
    else if (answer.reason === "wall") said += " (a locked wall: no man of this side can ever reach the other king)";
    else if (answer.reason === "material") said += " (the material can never mate)";
    if (answer.line.length) said += ` by the helpmate line ${answer.line.join(" ")}`;
    text(li, said);
    list.appendChild(li);
  }
  out.appendChild(list);
}

function keys(event) {
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || !state.judged) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) show(state.ply + moves[event.key]);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(state.judged.plies.length - 1);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

async function start() {
  try {
    await init();
  } catch (error) {
    text($("judge-loading"), `The rules could not be loaded (${error}): build the page with book/build.sh.`);
    return;
  }
  $("judge-loading").hidden = true;
  $("judge-form").addEventListener("submit", run);
  $("judge-first").addEventListener("click", () => show(0));
  $("judge-prev").addEventListener("click", () => show(state.ply - 1));
  $("judge-next").addEventListener("click", () => show(state.ply + 1));
  $("judge-last").addEventListener("click", () => show(state.judged.plies.length - 1));
  $("judge-dead-go").addEventListener("click", decide);
  // Before mdBook's own keys (its arrows turn the page).
  document.addEventListener("keydown", keys, true);
  document.body.dataset.judgeReady = "true";
  const params = new URLSearchParams(location.search);
  if (params.has("moves") || params.has("fen") || params.has("pgn")) {
    $("judge-fen").value = params.get("fen") ?? "";
    $("judge-moves").value = params.get("moves") ?? params.get("pgn") ?? "";
    if (params.get("edition") === "fide-2014") document.querySelector("input[value=fide-2014]").checked = true;
    $("judge-exact").checked = params.has("exact");
    run();
  }
}

start();
