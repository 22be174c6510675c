#!/usr/bin/env python3
"""session.py -- a scripted Language Server Protocol session with `wonderc lsp`.

Usage: python3 tests/lsp/session.py PATH/TO/wonderc   (run from the top)

A small client (JSON over the protocol's framing, on the server's standard
input and output) opens tiles/wonders-set1.tiles, breaks it and mends it,
hovers, completes, jumps and asks for a picture, then sends what a broken
client would.  Every expected value is read from the tile file's own text
(positions found by searching it, numbers from its `expect` lines) or from
docs/language.md, never from the server's output.  Each read waits at most
READ_TIMEOUT seconds, so a server that hangs fails the test.  Ends with
"lsp session: N passed, N failed"; exits 1 when any failed.
"""
import json
import os
import re
import select
import subprocess
import sys
import tempfile

READ_TIMEOUT = 20
TILES = "tiles/wonders-set1.tiles"
WONDERC = sys.argv[1]

passed = 0
failed = 0


def check(ok, what, got=None):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s%s" % (what, "" if got is None else ": got %s" % json.dumps(got)[:600]))


class Server:
    def __init__(self):
        self.p = subprocess.Popen([WONDERC, "lsp", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buf = b""
        self.next_id = 0
        self.notes = []  # notifications received, in order

    def raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _read(self, n=None):
        """n bytes, or a line when n is None; None when the server closed or took too long."""
        while True:
            if n is None and b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                return line
            if n is not None and len(self.buf) >= n:
                data, self.buf = self.buf[:n], self.buf[n:]
                return data
            ready, _, _ = select.select([self.p.stdout], [], [], READ_TIMEOUT)
            if not ready:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk

    def receive(self):
        length = None
        while True:
            line = self._read()
            if line is None:
                return None
            line = line.strip()
            if not line:
                break
            key, _, value = line.partition(b":")
            if key.strip().lower() == b"content-length":
                length = int(value)
        body = self._read(length)
        return None if body is None else json.loads(body)

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            msg = self.receive()
            if msg is None or msg.get("id") == self.next_id:
                return msg
            self.notes.append(msg)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri):
        """The next diagnostics published for uri."""
        while True:
            for i, m in enumerate(self.notes):
                if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                    del self.notes[i]
                    return m["params"]["diagnostics"]
            msg = self.receive()
            if msg is None:
                return None
            self.notes.append(msg)

    def end(self):
        """Close its input; its exit status (None when it does not end)."""
        self.p.stdin.close()
        try:
            return self.p.wait(timeout=READ_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return None


def position(text, offset):
    """The protocol's position of a byte offset of an ASCII line (UTF-16 = bytes there)."""
    line = text.count("\n", 0, offset)
    return {"line": line, "character": offset - (text.rfind("\n", 0, offset) + 1)}


def doc_words(pattern):
    """The words a docs/language.md line matching pattern lists in double quotes."""
    for line in open("docs/language.md", encoding="utf-8"):
        if re.match(pattern, line):
            return re.findall(r'"([a-z_]+)"', line)
    return []


text = open(TILES, encoding="utf-8").read()
uri = "file://" + os.path.abspath(TILES)
doc = {"uri": uri}

s = Server()
early = s.request("hover", {"textDocument": doc, "position": {"line": 0, "character": 0}})
check(early and early.get("error", {}).get("code") == -32002, "a request before initialize is refused", early)
init = s.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
caps = (init or {}).get("result", {}).get("capabilities", {})
for cap in ("hoverProvider", "definitionProvider", "referencesProvider", "completionProvider",
            "documentSymbolProvider", "foldingRangeProvider", "codeLensProvider"):
    check(caps.get(cap), "initialize announces " + cap, caps)
check(caps.get("textDocumentSync", {}).get("change") == 1, "full text sync", caps)
s.notify("initialized", {})

s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "wonders-tiles", "version": 1, "text": text}})
check(s.diagnostics(uri) == [], "the shipped file has no diagnostic")

