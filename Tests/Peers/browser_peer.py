"""Drives headless Chromium over the DevTools protocol for the sandbox page tests.

    browser_peer.py load URL              -> {"url", "text", "html", "qr"}
    browser_peer.py click URL SELECTOR    -> the same, for the page the click led to

"qr" is what zbarimg reads from a full-page screenshot (null when it finds no code), so a
test proves the QR code a person would scan carries the link the page prints.
Exits 3 with a message when Chromium or zbarimg is missing.
"""

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # websocket-client

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome") if shutil.which(name)), None)
ZBARIMG = shutil.which("zbarimg")


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="vellum-chromium-")
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--remote-debugging-port=0", "--window-size=1000,2400", f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        deadline = time.time() + 30
        while time.time() < deadline and port is None:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                break
            found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
        if port is None:
            self.close()
            raise SystemExit("chromium did not start its DevTools endpoint")
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(target for target in targets if target.get("type") == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit(f"{method}: {message['error']}")
                return message.get("result", {})

    def wait_for_load(self, seconds=20):
        deadline = time.time() + seconds
        while time.time() < deadline:
            message = json.loads(self.socket.recv())
            if message.get("method") == "Page.loadEventFired":
                return
        raise SystemExit("the page did not finish loading")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def navigate(self, url):
        self.call("Page.navigate", url=url)
        self.wait_for_load()

    def snapshot(self):
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        qr = None
        with tempfile.NamedTemporaryFile(suffix=".png", delete=False) as image:
            image.write(base64.b64decode(shot["data"]))
        try:
            decoded = subprocess.run([ZBARIMG, "--raw", "-q", image.name], capture_output=True, text=True)
            if decoded.returncode == 0 and decoded.stdout.strip():
                qr = decoded.stdout.strip().splitlines()[0]
        finally:
            os.unlink(image.name)
        return {
            "url": self.evaluate("location.href"),
            "text": self.evaluate("document.body.innerText"),
            "html": self.evaluate("document.documentElement.outerHTML"),
            "qr": qr,
        }

    def close(self):
        try:
            self.process.terminate()
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main(arguments):
    if CHROMIUM is None or ZBARIMG is None:
        print("chromium or zbarimg is not installed", file=sys.stderr)
        return 3
    command, url = arguments[0], arguments[1]
    browser = Browser()
    try:
        browser.navigate(url)
        if command == "click":
            selector = json.dumps(arguments[2])
            clicked = browser.evaluate(f"(() => {{ const b = document.querySelector({selector}); if (!b) return false; b.click(); return true; }})()")
            if not clicked:
                raise SystemExit(f"nothing matches {arguments[2]}")
            browser.wait_for_load()
        print(json.dumps(browser.snapshot()))
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
