#!/usr/bin/env python3
"""Browser tests of the book's page "Judge a game", in Chromium.

The built book (book/build.sh) is served over HTTP from a thread of this
process and Debian's Chromium is driven headless through chromium-driver
(WebDriver). The three stories of the project are played through the page,
with what it shows checked at each ply; then bad input, whose error must
read as the command line's (the drawrules binary is run for it), the
edition choice and the 5.2.2 evidence. A screenshot of every state checked
is saved (DRAWRULES_SCREENSHOTS, default target/browser-screenshots).

    python3 book/tests/browser.py [-v]

Exit status 0 when every test passes, 1 otherwise; the browser, its driver
and the server are stopped either way.
"""

import functools
import http.server
import os
import pathlib
import subprocess
import sys
import threading
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOOK = ROOT / "book" / "build"
SHOTS = pathlib.Path(os.environ.get("DRAWRULES_SCREENSHOTS", ROOT / "target" / "browser-screenshots"))
DRAWRULES = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "drawrules"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def setUpModule():
    global SERVER, BROWSER, URL
    if not (BOOK / "judge" / "pkg" / "drawrules_web_bg.wasm").is_file():
        raise RuntimeError(f"{BOOK} holds no built page: run book/build.sh first")
    if not DRAWRULES.is_file():
        raise RuntimeError(f"{DRAWRULES} is missing: cargo build --release -p drawrules-cli first")
    SERVER = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(BOOK)))
    threading.Thread(target=SERVER.serve_forever, daemon=True).start()
    URL = f"http://127.0.0.1:{SERVER.server_address[1]}/judge.html"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1800", "--hide-scrollbars"):
        options.add_argument(argument)
    BROWSER = webdriver.Chrome(service=Service(DRIVER), options=options)
    SHOTS.mkdir(parents=True, exist_ok=True)


def tearDownModule():
    BROWSER.quit()
    SERVER.shutdown()
    SERVER.server_close()


# What every verdict of a game judged under the default edition, by
# material, ends with.
MATERIAL_2018 = "(Laws of 2018, also 2017 and 2023; Article 5.2.2 judged by material alone)"

# A position whose 5.2.2 no search decides, and 140 quiet moves from it
# that never repeat a position (drawn at random once, kept).
LOCKED_CORNER = "k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w - - 0 1"
LOCKED_CORNER_MOVES = (
    "f6h4 c6d5 h4d8 d5c6 g7h6 c6e4 d2c1 e4g6 h6g5 g6e8 e5c7 b7h1 c3b4 h1c6 "
    "c7g3 a8b7 d4f6 b7c8 d8b6 c6f3 g3f2 e8b5 e3d4 f3g2 f6e7 g2f1 f2e1 f1c4 "
    "e1d2 c4e6 b4d6 c8b7 d6c5 b5a4 d4g7 a4e8 g7f6 e8g6 c5d4 b7b8 e7c5 g6c2 "
    "d4e5 b8c8 c5d6 e6d5 f6g7 c2d1 g7h6 d5f7 b6e3 f7d5 e5d4 d1c2 d6b4 c8b7 "
    "g5e7 d5g2 b4c5 g2c6 c5b4 c2f5 e3g5 f5d7 e7f6 b7c7 g5h4 c6a4 d4f2 d7e8 "
    "h6g7 e8b5 g7f8 b5d3 d2e3 d3e2 f2g1 e2c4 e3g5 c4e2 f6d8 c7b8 h8f6 b8a8 "
    "h4e1 e2d3 d8e7 a8b8 e1c3 d3b1 c1e3 b1d3 f6h8 d3c4 e3b6 c4f7 g5c1 f7c4 "
    "g1h2 b8c8 h8f6 c4f1 c3e1 f1h3 c1f4 c8b7 f6h4 a4d7 e7d6 h3f5 e1c3 f5h3 "
    "d6e5 d7c6 e5b8 h3f1 h4g5 c6d5 g5h6 d5f7 b4a5 b7c8 a5b4 f7g8 c3f6 c8b7 "
    "b4a5 g8c4 f8d6 c4a6 f6h4 f1c4 d6e7 b7c6 b6e3 c4e6 f4e5 e6f5 e3f2 f5g4"
)


