#!/usr/bin/python3
"""Checks the documentation site in a real browser: DocC pages render with JavaScript from JSON they fetch, so a
page that builds can still be blank. Serves the site (Scripts/build-docs.sh makes .build/docs/site) on a local
port, loads the start page (the root), the index page and each module's landing page in headless Chromium, and checks in the rendered DOM
that the page's title is the module's name, that the page links a symbol the module is known for, and that the
page reported no JavaScript error and no failed request (the browser's console log, and errors and rejected
promises caught in the page). Exit status 1 if any page fails.

Every run also checks itself on two deliberately broken pages, served from memory beside the real ones: a
landing page whose script throws, and a landing page whose data is missing (DocC then renders its "page can't be
found" text). Each must be reported as broken, by each of the means that should see it, or the run fails: a
browser, driver or Selenium update that stopped reporting errors would otherwise let every page pass.

Usage: Scripts/check-docs-site.py [--site DIR] [--timeout SECONDS]

Runs Debian's Python (/usr/bin/python3) for Debian's python3-selenium and chromium-driver, which match the
chromium package: `apt-get install chromium chromium-driver python3-selenium`.
"""

import argparse
import functools
import http.server
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# Each module's landing page: (path, title, a symbol the page must link).
LANDING_PAGES = [
    ("/documentation/linuxcorelocation/", "LinuxCoreLocation", "CLLocationManager"),
    ("/documentation/locationblocks/", "LocationBlocks", "startUpdatingLocation(update:)"),
    ("/documentation/intulocationmanager/", "INTULocationManager", "requestLocation(withDesiredAccuracy:"),
    ("/documentation/nmea0183/", "NMEA0183", "NMEADecoder"),
    ("/documentation/gpx/", "GPX", "GPXReader"),
    ("/documentation/gpsd/", "GPSD", "GPSDClient"),
    ("/documentation/dbus/", "DBus", "DBusConnection"),
]
INDEX_TITLE = "LinuxCoreLocation"
# The root redirects to the start page, which links every module, the mirror first.
START_TITLE = "Start Here"

# Collects the errors a page throws and the promise rejections nobody handles, from before its first script.
ERROR_RECORDER = """
window.__pageErrors = [];
addEventListener('error', e => window.__pageErrors.push(String(e.message || e.type)), true);
addEventListener('unhandledrejection', e => window.__pageErrors.push('unhandled rejection: ' + String(e.reason)));
"""

# The deliberately broken pages: a real landing page served with a script that throws, and a landing page's HTML
# served for a path that has no data.
CANARY_SCRIPT_ERROR = "/documentation/nmea0183/?canary=script-error"
CANARY_MISSING_DATA = "/documentation/nmea0183-canary/"


def make_handler(site):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            if url.path == CANARY_MISSING_DATA:
                return self.send_html((site / "documentation/nmea0183/index.html").read_bytes())
            if self.path == CANARY_SCRIPT_ERROR:
                page = (site / "documentation/nmea0183/index.html").read_bytes()
                thrower = b"<script>throw new Error('canary: a deliberate script error')</script></head>"
                return self.send_html(page.replace(b"</head>", thrower, 1))
            return super().do_GET()

        def send_html(self, body):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):
            pass

    return functools.partial(Handler, directory=str(site))


def start_browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver is Debian's, named so that Selenium never looks for one to download.
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ERROR_RECORDER})
    return browser


def normalized(text):
    return re.sub(r"\s+", " ", text).strip()


def load(browser, url, timeout):
    """Loads url and waits until DocC rendered a page title; returns (title, link texts, problems)."""
    browser.get_log("browser")  # drops what earlier pages logged
    browser.get(url)
    problems = []
    try:
        WebDriverWait(browser, timeout).until(
            lambda b: b.execute_script("const h = document.querySelector('h1'); return h && h.innerText.trim()"))
    except TimeoutException:
        problems.append(f"nothing rendered within {timeout:g} s (no <h1>)")
    time.sleep(0.3)  # lets errors raised while the page settles arrive
    state = browser.execute_script("""
        const h = document.querySelector('h1');
        return {title: h ? h.innerText : '', links: [...document.querySelectorAll('main a')].map(a => a.innerText),
                errors: window.__pageErrors || ['the error recorder did not run']};""")
    problems += [f"script error: {error}" for error in state["errors"]]
    problems += [f"console {entry['level']}: {entry['message']}" for entry in browser.get_log("browser")
                 if entry["level"] in ("SEVERE", "ERROR")]
    return normalized(state["title"]), [normalized(text) for text in state["links"]], problems


def check_page(browser, base, path, title, symbols, timeout):
    """Returns the problems of one page: its title, the symbols it must link, its errors."""
    rendered_title, links, problems = load(browser, base + path, timeout)
    if rendered_title != title:
        problems.append(f"title is {rendered_title!r}, expected {title!r}")
    for symbol in symbols:
        if not any(symbol in link for link in links):
            problems.append(f"no link to {symbol} (links: {', '.join(links[:12]) or 'none'})")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=Path(__file__).resolve().parent.parent / ".build/docs/site", type=Path)
    parser.add_argument("--timeout", default=30.0, type=float, help="seconds a page may take to render")
    arguments = parser.parse_args()
    site = arguments.site.resolve()
    if not (site / "documentation/index.html").is_file():
        sys.exit(f"error: {site} is not a documentation site; build it with Scripts/build-docs.sh")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    started = time.monotonic()
    failures = 0
    try:
        browser = start_browser()
    except WebDriverException as error:
        sys.exit(f"error: cannot start headless Chromium through /usr/bin/chromedriver: {error.msg}")
    try:
        pages = [("/", START_TITLE, [title for _, title, _ in LANDING_PAGES])]
        pages += [("/documentation/", INDEX_TITLE, [title for _, title, _ in LANDING_PAGES])]
        pages += [(path, title, [symbol]) for path, title, symbol in LANDING_PAGES]
        for path, title, symbols in pages:
            page_started = time.monotonic()
            problems = check_page(browser, base, path, title, symbols, arguments.timeout)
            elapsed = time.monotonic() - page_started
            if problems:
                failures += 1
                print(f"FAIL {path} ({elapsed:.1f} s)")
                for problem in problems:
                    print(f"     {problem}")
            else:
                print(f"ok   {path}: {title}, links {', '.join(symbols)} ({elapsed:.1f} s)")

        # Each broken page must be caught by the means named: the page's error events and the console log for
        # the script error, the DOM checks and the console log for the missing data.
        for path, what, means in [(CANARY_SCRIPT_ERROR, "a page whose script throws", ["script error", "console"]),
                                  (CANARY_MISSING_DATA, "a page whose data is missing", ["title is", "console"])]:
            problems = check_page(browser, base, path, "NMEA0183", ["NMEADecoder"], min(arguments.timeout, 10))
            unseen = [mean for mean in means if not any(problem.startswith(mean) for problem in problems)]
            if unseen:
                failures += 1
                print(f"FAIL self-check: {what} ({path}) was not reported by: {', '.join(unseen)}")
            else:
                print(f"ok   self-check: {what} is reported:")
            for problem in problems:
                print(f"     {problem}")
    finally:
        browser.quit()
        server.shutdown()
    print(f"{len(pages)} pages and 2 self-checks in {time.monotonic() - started:.1f} s: "
          + (f"{failures} failed" if failures else "all passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