# ---- an error, and its fix ---------------------------------------------------
# the first feature with a `sides` clause gets a square the tile lacks
m = re.search(r"\n(\s*)(city|road|field|river) (\w+) \{ sides ", text)
broken = text[:m.end()] + "zz:N, " + text[m.end():]
at = m.end()
s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": broken}]})
diags = s.diagnostics(uri)
check(diags and len(diags) >= 1, "the error gets a diagnostic", diags)
if diags:
    d = diags[0]
    check(d["severity"] == 1, "it is an error", d)
    check(d["range"]["start"] == position(broken, at), "at the square written", d)
    check("'zz'" in d["message"], "naming it", d)
    # the same text as the command line
    with tempfile.NamedTemporaryFile("w", suffix=".tiles", delete=False) as f:
        f.write(broken)
    out = subprocess.run([WONDERC, "check", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    check(out.returncode == 1, "wonderc check fails on it too", out.returncode)
    pos = position(broken, at)
    check("%s:%d:%d: error: %s\n" % (f.name, pos["line"] + 1, pos["character"] + 1, d["message"]) in out.stderr,
          "the message is wonderc check's", out.stderr)

s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": text}]})
check(s.diagnostics(uri) == [], "the fix clears it")

# a feature declared twice: the note points at the first declaration
feature = m.group(0)[1:]
line_end = text.index("\n", m.start() + 1)
twice = text[:line_end + 1] + text[m.start() + 1:line_end + 1] + text[line_end + 1:]
s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": twice}]})
diags = s.diagnostics(uri)
name_at = m.start(3)
related = diags[0].get("relatedInformation", []) if diags else []
check(diags and diags[0]["range"]["start"] == position(twice, line_end + 1 + (m.start(3) - m.start() - 1)),
      "a duplicate feature is reported at the second", diags)
check(related and related[0]["location"]["range"]["start"] == position(twice, name_at)
      and related[0]["location"]["uri"] == uri, "its note is related information at the first", related)
s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5}, "contentChanges": [{"text": text}]})
check(s.diagnostics(uri) == [], "mended again")

# ---- the open files are one tile set: a second file declaring the first's pack
pack = re.search(r"^pack (\w+)", text, re.M)
other_uri = "file:///lsp-session/again.tiles"
other = 'pack %s "Again" {\n}\n' % pack.group(1)
s.notify("textDocument/didOpen", {"textDocument": {"uri": other_uri, "languageId": "wonders-tiles", "version": 1,
                                                   "text": other}})
both = {}
for _ in range(2):  # each open document gets its diagnostics again
    msg = s.receive()
    while msg is not None and msg.get("method") != "textDocument/publishDiagnostics":
        msg = s.receive()
    if msg:
        both[msg["params"]["uri"]] = msg["params"]["diagnostics"]
check(both.get(uri) == [], "the first file is still clean", both)
d = (both.get(other_uri) or [{}])[0]
check(d.get("range", {}).get("start") == position(other, other.index(pack.group(1))) and pack.group(1) in d.get("message", ""),
      "the second file's pack is the first's again", both)
rel = d.get("relatedInformation", [{}])[0].get("location", {})
check(rel.get("uri") == uri and rel.get("range", {}).get("start") == position(text, pack.start(1)),
      "its note points into the first file", d)
s.notify("textDocument/didClose", {"textDocument": {"uri": other_uri}})
closed = s.diagnostics(other_uri)
check(closed == [], "closing it clears its diagnostics", closed)
check(s.diagnostics(uri) == [], "and the first is published again, clean")

