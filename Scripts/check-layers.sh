#!/usr/bin/env bash
# check-layers.sh [ROOT] — checks that the module graph is the one Docs/Architecture.md states.
#
# Why: "dependencies point downward only" is a rule nobody can keep by reading; this script keeps
# it. It reads two things from Docs/Architecture.md: the module table (each module's layer) and
# the fenced `allowed-imports` block (for every module in Sources/, the modules of ours it may
# import). Then it fails (exit 1, one line per finding) when
#   1. a module in Sources/ is missing from the allowed-imports block or from the module table,
#      or the block names a module that does not exist;
#   2. the block itself allows an edge the layer rule forbids: an import of a higher layer, or of
#      the same layer without the `same layer:` mark the doc gives the edges it names;
#   3. a Swift file in Sources/<Module>/ imports one of our modules that the block does not allow
#      for <Module> (`import X`, `@testable import X`, `@_spi(S) import X`, `public import X`,
#      `import struct X.Y`, and imports under `#if canImport(...)` — conditions are not evaluated,
#      every branch counts); the message names file:line, both modules and the rule;
#   4. Package.swift declares, for any target (Sources/ modules, test targets, test support), a
#      dependency on one of our modules that no file of the target imports, or a file imports one
#      of our modules the target does not declare (reaching it through another dependency works
#      by accident, so it is not enough). Targets outside Sources/ are not held to the layers.
# External modules (Foundation, X509, Crypto, NIO*, GRDB, Hummingbird, …) are outside the layer
# rule and ignored; a module is "ours" when it is a directory of Sources/ or a target of
# Package.swift. Imports in comments and string literals do not count.
# ROOT defaults to the repository this script lives in; Scripts/check-layers-test.sh passes
# altered copies. Exit 0 prints one summary line.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
exec python3 - "$root" <<'PY'
import os, re, sys

root = sys.argv[1]
DOC = "Docs/Architecture.md"
errors = []

def fail(msg):
    errors.append(msg)

def read(rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()

# ---------------------------------------------------------------- the doc: layers and the table
doc_lines = read(DOC).splitlines()

layer_of = {}          # module -> layer number ("app" counts as the layer above all others)
APP_LAYER = 99
for line in doc_lines:
    cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
    if len(cells) < 2:
        continue
    m = re.match(r"(\d+|app)\b", cells[0])
    if not m:
        continue
    layer = APP_LAYER if m.group(1) == "app" else int(m.group(1))
    for name in re.findall(r"`([A-Za-z0-9_-]+)`", cells[1]):
        layer_of[name] = layer

def layer_name(n):
    return "app" if n == APP_LAYER else f"layer {n}"

allowed = {}           # module -> {imported module: "lower" | "same layer"}
allowed_line = {}      # module -> line number in the doc
in_block = False
block_seen = False
for number, line in enumerate(doc_lines, 1):
    stripped = line.strip()
    if not in_block:
        if re.fullmatch(r"```+\s*allowed-imports\s*", stripped):
            in_block, block_seen = True, True
        continue
    if stripped.startswith("```"):
        in_block = False
        continue
    text = stripped.split("#", 1)[0].strip()
    if not text:
        continue
    m = re.fullmatch(r"([A-Za-z0-9_-]+)\s*:(.*)", text)
    if not m:
        fail(f"{DOC}:{number}: cannot read this allowed-imports line (expected `Module: A, B; same layer: C`): {stripped}")
        continue
    module, rest = m.group(1), m.group(2)
    if module in allowed:
        fail(f"{DOC}:{number}: {module} has a second allowed-imports line (first at line {allowed_line[module]})")
    edges = {}
    parts = rest.split(";")
    for index, part in enumerate(parts):
        kind = "lower"
        part = part.strip()
        if index > 0:
            sm = re.fullmatch(r"same layer\s*:(.*)", part)
            if not sm:
                fail(f"{DOC}:{number}: after `;` only `same layer: …` may follow: {stripped}")
                continue
            kind, part = "same layer", sm.group(1)
        for name in (n.strip() for n in part.split(",")):
            if name and name != "-":
                edges[name] = kind
    allowed[module] = edges
    allowed_line[module] = number
if not block_seen:
    fail(f"{DOC}: no ```allowed-imports block found")

# ---------------------------------------------------------------- reading Swift source
TOKEN = re.compile(r'//|/\*|(#*)"""|(#*)"')
NESTED = re.compile(r"/\*|\*/")

def blank(text):
    return re.sub(r"[^\n]", " ", text)

def strip_swift_comments(src, blank_strings=False):
    """Blank out // and (nested) /* */ comments, and string literals too when asked, keeping
    line numbers. Strings are skipped whole (escapes, raw #"…"#, multi-line), so a // or an
    `import` inside one is not taken for code."""
    out, pos, emitted = [], 0, 0
    while True:
        m = TOKEN.search(src, pos)
        if not m:
            break
        start, tok = m.start(), m.group(0)
        if tok == "//":
            end = src.find("\n", start)
            end = len(src) if end < 0 else end
            is_comment = True
        elif tok == "/*":
            depth, end = 1, len(src)
            for n in NESTED.finditer(src, m.end()):
                depth += 1 if n.group(0) == "/*" else -1
                if depth == 0:
                    end = n.end()
                    break
            is_comment = True
        else:
            hashes = m.group(1) if tok.endswith('"""') else m.group(2)
            quote = '"""' if tok.endswith('"""') else '"'
            closer = quote + hashes
            if hashes:                        # raw string: no escapes
                end = src.find(closer, m.end())
                end = len(src) if end < 0 else end + len(closer)
            else:
                pattern = re.compile(r'\\.|"""' if quote == '"""' else r'\\.|"|\n', re.S)
                end = len(src)
                for n in pattern.finditer(src, m.end()):
                    if n.group(0) == quote:
                        end = n.end()
                        break
                    if n.group(0) == "\n":   # an unterminated single-line string ends here
                        end = n.start()
                        break
            is_comment = False
        if is_comment or blank_strings:
            out.append(src[emitted:start])
            out.append(blank(src[start:end]))
            emitted = end
        pos = max(end, m.end())
    out.append(src[emitted:])
    return "".join(out)

def split_top(text, base=0):
    """(offset, text) of each comma-separated element outside (), [], {} and string literals;
    offsets are base + the element's start in text."""
    parts, depth, start, i, in_str = [], 0, 0, 0, False
    while i <= len(text):
        c = text[i] if i < len(text) else ","
        if in_str:
            if c == "\\": i += 2; continue
            if c == '"': in_str = False
        elif c == '"': in_str = True
        elif c in "([{": depth += 1
        elif c in ")]}": depth -= 1
        elif c == "," and depth == 0:
            element = text[start:i]
            if element.strip():
                parts.append((base + start + len(element) - len(element.lstrip()), element.strip()))
            start = i + 1
        i += 1
    return parts

def closing(text, open_at):
    """Index of the bracket closing the one at open_at."""
    depth, i, in_str = 0, open_at, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\": i += 2; continue
            if c == '"': in_str = False
        elif c == '"': in_str = True
        elif c in "([{": depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text)