class Page:
    """The page, as a person uses it."""

    def __init__(self, test):
        self.test = test
        BROWSER.get(URL)
        WebDriverWait(BROWSER, 20).until(lambda b: b.execute_script("return document.body.dataset.judgeReady === 'true'"))

    def find(self, id_):
        return BROWSER.find_element(By.ID, id_)

    def judge(self, moves, fen="", edition="fide-2018", exact=False):
        self.find("judge-fen").clear()
        self.find("judge-fen").send_keys(fen)
        self.find("judge-moves").clear()
        self.find("judge-moves").send_keys(moves)
        BROWSER.find_element(By.CSS_SELECTOR, f"input[name=edition][value={edition}]").click()
        if self.find("judge-exact").is_selected() != exact:
            self.find("judge-exact").click()
        self.find("judge-go").click()

    def record(self):
        """The record panel as {term: text}."""
        terms = BROWSER.find_elements(By.CSS_SELECTOR, "#judge-record dt")
        values = BROWSER.find_elements(By.CSS_SELECTOR, "#judge-record dd")
        return {term.text: value.text for term, value in zip(terms, values)}

    def where(self):
        return self.find("judge-where").text

    def board_title(self):
        return BROWSER.find_element(By.CSS_SELECTOR, "#judge-board svg title").get_attribute("textContent")

    def key(self, key):
        BROWSER.find_element(By.TAG_NAME, "body").send_keys(key)

    def click(self, id_):
        self.find(id_).click()

    def shot(self, name):
        BROWSER.save_screenshot(str(SHOTS / f"{name}.png"))

    def rows(self):
        return [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                for row in BROWSER.find_elements(By.CSS_SELECTOR, "#judge-table tbody tr")]

    def shown_row(self):
        return BROWSER.find_element(By.CSS_SELECTOR, "#judge-table tbody tr.shown").get_attribute("data-ply")