# ---- hover: a feature's facts, from the file's own expect lines ------------
e = re.search(r"expect (\w+)\.squares = (\d+);", text)
name, squares = e.group(1), int(e.group(2))
tile_start = [t.start() for t in re.finditer(r"^\s*(?:tile|wonder) \w+", text[:e.start()], re.M)][-1]
decl = re.compile(r"\b(city|road|field|river|monastery|garden|area) (%s)\b" % name).search(text, tile_start)
h = s.request("textDocument/hover", {"textDocument": doc, "position": position(text, decl.start(2))})
value = ((h or {}).get("result") or {}).get("contents", {}).get("value", "")
check("**%s** `%s`" % (decl.group(1), name) in value, "hover names the feature and its kind", h)
check(re.search(r"squares:.*\(%d\)" % squares, value), "hover gives its squares (expect %s.squares = %d)" % (name, squares), value)
o = re.compile(r"expect %s\.open = (\d+);" % name).search(text, tile_start)
if o:
    check(re.search(r"open (ends|sides): %s\b" % o.group(1), value), "hover gives its open ends", value)

# hover on a keyword: its line of docs/language.md's grammar
kw = text.index("{ sides ", m.start()) + 2
grammar_line = next(l.strip() for l in open("docs/language.md", encoding="utf-8") if '"sides"' in l)
h = s.request("textDocument/hover", {"textDocument": doc, "position": position(text, kw)})
value = ((h or {}).get("result") or {}).get("contents", {}).get("value", "")
check(grammar_line in value, "hover on 'sides' gives its grammar line", value)

# ---- completion after NAME. : the properties -------------------------------
dot = e.start(1) + len(name) + 1
c = s.request("textDocument/completion", {"textDocument": doc, "position": position(text, dot)})
labels = {i["label"] for i in ((c or {}).get("result") or {}).get("items", [])}
props = set(doc_words(r"PROP\s*:=")) | set(doc_words(r"MARK\s*:="))
check(props and props <= labels, "after %s. the properties of docs/language.md's PROP and MARK" % name, sorted(labels))
# in an effect, the variable's type's properties (docs/language.md, "Properties")
v = re.search(r"on completed\((\w+) (\w+)\) if [^{]*?\b(\2)\.(\w+)", text)
if v:
    c = s.request("textDocument/completion", {"textDocument": doc, "position": position(text, v.start(4))})
    labels = {i["label"] for i in ((c or {}).get("result") or {}).get("items", [])}
    feature_props = set()
    for line in open("docs/language.md", encoding="utf-8"):
        row = re.match(r"\| `(\w+)` \| feature \|", line)
        if row:
            feature_props.add(row.group(1))
    check(feature_props and feature_props <= labels, "after %s. a feature's properties" % v.group(2), sorted(labels))
    check("player" not in labels, "and not a meeple's", sorted(labels))
# `on completed(`: the kinds an effect sees
k = text.index("on completed(") + len("on completed(")
c = s.request("textDocument/completion", {"textDocument": doc, "position": position(text, k)})
labels = {i["label"] for i in ((c or {}).get("result") or {}).get("items", [])}
check({"city", "road", "field", "monastery", "garden"} <= labels and not {"area", "river"} & labels,
      "after completed( the kinds an effect sees", sorted(labels))

# ---- definition and references ---------------------------------------------
d = s.request("textDocument/definition", {"textDocument": doc, "position": position(text, e.start(1))})
loc = (d or {}).get("result") or {}
check(loc.get("uri") == uri and loc.get("range", {}).get("start") == position(text, decl.start(2)),
      "expect %s.squares jumps to the declaration" % name, d)
r = s.request("textDocument/references", {"textDocument": doc, "position": position(text, decl.start(2)),
                                          "context": {"includeDeclaration": True}})
starts = [x["range"]["start"] for x in (r or {}).get("result") or []]
check(position(text, decl.start(2)) in starts and position(text, e.start(1)) in starts, "references hold both", r)

