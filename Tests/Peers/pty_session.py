"""Runs a program on a pseudo-terminal and plays a script of keystrokes, for the CLI tests
of prompts (passphrase, confirmation) that only behave as they do on a terminal.

    pty_session.py  < {"argv": [...], "env": {...}, "unset": [names], "steps": [{"expect": "text"} | {"send": "text"}], "timeout": 30}
    -> {"status": exit status or 128+signal, "output": everything the terminal showed}
"""

import json
import os
import pty
import select
import sys
import time


def main():
    request = json.load(sys.stdin)
    timeout = request.get("timeout", 30)
    environment = dict(os.environ)
    for name in request.get("unset", []):
        environment.pop(name, None)
    environment.update(request.get("env", {}))
    pid, master = pty.fork()
    if pid == 0:
        os.execve(request["argv"][0], request["argv"], environment)
    output = b""

    def read_some(deadline):
        nonlocal output
        remaining = max(0.0, deadline - time.time())
        ready, _, _ = select.select([master], [], [], remaining)
        if not ready:
            return False
        try:
            chunk = os.read(master, 4096)
        except OSError:
            return False
        if not chunk:
            return False
        output += chunk
        return True

    failure = None
    for step in request["steps"]:
        if "expect" in step:
            wanted = step["expect"].encode()
            deadline = time.time() + timeout
            while wanted not in output:
                if time.time() > deadline or not read_some(deadline):
                    failure = f"did not see {step['expect']!r}"
                    break
            if failure:
                break
        elif "send" in step:
            time.sleep(float(step.get("delay", 0.2)))
            os.write(master, step["send"].encode())
    deadline = time.time() + timeout
    while time.time() < deadline and read_some(deadline):
        pass
    if failure:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        code = 128 - code
    print(json.dumps({"status": code, "output": output.decode("utf-8", "replace"), "failure": failure}))


if __name__ == "__main__":
    main()