def cli_error(*args):
    """The error line `drawrules explain ARGS` prints, without `error: `."""
    done = subprocess.run([str(DRAWRULES), "explain", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, (args, done.returncode, done.stderr)
    return done.stderr.strip().removeprefix("error: ")


class Stories(unittest.TestCase):
    def test_mate_on_the_move_that_completes_the_75_moves(self):
        page = Page(self)
        page.judge("Ra8", fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120")
        self.assertEqual(page.where(), "ply 1 of 1")
        record = page.record()
        self.assertEqual(record["Move"], "Ra8# (a1a8)")
        self.assertTrue(record["Clock"].startswith("150 plies"), record)
        self.assertEqual(record["Endings"], "checkmate (5.1.1)")
        self.assertEqual(record["Result"], "1-0")
        self.assertEqual(record["Claims now"], "none")
        self.assertEqual(page.find("judge-verdict").text, "verdict: 1-0 White wins by checkmate (5.1.1) " + MATERIAL_2018)
        self.assertIn("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 120", page.board_title())
        page.shot("1-mate-at-ply-150")
        page.key(Keys.HOME)
        self.assertEqual(page.where(), "ply 0 of 1")
        record = page.record()
        self.assertTrue(record["Clock"].startswith("149 plies"), record)
        self.assertEqual(record["Claims now"], "fifty-moves (9.3.2)")
        self.assertEqual(record["Endings"], "none: the game goes on")
        self.assertEqual(page.shown_row(), "0")
        # The verdict follows the ply shown and says it is not the end.
        self.assertEqual(
            page.find("judge-verdict").text,
            "At ply 0 (the game goes on to ply 1): verdict: * the game goes on; White to move may claim "
            "fifty-moves (9.3.2) " + MATERIAL_2018)
        page.shot("1-mate-ply-0")

    def test_castling_in_the_middle_of_the_count(self):
        page = Page(self)
        page.judge("O-O O-O-O", fen="r3k3/8/8/8/8/8/8/4K2R w Kq - 98 60")
        page.click("judge-first")
        record = page.record()
        self.assertEqual((page.where(), record["Move"]), ("ply 0 of 2", "none: the start position"))
        self.assertTrue(record["Clock"].startswith("98 plies"), record)
        self.assertEqual(record["Claims now"], "none")
        self.assertEqual(record["Claims on a written move"], "none")
        page.click("judge-next")
        record = page.record()
        self.assertEqual(record["Move"], "O-O (e1g1)")
        self.assertTrue(record["Clock"].startswith("99 plies"), record)
        self.assertEqual(record["Claims now"], "none")
        self.assertTrue(record["Claims on a written move"].startswith("fifty-moves (9.3.1) on "), record)
        # Given in SAN, the written moves are SAN too.
        self.assertIn(" O-O-O", record["Claims on a written move"])
        self.assertIn("after the move from e1 to g1", page.board_title())
        page.shot("2-castling-ply-1")
        page.click("judge-next")
        record = page.record()
        self.assertEqual(record["Move"], "O-O-O (e8c8)")
        self.assertTrue(record["Clock"].startswith("100 plies"), record)
        self.assertEqual(record["Claims now"], "fifty-moves (9.3.2)")
        self.assertIn("2kr4/8/8/8/8/8/8/5RK1 w - - 100 61", page.board_title())
        page.shot("2-castling-ply-2")
        page.click("judge-next")
        self.assertEqual(page.where(), "ply 2 of 2", "the last ply stays the last")

    def test_written_move_claims_in_the_status_record_s_order(self):
        page = Page(self)
        # At ply 7 Black may write Ke8, the third time its position stands
        # (9.2.1), and at a clock of 99 any move that is no capture (9.3.1).
        page.judge("Ra2 Kd8 Ra1 Ke8 Ra2 Kd8 Ra1", fen="4k3/8/8/8/8/8/8/R3K3 w - - 92 80")
        record = page.record()
        self.assertEqual(page.where(), "ply 7 of 7")
        self.assertTrue(record["Claims on a written move"].startswith(
            "threefold-repetition (9.2.1) on Ke8; fifty-moves (9.3.1) on "), record)

    def test_exact_decisions_stop_at_the_page_s_bound(self):
        # Bishops shut in behind a locked corner: every ply a search that
        # runs to its budget (about 0.14 s natively): 140 of them take
        # longer than the page's 10 s.
        page = Page(self)
        page.judge(LOCKED_CORNER_MOVES, fen=LOCKED_CORNER, exact=True)
        error = page.find("judge-error")
        self.assertTrue(error.is_displayed())
        ply = int(error.get_attribute("data-ply"))
        self.assertTrue(1 <= ply < 140, ply)
        self.assertRegex(error.text, rf'^ply {ply}, move "[a-h][1-8][a-h][1-8]": not judged: the page decides '
                         r"Article 5\.2\.2 exactly for at most 10 s a game, and 1\d\.\d s went to plies 0 to "
                         rf"{ply - 1}; judge by material alone")
        self.assertEqual(len(page.rows()), ply)
        page.shot("5-exact-bound")

    def test_an_en_passant_right_only_on_paper_in_a_repetition(self):
        page = Page(self)
        page.judge("e2e4 h8g8 b2a1 g8h8 a1b2", fen="7k/8/8/8/3p4/8/1B2P3/4K3 w - - 0 1")
        page.key(Keys.HOME)
        page.key(Keys.ARROW_RIGHT)
        record = page.record()
        self.assertEqual(page.where(), "ply 1 of 5")
        # The pawn on d4 is pinned: no en passant capture is legal, so the
        # position has no en passant right and the FEN shows none.
        self.assertEqual(record["Position"], "7k/8/8/8/3pP3/8/1B6/4K3 b - - 0 1")
        self.assertEqual(record["Repetition"], "this position has stood once (9.2.3)")
        page.shot("3-en-passant-ply-1")
        # Given in UCI, the moves are shown in UCI (SAN beside).
        for ply, move in [(2, "h8g8 (Kg8)"), (3, "b2a1 (Ba1)"), (4, "g8h8 (Kh8)"), (5, "a1b2 (Bb2)")]:
            page.key(Keys.ARROW_RIGHT)
            record = page.record()
            self.assertEqual((page.where(), record["Move"]), (f"ply {ply} of 5", move))
            self.assertTrue(record["Clock"].startswith(f"{ply - 1} plies"), record)
            self.assertEqual(record["Claims now"], "none")
            self.assertEqual(record["Endings"], "none: the game goes on")
            if ply < 5:
                self.assertEqual(record["Repetition"], "this position has stood once (9.2.3)")
        record = page.record()
        self.assertEqual(record["Position"], "7k/8/8/8/3pP3/8/1B6/4K3 b - - 4 3")
        self.assertEqual(record["Repetition"], "this position has stood 2 times, before at ply 1 (9.2.3)")
        self.assertEqual(page.shown_row(), "5")
        self.assertEqual(page.rows()[5][3], "2")
        self.assertEqual(page.rows()[5][1], "a1b2")
        page.shot("3-en-passant-ply-5")
        page.key(Keys.ARROW_LEFT)
        self.assertEqual(page.where(), "ply 4 of 5")


class BadInput(unittest.TestCase):
    def test_a_bad_move_is_the_cli_s_error_at_its_ply(self):
        page = Page(self)
        page.judge("e4 e5 Ke3")
        error = page.find("judge-error")
        self.assertTrue(error.is_displayed())
        self.assertEqual(error.text, cli_error("e4", "e5", "Ke3"))
        self.assertEqual(error.get_attribute("data-ply"), "3")
        self.assertEqual(len(page.rows()), 3, "the plies before the bad move are shown")
        self.assertEqual(page.where(), "ply 2 of 2")
        self.assertEqual(page.find("judge-verdict").text, "")
        page.shot("4-bad-move")

    def test_every_kind_of_ending_followed_by_more_moves(self):
        # As adjudicate judges such a game: at its ending, the plies after
        # it counted and named, no error.
        games = [
            ("checkmate", "", "f3 e5 g4 Qh4 a3", 4, "verdict: 0-1 Black wins by checkmate (5.1.1)", "1 ply given after it (from ply 5, move \"a3\") is not judged."),
            ("stalemate", "7k/5Q2/8/8/8/8/8/K7 w - - 0 1", "Kb1 Kh8 Kc1", 1, "verdict: 1/2-1/2 drawn by stalemate (5.2.1)", "2 plies given after it (from ply 2, move \"Kh8\") are not judged."),
            ("dead-position", "4k3/8/8/8/8/8/3r4/4KB2 w - - 0 1", "Kxd2 Kd7 Kd3 Kd6", 1, "verdict: 1/2-1/2 drawn by dead-position (5.2.2)", "3 plies given after it (from ply 2, move \"Kd7\") are not judged."),
            ("fivefold", "", "Nf3 Nf6 Ng1 Ng8 " * 4 + "e4 e5", 16, "verdict: 1/2-1/2 drawn by fivefold-repetition (9.6.1)", "2 plies given after it (from ply 17, move \"e4\") are not judged."),
            ("seventy-five", "4k3/8/8/8/8/8/8/R3K3 w - - 149 120", "Ra2 Kd8 Ra3", 1, "verdict: 1/2-1/2 drawn by seventy-five-moves (9.6.2)", "2 plies given after it (from ply 2, move \"Kd8\") are not judged."),
        ]
        page = Page(self)
        for name, fen, moves, ended, verdict, rest in games:
            with self.subTest(name):
                page.judge(moves, fen=fen)
                self.assertFalse(page.find("judge-error").is_displayed())
                self.assertEqual(len(page.rows()), ended + 1)
                self.assertEqual(page.where(), f"ply {ended} of {ended}")
                self.assertTrue(page.find("judge-verdict").text.startswith(verdict), page.find("judge-verdict").text)
                self.assertEqual(page.find("judge-notes").text, f"Play continued after the end: the game ended at ply {ended}; {rest}")
                page.shot(f"4-after-the-end-{name}")

    def test_a_bad_fen_is_refused_at_ply_0(self):
        page = Page(self)
        fen = "8/8/8/8/8/8/8/8 w - - 0 1"
        page.judge("", fen=fen)
        self.assertEqual(page.find("judge-error").text, cli_error("--fen", fen).replace("--fen", "FEN", 1))
        self.assertFalse(page.find("judge-view").is_displayed())
        page.shot("4-bad-fen")


class Choices(unittest.TestCase):
    def test_the_editions_differ_on_a_broken_rhythm(self):
        moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3e5 f6g8 e5f3 b8c6 f3g1 c6b8 b1c3 b8c6 c3b1 c6b8"
        page = Page(self)
        page.judge(moves, edition="fide-2018")
        self.assertEqual(page.record()["Endings"], "fivefold-repetition (9.6.1)")
        self.assertEqual(page.record()["Repetition"], "this position has stood 5 times, before at plies 0, 4, 8, 16 (9.2.3)")
        self.assertEqual(page.find("judge-verdict").text, "verdict: 1/2-1/2 drawn by fivefold-repetition (9.6.1) " + MATERIAL_2018)
        page.judge(moves, edition="fide-2014")
        self.assertEqual(page.record()["Endings"], "none: the game goes on")
        self.assertEqual(page.record()["Claims now"], "threefold-repetition (9.2.2)")
        # The verdict names the edition and why the fifth time ends nothing.
        self.assertEqual(
            page.find("judge-verdict").text,
            "verdict: * the game goes on; White to move may claim threefold-repetition (9.2.2); "
            "the position has stood 5 times, but not at plies n, n-4, n-8, n-12 and n-16, "
            "which fivefold repetition asks under the 2014 Laws (9.6.1) "
            "(Laws of 2014; Article 5.2.2 judged by material alone)")
        page.shot("5-edition-2014")

    def test_the_evidence_of_5_2_2(self):
        page = Page(self)
        page.judge("", fen="4k3/8/8/8/8/8/8/4KN2 w - - 0 1", exact=True)
        self.assertEqual(page.record()["Endings"], "dead-position (5.2.2)")
        page.click("judge-dead-go")
        text = page.find("judge-dead").text
        self.assertIn("5.2.2, decided exactly at ply 0: dead, as the record and the verdict say", text)
        self.assertIn("White: impossible (the material can never mate)", text)
        page.judge("", fen="4k3/8/8/8/8/8/8/4K2R w - - 0 1")
        page.click("judge-dead-go")
        text = page.find("judge-dead").text
        self.assertIn("decided exactly at ply 0: alive (white), as the record and the verdict say", text)
        self.assertIn("White: possible by the helpmate line ", text)
        page.shot("5-evidence")

    def test_the_verdict_names_how_5_2_2_was_decided(self):
        page = Page(self)
        locked = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"
        page.judge("", fen=locked)
        self.assertEqual(
            page.find("judge-verdict").text,
            "verdict: * the game goes on; White to move has no draw to claim " + MATERIAL_2018)
        # The evidence of 5.2.2 judges the game again with 5.2.2 decided
        # exactly: the panel, the record and the verdict give one answer.
        page.click("judge-dead-go")
        WebDriverWait(BROWSER, 60).until(lambda b: "dead" in page.find("judge-dead").text)
        self.assertTrue(page.find("judge-exact").is_selected())
        self.assertIn("decided exactly at ply 0: dead, as the record and the verdict say", page.find("judge-dead").text)
        self.assertEqual(page.record()["Endings"], "dead-position (5.2.2)")
        self.assertEqual(
            page.find("judge-verdict").text,
            "verdict: 1/2-1/2 drawn by dead-position (5.2.2) "
            "(Laws of 2018, also 2017 and 2023; Article 5.2.2 decided exactly)")
        page.shot("5-verdict-exact")

    def test_a_game_in_uci_is_written_in_uci_throughout(self):
        page = Page(self)
        page.judge("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
        last = page.rows()[-1]
        self.assertEqual(last[1], "f3g1")
        self.assertEqual(last[4], "threefold-repetition on written f6g8 (9.2.1)")
        self.assertIn("on written f6g8 (9.2.1)", page.find("judge-verdict").text)
        self.assertEqual(page.record()["Claims on a written move"], "threefold-repetition (9.2.1) on f6g8")

    def test_the_json_record_stays_within_the_page(self):
        page = Page(self)
        page.judge("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
        BROWSER.find_element(By.CSS_SELECTOR, "#judge-view details summary").click()
        record = page.find("judge-json")
        # It wraps within its column and scrolls when taller than its box.
        self.assertEqual(record.value_of_css_property("white-space"), "pre-wrap")
        self.assertEqual(record.value_of_css_property("overflow-y"), "auto")
        width = BROWSER.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", record)
        self.assertLessEqual(width[0], width[1], "no line runs past the record's box")
        page.shot("6-json-record")

    def test_opened_from_disk_it_says_how_to_serve_it(self):
        BROWSER.get((BOOK / "judge.html").as_uri())
        WebDriverWait(BROWSER, 20).until(lambda b: "cannot run opened from disk" in b.find_element(By.ID, "judge-loading").text)
        said = BROWSER.find_element(By.ID, "judge-loading").text
        self.assertIn("python3 -m http.server --directory book/build 8000", said)
        self.assertIn("http://localhost:8000/judge.html", said)
        BROWSER.save_screenshot(str(SHOTS / "from-disk.png"))

    def test_a_pgn_with_tags_comments_and_variations(self):
        page = Page(self)
        pgn = '[Event "x"]\n[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"]\n\n1. Ra2 {quiet} (1. Ra3) 1... Kd8 *\n\n[Event "y"]\n\n1. e4 *'
        page.judge(pgn)
        self.assertEqual(page.where(), "ply 2 of 2")
        self.assertEqual(page.find("judge-notes").text, "The PGN holds 2 games; the first is judged.")
        page.key(Keys.ARROW_LEFT)
        self.assertEqual(page.record()["Claims now"], "fifty-moves (9.3.2)")


if __name__ == "__main__":
    sys.exit(0 if unittest.main(exit=False, verbosity=2 if "-v" in sys.argv else 1).result.wasSuccessful() else 1)