# ---- symbols, folding, the picture -----------------------------------------
sym = s.request("textDocument/documentSymbol", {"textDocument": doc})
packs = [x["name"] for x in (sym or {}).get("result") or []]
check(packs == re.findall(r"^pack (\w+)", text, re.M), "the symbols are the file's packs", packs)
tiles = [t["name"] for p in (sym or {}).get("result") or [] for t in p["children"]]
ids = ["%s.%s" % (packs[0], t) for t in re.findall(r"^\s*(?:tile|wonder) (\w+)", text, re.M)] if packs else []
check(tiles == ids, "and their tiles", tiles)
lens = s.request("textDocument/codeLens", {"textDocument": doc})
lenses = (lens or {}).get("result") or []
check(len(lenses) == len(ids), "a lens per tile", lens)
if lenses:
    cmd = lenses[0]["command"]
    svg = tempfile.mktemp(suffix=".svg")
    x = s.request("workspace/executeCommand", {"command": cmd["command"], "arguments": cmd["arguments"] + [svg]})
    check(x and x.get("result", {}).get("path") == svg, "the lens's command writes the picture", x)
    want = subprocess.run([WONDERC, "show", "--format", "svg", ids[0], TILES], capture_output=True)
    got = open(svg, "rb").read() if os.path.exists(svg) else b""
    check(want.returncode == 0 and got == want.stdout, "as wonderc show --format svg draws it")
    if os.path.exists(svg):
        os.unlink(svg)

# ---- hover on a wonder: its effect in words and each handler's cost --------
# the cost lines are those `wonderc show` prints for the same wonder
costly = None
for t in ids:
    shown = subprocess.run([WONDERC, "show", t, TILES], capture_output=True, text=True).stdout
    costs = [l.strip() for l in shown.splitlines() if l.strip().startswith("cost: ")]
    if costs:
        costly = (t, costs)
        break
check(costly is not None, "some wonder of %s visits a set (its cost shown)" % TILES)
if costly:
    t, costs = costly
    at = re.search(r"^\s*(?:tile|wonder) (%s)\b" % re.escape(t.split(".", 1)[1]), text, re.M)
    h = s.request("textDocument/hover", {"textDocument": doc, "position": position(text, at.start(1))})
    value = ((h or {}).get("result") or {}).get("contents", {}).get("value", "")
    check(all(c in value for c in costs), "hover on %s gives each handler's cost as show does" % t, value)

# ---- what a broken client sends ---------------------------------------------
s.raw(b"Content-Length: 9\r\n\r\n{\"jsonrpc")
bad = s.receive()
check(bad and bad.get("error", {}).get("code") == -32700 and bad.get("id") is None, "a body that is not JSON", bad)
u = s.request("textDocument/frobnicate", {})
check(u and u.get("error", {}).get("code") == -32601, "an unknown method", u)
p = s.request("textDocument/hover", {"textDocument": doc, "position": {"line": "one"}})
check(p and p.get("error", {}).get("code") == -32602, "a position that is not one", p)
far = s.request("textDocument/hover", {"textDocument": doc, "position": {"line": 100000, "character": 100000}})
check(far and "error" not in far, "a position past the end", far)
again = s.request("textDocument/hover", {"textDocument": doc, "position": position(text, decl.start(2))})
check(again and again.get("result"), "the server goes on after them", again)

down = s.request("shutdown", None)
check(down and "result" in down and down["result"] is None, "shutdown", down)
after = s.request("textDocument/hover", {"textDocument": doc, "position": position(text, decl.start(2))})
check(after and after.get("error", {}).get("code") == -32600, "a request after shutdown is refused", after)
s.notify("exit", None)
check(s.end() == 0, "exit after shutdown: status 0")

# the end of the input: status 0 after shutdown, 1 without it
s = Server()
s.request("initialize", {"capabilities": {}})
check(s.end() == 1, "the end of input before shutdown: status 1")
s = Server()
s.request("initialize", {"capabilities": {}})
s.request("shutdown", None)
check(s.end() == 0, "the end of input after shutdown: status 0")
s = Server()
s.notify("exit", None)
check(s.end() == 1, "exit without shutdown: status 1")

print("lsp session: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