def labelled(offset, text):
    """`label: value` arguments of a call's body: label -> (offset of value, value)."""
    args = {}
    for at, arg in split_top(text, offset):
        am = re.match(r"([A-Za-z_]+)\s*:\s*", arg)
        if am:
            args[am.group(1)] = (at + am.end(), arg[am.end():])
    return args

def bracketed(offset, value):
    """The elements of an array literal value, with offsets."""
    value = value.rstrip()
    if not (value.startswith("[") and value.endswith("]")):
        return []
    return split_top(value[1:-1], offset + 1)

# ---------------------------------------------------------------- Package.swift
package_src = strip_swift_comments(read("Package.swift"))
def line_at(offset):
    return package_src.count("\n", 0, offset) + 1

targets = {}   # name -> {"kind", "path", "deps": {name: line}, "line"}
pm = re.search(r"\bPackage\s*\(", package_src)
if not pm:
    fail("Package.swift: no `Package(` declaration found")
else:
    open_at = pm.end() - 1
    package_args = labelled(open_at + 1, package_src[open_at + 1:closing(package_src, open_at)])
    if "targets" not in package_args:
        fail("Package.swift: no `targets:` list found")
    for at, element in bracketed(*package_args.get("targets", (0, ""))):
        em = re.match(r"\.([A-Za-z]+)\s*\(", element)
        if not em:
            fail(f"Package.swift:{line_at(at)}: cannot read this target declaration")
            continue
        args = labelled(at + em.end(), element[em.end():element.rindex(")")])
        name_m = re.fullmatch(r'"([^"]+)"', args.get("name", (0, ""))[1].strip())
        if not name_m:
            fail(f"Package.swift:{line_at(at)}: a target without a literal name")
            continue
        deps = {}
        for dat, dep in bracketed(*args.get("dependencies", (0, ""))):
            dm = re.fullmatch(r'"([^"]+)"', dep) or \
                 re.fullmatch(r'\.(?:target|byName)\s*\(\s*name\s*:\s*"([^"]+)".*\)', dep, re.S)
            if dm:
                deps[dm.group(1)] = line_at(dat)
        kind = em.group(1)
        path_m = re.fullmatch(r'"([^"]+)"', args.get("path", (0, ""))[1].strip())
        default_dir = "Tests" if kind == "testTarget" else "Sources"
        targets[name_m.group(1)] = {"kind": kind, "line": line_at(at), "deps": deps,
                                    "path": path_m.group(1) if path_m else f"{default_dir}/{name_m.group(1)}"}

