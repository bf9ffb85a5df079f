#!/usr/bin/env python3
"""Instruction counts of the language server's phases on the 4 MB Wagic primitives file, under
valgrind's callgrind: deterministic where wall time on a shared machine is not.

The server (`BINARY lsp`, run by callgrind) gets the Wagic tree as its workspace folder; once it
is idle, callgrind's counters are zeroed and dumped around each phase (`callgrind_control`):
  open    didOpen of mtg.txt -> its first publishDiagnostics
  text    N one-character edits (typed, then deleted) on text=/auto= lines, each waited for
  type    N such edits on type=/subtype= lines (with what runs between them)
  typebg  the background work they leave (an index rebuild and relint, if any)
Read a dump with `callgrind_annotate --inclusive=yes OUTDIR/cg.out.N`; the total is its
`summary:` line. Slow (minutes): valgrind runs the server some 50 times slower.

    bench/lsp_callgrind.py target/release/cardlint /tmp/cg-new 10
"""
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp  # noqa: E402
from lsp_save import Tracker, wait_idle  # noqa: E402

if len(sys.argv) < 3:
    sys.exit(__doc__)
binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
if not os.path.isfile(lsp.WAGIC_FILE):
    print(f"skipped: no Wagic corpus at {lsp.WAGIC_FILE}")
    sys.exit(0)
edits = int(sys.argv[3]) if len(sys.argv) > 3 else 10
os.makedirs(out, exist_ok=True)
wrapper = os.path.join(out, "vg.sh")
with open(wrapper, "w") as f:
    f.write(f"#!/bin/sh\nexec valgrind --tool=callgrind --callgrind-out-file={out}/cg.out --dump-instr=no -q {binary} \"$@\"\n")
os.chmod(wrapper, 0o755)
server = lsp.Server(wrapper)
pid = server.proc.pid
server.start(lsp.WAGIC_ROOT)
wait_idle(pid, quiet=2.0)
def ctl(*a):
    subprocess.run(["callgrind_control", *a, str(pid)], check=True, stdout=subprocess.DEVNULL)
text = lsp.decode(open(lsp.WAGIC_FILE, "rb").read())
lines = text.split("\n")
u = lsp.uri(lsp.WAGIC_FILE)
track = Tracker(server, u)
ctl("-z")
t = time.time()
server.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "wagic", "version": 1, "text": text}})
track.wait_version(1)
ctl("-d", "open")
print(f"open: {time.time()-t:.1f}s wall", flush=True)
wait_idle(pid, quiet=2.0)
version = 1
rng = random.Random(1)
def session(prefixes, name):
    global version
    cands = [i for i, l in enumerate(lines) if l.startswith(prefixes) and l.isascii()]
    ctl("-z")
    line = cands[0]
    for k in range(edits):
        if k % 2 == 0:
            line = rng.choice(cands)
        col = len(lines[line])
        version += 1
        if k % 2 == 0:
            ch = {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": "x"}
            lines[line] += "x"
        else:
            ch = {"range": {"start": {"line": line, "character": col - 1}, "end": {"line": line, "character": col}}, "text": ""}
            lines[line] = lines[line][:-1]
        server.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": version}, "contentChanges": [ch]})
        track.wait_version(version)
    ctl("-d", name)
session(("text=", "auto="), "text")
wait_idle(pid, quiet=2.0)
session(("type=", "subtype="), "type")
ctl("-z")
wait_idle(pid, quiet=3.0)
ctl("-d", "typebg")
server.stop()