# ---------------------------------------------------------------- Sources/
sources = sorted(d for d in os.listdir(os.path.join(root, "Sources"))
                 if os.path.isdir(os.path.join(root, "Sources", d)))
ours = set(sources) | set(targets)

for module in sources:
    if module not in allowed:
        fail(f"Sources/{module}: module {module} is missing from the allowed-imports block in {DOC}")
    if module not in layer_of:
        fail(f"Sources/{module}: module {module} is missing from the module table (its layer) in {DOC}")
    if module not in targets:
        fail(f"Sources/{module}: Package.swift declares no target {module}")
for module in sorted(allowed):
    if module not in sources:
        fail(f"{DOC}:{allowed_line[module]}: allowed-imports names {module}, which is not a directory of Sources/")

# The block may only write out the layer rule (and the same-layer edges the doc names).
for module, edges in sorted(allowed.items()):
    where = f"{DOC}:{allowed_line[module]}"
    for dep, kind in sorted(edges.items()):
        if dep not in sources:
            fail(f"{where}: allowed-imports lets {module} import {dep}, which is not a module of Sources/")
            continue
        if module not in layer_of or dep not in layer_of:
            continue  # reported above as missing from the module table
        mine, theirs = layer_of[module], layer_of[dep]
        if theirs > mine:
            fail(f"{where}: allowed-imports lets {module} ({layer_name(mine)}) import {dep} ({layer_name(theirs)}): "
                 f"dependencies point downward only")
        elif theirs == mine and kind != "same layer":
            fail(f"{where}: allowed-imports lets {module} import {dep} of its own {layer_name(mine)} without "
                 f"`same layer:`; a same-layer edge must be marked and named in the text")
        elif theirs < mine and kind == "same layer":
            fail(f"{where}: {dep} is marked `same layer` for {module}, but it is in {layer_name(theirs)}, "
                 f"below {module}'s {layer_name(mine)}")

IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"                  # @testable, @_spi(X), @preconcurrency …
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)")

def swift_imports(path):
    """(line number, module) for every import outside comments and string literals."""
    with open(path, encoding="utf-8") as f:
        text = strip_swift_comments(f.read(), blank_strings=True)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        m = IMPORT.match(line)
        if m:
            found.append((number, m.group(1)))
    return found

def scan(directory):
    """{module of ours: first "file:line" importing it} for the Swift files under directory."""
    global checked_files
    imported = {}
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, directory)):
        dirnames.sort()
        for filename in sorted(filenames):
            if not filename.endswith(".swift"):
                continue
            path = os.path.join(dirpath, filename)
            rel = os.path.relpath(path, root)
            checked_files += 1
            for number, dep in swift_imports(path):
                if dep in ours:
                    imported.setdefault(dep, []).append(f"{rel}:{number}")
    return imported

def check_declarations(name, directory, imported):
    declared = targets[name]["deps"]
    for dep, places in sorted(imported.items()):
        if dep not in declared and dep != name:
            fail(f"{places[0]}: {name} imports {dep}, but Package.swift does not declare it in target {name}'s "
                 f"dependencies (being reachable through another dependency is not enough: declare it)")
    for dep, line in sorted(declared.items()):
        if dep in ours and dep not in imported:
            fail(f"Package.swift:{line}: target {name} declares a dependency on {dep}, "
                 f"but no file in {directory} imports it")

checked_files = 0
# The modules of Sources/: the layer rule, then their declarations.
for module in sources:
    imported = scan(f"Sources/{module}")
    for dep, places in sorted(imported.items()):
        if dep == module or module not in allowed or dep in allowed[module]:
            continue
        rule = (f"{module} is in {layer_name(layer_of[module])}, {dep} in {layer_name(layer_of[dep])}"
                if module in layer_of and dep in layer_of else "layers unknown")
        for place in places:
            fail(f"{place}: {module} imports {dep}, which the allowed-imports block in {DOC} "
                 f"does not allow ({rule}; a module imports only lower layers, and same-layer "
                 f"modules the doc names)")
    if module in targets:
        check_declarations(module, f"Sources/{module}", imported)

# Tests, test support and the crash probe: no layer (they may use anything), but the same
# declarations rule, so a test target does not lean on what another dependency happens to bring.
for name, target in sorted(targets.items()):
    if target["kind"] in ("systemLibrary", "binaryTarget") or target["path"] == f"Sources/{name}":
        continue
    if not os.path.isdir(os.path.join(root, target["path"])):
        fail(f"Package.swift:{target['line']}: target {name}'s sources ({target['path']}) are missing")
        continue
    check_declarations(name, target["path"], scan(target["path"]))

if errors:
    for e in errors:
        print(e)
    print(f"check-layers: {len(errors)} problem(s)")
    sys.exit(1)
edges = sum(len(e) for e in allowed.values())
print(f"check-layers: OK — {len(sources)} modules, {checked_files} Swift files, "
      f"imports within the {edges} allowed edges, {len(targets)} targets' dependencies match their imports")
PY
